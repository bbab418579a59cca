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
from scoring.models import Hand, HandVersion
from scoring.services import hands
from tests.factories import make_club, make_session, owner_of, typed_entry

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


def _busy_evening(club, sessions, *, scorers_per_session: int, hands_each: int):
    """Scorers of one club post hands to several sessions at once through the API, without a
    revision, each hand sent twice with its key, while standings updates run beside them."""
    from leagues.services.updates import apply_session
    from tests.api.helpers import session_url, typed_hand, with_token

    user = owner_of(club)
    statuses: list[int] = []
    failures: list[object] = []
    keys: dict[int, set[str]] = {session.pk: set() for session in sessions}
    lock = threading.Lock()
    start = threading.Barrier(len(sessions) * (scorers_per_session + 1))

    def scorer(session):
        client = with_token(user)
        start.wait()
        try:
            for number in range(hands_each):
                key = str(uuid.uuid4())
                body = typed_hand(number % 3, {p: 10 for p in range(3) if p != number % 3})
                body["wild"] = "7H"
                for _ in range(2):  # the answer was lost: the phone sends it again
                    answer = client.post(
                        session_url(session, "hands/"),
                        body,
                        format="json",
                        HTTP_IDEMPOTENCY_KEY=key,
                    )
                    with lock:
                        statuses.append(answer.status_code)
                with lock:
                    keys[session.pk].add(key)
        except Exception as error:  # counted and shown below
            failures.append(error)
        finally:
            connections.close_all()

    def standings(session):
        start.wait()
        try:
            for _ in range(hands_each):
                apply_session(session.pk)
        except Exception as error:  # a deadlock in an update is a failure too
            failures.append(error)
        finally:
            connections.close_all()

    threads = [
        threading.Thread(target=scorer, args=(s,))
        for s in sessions
        for _ in range(scorers_per_session)
    ] + [threading.Thread(target=standings, args=(s,)) for s in sessions]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return statuses, failures, keys


def test_scorers_of_one_club_at_several_tables_never_deadlock_lose_or_double_a_hand():
    club = make_club()
    sessions = [make_session(club) for _ in range(4)]

    statuses, failures, keys = _busy_evening(club, sessions, scorers_per_session=2, hands_each=6)

    assert failures == []
    assert 500 not in statuses
    # Each hand's first post stores it (201) and the repeat answers it (200).
    assert statuses.count(201) == statuses.count(200) == 4 * 2 * 6
    for session in sessions:
        stored = {
            str(k)
            for k in HandVersion.objects.filter(hand__session=session).values_list(
                "client_key", flat=True
            )
        }
        assert stored == keys[session.pk]
        assert Hand.objects.filter(session=session).count() == 2 * 6


def test_the_same_key_sent_twice_at_once_answers_201_then_200():
    from tests.api.helpers import session_url, typed_hand, with_token

    session = make_session(make_club())
    key = str(uuid.uuid4())
    body = typed_hand(0, {1: 10, 2: 10}, wild="7H")

    def post():
        client = with_token(session.created_by)
        return client.post(
            session_url(session, "hands/"), body, format="json", HTTP_IDEMPOTENCY_KEY=key
        ).status_code

    outcomes = _race([post, post, post])

    assert sorted(outcomes) == [200, 200, 201]
    assert Hand.objects.filter(session=session).count() == 1
