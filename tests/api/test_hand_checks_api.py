"""The players' answers and the organisers' decisions through the API: the session screen's
rules (scoring/api/checks.py), idempotent like hands, in the session's state."""

from __future__ import annotations

import uuid

import pytest

from clubs.roles import Role
from scoring.models import GameSession
from tests.api.helpers import club_url, seat, session_url, with_token
from tests.factories import join, make_club, make_user, member, owner_of

pytestmark = pytest.mark.django_db

HAND = {"seats": [seat(0, "won"), seat(1, "lost", penalty=20), seat(2, "lost", penalty=7)]}


@pytest.fixture
def table():
    """Asha, Bala and Chitra play as themselves; the owner scores; every player confirms."""
    club = make_club("Api Checks Club")
    players = []
    for name in ("Asha", "Bala", "Chitra"):
        user = make_user(name.lower())
        join(club, user, Role.MEMBER)
        players.append(club.players.create(name=name, user=user))
    owner = with_token(owner_of(club))
    started = owner.post(
        club_url(club, "sessions/"),
        {
            "variant": "indian13",
            "player_ids": [p.pk for p in players],
            "first_dealer": 0,
            "confirmation": "every",
        },
        format="json",
    )
    assert started.status_code == 201, started.json()
    session = GameSession.objects.get(pk=started.json()["id"])
    recorded = owner.post(session_url(session, "hands/"), HAND, format="json")
    assert recorded.status_code == 201
    return session


def phone(session, name):
    return with_token(session.seats.get(player__name=name).player.user)


def test_the_session_says_its_rule_and_each_hand_what_it_waits_for(table):
    detail = phone(table, "Asha").get(session_url(table)).json()
    assert detail["confirmation"] == "every" and detail["disputed_hands"] == 0
    assert (detail["hands"][0]["check"], detail["hands"][0]["waiting"]) == ("entered", [0, 1, 2])
    listed = phone(table, "Asha").get(session_url(table, "hands/")).json()["results"][0]
    assert listed["check"] == "entered"


def test_a_player_confirms_once_however_often_it_is_sent(table):
    bala = phone(table, "Bala")
    key = str(uuid.uuid4())
    first = bala.post(
        session_url(table, "hands/1/confirm/"),
        {"version": 1},
        format="json",
        HTTP_IDEMPOTENCY_KEY=key,
    )
    assert first.status_code == 201
    body = first.json()
    assert (body["answer"]["position"], body["answer"]["verdict"]) == (1, "confirmed")
    assert len(body["answer"]["digest"]) == 64
    again = bala.post(
        session_url(table, "hands/1/confirm/"),
        {"version": 1},
        format="json",
        HTTP_IDEMPOTENCY_KEY=key,
    )
    assert again.status_code == 200 and again.json()["answer"] == body["answer"]
    hand = bala.get(session_url(table, "hands/1/")).json()
    assert [a["verdict"] for a in hand["current"]["answers"]] == ["confirmed"]


def test_a_dispute_needs_a_reason_and_keeps_the_session_from_ending(table):
    chitra = phone(table, "Chitra")
    refused = chitra.post(
        session_url(table, "hands/1/dispute/"), {"version": 1, "reason": ""}, format="json"
    )
    assert refused.status_code == 400 and "Say what is wrong" in refused.json()["error"]["message"]
    disputed = chitra.post(
        session_url(table, "hands/1/dispute/"),
        {"version": 1, "reason": "I had 5"},
        format="json",
    )
    assert disputed.status_code == 201
    assert disputed.json()["session"]["disputed_hands"] == 1
    owner = with_token(owner_of(table.club))
    table.refresh_from_db()
    finish = owner.post(session_url(table, "finish/"), {"revision": table.revision}, format="json")
    assert finish.status_code == 400 and "disputed" in finish.json()["error"]["message"]


def test_an_answer_to_an_old_version_or_from_no_seat_is_refused(table):
    stale = phone(table, "Bala").post(
        session_url(table, "hands/1/confirm/"), {"version": 2}, format="json"
    )
    assert stale.status_code == 409 and stale.json()["error"]["code"] == "hand_changed"
    watcher = with_token(member(table.club, "watcher"))
    seatless = watcher.post(session_url(table, "hands/1/confirm/"), {"version": 1}, format="json")
    assert seatless.status_code == 400 and "no seat" in seatless.json()["error"]["message"]


def test_an_organiser_decides_a_dispute_by_correcting_it_and_others_may_not(table):
    phone(table, "Chitra").post(
        session_url(table, "hands/1/dispute/"), {"version": 1, "reason": "I had 5"}, format="json"
    )
    body = {
        "version": 1,
        "reason": "Counted again",
        "correction": {
            "seats": [seat(0, "won"), seat(1, "lost", penalty=20), seat(2, "lost", penalty=5)]
        },
    }
    refused = phone(table, "Bala").post(session_url(table, "hands/1/decide/"), body, format="json")
    assert refused.status_code == 403
    decided = with_token(owner_of(table.club)).post(
        session_url(table, "hands/1/decide/"), body, format="json"
    )
    assert decided.status_code == 201, decided.json()
    decision = decided.json()["decision"]
    assert (decision["outcome"], decision["version"], decision["result"]) == ("corrected", 1, 2)
    assert decided.json()["session"]["disputed_hands"] == 0
    hand = phone(table, "Asha").get(session_url(table, "hands/1/")).json()
    assert hand["current"]["version"] == 2
    assert hand["versions"][1]["decision"]["outcome"] == "corrected"
