"""A database migrated before leagues left the tournaments app keeps every row after it.

The league models moved to `leagues` with their tables (`db_table`), so migrating an old
database forward must change no table and lose no row, and the rows must read through the
new models. The test migrates the test database back to before the move, writes rows the
way the old code did (historical models), migrates forward, and reads them.
"""

from __future__ import annotations

from datetime import date

import pytest
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

BEFORE = [
    ("tournaments", "0004_tournament_standings_lines"),
    ("scoring", "0002_session_rating_order_index"),
    ("clubs", "0001_initial"),
]


def _migrate(targets: list[tuple[str, str]]) -> MigrationExecutor:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return MigrationExecutor(connection)


@pytest.fixture
def old_database(transactional_db):
    """The test database as it was before the move; migrated forward again afterwards."""
    executor = _migrate(BEFORE)
    yield executor.loader.project_state(BEFORE).apps
    call_command("migrate", verbosity=0)


@pytest.mark.django_db(transaction=True)
def test_rows_written_before_the_move_read_through_the_leagues_models(old_database):
    apps = old_database
    assert "leagues" not in {model._meta.app_label for model in apps.get_models()}
    club = apps.get_model("clubs", "Club").objects.create(name="Hill Club", slug="hill")
    player = apps.get_model("clubs", "Player").objects.create(club=club, name="Asha")
    session = apps.get_model("scoring", "GameSession").objects.create(
        club=club, variant="indian13", options={}, status="finished"
    )
    old_league = apps.get_model("tournaments", "League").objects.create(
        club=club,
        name="Monsoon season",
        slug="monsoon",
        starts_on=date(2026, 6, 1),
        ends_on=date(2026, 9, 30),
        tie_breakers=["wins"],
    )
    apps.get_model("tournaments", "SessionResult").objects.create(
        session=session,
        player=player,
        club=club,
        variant="indian13",
        played_at=timezone.now(),
        finished=True,
        points=42,
        place=1,
    )
    apps.get_model("tournaments", "Standing").objects.create(
        league=old_league, player=player, sessions=1, points=42, sessions_won=1
    )
    apps.get_model("tournaments", "Rating").objects.create(
        club=club, variant="indian13", player=player, mu=25.0, sigma=8.3, ordinal=0.1, games=1
    )

    call_command("migrate", verbosity=0)

    from django.contrib.contenttypes.models import ContentType

    from leagues.models import League, Rating, SessionResult, Standing

    league = League.objects.get()
    assert (league.pk, league.name, league.tie_breakers) == (
        old_league.pk,
        "Monsoon season",
        ["wins"],
    )
    assert SessionResult.objects.get().points == 42
    standing = Standing.objects.select_related("league", "player").get()
    assert (standing.league, standing.player.name, standing.points) == (league, "Asha", 42)
    assert Rating.objects.get().games == 1
    # The tables kept their names: no row was copied anywhere.
    tables = set(connection.introspection.table_names())
    assert {"tournaments_league", "tournaments_sessionresult", "tournaments_standing"} <= tables
    assert not any(name.startswith("leagues_") for name in tables)
    assert ContentType.objects.get_for_model(League).app_label == "leagues"
