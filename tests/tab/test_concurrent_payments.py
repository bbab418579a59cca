"""Posts of one payment racing each other, with one idempotency key, on the real database.

Only PostgreSQL lets two transactions insert at once, so only there does the key's unique
index decide between them; SQLite takes one writer at a time, so the race cannot happen
there. These run where DATABASE_URL is PostgreSQL, as .ci/run sets it: in CI (CI=true) a
SQLite run fails them instead of skipping.
"""

from __future__ import annotations

import os
import threading
import uuid

import pytest
from django.db import connection, connections

from tab.models import Payment, PaymentChange
from tests.api.helpers import club_url, with_token
from tests.factories import make_club, owner_of
from tests.tab.factories import money_session, player

pytestmark = pytest.mark.django_db(transaction=True)

POSTS = 8


@pytest.fixture(autouse=True)
def postgresql() -> None:
    if connection.vendor != "postgresql":
        message = "racing inserts need PostgreSQL (DATABASE_URL, as in CI)"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message, pytrace=False)
        pytest.skip(message)


def test_eight_posts_racing_with_one_key_store_one_payment_and_all_answer_it():
    club = make_club("Friday Club")
    money_session(club, stake=2, hands=[(0, {1: 20, 2: 5})])
    body = {"payer_id": player(club, "Bala").pk, "payee_id": player(club, "Asha").pk}
    body |= {"amount": 40}
    key = str(uuid.uuid4())
    clients = [with_token(owner_of(club)) for _ in range(POSTS)]
    start = threading.Barrier(POSTS)
    answers: list[object] = [None] * POSTS

    def post(index: int) -> None:
        start.wait()
        try:
            answers[index] = clients[index].post(
                club_url(club, "tab/payments/"), body, format="json", HTTP_IDEMPOTENCY_KEY=key
            )
        except Exception as error:  # a 5xx raised through the test client counts as a failure
            answers[index] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=post, args=(i,)) for i in range(POSTS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)

    statuses = [getattr(a, "status_code", a) for a in answers]
    assert (statuses.count(201), statuses.count(200)) == (1, POSTS - 1), statuses
    assert len({a.json()["id"] for a in answers}) == 1
    assert Payment.objects.count() == 1
    assert PaymentChange.objects.count() == 1
