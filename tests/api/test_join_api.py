"""Joining a table through the API by its code (scoring/api/joins.py): the join page's rules."""

from __future__ import annotations

import uuid

import pytest
from rest_framework.test import APIClient

from clubs.models import Confirmation
from clubs.roles import Role
from scoring.models import SeatLink
from scoring.services.joins import join_code_of
from tests.api.helpers import API, with_token
from tests.factories import join, make_club, make_session, make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def table():
    club = make_club("Api Join Club")
    return make_session(club, names=("Asha", "Bala", "Chitra"), confirmation=Confirmation.ANY)


def join_url(session):
    return f"{API}join/{join_code_of(session)}/"


def test_anyone_with_the_code_reads_the_tables_seats(table):
    answer = APIClient().get(join_url(table))
    assert answer.status_code == 200
    body = answer.json()
    assert [s["name"] for s in body["seats"]] == ["Asha", "Bala", "Chitra"]
    assert body["session_url"].endswith(f"/sessions/{table.pk}/")
    assert APIClient().get(f"{API}join/ZZZZZZ/").status_code == 404


def test_a_guest_joins_a_seat_once_however_often_it_is_sent(table):
    key = str(uuid.uuid4())
    first = APIClient().post(
        join_url(table), {"position": 1}, format="json", HTTP_IDEMPOTENCY_KEY=key
    )
    assert first.status_code == 201 and first.json()["joined_as"] == "guest"
    assert "/p/" in first.json()["player_url"]
    again = APIClient().post(
        join_url(table), {"position": 1}, format="json", HTTP_IDEMPOTENCY_KEY=key
    )
    assert again.status_code == 200 and again.json()["player_url"] == first.json()["player_url"]
    assert SeatLink.objects.count() == 1
    other = APIClient().post(join_url(table), {"position": 1}, format="json")
    assert other.status_code == 400 and "already" in other.json()["error"]["message"]
    assert APIClient().get(join_url(table)).json()["seats"][1]["joined"] is True


def test_a_member_whose_player_sits_there_joins_as_themselves(table):
    bala = make_user("bala")
    join(table.club, bala, Role.MEMBER)
    seat = table.seats.get(position=1)
    seat.player.user = bala
    seat.player.save()
    answer = with_token(bala).post(join_url(table), {"position": 1}, format="json")
    assert answer.status_code == 200
    assert answer.json()["joined_as"] == "member" and answer.json()["player_url"] is None
    assert not SeatLink.objects.exists()
