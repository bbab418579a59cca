"""A real Celery worker process, on the real Redis and PostgreSQL, keeps standings current,
and a worker killed in the middle of an update loses nothing: the next run repairs it.

Needs DATABASE_URL (PostgreSQL: the worker is another process and must see the test
database) and REDIS_URL, as .ci/run sets them. In CI a missing service fails the test;
elsewhere the test says it was not run.
"""

from __future__ import annotations

import random
import subprocess
import time
from datetime import date

import psycopg
import pytest
from django.db import connection

from leagues.models import PendingUpdate, SessionResult
from leagues.services.setup import create_league
from leagues.services.updates import rebuild_everything
from tests.factories import make_club, make_session, owner_of, record, typed_entry
from tests.integration.conftest import (
    database_url,
    missing_postgresql,
    require,
    wait_for,
)
from tests.leagues.helpers import derived_state
from tests.tournaments.factories import NAMES, enter, make_tournament
from tournaments.services.draws import draw_round
from tournaments.services.play import start_round
from tournaments.standings import compute_standings, tournament_standings

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def real_services() -> None:
    require(missing_postgresql("REDIS_URL"), "the worker test")


def _applied() -> bool:
    return not PendingUpdate.objects.exists()


def _rebuilt_equals_current() -> None:
    applied = derived_state()
    rebuild_everything()
    assert derived_state() == applied


SEASON = {"starts_on": date(2026, 1, 1), "ends_on": date(2026, 12, 31)}


def test_a_worker_process_keeps_the_standings_current(start_worker) -> None:
    club = make_club("Hill Club")
    create_league(club=club, name="Season", **SEASON)
    session = make_session(club, ending="hands", ending_target=2)
    start_worker()

    record(session, typed_entry(0, {1: 30, 2: 45}, wild="7H"))
    record(session, typed_entry(1, {0: 10, 2: 5}, wild="7H"))

    wait_for(_applied, "the worker to apply both hands")
    assert SessionResult.objects.filter(session=session, finished=True).count() == 3
    _rebuilt_equals_current()


def test_a_worker_process_ranks_a_tournament_as_its_tables_play(start_worker) -> None:
    club = make_club("Hill Club")
    cup = make_tournament(club, rounds=1, final_table_size=0, round_target=2)
    enter(cup, NAMES[:8])
    round_ = draw_round(tournament=cup, rng=random.Random(3))
    start_round(round_=round_, user=owner_of(club))
    tables = list(round_.tables.select_related("session").order_by("number"))
    start_worker()

    # At each table seat 1 wins the hand; the others lose 10, 20 and 30.
    for table in tables:
        losers = {pos: 10 * pos for pos in range(1, len(table.seats))}
        record(table.session, typed_entry(0, losers, wild="7H"))

    wait_for(_applied, "the worker to apply every table's hand")
    standings = tournament_standings(cup)
    assert not standings.updating
    assert [line.played for line in standings.overall] == [1] * 8
    leaders = {line.pk for line in standings.overall if line.rank == 1}
    assert leaders == {table.seats[0] for table in tables}
    # What the worker stored is what ranking the results afresh gives.
    fresh = compute_standings(cup)
    assert [(line.pk, line.rank, line.score) for line in standings.overall] == [
        (line.pk, line.rank, line.score) for line in fresh.overall
    ]


def test_a_worker_killed_mid_update_loses_nothing(start_worker) -> None:
    club = make_club("Hill Club")
    create_league(club=club, name="Season", **SEASON)
    session = make_session(club)
    other = make_session(club, names=("Dev", "Esha"))
    _kill_a_worker_mid_update(start_worker(), session)
    # The dead worker's transaction never committed: the update is still pending.
    assert PendingUpdate.objects.filter(session=session).exists()

    # The next run, for any session, repairs what the dead worker left.
    start_worker()
    time.sleep(1.5)  # older than STANDINGS_STALE_SECONDS
    record(other, typed_entry(0, {1: 12}, wild="7H"))
    wait_for(_applied, "the next run to repair the lost update")
    # Bala won the hand the dead worker never applied: 20 + 25 (the winner takes).
    assert SessionResult.objects.get(session=session, player__name="Bala").points == 45
    _rebuilt_equals_current()


def test_a_killed_update_runs_again_by_itself_without_beat(start_worker) -> None:
    # Nothing else happens after the kill: no other hand, no beat. Redis hands the dead
    # worker's unacknowledged update to the next worker once the visibility timeout passes.
    club = make_club("Hill Club")
    create_league(club=club, name="Season", **SEASON)
    session = make_session(club)
    quick = {"CELERY_VISIBILITY_TIMEOUT": "5", "STANDINGS_STALE_SECONDS": "3600"}
    _kill_a_worker_mid_update(start_worker(**quick), session)

    start_worker(**quick)
    wait_for(_applied, "the killed update to be delivered again", timeout=60)
    assert SessionResult.objects.get(session=session, player__name="Bala").points == 45


def _kill_a_worker_mid_update(worker: subprocess.Popen, session) -> None:
    """Apply one hand, then SIGKILL the worker half way through applying a second one."""
    record(session, typed_entry(0, {1: 30, 2: 45}, wild="7H"))
    wait_for(_applied, "the first hand to be applied")
    # Hold the session's result rows so the worker's next update stops half way through.
    with psycopg.connect(database_url().replace("postgres://", "postgresql://")) as blocker:
        blocker.execute(
            "SELECT id FROM tournaments_sessionresult WHERE session_id = %s FOR UPDATE",
            [session.pk],
        )
        record(session, typed_entry(1, {0: 20, 2: 25}, wild="7H"))
        wait_for(
            lambda: _backends_waiting_on_a_lock() > 0,
            "the worker to be stuck in the middle of its update",
        )
        worker.kill()  # SIGKILL: no clean-up, the message is never acknowledged
        worker.wait(timeout=10)
        blocker.rollback()
    wait_for(lambda: _backends_waiting_on_a_lock() == 0, "the dead worker's query to end")


def _backends_waiting_on_a_lock() -> int:
    # Asked on the test's own connection, outside any transaction: inside one, PostgreSQL
    # keeps showing the activity as it was when the transaction began.
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity "
            "WHERE datname = current_database() AND wait_event_type = 'Lock'"
        )
        return cursor.fetchone()[0]
