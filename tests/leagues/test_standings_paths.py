"""A standing is refreshed by one SQL statement that SQLite and PostgreSQL both run.

There is no second path: what `make test-fast` runs on SQLite is what a club's PostgreSQL
runs (CI runs these there). These check the statement against the sums worked out in
Python from the stored results, on a season with variants, placings, marked sessions,
open and finished sessions and a voided hand.
"""

from __future__ import annotations

import random
from datetime import date

import pytest
from django.db import connection

from leagues.models import League, SessionResult, Standing
from leagues.services import standings
from leagues.services.setup import create_league, mark_session
from leagues.services.standings import counted_results, refresh_standings
from tests.factories import make_club, make_session, record, typed_entry, void
from tests.leagues.helpers import derived_state

pytestmark = pytest.mark.django_db

SEASON = {"starts_on": date(2026, 1, 1), "ends_on": date(2026, 12, 31)}


def _season(capture) -> list[League]:
    club = make_club("River Club")
    rng = random.Random(11)
    leagues = [
        create_league(club=club, name="Everything", **SEASON),
        create_league(
            club=club,
            name="Placings",
            **SEASON,
            variants=["indian21"],
            basis="placing",
            placing_points=[7, 4, 2],
        ),
        create_league(club=club, name="Marked", **SEASON, marked_only=True),
    ]
    names = ("Asha", "Bala", "Chitra", "Dev", "Esha", "Farid")
    for index in range(9):
        seated = rng.sample(names, rng.randint(3, 5))
        variant = rng.choice(("indian13", "indian21"))
        # Some sessions finish (they count for wins, places and the latest result), some
        # stay open.
        target = 2 if index % 2 else 9
        session = make_session(
            club, variant=variant, names=seated, ending="hands", ending_target=target
        )
        for _ in range(2):
            winner = rng.randrange(len(seated))
            losers = {p: rng.randint(2, 80) for p in range(len(seated)) if p != winner}
            with capture(execute=True):
                record(session, typed_entry(winner, losers, wild="7H"))
        if index % 3 == 0:
            with capture(execute=True):
                mark_session(league=leagues[2], session=session, counts=True)
        if index == 4:
            with capture(execute=True):
                void(session, 1, reason="Misdeal")
    return leagues


def _worked_out(league: League) -> list[tuple]:
    """The league's lines summed in Python from its counted results, as `derived_state`
    lists them."""
    lines: dict[int, dict] = {}
    scheme = [int(points) for points in league.placing_points]
    for result in SessionResult.objects.filter(counted_results(league)):
        line = lines.setdefault(
            result.player_id,
            {"sessions": 0, "points": 0, "hands": 0, "wins": 0, "placing": 0, "last": None},
        )
        line["sessions"] += 1
        line["points"] += result.points
        line["hands"] += result.hands_won
        if result.finished:
            line["wins"] += result.place == 1
            line["placing"] += scheme[result.place - 1] if result.place <= len(scheme) else 0
            latest = (result.played_at, result.session_id, result.place)
            if line["last"] is None or latest[:2] > line["last"][:2]:
                line["last"] = latest
    return [
        (league.pk, player, line["sessions"], line["points"], line["hands"], line["wins"])
        + (line["placing"], *((line["last"][0], line["last"][2]) if line["last"] else (None, None)))
        for player, line in lines.items()
    ]


def test_the_statement_writes_the_sums_of_each_leagues_counted_results(
    django_capture_on_commit_callbacks,
):
    leagues = _season(django_capture_on_commit_callbacks)
    stored = derived_state()["standings"]
    assert {row[0] for row in stored} == {league.pk for league in leagues}
    assert stored == sorted(row for league in leagues for row in _worked_out(league))
    # The season has what each sum is about: wins, placing points, unfinished sessions.
    assert any(row[5] for row in stored) and any(row[6] for row in stored)
    assert SessionResult.objects.filter(finished=False).exists()

    # Rebuilt from nothing, the same lines.
    Standing.objects.all().delete()
    for league in leagues:
        refresh_standings(league=league)
    assert derived_state()["standings"] == stored


# Without RETURNING (SQLite before 3.35) the statement cannot say whom it wrote, and the
# prune runs every time.
@pytest.mark.parametrize("returning", [True, False], ids=["returning", "no-returning"])
def test_refreshing_some_players_leaves_the_others_and_drops_those_with_no_results(
    django_capture_on_commit_callbacks, monkeypatch, returning: bool
):
    if returning and not connection.features.can_return_columns_from_insert:
        pytest.skip("this SQLite has no RETURNING")
    monkeypatch.setattr(standings, "_can_return_rows", lambda: returning)
    leagues = _season(django_capture_on_commit_callbacks)
    everything = leagues[0]
    before = derived_state()["standings"]
    mine = list(Standing.objects.filter(league=everything).values_list("player_id", flat=True)[:2])
    # A stale line for a player with no result any more, and wrong sums for two others.
    Standing.objects.filter(league=everything, player_id__in=mine).update(points=0, sessions=0)
    ghost = Standing.objects.filter(league=everything).exclude(player_id__in=mine).first()
    ghost_player = ghost.player_id
    SessionResult.objects.filter(player_id=ghost_player).delete()

    refresh_standings(league=everything, player_ids=[*mine, ghost_player])

    after = derived_state()["standings"]
    expected = [row for row in before if not (row[0] == everything.pk and row[1] == ghost_player)]
    assert after == expected


def test_refreshing_players_who_all_still_have_results_is_one_statement(
    django_capture_on_commit_callbacks, django_assert_num_queries
):
    if not connection.features.can_return_columns_from_insert:
        pytest.skip("this SQLite has no RETURNING")
    everything = _season(django_capture_on_commit_callbacks)[0]
    players = list(Standing.objects.filter(league=everything).values_list("player_id", flat=True))
    before = derived_state()["standings"]
    Standing.objects.filter(league=everything, player_id__in=players[:4]).update(points=0)

    with django_assert_num_queries(1):
        refresh_standings(league=everything, player_ids=players[:4])

    assert derived_state()["standings"] == before
