# Every target sets itself up from a clean checkout: nothing has to be installed by hand.
SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := help

PYTHON ?= python3.11
VENV := .venv
PY := $(VENV)/bin/python
# Reinstall only when the dependencies change, not on every run.
INSTALLED := $(VENV)/.installed
CHROMIUM := /usr/bin/chromium

.PHONY: help setup migrate seed run test lint bench chromium

help:
	@echo "make run    set up, migrate, load demo data, serve on http://127.0.0.1:8000/"
	@echo "make test   set up (browser included) and run the whole test suite"
	@echo "make lint   ruff check and ruff format --check"
	@echo "make bench  set up and run the benchmarks: rules engine, then leagues on PostgreSQL"

$(PY):
	$(PYTHON) -m venv $(VENV)

$(INSTALLED): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	touch $@

setup: $(INSTALLED)

migrate: setup
	$(PY) manage.py migrate --noinput

seed: migrate
	$(PY) manage.py seed_demo

# DEBUG=1 for every step of `make run`: a local server with the insecure development key.
run: export DEBUG = 1
run: seed
	@echo
	@echo "Rummy Club is starting at http://127.0.0.1:8000/ (Ctrl-C stops it)"
	@echo
	$(PY) manage.py runserver 0.0.0.0:8000

# Browser tests drive Debian's Chromium; Playwright never downloads a browser of its own.
chromium:
	@if [ -x $(CHROMIUM) ]; then \
		:; \
	elif [ "$$(id -u)" = 0 ]; then \
		apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium; \
	else \
		echo "Browser tests need Debian's chromium: run 'sudo apt-get install -y chromium'."; \
	fi

test: migrate chromium
	$(PY) -m pytest

lint: setup
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

# `make bench BENCH=rules` or `BENCH=league` runs one; the league bench makes, migrates and
# seeds its own PostgreSQL database (BENCH_DATABASE_URL) and reuses it afterwards.
bench: setup
	$(PY) -m bench $(BENCH)
