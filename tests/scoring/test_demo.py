"""`make run` loads the demo club: it must work on an empty database and only once."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from scoring.models import GameSession, HandVersion, SessionStatus
from scoring.rules.variants import VARIANTS
from tournaments.models import Rating, Standing

pytestmark = pytest.mark.django_db


def test_the_demo_has_a_finished_session_of_every_game_and_loads_only_once(capsys):
    call_command("seed_demo")
    first = capsys.readouterr().out
    call_command("seed_demo")
    again = capsys.readouterr().out

    finished = GameSession.objects.filter(status=SessionStatus.FINISHED)
    assert set(finished.values_list("variant", flat=True)) == set(VARIANTS)
    assert GameSession.objects.filter(status=SessionStatus.ACTIVE).count() == 1
    assert GameSession.objects.count() == len(VARIANTS) + 1
    assert HandVersion.objects.filter(version=2, reason__startswith="Recounted").exists()
    # The demo league's table and the leaderboards are filled in as well.
    assert Standing.objects.filter(league__name="Demo season").count() == 7
    assert set(Rating.objects.values_list("variant", flat=True)) == set(VARIANTS)
    assert "the password is" in first
    assert "already loaded" in again
