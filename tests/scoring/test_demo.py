"""`make run` loads the demo club: it must work on an empty database and only once."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from scoring.models import GameSession, HandVersion, SessionStatus
from scoring.rules.variants import VARIANTS
from tournaments.models import Rating, Standing
from tournaments.tournament_models import RoundStatus, Tournament
from tournaments.tournament_standings import tournament_standings

pytestmark = pytest.mark.django_db


def test_the_demo_has_a_finished_session_of_every_game_and_loads_only_once(capsys):
    call_command("seed_demo")
    first = capsys.readouterr().out
    call_command("seed_demo")
    again = capsys.readouterr().out

    club_sessions = GameSession.objects.filter(tournament_table__isnull=True)
    finished = club_sessions.filter(status=SessionStatus.FINISHED)
    assert set(finished.values_list("variant", flat=True)) == set(VARIANTS)
    assert club_sessions.filter(status=SessionStatus.ACTIVE).count() == 1
    assert club_sessions.count() == len(VARIANTS) + 1
    assert HandVersion.objects.filter(version=2, reason__startswith="Recounted").exists()
    # The demo league's table (the tournament's tables count in it too: eight players) and
    # the leaderboards are filled in as well.
    assert Standing.objects.filter(league__name="Demo season").count() == 8
    assert set(Rating.objects.values_list("variant", flat=True)) == set(VARIANTS)
    # A tournament half way: round 1 played, round 2 in play, its public pages released.
    cup = Tournament.objects.get(name="Demo Cup")
    assert cup.published
    assert list(cup.round_set.values_list("number", "status")) == [
        (1, RoundStatus.FINISHED),
        (2, RoundStatus.STARTED),
    ]
    overall = tournament_standings(cup).overall
    assert len(overall) == 8
    assert all(line.played >= 1 for line in overall)
    assert "the password is" in first
    assert "already loaded" in again
