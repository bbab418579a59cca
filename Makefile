# Every target sets itself up from a clean checkout: nothing has to be installed by hand.
SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := help

PYTHON ?= python3.11
VENV := .venv
PY := $(VENV)/bin/python
# The port `make run` serves on and the demo's log-in link names: `make run PORT=8010`.
PORT ?= 8000
# Reinstall only when the dependencies change, not on every run.
INSTALLED := $(VENV)/.installed
CHROMIUM := /usr/bin/chromium
# The scripts' linter and axe-core (package.json, pinned in package-lock.json): installed by
# `npm ci` whenever the lock file changes, like the venv above. The app serves none of it.
NODE_INSTALLED := node_modules/.installed

.PHONY: help setup migrate seed run test test-fast test-js lint lint-js lint-types lint-imports bench \
	chromium gettext i18n backup restore check-backup

help:
	@echo "make run        set up, migrate, load demo data, serve on http://127.0.0.1:$(PORT)/ (and the LAN; PORT=8010 for another)"
	@echo "make test       set up (browser included) and run the whole test suite"
	@echo "make test-fast  the quick loop: no browser tests, no slow reference batches"
	@echo "make lint       ruff (check and format), mypy, the import contracts, ESLint for static/js"
	@echo "make test-js    the scripts' unit tests (Node's test runner), in a second or two"
	@echo "make bench      set up and run the benchmarks: rules engine, leagues on PostgreSQL, stall, pages, first load, clubs"
	@echo "make i18n       extract every string into the hi, ne and ta catalogues and compile them"
	@echo "make backup     write a dated backup of the database into BACKUP_DIR (var/backups/)"
	@echo "make restore FILE=...       restore a backup into an empty database, then migrate"
	@echo "make check-backup FILE=...  say whether a backup is whole and what it holds"

$(PY):
	$(PYTHON) -m venv $(VENV)

$(INSTALLED): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	touch $@

setup: $(INSTALLED)

$(NODE_INSTALLED): package-lock.json package.json
	npm ci --no-audit --no-fund
	touch $@

node_modules: $(NODE_INSTALLED)

migrate: setup
	$(PY) manage.py migrate --noinput

seed: migrate
	$(PY) manage.py seed_demo --port $(PORT)

# DEBUG=1 for every step of `make run`: a local server with the insecure development key.
run: export DEBUG = 1
run: seed
	@echo
	@echo "Rummy Club is starting at http://127.0.0.1:$(PORT)/ (Ctrl-C stops it)"
	@$(PY) -m config.lan $(PORT)
	@echo
	$(PY) manage.py runserver 0.0.0.0:$(PORT)

# Browser tests drive Debian's Chromium; Playwright never downloads a browser of its own.
chromium:
	@if [ -x $(CHROMIUM) ]; then \
		:; \
	elif [ "$$(id -u)" = 0 ]; then \
		apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium; \
	else \
		echo "Browser tests need Debian's chromium: run 'sudo apt-get install -y chromium'."; \
	fi

# The catalogues' tools: Debian's gettext (xgettext, msgmerge, msgfmt). Running the app
# needs none of them (the compiled .mo files are committed); extracting and the test that
# the catalogues match the code do.
gettext:
	@if command -v xgettext >/dev/null && command -v msgmerge >/dev/null; then \
		:; \
	elif [ "$$(id -u)" = 0 ]; then \
		apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y gettext; \
	else \
		echo "The catalogue tests need Debian's gettext: run 'sudo apt-get install -y gettext'."; \
	fi

# Every string marked in the code into locale/<lang>/LC_MESSAGES/django.po and djangojs.po
# (new ones untranslated, gone ones dropped), then the .mo files the app reads.
# docs/languages.md says how to translate in between.
i18n: setup gettext
	$(PY) manage.py makemessages --locale hi --locale ne --locale ta --no-obsolete
	$(PY) manage.py makemessages --locale hi --locale ne --locale ta --no-obsolete --domain djangojs
	$(PY) manage.py compilemessages --ignore ".venv" --ignore "node_modules"

# pyproject's addopts reuse the test database between runs, and Django then applies only the
# migrations it has not recorded there: one edited after it ran would leave a stale schema.
# The whole suite (and so CI) always starts from a fresh test database.
test: migrate chromium gettext $(NODE_INSTALLED) test-js
	$(PY) -m pytest --create-db

# Node's own test runner over tests/js/: the pure parts of static/js, no package needed.
test-js:
	node --test tests/js/

# The loop while working: no browser (so no Chromium needed), none of the slow
# reference-agreement batches, the test database kept. `make test` still runs everything.
test-fast: setup test-js
	$(PY) -m pytest -m "not e2e and not slow" --reuse-db

lint: setup lint-types lint-imports lint-js
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

# Our own scripts (eslint.config.js says which: not the vendored or minified ones).
lint-js: $(NODE_INSTALLED)
	node_modules/.bin/eslint --max-warnings 0 static/js tests/js eslint.config.js

# Types: strict for the rules engine, the draw, the ranking and every service (pyproject).
lint-types: setup
	$(VENV)/bin/mypy .

# Which app may import which: the contracts are in pyproject.toml.
lint-imports: setup
	$(VENV)/bin/lint-imports

# `make bench BENCH=pages` (or any name bench/__main__.py lists) runs one; the league bench
# makes, migrates and seeds its own PostgreSQL database (BENCH_DATABASE_URL) and reuses it
# afterwards; the pages bench measures on PAGES_DATABASE_URL when it is set; the clubs bench
# seeds its own afresh (CLUBS_BENCH_DATABASE_URL) and starts its own Redis and workers.
bench: setup
	$(PY) -m bench $(BENCH)

# Backups of the database the environment names (docs/operations.md, "Backups").
backup: setup
	$(PY) manage.py backup

# Into an empty database only; then migrate, for a backup made by an older version.
restore: setup
	@if [ -z "$(FILE)" ]; then echo "Say which backup: make restore FILE=var/backups/..."; exit 2; fi
	$(PY) manage.py restore "$(FILE)"
	$(PY) manage.py migrate --noinput

check-backup: setup
	@if [ -z "$(FILE)" ]; then echo "Say which backup: make check-backup FILE=var/backups/..."; exit 2; fi
	$(PY) manage.py check_backup "$(FILE)"
