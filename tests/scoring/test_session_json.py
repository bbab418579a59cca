"""The session screen's JSON contract (docs/session-screen.md): what its scripts are told
when they save a hand or ask for news, and the state the page carries for them."""

from __future__ import annotations

import json
import uuid

import pytest
from django.test import Client

from scoring.display import sessions as display
from scoring.models import HandVersion
from scoring.selectors import session_board
from scoring.services import sessions
from tests.factories import make_club, make_session, member, record, typed_entry
from tests.scoring.factories import logged_in, panel_post, scorer_of, session_url

pytestmark = pytest.mark.django_db

JSON = {"HTTP_ACCEPT": "application/json"}


@pytest.fixture
def session():
    return make_session(make_club("Tuesday Club"))  # Asha, Bala, Chitra; indian13


@pytest.fixture
def client(session) -> Client:
    return logged_in(scorer_of(session.club))


def save(client: Client, data: dict):
    session_id = data.pop("_session")
    return client.post(session_url("hand-record", session_id), data, **JSON)


def hand(session, winner: int = 0, **points: str) -> dict:
    seats = {winner: {"how": "won"}} | {int(seat[1:]): {"points": p} for seat, p in points.items()}
    return panel_post(session, seats, wild="10C") | {"_session": session}


def test_a_stored_hand_answers_stored_with_the_session_as_it_is_now(session, client):
    response = save(client, hand(session, 0, s1="20", s2="30"))
    assert response.status_code == 201
    assert response["Content-Type"] == "application/json"
    assert "Accept" in response["Vary"]
    body = response.json()
    assert body["outcome"] == "stored"
    assert body["number"] == 1
    state = body["session"]
    session.refresh_from_db()
    assert state["revision"] == session.revision
    assert state["hands_dealt"] == 1
    board = session_board(session)
    assert [tile["shown"] for tile in state["tiles"]] == [
        tile.shown for tile in display.seat_totals(board)
    ]
    assert [tile["name"] for tile in state["tiles"] if tile["leader"]] == ["Asha"]
    cells = state["rows"][0]["cells"]
    assert [(cell["won"], cell["paid"], cell["dealt"]) for cell in cells] == [
        (True, False, True),
        (False, True, False),
        (False, True, False),
    ]


def test_the_same_hand_sent_twice_is_stored_once_and_answered_stored_both_times(session, client):
    data = hand(session, 0, s1="20", s2="30")
    first = save(client, dict(data))
    again = save(client, dict(data))
    assert (first.status_code, again.status_code) == (201, 201)
    assert again.json()["outcome"] == "stored"
    assert HandVersion.objects.filter(hand__session=session).count() == 1


def test_a_hand_from_a_stale_screen_is_a_409_with_the_code_and_the_new_state(session, client):
    data = hand(session, 0, s1="20", s2="30")
    record(session, typed_entry(1, {0: 5, 2: 5}))  # another phone's, first
    response = save(client, data)
    assert response.status_code == 409
    body = response.json()
    assert (body["outcome"], body["code"]) == ("stale", "stale_session")
    assert body["detail"]
    assert body["session"]["hands_dealt"] == 1
    assert HandVersion.objects.filter(hand__session=session).count() == 1


def test_a_hand_for_an_ended_session_is_a_409_session_closed(session, client):
    data = hand(session, 0, s1="20", s2="30")
    session.refresh_from_db()
    sessions.finish_session(session_id=session.pk, revision=session.revision)
    session.refresh_from_db()
    data["revision"] = str(session.revision)
    body = save(client, data).json()
    assert (body["outcome"], body["code"]) == ("closed", "session_closed")
    assert body["session"]["active"] is False
    assert body["session"]["deal"] is None


def test_a_refused_hand_names_the_seat_each_sentence_is_about(session, client):
    response = save(client, hand(session, 0, s1="20", s2=""))
    assert response.status_code == 400
    body = response.json()
    assert (body["outcome"], body["code"]) == ("refused", "bad_request")
    seats = [error["seat"] for error in body["errors"]]
    assert seats == [2]
    assert "Chitra" in body["errors"][0]["message"]
    assert body["detail"] == body["errors"][0]["message"]


def test_a_refusal_about_the_hand_names_its_field(session, client):
    seats = {0: {"points": "3"}, 1: {"points": "20"}, 2: {"points": "5"}}
    data = panel_post(session, seats, wild="10C")
    body = save(client, data | {"_session": session}).json()
    assert [(error["field"], error["seat"]) for error in body["errors"]] == [("winner", None)]


def test_a_form_post_without_json_still_gets_the_page(session, client):
    data = hand(session, 0, s1="20", s2="30")
    data.pop("_session")
    response = client.post(session_url("hand-record", session), data)
    assert response.status_code == 302


def test_a_live_refresh_in_json_is_204_while_nothing_changed_then_the_state(session):
    client = logged_in(member(session.club, "dev"))
    url = session_url("session-live", session)
    assert client.get(url, {"revision": session.revision}, **JSON).status_code == 204
    record(session, typed_entry(1, {0: 20, 2: 30}))
    response = client.get(url, {"revision": session.revision}, **JSON)
    assert response.status_code == 200
    state = response.json()["session"]
    assert state["hands_dealt"] == 1
    # A watcher who cannot change hands gets no addresses to change them.
    assert state["rows"][0]["edit_url"] is None
    assert state["rows"][0]["history_url"]


def test_the_page_carries_the_state_its_scripts_draw_from(session, client):
    record(session, typed_entry(1, {0: 20, 2: 30}))
    page = client.get(session_url("session-detail", session)).content.decode()
    start = page.index('<script id="session-state" type="application/json">')
    text = page[page.index(">", start) + 1 : page.index("</script>", start)]
    state = json.loads(text)
    session.refresh_from_db()
    assert state["revision"] == session.revision
    assert state["rows"][0]["edit_url"].endswith("/hands/1/edit/")


def test_the_deal_ahead_goes_round_the_table_as_the_server_then_deals_it(session):
    client = logged_in(member(session.club, "dev"))
    url = session_url("session-live", session)
    deal = client.get(url, {"revision": -1}, **JSON).json()["session"]["deal"]
    foreseen = [deal["order"][ahead % len(deal["order"])] for ahead in range(4)]
    dealt = []
    for number in range(4):
        session.refresh_from_db()
        dealt.append(session_board(session).next_dealer)
        record(session, typed_entry(number % 3, {p: 5 for p in range(3) if p != number % 3}))
    # What the phone shows for hands waiting is what the server then deals.
    assert foreseen == dealt
    assert len(set(dealt[:3])) == 3
    assert deal["hand"] == "Hand %(number)s"
    assert deal["first_line"] == "%(name)s plays first · counter-clockwise"
    assert deal["left"] is None


def test_a_session_of_a_set_number_of_hands_says_how_many_are_left():
    session = make_session(make_club("Tuesday Club"), ending="hands", ending_target=3)
    client = logged_in(member(session.club, "dev"))
    url = session_url("session-live", session)
    deal = client.get(url, {"revision": -1}, **JSON).json()["session"]["deal"]
    assert (deal["hand"], deal["left"]) == ("Hand %(number)s of 3", 3)
    record(session, typed_entry(0, {1: 5, 2: 5}))
    assert client.get(url, {"revision": -1}, **JSON).json()["session"]["deal"]["left"] == 2


def test_a_name_is_only_ever_text_in_the_dealers_sentence():
    session = make_session(make_club("Tuesday Club"), names=("<b>Asha</b>", "Bala", "Chitra"))
    client = logged_in(member(session.club, "dev"))
    state = client.get(session_url("session-live", session), {"revision": -1}, **JSON).json()
    line = state["session"]["deal"]["dealer_line"]
    assert line == [{"text": "%(name)s", "strong": True}, {"text": " deals", "strong": False}]
    names = {tile["name"] for tile in state["session"]["tiles"]}
    assert "<b>Asha</b>" in names


def test_an_unknown_client_key_is_never_taken_from_the_answer(session, client):
    # The key the phone sent is the hand's: a new key is a new hand.
    data = hand(session, 0, s1="20", s2="30")
    data["client_key"] = str(uuid.uuid4())
    assert save(client, data).json()["number"] == 1


def played(session, hands: int) -> None:
    for number in range(hands):
        winner = number % 3
        record(session, typed_entry(winner, {p: 5 for p in range(3) if p != winner}))


def page_state(page: str) -> dict:
    start = page.index('<script id="session-state" type="application/json">')
    return json.loads(page[page.index(">", start) + 1 : page.index("</script>", start)])


def test_a_long_evening_shows_its_last_hands_and_every_hand_is_one_tap_away(session, client):
    played(session, 25)
    page = client.get(session_url("session-detail", session)).content.decode()
    shown = {number for number in range(1, 26) if f"/hands/{number}/history/" in page}
    assert shown == set(range(6, 26))
    assert "Show all 25 hands" in page
    state = page_state(page)
    assert [row["shown_number"] for row in state["rows"]] == list(range(6, 26))
    assert state["earlier"]["text"] == "Show all 25 hands"
    assert state["earlier"]["url"].endswith("?hands=all#hands-title")

    every = client.get(session_url("session-detail", session), {"hands": "all"}).content.decode()
    assert all(f"/hands/{number}/history/" in every for number in range(1, 26))
    assert "Show all" not in every
    assert page_state(every)["earlier"] is None


def test_a_screen_showing_every_hand_is_refreshed_with_every_hand(session):
    played(session, 22)
    client = logged_in(member(session.club, "dev"))
    url = session_url("session-live", session)
    recent = client.get(url, {"revision": -1}, **JSON).json()["session"]
    every = client.get(url, {"revision": -1, "hands": "all"}, **JSON).json()["session"]
    assert (len(recent["rows"]), len(every["rows"])) == (20, 22)
    assert recent["hands_dealt"] == every["hands_dealt"] == 22


def live_json(client: Client, session, revision) -> dict:
    response = client.get(session_url("session-live", session), {"revision": revision}, **JSON)
    return response.json()["session"]


def test_a_watching_phone_is_sent_only_the_hand_that_arrived_in_a_few_kilobytes():
    session = make_session(
        make_club("Tuesday Club"), names=("Asha", "Bala", "Chitra", "Devendra", "Esha", "Farid")
    )
    for number in range(8):
        record(session, typed_entry(number % 6, {p: 9 for p in range(6) if p != number % 6}))
    client = logged_in(member(session.club, "dev"))
    session.refresh_from_db()
    seen = session.revision
    record(session, typed_entry(2, {p: 7 for p in range(6) if p != 2}))
    response = client.get(session_url("session-live", session), {"revision": seen}, **JSON)
    change = response.json()["session"]
    assert change["since"] == seen
    assert [row["shown_number"] for row in change["rows"]] == [9]
    assert change["removed"] == []
    assert "words" not in change
    assert change["hands_dealt"] == 9
    assert len(response.content) < 3000, len(response.content)


def test_a_correction_and_an_undo_since_are_sent_as_such(session):
    played(session, 3)
    client = logged_in(member(session.club, "dev"))
    session.refresh_from_db()
    seen = session.revision
    from tests.factories import correct, undo

    correct(session, 2, typed_entry(1, {0: 40, 2: 5}), reason="40, not 4")
    change = live_json(client, session, seen)
    assert [(row["shown_number"], row["edited"]) for row in change["rows"]] == [(2, True)]
    undo(session)
    change = live_json(client, session, seen)
    assert [row["shown_number"] for row in change["rows"]] == [2]
    assert change["removed"] == [3]


def test_a_phone_that_asks_for_the_whole_state_gets_it(session):
    played(session, 2)
    client = logged_in(member(session.club, "dev"))
    whole = live_json(client, session, "whole")
    assert "since" not in whole
    assert len(whole["rows"]) == 2
    assert whole["words"]["total"] == "Total"


def test_a_stored_hand_answers_only_what_changed_since_it_was_saved(session, client):
    played(session, 4)
    response = save(client, hand(session, 0, s1="20", s2="30"))
    change = response.json()["session"]
    assert [row["shown_number"] for row in change["rows"]] == [5]
    assert change["since"] == change["revision"] - 1
