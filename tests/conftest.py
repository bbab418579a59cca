"""Shared test set-up.

No Django import at module level: tests/rules/ runs the engine without Django, and must
keep working with pytest-django disabled (`pytest tests/rules -p no:django`).
"""

import os
from pathlib import Path

import pytest

PROJECT_ROOT = Path(__file__).resolve().parent.parent


def pytest_configure(config: pytest.Config) -> None:
    if not config.pluginmanager.hasplugin("django"):
        return
    from django.test.utils import override_settings

    overrides: dict[str, object] = {
        # Tests need no collectstatic: pages link plain static names and WhiteNoise serves
        # them straight from static/, as it does under DEBUG.
        "STORAGES": {
            "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
            "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
        },
        "WHITENOISE_USE_FINDERS": True,
        "WHITENOISE_AUTOREFRESH": True,
        # The production hasher is slow on purpose; tests make and log in users all the time.
        "PASSWORD_HASHERS": ["django.contrib.auth.hashers.MD5PasswordHasher"],
    }
    if not os.environ.get("SECRET_KEY"):
        # Production settings refuse to sign without a key; tests sign sessions and forms.
        overrides["SECRET_KEY"] = "tests-only-insecure-key-" + "x" * 40
    override_settings(**overrides).enable()


@pytest.fixture(autouse=True)
def fresh_rate_limits(request: pytest.FixtureRequest):
    """Every test starts with no request counted against any rate limit: the counters live
    in this process (or in Redis, in CI), not in the test database that is rolled back.
    """
    if not request.config.pluginmanager.hasplugin("django"):
        yield
        return
    from django.core.cache import caches

    from common import ratelimit
    from scoring.selectors import kept_histories
    from scoring.views.answers import kept_parts

    ratelimit.reset()
    # And with nothing an earlier test's pages kept (a session's history, a screen's parts,
    # a drawn piece of a page), so a test counts the same queries alone or after others:
    # what is kept is never stale (tests/scoring/test_kept_*.py), but it is cheaper.
    kept_histories.clear()
    kept_parts.clear()
    caches["fragments"].clear()
    yield
    # A page asked for in another language leaves that language active in this thread (the
    # locale middleware sets it per request and never unsets it): the next test's sentences
    # built outside a request (forms, serializers) would be in it.
    from django.utils import translation

    translation.deactivate()


@pytest.fixture
def tasks_run_in_process(settings):
    """Celery tasks run in the test's own process, with no delay, even where a broker is
    configured (CI): the real worker has its own test (tests/integration)."""
    from django.core.cache import cache

    from config.celery import app

    # Queued-update marks live in the cache; ids repeat between tests on a fresh database.
    cache.clear()
    eager = app.conf.task_always_eager
    app.conf.task_always_eager = True
    settings.STANDINGS_DELAY_SECONDS = 0
    yield
    app.conf.task_always_eager = eager


@pytest.fixture
def project_root() -> Path:
    return PROJECT_ROOT
