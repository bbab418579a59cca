"""The session screen costs the same number of queries however many hands it has."""

from __future__ import annotations

import uuid

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scoring.services import hands
from tests.scoring.factories import (
    logged_in,
    make_club,
    make_session,
    record,
    scorer_of,
    session_url,
    typed_entry,
)

pytestmark = pytest.mark.django_db


def screen_queries(client, session) -> int:
    with CaptureQueriesContext(connection) as queries:
        response = client.get(session_url("session-detail", session))
    assert response.status_code == 200
    return len(queries)


def test_the_session_screen_renders_in_a_constant_number_of_queries():
    club = make_club("Tuesday Club")
    client = logged_in(scorer_of(club))
    short = make_session(club, names=("Asha", "Bala", "Chitra"))
    long = make_session(club, names=("Dev", "Esha", "Farah"))
    record(short, typed_entry(0, {1: 20, 2: 5}))
    for number in range(30):
        winner = number % 3
        record(long, typed_entry(winner, {p: 7 for p in range(3) if p != winner}))
    # Corrected and void hands have several versions: they must not add queries either.
    for number, change in ((3, hands.correct_hand), (5, hands.void_hand)):
        long.refresh_from_db()
        extra = {"entry": typed_entry(1, {0: 9, 2: 9})} if change is hands.correct_hand else {}
        change(
            session_id=long.pk,
            number=number,
            client_key=uuid.uuid4(),
            revision=long.revision,
            user=long.created_by,
            reason="A mistake",
            **extra,
        )

    assert long.hands.count() == 30
    assert screen_queries(client, short) == screen_queries(client, long)


# One recorded hand on a session of ten: the hand POST (its answer is a redirect). With the
# board built three times (the view, record_hand, save_change) it cost 26 queries, on SQLite
# and PostgreSQL alike; built once by the write and carried into save_change, 23.
ONE_HAND_QUERIES = 23


def ten_hands():
    """A scorer's client, and a session of three with ten hands recorded."""
    club = make_club("Tuesday Club")
    client = logged_in(scorer_of(club))
    session = make_session(club, names=("Asha", "Bala", "Chitra"))
    for number in range(10):
        winner = number % 3
        record(session, typed_entry(winner, {p: 7 for p in range(3) if p != winner}))
    return client, session


def hand_post_queries(client, session) -> int:
    from tests.scoring.factories import panel_post

    post = panel_post(session, {0: {"how": "won"}, 1: {"points": "5"}, 2: {"points": "5"}})
    with CaptureQueriesContext(connection) as queries:
        response = client.post(session_url("hand-record", session), post)
    assert response.status_code == 302
    return len(queries)


def test_recording_one_hand_on_a_session_of_ten_reads_the_board_once_in_the_service():
    client, session = ten_hands()
    counted = hand_post_queries(client, session)
    assert counted <= ONE_HAND_QUERIES


@pytest.mark.parametrize("void", [False, True])
def test_the_board_carried_past_a_new_hand_is_the_board_read_afresh(void):
    from scoring.selectors import board_with_hand, session_board

    session = make_session(make_club("Tuesday Club"), names=("Asha", "Bala", "Chitra"))
    record(session, typed_entry(0, {1: 20, 2: 5}))
    before = session_board(session)
    version = record(session, typed_entry(1, {0: 12, 2: 30}, void=void))
    carried, read = board_with_hand(before, version), session_board(session)
    assert (carried.rows, carried.totals, carried.last_number, carried.transfers) == (
        read.rows,
        read.totals,
        read.last_number,
        read.transfers,
    )
    assert carried.next_dealer == read.next_dealer
    # What a watching phone lacks is read from the board: the new hand, at its revision.
    assert carried.made_at == read.made_at
    assert read.changed_since(version.revision - 1) == {2: version.status}
    assert read.changed_since(version.revision) == {}


# The session screen's script saves in JSON and gets what changed back in the same answer,
# from the board the service built to write the hand: 18 queries in one round trip (28
# while the answer read the board again; 24 while the pending mark took three and the view
# read a board only to name the seats).
ONE_HAND_JSON_QUERIES = 18


def test_a_hand_saved_in_json_answers_the_new_board_in_the_same_round_trip():
    from tests.scoring.factories import panel_post

    client, session = ten_hands()
    post = panel_post(session, {0: {"how": "won"}, 1: {"points": "5"}, 2: {"points": "5"}})
    with CaptureQueriesContext(connection) as queries:
        response = client.post(
            session_url("hand-record", session), post, HTTP_ACCEPT="application/json"
        )
    assert response.status_code == 201
    assert response.json()["session"]["hands_dealt"] == 11
    assert len(queries) <= ONE_HAND_JSON_QUERIES
