"""Django settings for Rummy Club, read only from environment variables.

docs/operations.md lists every variable. With none set, the app runs on SQLite with Celery
tasks executed in process, so a bare machine needs nothing but Python.
"""

from datetime import timedelta
from pathlib import Path
from typing import Any

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured

from config import env, lan, web_workers

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = env.get_bool("DEBUG", default=False)

# Left empty without DEBUG when unset: Django then refuses to sign anything ("The
# SECRET_KEY setting must not be empty"), and config/wsgi.py and config/asgi.py check it
# at start-up so no web server runs without one. Commands that sign nothing, such as
# `manage.py rules` and `migrate`, still work without a key.
_DEV_SECRET_KEY = "django-insecure-rummy-club-development-only-never-deploy-this"
SECRET_KEY = env.get_str("SECRET_KEY") or (_DEV_SECRET_KEY if DEBUG else "")

# With DEBUG and none given: this machine, and its address on the local network so a phone
# on the same Wi-Fi can try the development server (config/lan.py). Never without DEBUG.
ALLOWED_HOSTS = env.get_list(
    "ALLOWED_HOSTS", default=lan.development_hosts(lan.lan_address()) if DEBUG else []
)
CSRF_TRUSTED_ORIGINS = env.get_list("CSRF_TRUSTED_ORIGINS", default=[])

# Which proxies in front of the app may be believed about the client's address
# (common/client_ip.py): their networks, or how many there are. Neither: the peer address.
TRUSTED_PROXIES = env.get_list("TRUSTED_PROXIES", default=[])
env.check_networks("TRUSTED_PROXIES", TRUSTED_PROXIES)
NUM_PROXIES = env.get_int("NUM_PROXIES", 0)

# The longest a web door lets the rules engine think about one request before it answers
# "too complex to check" (the command-line door has no limit).
RULES_TIME_LIMIT_MS = env.get_int("RULES_TIME_LIMIT_MS", 2000, low=1)

# How many requests of the public doors (the rules API, the check-a-show page) the engine
# may think about at once on this machine; past it they are answered "busy" at once, so the
# web workers stay free for the scorers (recording a hand is never limited). By default half
# the gunicorn processes (config/web_workers.py). The slots are lock files in SLOTS_DIR.
RULES_CONCURRENCY = env.get_int("RULES_CONCURRENCY", web_workers.default_engine_share(), low=1)
SLOTS_DIR = env.get_str("SLOTS_DIR", "")

# Behind a TLS-terminating proxy: trust its X-Forwarded-Proto, keep cookies on HTTPS,
# send plain-HTTP visitors to HTTPS and tell browsers to stay there (HSTS). The health
# checks answer on plain HTTP too: a load balancer asks them from inside.
HTTPS = env.get_bool("HTTPS", default=False)
if HTTPS:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_SSL_REDIRECT = True
    SECURE_REDIRECT_EXEMPT = [r"^healthz$", r"^readyz$"]
    SECURE_HSTS_SECONDS = env.get_int("HSTS_SECONDS", 31_536_000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env.get_bool("HSTS_INCLUDE_SUBDOMAINS", default=True)
    SECURE_HSTS_PRELOAD = env.get_bool("HSTS_PRELOAD", default=False)

# What pages may load and run: only the app's own files. No inline script or style
# attribute is allowed, so markup injected into a page can run nothing (django-csp).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "manifest-src": [SELF],
        "worker-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    },
}

# Guessing passwords (django-axes): after LOGIN_FAILURE_LIMIT wrong passwords for one
# account from one client address, that account is paused from that address; after
# LOGIN_ADDRESS_FAILURE_LIMIT from one address for any accounts, that address is paused;
# for LOGIN_LOCKOUT_MINUTES, on the web login, the admin's and the API token's alike. The
# account's own right password from elsewhere still works, so nobody can lock a member out
# from afar; the address limit is higher because a club room shares one (docs/operations.md).
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = env.get_int("LOGIN_FAILURE_LIMIT", 5, low=1)
LOGIN_ADDRESS_FAILURE_LIMIT = env.get_int("LOGIN_ADDRESS_FAILURE_LIMIT", 30, low=1)
AXES_COOLOFF_TIME = timedelta(minutes=env.get_int("LOGIN_LOCKOUT_MINUTES", 15, low=1))
# clubs.lockout.LockoutHandler gives the address alone its own limit.
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"], "ip_address"]
AXES_HANDLER = "clubs.lockout.LockoutHandler"
AXES_RESET_ON_SUCCESS = True
AXES_CLIENT_IP_CALLABLE = "common.client_ip.login_client_ip"
AXES_LOCKOUT_CALLABLE = "clubs.lockout.lockout_response"
AXES_VERBOSE = False

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    # Before staticfiles so runserver serves static files the way production does.
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "django_filters",
    "drf_spectacular",
    # Swagger UI's own files, served by the app: the API docs page loads nothing from a CDN.
    "drf_spectacular_sidecar",
    "django_htmx",
    "axes",
    "clubs",
    "scoring",
    "leagues",
    "tournaments",
    "tab",
    "languages",
    "appearance",
    "demo",
    "backups",
    # Only for its management command: makemessages that also finds the rules engine's
    # sentences (config/management/commands/makemessages.py).
    "config",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Pages and JSON gzipped (config/middleware.py says why it is safe, and which pages are
    # not). After WhiteNoise, which answers static files itself, compressed ahead of time;
    # before every middleware that reads or writes a body, so it compresses the last word.
    "config.middleware.CompressedAnswers",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The language from the switcher's cookie, else the browser's Accept-Language.
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "config.middleware.DatabaseOutageMiddleware",
    # A signed-in person's chosen language, once authentication says who they are (inside
    # the outage middleware: reading the session may be the first query of a request).
    "languages.middleware.ChosenLanguageMiddleware",
    # Last: it answers for a view whose log-in attempt was refused as locked out.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "appearance.context_processors.appearance",
            ],
        },
    },
]


# SQLite serves one club room (docs/operations.md): the tables' phones write at once, and
# SQLite takes one writer at a time. A transaction takes the write lock when it begins
# (IMMEDIATE), so a writer waits its turn for up to SQLITE_TIMEOUT_SECONDS instead of failing
# at once with "database is locked" when a deferred read must become a write; write-ahead
# logging lets pages read while a hand is written. init_command runs on every connection.
_SQLITE_OPTIONS = {
    "transaction_mode": "IMMEDIATE",
    "timeout": env.get_int("SQLITE_TIMEOUT_SECONDS", 20, low=1),
    "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
}


def _database(url: str | None) -> dict:
    if url is None:
        return {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": BASE_DIR / "db.sqlite3",
            "OPTIONS": dict(_SQLITE_OPTIONS),
        }
    try:
        config = dj_database_url.parse(url, conn_max_age=60, conn_health_checks=True)
    except ValueError as exc:
        raise ImproperlyConfigured(f"DATABASE_URL cannot be read: {exc}") from None
    # Only the drivers this project installs and tests are accepted.
    if config["ENGINE"] not in (
        "django.db.backends.postgresql",
        "django.db.backends.sqlite3",
    ):
        raise ImproperlyConfigured(
            "DATABASE_URL must start with postgres:// (or sqlite:// for a file database)."
        )
    if config["ENGINE"] == "django.db.backends.sqlite3":
        config["OPTIONS"] = {**_SQLITE_OPTIONS, **config.get("OPTIONS", {})}
    return dict(config)


DATABASES = {"default": _database(env.get_str("DATABASE_URL"))}
# The results' covering index (tournaments.SessionResult) serves PostgreSQL; SQLite keeps its
# key columns and ignores the rest, which is all the embedded default needs.
SILENCED_SYSTEM_CHECKS = ["models.W040"] if "sqlite" in DATABASES["default"]["ENGINE"] else []
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Where `manage.py backup` writes its dated files (docs/operations.md); a relative path is
# taken from the project root. Keep copies somewhere else too: this machine can be lost.
BACKUP_DIR = BASE_DIR / (env.get_str("BACKUP_DIR") or "var/backups")

REDIS_URL = env.get_str("REDIS_URL")
if REDIS_URL is not None and not REDIS_URL.startswith(("redis://", "rediss://")):
    raise ImproperlyConfigured("REDIS_URL must start with redis:// or rediss://.")

CACHES: dict[str, dict[str, Any]]
if REDIS_URL:
    CACHES = {
        "default": {
            # Django's, but a Redis outage only slows it down (common/cache.py).
            "BACKEND": "common.cache.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "rummyclub",
            # A Redis host that drops packets costs a request a second, not a hang.
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
        }
    }
    CELERY_BROKER_URL = REDIS_URL
    # kombu's Redis transport, made to survive a Redis outage (config/broker.py).
    CELERY_BROKER_TRANSPORT = "config.broker:Transport"
    CELERY_RESULT_BACKEND = REDIS_URL
    CELERY_TASK_ALWAYS_EAGER = False
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    # No broker: tasks run in the calling process, and their errors surface there.
    CELERY_BROKER_URL = "memory://localhost/"
    CELERY_TASK_ALWAYS_EAGER = True
    CELERY_TASK_EAGER_PROPAGATES = True

# Pieces of pages that are the same for everyone who sees them (the record panel's blank
# seats, the wild card list, the card grid), drawn once by each process: in its own memory,
# as a round trip to Redis would cost about what drawing them does.
CACHES["fragments"] = {
    "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
    "LOCATION": "fragments",
    "TIMEOUT": 24 * 60 * 60,
    "OPTIONS": {"MAX_ENTRIES": 1000},
}

CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TIMEZONE = "UTC"
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# A task is acknowledged after it ran, so a worker that dies mid-task leaves it queued;
# tasks are written to be safe to run twice (DESIGN.md). Killed outright, a worker never
# says it has gone: Redis hands its unacknowledged tasks to another worker once the
# visibility timeout passes (Celery's default is an hour). Kept short, so a killed update
# runs again within a minute without waiting for beat's sweep; every task here takes
# seconds, far below it, so none is handed out twice while it still runs.
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
_VISIBILITY_TIMEOUT = env.get_int("CELERY_VISIBILITY_TIMEOUT", 45, low=5)
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": _VISIBILITY_TIMEOUT,
    # Each worker looks for such tasks every 5 s (one small Redis query); by default it
    # looks only every 100 s, which would undo the short timeout.
    "unacked_restore_interval": 5,
    "unacked_restore_throttle": 1,
}
CELERY_RESULT_BACKEND_TRANSPORT_OPTIONS = {"visibility_timeout": _VISIBILITY_TIMEOUT}
# Celery's Django fix-up closes the database connection before and after every task unless
# this is set; then it does so only every this many tasks. A worker keeps its connection
# from task to task instead, renewed as a web process renews it (config/celery.py).
CELERY_DB_REUSE_MAX = 1000

# Log in with Django's own views (accounts/); both ways back land on the home page.
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# Email, for password resets: EMAIL_URL says how mail leaves (config/email_url.py,
# docs/operations.md); the default writes each message to the server's output, unsent.
_email = env.get_email("EMAIL_URL", default="console://")
EMAIL_BACKEND = _email.backend
EMAIL_HOST = _email.host
EMAIL_PORT = _email.port
EMAIL_HOST_USER = _email.user
EMAIL_HOST_PASSWORD = _email.password
EMAIL_USE_TLS = _email.use_tls
EMAIL_USE_SSL = _email.use_ssl
EMAIL_TIMEOUT = _email.timeout
DEFAULT_FROM_EMAIL = env.get_from_address("DEFAULT_FROM_EMAIL", "Rummy Club <noreply@localhost>")
# Password-reset links (clubs/password_reset.py): how often one client address, and one email
# address typed, may ask for one; past either the page asks to wait and no mail is sent.
PASSWORD_RESET_ADDRESS_RATE = env.get_rate("PASSWORD_RESET_ADDRESS_RATE", "20/hour")
PASSWORD_RESET_ACCOUNT_RATE = env.get_rate("PASSWORD_RESET_ACCOUNT_RATE", "3/hour")

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
# The languages of the tables the games come from (docs/languages.md). Their catalogues are
# in locale/, compiled .mo files included, so that running the app needs no gettext.
LANGUAGES = [
    ("en", "English"),
    ("hi", "Hindi"),
    ("ne", "Nepali"),
    ("ta", "Tamil"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
# How each language writes dates and groups numbers (config/formats/): 1,00,000 in Hindi,
# Nepali and Tamil; English keeps its numbers ungrouped, as they always were. Grouping is
# applied where a number is shown (common.numbers.grouped), never to a number a template
# puts in an attribute or a script, so USE_THOUSAND_SEPARATOR stays off.
FORMAT_MODULE_PATH = ["config.formats"]
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
# A page's styles or scripts joined into one file (common/bundles.py), written into
# STATIC_BUNDLES_DIR when asked for (`runserver`, `collectstatic`); a deployment whose code
# folder is read-only names a writable one.
STATICFILES_FINDERS = [
    "django.contrib.staticfiles.finders.FileSystemFinder",
    "django.contrib.staticfiles.finders.AppDirectoriesFinder",
    "common.bundles.BundleFinder",
]
STATIC_BUNDLES_DIR = Path(
    env.get_str("STATIC_BUNDLES_DIR", "") or BASE_DIR / "build" / "static-bundles"
)
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # Hashed, compressed file names served by WhiteNoise after `collectstatic`.
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}

REST_FRAMEWORK = {
    "DEFAULT_RENDERER_CLASSES": [
        "rest_framework.renderers.JSONRenderer",
        "common.api.renderers.BrowsableAPIRenderer",
    ],
    # UTF-8 JSON of whole characters only; anything else is a 400 (common/api/parsers.py).
    "DEFAULT_PARSER_CLASSES": ["common.api.parsers.JSONParser"],
    # Token first: an anonymous call then gets 401 with "WWW-Authenticate: Token", which
    # tells a script what to send. The session lets a logged-in browser use the browsable
    # API and the docs page (with its CSRF token).
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    # Anonymous callers only read; what each club allows is checked by clubs.access.
    "DEFAULT_PERMISSION_CLASSES": [
        "rest_framework.permissions.IsAuthenticatedOrReadOnly",
    ],
    "DEFAULT_PAGINATION_CLASS": "common.api.pagination.PageNumberPagination",
    "PAGE_SIZE": 25,
    "DEFAULT_FILTER_BACKENDS": [
        "django_filters.rest_framework.DjangoFilterBackend",
        "common.api.filters.SearchFilter",
        "common.api.filters.OrderingFilter",
    ],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    # Counted atomically and keyed on the client address our proxies vouch for.
    "DEFAULT_THROTTLE_CLASSES": [
        "common.api.throttles.AnonThrottle",
        "common.api.throttles.UserThrottle",
    ],
    "DEFAULT_THROTTLE_RATES": {
        "anon": env.get_rate("API_ANON_RATE", "600/minute"),
        "user": env.get_rate("API_USER_RATE", "2000/minute"),
        # Getting a token checks a password: kept slow for guessers, per client address.
        "token": env.get_rate("API_TOKEN_RATE", "20/minute"),
        # The rules engine, for anyone: the API door and the check-a-show page, per address.
        "rules": env.get_rate("RULES_RATE", "120/minute"),
    },
    "EXCEPTION_HANDLER": "common.api.errors.exception_handler",
    "DEFAULT_METADATA_CLASS": "common.api.metadata.Metadata",
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Rummy Club API",
    "DESCRIPTION": (
        "Clubs, players, game sessions and hands of Rummy Club. docs/api.md has examples; "
        'every error is {"error": {"code", "message"}}.'
    ),
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "SCHEMA_PATH_PREFIX": r"/api/v1",
    # Separate shapes for what a client sends and what it gets back (ids and links are
    # read-only), so generated clients need no optional-everything models.
    "COMPONENT_SPLIT_REQUEST": True,
    # The docs page's JavaScript and CSS come from drf_spectacular_sidecar, never a CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
}

LOG_LEVEL = env.get_log_level("LOG_LEVEL", "INFO")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "{asctime} {levelname} {name}: {message}", "style": "{"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": LOG_LEVEL},
    # Django's default config gives "django" a console handler of its own; without this
    # every Django message would be printed twice, once through the root logger.
    "loggers": {
        "django": {"handlers": [], "propagate": True},
        # Lock-outs are warnings; each checked attempt would otherwise be a line.
        "axes": {"level": "WARNING"},
        # Tasks run in process without a broker: a line per task would bury runserver's log.
        **({} if REDIS_URL else {"celery.app.trace": {"level": "WARNING"}}),
    },
}

# How many hands each process keeps of the sessions it read last (scoring/history_store.py):
# a board at a revision already read needs no query for its hands. About 2.5 KB a hand; 0
# keeps none.
KEPT_HISTORY_HANDS = env.get_int("KEPT_HISTORY_HANDS", 10_000, low=0)

# Standings and ratings (tournaments/services/updates.py): a change to a session is applied
# this many seconds after it, so a burst of hands becomes one update; an update still
# pending after STANDINGS_STALE_SECONDS is taken to be lost and is applied by the next run.
STANDINGS_DELAY_SECONDS = env.get_int("STANDINGS_DELAY_SECONDS", 2)
STANDINGS_STALE_SECONDS = env.get_int("STANDINGS_STALE_SECONDS", 120)
CELERY_BEAT_SCHEDULE = {
    "sweep-pending-standings": {
        # The task keeps the name it was first queued under (see leagues/tasks.py).
        "task": "tournaments.tasks.sweep_pending_task",
        "schedule": 60.0,
    },
}
