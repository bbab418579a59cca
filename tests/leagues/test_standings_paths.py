"""On PostgreSQL a standing is refreshed by one SQL statement; elsewhere through the ORM.

Both must write the same rows: the ORM path is what SQLite runs (`make run`), the statement
is what a club's PostgreSQL runs. These compare them on the same season, so they run where
DATABASE_URL is PostgreSQL, as it is in CI.
"""

from __future__ import annotations

import random
from datetime import date

import pytest
from django.db import connection

from leagues.models import League, SessionResult, Standing
from leagues.services.setup import create_league, mark_session
from leagues.services.standings import (
    refresh_standings_in_one_statement,
    refresh_standings_with_orm,
)
from tests.factories import make_club, make_session, record, typed_entry, void
from tests.leagues.helpers import derived_state

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="the SQL path is PostgreSQL's (tested in CI)"
    ),
]

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


def test_the_sql_statement_and_the_orm_write_the_same_standings(
    django_capture_on_commit_callbacks,
):
    leagues = _season(django_capture_on_commit_callbacks)
    by_statement = derived_state()["standings"]
    assert by_statement, "the season must give standings to compare"
    assert {row[0] for row in by_statement} == {league.pk for league in leagues}

    Standing.objects.all().delete()
    for league in leagues:
        refresh_standings_with_orm(league=league, player_ids=None)

    assert derived_state()["standings"] == by_statement


def test_refreshing_some_players_leaves_the_others_and_drops_those_with_no_results(
    django_capture_on_commit_callbacks,
):
    leagues = _season(django_capture_on_commit_callbacks)
    everything = leagues[0]
    before = derived_state()["standings"]
    mine = list(Standing.objects.filter(league=everything).values_list("player_id", flat=True)[:2])
    # A stale line for a player with no result any more, and wrong sums for two others.
    Standing.objects.filter(league=everything, player_id__in=mine).update(points=0, sessions=0)
    ghost = Standing.objects.filter(league=everything).exclude(player_id__in=mine).first()
    ghost_player = ghost.player_id
    SessionResult.objects.filter(player_id=ghost_player).delete()

    refresh_standings_in_one_statement(league=everything, player_ids=[*mine, ghost_player])

    after = derived_state()["standings"]
    expected = [row for row in before if not (row[0] == everything.pk and row[1] == ghost_player)]
    assert after == expected
