"""The full rebuild fanned out to two real Celery worker processes, one task per club, on the
real Redis and PostgreSQL: the tables it stores are the one-process rebuild's, a club held up
holds up no other club, and each club rebuilt twice at once changes nothing.

Needs DATABASE_URL (PostgreSQL: the workers are other processes and must see the test
database) and REDIS_URL, as .ci/run sets them. In CI a missing service fails the test;
elsewhere the test says it was not run.
"""

from __future__ import annotations

from io import StringIO

import psycopg
import pytest
from django.core.management import call_command
from django.db import connection

from leagues import fanout
from leagues.models import PendingUpdate, Standing
from leagues.services.updates import rebuild_everything
from tests.integration.conftest import database_url, missing_postgresql, require, wait_for
from tests.leagues.clubs import play_clubs, tournament_lines
from tests.leagues.helpers import derived_state

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

SPOILT = 999


@pytest.fixture(autouse=True)
def real_services() -> None:
    require(missing_postgresql("REDIS_URL"), "the rebuild fan-out test")


@pytest.fixture
def clubs(start_worker):
    """Clubs played with two workers keeping their standings, then every line spoilt."""
    played = play_clubs(4)
    start_worker()
    start_worker()
    wait_for(lambda: not PendingUpdate.objects.exists(), "the workers to apply every hand")
    return played


def _everything() -> tuple[dict, list]:
    return derived_state(), tournament_lines()


def _club_lines(club) -> list[tuple]:
    leagues = set(club.leagues.values_list("pk", flat=True))
    return [line for line in derived_state()["standings"] if line[0] in leagues]


def test_two_workers_rebuild_every_club_as_one_process_does(clubs) -> None:
    applied = _everything()
    Standing.objects.update(points=SPOILT)
    out = StringIO()

    call_command("rebuild_standings", "--timeout", "120", stdout=out)

    assert "of 4 clubs" in out.getvalue()
    assert _everything() == applied
    # Each club queued twice at once: the two workers may run a club's two tasks side by
    # side; the second waits for the first and gives the same lines.
    Standing.objects.update(points=SPOILT)
    ids = [club.pk for club in clubs]
    first, second = fanout.queue_rebuild(ids), fanout.queue_rebuild(ids)
    for queued in (first, second):
        outcome = fanout.wait(queued, timeout=120)
        assert (outcome.done, outcome.failed, outcome.waiting) == (4, {}, [])
    assert _everything() == applied
    rebuild_everything()
    assert _everything() == applied


def test_a_club_held_up_holds_up_no_other_club(clubs) -> None:
    held, free = clubs[0], clubs[1]
    held_lines, free_lines = _club_lines(held), _club_lines(free)
    Standing.objects.update(points=SPOILT)

    # Another transaction holds the first club's row: its rebuild waits, on one worker.
    with psycopg.connect(database_url().replace("postgres://", "postgresql://")) as blocker:
        blocker.execute("SELECT id FROM clubs_club WHERE id = %s FOR UPDATE", [held.pk])
        queued = fanout.queue_rebuild([held.pk, free.pk])
        # The other worker rebuilds the second club meanwhile.
        assert queued[free.pk].get(timeout=60) is not None
        assert _club_lines(free) == free_lines
        assert not queued[held.pk].ready()
        assert {line[3] for line in _club_lines(held)} == {SPOILT}
        blocker.rollback()

    assert queued[held.pk].get(timeout=60) is not None
    assert _club_lines(held) == held_lines


def _other_backends() -> set[int]:
    """The PostgreSQL processes serving the test database, but the test's own."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pid FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        return {row[0] for row in cursor.fetchall()}


def test_a_worker_keeps_its_database_connection_from_task_to_task(clubs) -> None:
    ids = [club.pk for club in clubs]
    fanout.wait(fanout.queue_rebuild(ids), timeout=60)
    serving = _other_backends()

    for _ in range(3):
        assert fanout.wait(fanout.queue_rebuild(ids), timeout=60).done == len(ids)

    # Still the workers' same connections: none was closed after its task, none opened.
    assert serving
    assert _other_backends() <= serving
