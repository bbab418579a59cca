"""A director may choose per-hand confirmation for a tournament's tables: every table's
session asks its players to confirm each hand, and the finished table needs no second
player's confirmation of its result."""

from __future__ import annotations

import random

import pytest

from common.errors import UserError
from tests.api.helpers import with_token
from tests.factories import make_club, owner_of
from tests.tournaments.factories import NAMES, enter, make_tournament, play_in_order
from tournaments.selectors import round_view
from tournaments.services.draws import draw_round
from tournaments.services.play import confirm_table, start_round

pytestmark = pytest.mark.django_db


def started(rule: str):
    cup = make_tournament(make_club("Hand Club"), confirmation=rule)
    enter(cup, NAMES[:6])
    round_ = draw_round(tournament=cup, rng=random.Random(3))
    start_round(round_=round_, user=owner_of(cup.club))
    return cup, round_


def test_every_tables_session_asks_its_players_to_confirm_each_hand():
    _, round_ = started("every")
    sessions = [table.session for table in round_.tables.select_related("session")]
    assert {session.confirmation for session in sessions} == {"every"}


def test_a_finished_table_confirmed_hand_by_hand_needs_no_second_confirmation(
    django_capture_on_commit_callbacks,
):
    _, round_ = started("any")
    table = round_.tables.order_by("number").first()
    play_in_order(table, list(table.seats), django_capture_on_commit_callbacks)
    state = next(t for t in round_view(round_).tables if t.number == table.number)
    assert state.finished and state.confirmed and state.by_hand
    assert not state.may_confirm(owner_of(table.round.tournament.club).pk)
    table.refresh_from_db()
    with pytest.raises(UserError, match="each hand is confirmed at the table"):
        confirm_table(table=table, user=owner_of(table.round.tournament.club))


def test_without_it_a_table_asks_no_one_per_hand():
    _, round_ = started("none")
    assert {t.session.confirmation for t in round_.tables.select_related("session")} == {"none"}


def test_the_api_says_who_confirms_each_hand_at_the_tables():
    cup, _ = started("every")
    client = with_token(owner_of(cup.club))
    detail = client.get(f"/api/v1/clubs/{cup.club.slug}/tournaments/{cup.slug}/").json()
    assert detail["confirmation"] == "every"
