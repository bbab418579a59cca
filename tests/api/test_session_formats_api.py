"""Pool and deals sessions and the seats endpoint through the API."""

import pytest

from clubs.services import add_guest
from scoring.models import GameSession
from tests.api.helpers import club_url, revision_of, session_url, with_token
from tests.factories import make_club, make_session, owner_of, record, typed_entry
from tests.scoring.factories import scorer_of

pytestmark = pytest.mark.django_db


def test_a_pool_is_started_and_its_state_carries_scores_outs_and_the_pot():
    club = make_club("Pool Club")
    players = [add_guest(club=club, name=name) for name in ("Asha", "Bala", "Chitra")]
    api = with_token(scorer_of(club))
    response = api.post(
        club_url(club, "sessions/"),
        {
            "variant": "indian13",
            "player_ids": [p.pk for p in players],
            "first_dealer": 0,
            "format": "pool",
            "pool_limit": 101,
            "pool_rejoins": 1,
            "entry_fee": 50,
        },
        format="json",
    )
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["format"] == "pool"
    assert body["pool"]["rejoin_below"] == 79
    assert body["pool"]["pot"] == 150
    session = GameSession.objects.get(pk=body["id"])
    record(session, typed_entry(0, {1: 110, 2: 30}))
    state = api.get(session_url(session)).json()
    assert state["pool"]["scores"] == {"0": 0, "1": 110, "2": 30}
    assert state["pool"]["out_at"] == {"1": 1}
    assert state["playing"] == [0, 2]

    rejoined = api.post(
        session_url(session, "seats/"),
        {"action": "rejoin", "position": 1, "revision": revision_of(session)},
        format="json",
    )
    assert rejoined.status_code == 200, rejoined.content
    assert rejoined.json()["pool"]["scores"]["1"] == 31
    assert rejoined.json()["pool"]["pot"] == 200


def test_pool_in_a_game_without_it_is_a_sentence_on_the_format_field():
    club = make_club("Marriage Club")
    players = [add_guest(club=club, name=name) for name in ("Asha", "Bala", "Chitra")]
    response = with_token(owner_of(club)).post(
        club_url(club, "sessions/"),
        {"variant": "marriage", "player_ids": [p.pk for p in players], "format": "pool"},
        format="json",
    )
    assert response.status_code == 400
    assert "Pool is played in 13 and 21 card" in response.content.decode()


def test_a_substitute_through_the_api_and_a_stale_revision_is_409():
    club = make_club("Evening Club")
    session = make_session(club)
    eshan = add_guest(club=club, name="Eshan")
    api = with_token(scorer_of(club))
    stale = revision_of(session)
    record(session, typed_entry(0, {1: 20, 2: 30}))
    conflict = api.post(
        session_url(session, "seats/"),
        {"action": "substitute", "position": 1, "player_id": eshan.pk, "revision": stale},
        format="json",
    )
    assert conflict.status_code == 409
    done = api.post(
        session_url(session, "seats/"),
        {
            "action": "substitute",
            "position": 1,
            "player_id": eshan.pk,
            "revision": revision_of(session),
        },
        format="json",
    )
    assert done.status_code == 200, done.content
    seats = {seat["name"]: seat for seat in done.json()["seats"]}
    assert seats["Bala"]["seated"] is False
    assert seats["Eshan"]["place"] == seats["Bala"]["place"]
    assert done.json()["playing"] == [0, 2, seats["Eshan"]["position"]]


def test_a_deals_session_counts_chips():
    club = make_club("Chips Club")
    session = make_session(club, format="deals", ending="hands", ending_target=2)
    record(session, typed_entry(0, {1: 20, 2: 30}))
    state = with_token(owner_of(club)).get(session_url(session)).json()
    assert state["starting_chips"] == 160
    assert state["chips"] == {"0": 210, "1": 140, "2": 130}
