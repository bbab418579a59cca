"""Standings and ratings follow every recorded hand, and a rebuild gives exactly the same."""

from __future__ import annotations

import random
from datetime import date

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from leagues import queue
from leagues.models import PendingUpdate, Rating, RatingChange, SessionResult, Standing
from leagues.services import updates
from leagues.services.setup import create_league, mark_session
from tests.factories import (
    correct,
    make_club,
    make_session,
    record,
    typed_entry,
    undo,
    void,
)
from tests.leagues.helpers import derived_state

pytestmark = pytest.mark.django_db

SEASON = {"starts_on": date(2026, 1, 1), "ends_on": date(2026, 12, 31)}


@pytest.fixture
def club():
    return make_club("Hill Club")


def _hand(rng: random.Random, seats: int):
    winner = rng.randrange(seats)
    losers = {p: rng.randint(2, 80) for p in range(seats) if p != winner}
    drops = {}
    if seats > 2 and rng.random() < 0.3:
        dropped = next(p for p in losers)
        del losers[dropped]
        drops[dropped] = rng.choice(("first", "later"))
    return typed_entry(winner, losers, drops=drops, wild="7H")


def test_a_recorded_hand_updates_the_session_results_and_the_league(
    club, django_capture_on_commit_callbacks
):
    league = create_league(club=club, name="Winter league", **SEASON)
    session = make_session(club, variant="indian21", names=("Asha", "Bala", "Chitra"))
    with django_capture_on_commit_callbacks(execute=True):
        record(session, typed_entry(0, {1: 30, 2: 45}, wild="7H"))

    assert not PendingUpdate.objects.exists()
    results = {r.player.name: r for r in SessionResult.objects.select_related("player")}
    assert (results["Asha"].points, results["Asha"].hands_won, results["Asha"].place) == (75, 1, 1)
    assert results["Bala"].points == -30
    standing = Standing.objects.get(league=league, player__name="Asha")
    assert (standing.sessions, standing.points, standing.sessions_won) == (1, 75, 0)
    # Not finished yet: nobody is rated on an unfinished session.
    assert not Rating.objects.exists()


def test_finishing_a_session_rates_its_players(club, django_capture_on_commit_callbacks):
    session = make_session(club, names=("Asha", "Bala", "Chitra"), ending="hands", ending_target=2)
    with django_capture_on_commit_callbacks(execute=True):
        record(session, typed_entry(0, {1: 30, 2: 45}, wild="7H"))
    with django_capture_on_commit_callbacks(execute=True):
        record(session, typed_entry(1, {0: 5, 2: 5}, wild="7H"))

    ratings = {r.player.name: r for r in Rating.objects.select_related("player")}
    assert ratings["Asha"].ordinal > ratings["Bala"].ordinal > ratings["Chitra"].ordinal
    assert all(r.games == 1 for r in ratings.values())


def test_applying_the_same_update_twice_changes_nothing(club, django_capture_on_commit_callbacks):
    create_league(club=club, name="Winter league", **SEASON)
    session = make_session(club, ending="hands", ending_target=1)
    with django_capture_on_commit_callbacks(execute=True):
        record(session, typed_entry(0, {1: 30, 2: 45}, wild="7H"))
    before = derived_state()

    queue.mark_changed(session)
    assert updates.apply_session(session.pk) is True
    assert updates.apply_session(session.pk) is False

    assert derived_state() == before


def test_a_burst_of_hands_queues_one_update(club, django_capture_on_commit_callbacks, monkeypatch):
    from leagues.tasks import apply_session_task

    queued = []
    monkeypatch.setattr(apply_session_task, "apply_async", lambda **kw: queued.append(kw))
    session = make_session(club)
    for _ in range(10):
        with django_capture_on_commit_callbacks(execute=True):
            record(session, typed_entry(0, {1: 3, 2: 4}, wild="7H"))

    assert len(queued) == 1
    assert PendingUpdate.objects.filter(session=session).count() == 1


def test_the_rebuild_gives_exactly_what_the_incremental_path_gave(
    club, django_capture_on_commit_callbacks
):
    """A season with corrections to old sessions, undos, voids and marked sessions."""
    rng = random.Random(7)
    create_league(club=club, name="All games", **SEASON, tie_breakers=["head_to_head"])
    placing = create_league(
        club=club,
        name="Placings",
        **SEASON,
        variants=["indian21"],
        basis="placing",
        placing_points=[5, 3, 1],
        min_sessions=2,
    )
    marked = create_league(club=club, name="Cup", **SEASON, marked_only=True)
    names = ("Asha", "Bala", "Chitra", "Dev", "Esha")
    sessions = []
    for index in range(8):
        seated = rng.sample(names, rng.randint(3, 4))
        variant = rng.choice(("indian13", "indian21"))
        session = make_session(club, variant=variant, names=seated, ending="hands", ending_target=3)
        sessions.append(session)
        for _ in range(3):
            with django_capture_on_commit_callbacks(execute=True):
                record(session, _hand(rng, len(seated)))
        if index % 3 == 0:
            with django_capture_on_commit_callbacks(execute=True):
                mark_session(league=marked, session=session, counts=True)
    # Corrections after the fact, oldest sessions included: ratings must replay.
    with django_capture_on_commit_callbacks(execute=True):
        correct(sessions[0], 1, _hand(rng, sessions[0].seats.count()), reason="Wrong winner")
    with django_capture_on_commit_callbacks(execute=True):
        void(sessions[2], 2, reason="Misdeal")
    with django_capture_on_commit_callbacks(execute=True):
        undo(sessions[5])
    assert Standing.objects.filter(league=placing).exists()
    incremental = derived_state()

    call_command("rebuild_standings", verbosity=0)

    assert derived_state() == incremental


def test_a_finish_not_yet_applied_is_rated_by_its_own_update_only(
    club, django_capture_on_commit_callbacks
):
    """An earlier session's correction re-rates the later sessions; one whose finish is
    still pending waits for its own update, even if it is reopened before that runs."""
    earlier = make_session(club, names=("Asha", "Bala", "Chitra"), ending="hands", ending_target=1)
    with django_capture_on_commit_callbacks(execute=True):
        record(earlier, typed_entry(0, {1: 30, 2: 45}, wild="7H"))
    later = make_session(club, names=("Asha", "Bala", "Dev"), ending="hands", ending_target=2)
    with django_capture_on_commit_callbacks(execute=True):  # results stored, not finished
        record(later, typed_entry(2, {0: 10, 1: 20}, wild="7H"))
    with django_capture_on_commit_callbacks(execute=False):  # the finish: not applied yet
        record(later, typed_entry(0, {1: 10, 2: 20}, wild="7H"))
    later.refresh_from_db()
    assert not later.is_active

    with django_capture_on_commit_callbacks(execute=True):
        correct(earlier, 1, typed_entry(1, {0: 5, 2: 5}, wild="7H"), reason="Wrong winner")
    assert not RatingChange.objects.filter(session=later).exists()

    # Reopened before its update ran: it never had a rating, and still has none.
    with django_capture_on_commit_callbacks(execute=True):
        undo(later)
    assert not RatingChange.objects.filter(session=later).exists()
    incremental = derived_state()
    call_command("rebuild_standings", verbosity=0)
    assert derived_state() == incremental


def _season(club, sessions: int) -> None:
    """`sessions` each of points, pool and deals, one hand each."""
    for _ in range(sessions):
        for format_fields in (
            {},
            {"format": "pool"},
            {"format": "deals", "ending": "hands", "ending_target": 3},
        ):
            record(make_session(club, **format_fields), typed_entry(0, {1: 10, 2: 20}, wild="7H"))


def test_the_rebuild_reads_a_season_in_queries_that_do_not_grow_with_its_sessions(
    club, django_capture_on_commit_callbacks, django_assert_max_num_queries
) -> None:
    # A season is read in a fixed number of queries: a session field the boards need but the
    # rebuild did not load would cost a query per session (20,000 of them in the bench).
    with django_capture_on_commit_callbacks(execute=True):
        _season(club, 1)
    with CaptureQueriesContext(connection) as few:
        updates.rebuild_everything()
    with django_capture_on_commit_callbacks(execute=True):
        _season(club, 3)
    with django_assert_max_num_queries(len(few)):
        updates.rebuild_everything()
