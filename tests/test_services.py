"""The database, cache and broker the settings point at really work.

With DATABASE_URL and REDIS_URL set (as .ci/run does) these talk to PostgreSQL and Redis and
fail when either cannot be reached; a CI run never skips them. Unset, they check the
embedded defaults instead: SQLite, the in-process cache and eager Celery.
"""

import os
import uuid

import pytest

pytestmark = pytest.mark.services


def test_ci_configures_the_real_services() -> None:
    if os.environ.get("CI", "").lower() == "true":
        assert os.environ.get("DATABASE_URL"), "CI must set DATABASE_URL (see .ci/run)"
        assert os.environ.get("REDIS_URL"), "CI must set REDIS_URL (see .ci/run)"


@pytest.mark.django_db
def test_the_database_answers_a_query() -> None:
    from django.db import connection

    expected_vendor = "postgresql" if os.environ.get("DATABASE_URL") else "sqlite"
    assert connection.vendor == expected_vendor
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        assert cursor.fetchone() == (1,)


def test_the_cache_round_trips_a_value() -> None:
    from django.core.cache import caches

    cache = caches["default"]
    expected = "RedisCache" if os.environ.get("REDIS_URL") else "LocMemCache"
    assert type(cache).__name__ == expected
    key = f"tests:round-trip:{uuid.uuid4()}"
    cache.set(key, {"points": 42}, timeout=30)
    try:
        assert cache.get(key) == {"points": 42}
    finally:
        cache.delete(key)


def test_celery_reaches_its_broker_or_runs_tasks_in_process() -> None:
    from config.celery import app

    if os.environ.get("REDIS_URL"):
        assert app.conf.task_always_eager is False
        assert app.conf.broker_url.startswith("redis")
        with app.connection_for_write() as connection:
            # Raises (and so fails the test) if Redis does not answer within the timeout.
            connection.ensure_connection(max_retries=1, timeout=5)
            assert connection.default_channel.client.ping()
    else:
        assert app.conf.task_always_eager is True

        @app.task(name="tests.add")
        def add(x: int, y: int) -> int:
            return x + y

        assert add.delay(2, 3).get(timeout=1) == 5
