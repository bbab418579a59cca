"""A timed round shows when time is called and how long is left, where people look."""

from __future__ import annotations

import random
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.utils import timezone

from scoring.models import GameSession
from tests.factories import make_club, owner_of
from tests.tournaments.factories import enter, make_tournament
from tests.tournaments.page_helpers import text_of, url
from tournaments.services.draws import draw_round
from tournaments.services.play import force_finish_table, start_round
from tournaments.services.setup import set_published

pytestmark = pytest.mark.django_db

KOLKATA = ZoneInfo("Asia/Kolkata")


def _timed_round(**overrides):
    club = make_club("Hill Club", timezone_name="Asia/Kolkata")
    arguments = {"round_ending": "minutes", "round_target": 45, "final_table_size": 0}
    cup = make_tournament(club, **(arguments | overrides))
    enter(cup, ["Asha", "Bala", "Chitra", "Dev", "Esha", "Farid", "Gita", "Hari"])
    round_ = draw_round(tournament=cup, rng=random.Random(2))
    start_round(round_=round_, user=owner_of(club))
    set_published(tournament=cup, published=True)
    return cup, round_


def _started_ago(round_, minutes: int) -> datetime:
    """Move the round's start back; the moment time is called, in the club's zone."""
    started = timezone.now() - timedelta(minutes=minutes)
    GameSession.objects.filter(tournament_table__round=round_).update(started_at=started)
    return (started + timedelta(minutes=45)).astimezone(KOLKATA)


def _pages(client, cup, round_):
    client.force_login(owner_of(cup.club))
    return {
        "round page": client.get(url("tournament-round", cup, round_.number)),
        "public page": client.get(url("tournament-public", cup)),
        "projector": client.get(url("tournament-screen", cup)),
    }


def test_a_timed_round_shows_when_time_is_called_in_the_clubs_time_and_what_is_left(client):
    cup, round_ = _timed_round()
    called = _started_ago(round_, 30)

    for where, response in _pages(client, cup, round_).items():
        text = text_of(response)
        assert f"Time is called at {called:%H:%M}: 15 min left" in text, where


def test_once_the_time_is_up_the_pages_say_so(client):
    cup, round_ = _timed_round()
    _started_ago(round_, 50)

    for where, response in _pages(client, cup, round_).items():
        assert "Time is up: the director ends the tables still playing" in text_of(response), where


def test_rounds_that_end_by_hands_and_rounds_whose_tables_all_finished_show_no_clock(client):
    cup, round_ = _timed_round(round_ending="hands", round_target=1)
    for response in _pages(client, cup, round_).values():
        assert "Time is" not in text_of(response)

    timed, timed_round = _timed_round()
    for table in timed_round.tables.all():
        force_finish_table(table=table)
    for response in _pages(client, timed, timed_round).values():
        assert "Time is" not in text_of(response)
