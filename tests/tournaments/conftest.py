import pytest


@pytest.fixture(autouse=True)
def tasks_run_in_process(settings):
    """These tests apply updates in the test's own process, with no delay, even where a
    broker is configured (CI): the real worker has its own test (tests/integration)."""
    from django.core.cache import cache

    from config.celery import app

    # Queued-update marks live in the cache; ids repeat between tests on a fresh database.
    cache.clear()
    eager = app.conf.task_always_eager
    app.conf.task_always_eager = True
    settings.STANDINGS_DELAY_SECONDS = 0
    yield
    app.conf.task_always_eager = eager
