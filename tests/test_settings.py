"""Settings come from the environment and refuse values they cannot read."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from config import env

PROJECT_ROOT = Path(__file__).resolve().parent.parent
SETTINGS_VARS = (
    "DEBUG",
    "SECRET_KEY",
    "ALLOWED_HOSTS",
    "DATABASE_URL",
    "REDIS_URL",
    "API_ANON_RATE",
    "API_USER_RATE",
    "LOG_LEVEL",
    "HTTPS",
    "CSRF_TRUSTED_ORIGINS",
    "TRUSTED_PROXIES",
    "NUM_PROXIES",
    "RULES_RATE",
    "RULES_TIME_LIMIT_MS",
    "LOGIN_FAILURE_LIMIT",
    "LOGIN_ADDRESS_FAILURE_LIMIT",
    "LOGIN_LOCKOUT_MINUTES",
    "PASSWORD_RESET_ADDRESS_RATE",
    "PASSWORD_RESET_ACCOUNT_RATE",
    "HSTS_SECONDS",
    "HSTS_PRELOAD",
    "HSTS_INCLUDE_SUBDOMAINS",
    "SQLITE_TIMEOUT_SECONDS",
)


@pytest.mark.parametrize(
    ("raw", "expected"),
    [("1", True), ("true", True), ("Yes", True), ("0", False), ("FALSE", False), ("no", False)],
)
def test_a_yes_no_value_is_read(monkeypatch, raw: str, expected: bool) -> None:
    monkeypatch.setenv("SOME_FLAG", raw)
    assert env.get_bool("SOME_FLAG", default=not expected) is expected


@pytest.mark.parametrize("raw", ["ture", "on", "2", "y"])
def test_an_unreadable_yes_no_value_is_refused(monkeypatch, raw: str) -> None:
    monkeypatch.setenv("SOME_FLAG", raw)
    with pytest.raises(ImproperlyConfigured, match="SOME_FLAG"):
        env.get_bool("SOME_FLAG", default=False)


def test_an_unset_or_empty_value_takes_the_default(monkeypatch) -> None:
    monkeypatch.delenv("SOME_FLAG", raising=False)
    assert env.get_bool("SOME_FLAG", default=True) is True
    monkeypatch.setenv("SOME_FLAG", "  ")
    assert env.get_bool("SOME_FLAG", default=False) is False


def test_a_comma_list_is_split_and_trimmed(monkeypatch) -> None:
    monkeypatch.setenv("HOSTS", "club.example, www.club.example")
    assert env.get_list("HOSTS", default=[]) == ["club.example", "www.club.example"]
    monkeypatch.setenv("HOSTS", "a,,b")
    with pytest.raises(ImproperlyConfigured, match="empty entry"):
        env.get_list("HOSTS", default=[])


def test_a_throttle_rate_must_name_its_period(monkeypatch) -> None:
    monkeypatch.setenv("RATE", "100/minute")
    assert env.get_rate("RATE", "1/second") == "100/minute"
    monkeypatch.setenv("RATE", "lots")
    with pytest.raises(ImproperlyConfigured, match="RATE"):
        env.get_rate("RATE", "1/second")


def settings_in_subprocess(expression: str, **environ: str) -> subprocess.CompletedProcess:
    """Evaluate an expression on a fresh import of config.settings under `environ`."""
    return python_in_subprocess(f"import config.settings as s; print({expression})", **environ)


def python_in_subprocess(code: str, **environ: str) -> subprocess.CompletedProcess:
    """Run Python code in a fresh process with the settings variables set to `environ`."""
    # The browser tests' set-up allows sync database calls in this process; a deployment
    # never does, and the deploy check says so.
    dropped = (*SETTINGS_VARS, "DJANGO_ALLOW_ASYNC_UNSAFE")
    clean = {k: v for k, v in os.environ.items() if k not in dropped}
    clean.update(environ)
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=PROJECT_ROOT,
        env=clean,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_the_embedded_default_is_sqlite_and_eager_celery() -> None:
    result = settings_in_subprocess(
        "s.DEBUG, s.DATABASES['default']['ENGINE'], s.CELERY_TASK_ALWAYS_EAGER, "
        "s.CACHES['default']['BACKEND'], s.ALLOWED_HOSTS"
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == (
        "False django.db.backends.sqlite3 True django.core.cache.backends.locmem.LocMemCache []"
    )


def test_redis_url_moves_cache_and_celery_to_redis() -> None:
    url = "redis://127.0.0.1:6379/3"
    result = settings_in_subprocess(
        "s.CACHES['default']['BACKEND'], s.CELERY_BROKER_URL, s.CELERY_TASK_ALWAYS_EAGER",
        REDIS_URL=url,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["common.cache.RedisCache", url, "False"]


def test_database_url_selects_postgresql() -> None:
    result = settings_in_subprocess(
        "s.DATABASES['default']['ENGINE'], s.DATABASES['default']['NAME']",
        DATABASE_URL="postgres://postgres@127.0.0.1:5432/rummyclub",
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["django.db.backends.postgresql", "rummyclub"]


@pytest.mark.parametrize("url", [None, "sqlite:////tmp/club.sqlite3"])
def test_sqlite_logs_ahead_and_takes_the_write_lock_up_front(url: str | None) -> None:
    """One club room's tables writing at once wait their turn (tests/test_embedded_database.py)."""
    environ = {"SQLITE_TIMEOUT_SECONDS": "7"} | ({"DATABASE_URL": url} if url else {})
    result = settings_in_subprocess("s.DATABASES['default']['OPTIONS']", **environ)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == str(
        {
            "transaction_mode": "IMMEDIATE",
            "timeout": 7,
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        }
    )


@pytest.mark.parametrize(
    ("environ", "message"),
    [
        ({"DEBUG": "maybe"}, "DEBUG='maybe' is not a yes/no value"),
        ({"DATABASE_URL": "mysql://root@127.0.0.1/x"}, "DATABASE_URL must start with postgres"),
        ({"DATABASE_URL": "nonsense"}, "DATABASE_URL cannot be read"),
        ({"REDIS_URL": "127.0.0.1:6379"}, "REDIS_URL must start with redis://"),
        ({"API_ANON_RATE": "fast"}, "API_ANON_RATE='fast' is not a rate"),
        ({"TRUSTED_PROXIES": "10.0.0.0/33"}, "TRUSTED_PROXIES has '10.0.0.0/33'"),
        ({"TRUSTED_PROXIES": "proxy.example"}, "not an IP address or network"),
        ({"NUM_PROXIES": "-1"}, "NUM_PROXIES='-1' must be a whole number"),
        ({"LOGIN_FAILURE_LIMIT": "0"}, "LOGIN_FAILURE_LIMIT='0' must be a whole number of 1"),
        ({"LOGIN_ADDRESS_FAILURE_LIMIT": "x"}, "LOGIN_ADDRESS_FAILURE_LIMIT='x' must be a whole"),
        ({"PASSWORD_RESET_ACCOUNT_RATE": "3"}, "PASSWORD_RESET_ACCOUNT_RATE='3' is not a rate"),
    ],
)
def test_an_unreadable_setting_stops_start_up_with_a_sentence(environ, message) -> None:
    result = settings_in_subprocess("'started'", **environ)
    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr
    assert message in result.stderr


def test_debug_gets_a_development_key_and_local_hosts() -> None:
    result = settings_in_subprocess("bool(s.SECRET_KEY), s.ALLOWED_HOSTS[:3]", DEBUG="1")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "True ['localhost', '127.0.0.1', '[::1]']"


def settings_with_lan_address(
    expression: str, address: str | None, **environ: str
) -> subprocess.CompletedProcess:
    """config.settings imported on a machine whose local network address is `address`."""
    return python_in_subprocess(
        f"import config.lan as lan; lan.lan_address = lambda: {address!r}; "
        f"import config.settings as s; print({expression})",
        **environ,
    )


def test_debug_lets_a_phone_on_the_same_network_in() -> None:
    result = settings_with_lan_address("s.ALLOWED_HOSTS", "192.168.1.23", DEBUG="1")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "['localhost', '127.0.0.1', '[::1]', '192.168.1.23']"


def test_without_debug_the_local_network_address_is_never_allowed() -> None:
    result = settings_with_lan_address("s.ALLOWED_HOSTS", "192.168.1.23")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"
    given = settings_with_lan_address(
        "s.ALLOWED_HOSTS", "192.168.1.23", ALLOWED_HOSTS="club.example"
    )
    assert given.stdout.strip() == "['club.example']"


def test_hosts_given_under_debug_are_kept_as_given() -> None:
    result = settings_with_lan_address(
        "s.ALLOWED_HOSTS", "192.168.1.23", DEBUG="1", ALLOWED_HOSTS="localhost"
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "['localhost']"


def test_debug_without_a_network_stays_local() -> None:
    result = settings_with_lan_address("s.ALLOWED_HOSTS", None, DEBUG="1")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "['localhost', '127.0.0.1', '[::1]']"


def run_wsgi(**environ: str) -> subprocess.CompletedProcess:
    return python_in_subprocess("import config.wsgi", **environ)


def test_a_production_server_will_not_start_without_a_secret_key() -> None:
    result = run_wsgi()
    assert result.returncode != 0
    assert "The SECRET_KEY setting must not be empty" in result.stderr


def test_a_production_server_starts_with_a_secret_key() -> None:
    result = run_wsgi(SECRET_KEY="a-real-secret-" + "k" * 40, ALLOWED_HOSTS="club.example")
    assert result.returncode == 0, result.stderr


def test_behind_https_the_deploy_check_finds_nothing_to_warn_of() -> None:
    result = python_in_subprocess(
        "import django, os; os.environ['DJANGO_SETTINGS_MODULE'] = 'config.settings'; "
        "django.setup(); from django.core.management import call_command; "
        "call_command('check', deploy=True, fail_level='WARNING')",
        HTTPS="1",
        # Preloading is a club's own commitment (docs/operations.md); the rest is default.
        HSTS_PRELOAD="1",
        SECRET_KEY="a-production-key-" + "k" * 60,
        ALLOWED_HOSTS="club.example",
    )
    assert result.returncode == 0, result.stderr
    assert "System check identified no issues" in result.stdout + result.stderr


def test_behind_https_plain_http_is_sent_to_https_and_told_to_stay() -> None:
    result = settings_in_subprocess(
        "s.SECURE_SSL_REDIRECT, s.SECURE_HSTS_SECONDS, s.SECURE_REDIRECT_EXEMPT",
        HTTPS="1",
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "True 31536000 ['^healthz$', '^readyz$']"
