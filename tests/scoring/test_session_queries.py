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
