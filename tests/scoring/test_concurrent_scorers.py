"""Two scorers (or one double tap) at the same moment, on the real database.

These need PostgreSQL's row locks: SQLite serialises whole transactions differently, so
they run where DATABASE_URL is PostgreSQL, as it is in CI.
"""

from __future__ import annotations

import threading
import uuid

import pytest
from django.db import connection, connections

from scoring.errors import StaleSession
from scoring.models import Hand
from scoring.services import hands
from tests.factories import make_club, make_session, typed_entry

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="row locks are tested on PostgreSQL (CI)"
    ),
]


def _race(calls):
    """Run the calls in threads released together; return what each returned or raised."""
    start = threading.Barrier(len(calls))
    outcomes: list[object] = [None] * len(calls)

    def run(index, call):
        start.wait()
        try:
            outcomes[index] = call()
        except Exception as error:  # the outcome under test may be an exception
            outcomes[index] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return outcomes


def test_two_scorers_saving_at_once_never_overwrite_each_other():
    session = make_session(make_club())
    user = session.created_by

    def save(winner):
        return lambda: hands.record_hand(
            session_id=session.pk,
            entry=typed_entry(winner, {p: 10 for p in range(3) if p != winner}, wild="7H"),
            client_key=uuid.uuid4(),
            revision=0,
            user=user,
        )

    outcomes = _race([save(0), save(1)])

    assert sum(isinstance(o, StaleSession) for o in outcomes) == 1
    assert Hand.objects.filter(session=session).count() == 1


def test_a_double_tap_arriving_twice_at_once_is_stored_once():
    session = make_session(make_club())
    key = uuid.uuid4()

    def save():
        return hands.record_hand(
            session_id=session.pk,
            entry=typed_entry(0, {1: 10, 2: 10}, wild="7H"),
            client_key=key,
            revision=0,
            user=session.created_by,
        )

    outcomes = _race([save, save])

    assert not any(isinstance(o, Exception) for o in outcomes), outcomes
    assert outcomes[0].pk == outcomes[1].pk
    assert Hand.objects.filter(session=session).count() == 1
