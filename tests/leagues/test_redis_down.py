"""With Redis down, a change whose transaction committed answers success, on the web and in
the API, and its standings update waits as pending until a worker applies it.

Redis down is both of its doors failing: the cache is a Redis nobody listens on (read,
written and given up through common.cache), and queueing a task raises the broker's
connection error. Transactional tests: the queueing runs when the change really commits.
"""

from __future__ import annotations

import uuid
from unittest import mock

import pytest
from kombu.exceptions import OperationalError

from leagues.models import PendingUpdate
from leagues.tasks import apply_session_task
from scoring.models import Hand, HandVersion
from tests.api.helpers import session_url as api_url
from tests.api.helpers import typed_hand, with_token
from tests.factories import make_club, make_session, record, typed_entry
from tests.scoring.factories import logged_in, panel_post, scorer_of
from tests.scoring.factories import session_url as web_url

pytestmark = pytest.mark.django_db(transaction=True)

NOBODY_LISTENS = "redis://127.0.0.1:1/0"


@pytest.fixture
def redis_down(settings):
    settings.CACHES = {
        "default": {"BACKEND": "common.cache.RedisCache", "LOCATION": NOBODY_LISTENS}
    }
    refused = OperationalError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")
    with mock.patch.object(apply_session_task, "apply_async", side_effect=refused) as queued:
        yield queued


@pytest.fixture
def broker_down(settings):
    """The cache still answers but the broker does not (Redis went between the two)."""
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    refused = OperationalError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")
    with mock.patch.object(apply_session_task, "apply_async", side_effect=refused) as queued:
        yield queued


@pytest.fixture
def club():
    return make_club("Hill Club")


@pytest.fixture
def scorer(club):
    return scorer_of(club)


@pytest.fixture
def session(club):
    return make_session(club)  # Asha, Bala, Chitra


def _fresh(session):
    session.refresh_from_db()
    return session


def _web_hand(scorer, session):
    data = panel_post(session, {0: {"how": "won"}, 1: {"points": "20"}, 2: {"points": "35"}})
    return logged_in(scorer).post(web_url("hand-record", session), data)


def _web_correction(scorer, session):
    data = panel_post(
        session,
        {0: {"how": "won"}, 1: {"points": "40"}, 2: {"points": "5"}},
        reason="Bala had 40",
    )
    return logged_in(scorer).post(web_url("hand-edit", session, number=1), data)


def _web_void(scorer, session):
    data = {"client_key": str(uuid.uuid4()), "revision": _fresh(session).revision, "reason": "x"}
    return logged_in(scorer).post(web_url("hand-void", session, number=1), data)


def _web_undo(scorer, session):
    data = {"client_key": str(uuid.uuid4()), "revision": _fresh(session).revision}
    return logged_in(scorer).post(web_url("hand-undo", session), data)


def _web_finish(scorer, session):
    data = {"revision": _fresh(session).revision}
    return logged_in(scorer).post(web_url("session-finish", session), data)


def _api_hand(scorer, session):
    return with_token(scorer).post(
        api_url(session, "hands/"), typed_hand(0, {1: 20, 2: 35}), format="json"
    )


def _api_correction(scorer, session):
    body = typed_hand(0, {1: 40, 2: 5}, reason="Bala had 40")
    return with_token(scorer).put(api_url(session, "hands/1/"), body, format="json")


def _api_void(scorer, session):
    body = {"reason": "Misdeal"}
    return with_token(scorer).post(api_url(session, "hands/1/void/"), body, format="json")


def _api_undo(scorer, session):
    return with_token(scorer).post(api_url(session, "undo/"), {}, format="json")


def _api_finish(scorer, session):
    body = {"revision": _fresh(session).revision}
    return with_token(scorer).post(api_url(session, "finish/"), body, format="json")


CHANGES = {
    "web hand": (_web_hand, 302),
    "web correction": (_web_correction, 302),
    "web void": (_web_void, 302),
    "web undo": (_web_undo, 302),
    "web finish": (_web_finish, 302),
    "api hand": (_api_hand, 201),
    "api correction": (_api_correction, 200),
    "api void": (_api_void, 200),
    "api undo": (_api_undo, 200),
    "api finish": (_api_finish, 200),
}


@pytest.mark.parametrize("down", ["redis_down", "broker_down"])
@pytest.mark.parametrize("change", CHANGES)
def test_a_change_saved_while_redis_is_down_answers_success_and_waits_as_pending(
    request, change, down, scorer, session
):
    record(session, typed_entry(0, {1: 4, 2: 5}))  # hand 1, for the corrections and undo
    PendingUpdate.objects.all().delete()
    versions = HandVersion.objects.count()
    queued = request.getfixturevalue(down)

    make, status = CHANGES[change]
    response = make(scorer, session)

    assert response.status_code == status, response.content
    assert PendingUpdate.objects.filter(session=session).exists()
    if change.endswith("finish"):
        assert _fresh(session).finished_at is not None
    else:
        assert HandVersion.objects.count() == versions + 1
    if down == "broker_down":
        assert queued.called  # it tried, failed, and said nothing to the scorer


def test_a_hand_saved_while_redis_was_down_is_applied_by_the_next_sweep(redis_down, session):
    from leagues.tasks import sweep_pending_task

    record(session, typed_entry(0, {1: 20, 2: 35}))
    assert Hand.objects.filter(session=session).count() == 1
    assert PendingUpdate.objects.filter(session=session).exists()

    # What a worker reconnecting to Redis runs (config/celery.py).
    assert sweep_pending_task(older_than_seconds=0) == 1
    assert not PendingUpdate.objects.exists()
