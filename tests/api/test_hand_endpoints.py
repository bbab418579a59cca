"""Recording and correcting hands through the API: the same services and rules as the
table screen, a repeated request stored once, a stale one refused with the session now."""

import uuid

import pytest

from clubs.roles import Role
from scoring.hand_entry import HandEntry, SeatEntry
from scoring.models import Hand, HandVersion
from scoring.selectors import session_board
from scoring.services import hands
from scoring.services.sessions import finish_session
from tests.api.helpers import anonymous, revision_of, seat, session_url, typed_hand, with_token
from tests.factories import (
    correct,
    make_club,
    make_session,
    member,
    record,
    typed_entry,
    void,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    return make_club("Quiet Club")


@pytest.fixture
def scorer(club):
    return member(club, "chitra", Role.SCORER)


@pytest.fixture
def session(club):
    return make_session(club, names=("Asha", "Bala", "Chitra", "Dev"), first_dealer=0)


def post_hand(client, session, body, **headers):
    return client.post(session_url(session, "hands/"), body, format="json", headers=headers)


def test_a_hand_recorded_through_the_api_has_the_ledger_the_service_gives(club, scorer):
    by_api = make_session(club, names=("Asha", "Bala", "Chitra", "Dev"))
    by_service = make_session(club, names=("Asha", "Bala", "Chitra", "Dev"))
    body = {
        "seats": [
            seat(0, "lost", penalty=35),
            seat(1, "won"),
            seat(2, "dropped", drop="first"),
            seat(3, "lost", penalty=80),
        ]
    }
    response = post_hand(with_token(scorer), by_api, body)
    assert response.status_code == 201, response.content
    entry = HandEntry(
        seats=(
            SeatEntry(0, "lost", penalty=35),
            SeatEntry(1, "won"),
            SeatEntry(2, "dropped", drop="first"),
            SeatEntry(3, "lost", penalty=80),
        )
    )
    record(by_service, entry)
    expected = HandVersion.objects.get(hand__session=by_service)
    stored = HandVersion.objects.get(hand__session=by_api)
    assert stored.ledger == expected.ledger
    assert stored.entry == expected.entry
    assert stored.created_by == scorer
    data = response.json()
    assert data["hand"]["number"] == 1
    assert data["hand"]["ledger"] == expected.ledger
    assert data["session"]["revision"] == 1
    totals = session_board(by_service).totals
    assert {s["position"]: s["total"] for s in data["session"]["seats"]} == totals


def test_a_repeat_with_the_same_idempotency_key_is_stored_once(session, scorer):
    client = with_token(scorer)
    key = str(uuid.uuid4())
    first = post_hand(
        client, session, typed_hand(0, {1: 20, 2: 5, 3: 9}), **{"Idempotency-Key": key}
    )
    again = post_hand(
        client, session, typed_hand(0, {1: 20, 2: 5, 3: 9}), **{"Idempotency-Key": key}
    )
    assert first.status_code == 201
    assert again.status_code == 200
    assert again.json()["hand"] == first.json()["hand"]
    assert Hand.objects.filter(session=session).count() == 1
    assert str(HandVersion.objects.get().client_key) == key


def test_the_body_client_key_works_as_the_header_does(session, scorer):
    client = with_token(scorer)
    body = typed_hand(0, {1: 20, 2: 5, 3: 9}, client_key=str(uuid.uuid4()))
    assert post_hand(client, session, body).status_code == 201
    # A retry after the first answer was lost, even from a now stale revision.
    body["revision"] = 0
    assert post_hand(client, session, body).status_code == 200
    assert Hand.objects.filter(session=session).count() == 1


def test_without_a_key_each_request_is_a_new_hand(session, scorer):
    client = with_token(scorer)
    post_hand(client, session, typed_hand(0, {1: 20, 2: 5, 3: 9}))
    post_hand(client, session, typed_hand(0, {1: 20, 2: 5, 3: 9}))
    assert Hand.objects.filter(session=session).count() == 2


def test_a_key_that_is_not_a_uuid_is_refused(session, scorer):
    response = post_hand(
        with_token(scorer), session, typed_hand(0, {1: 1, 2: 1, 3: 1}), **{"Idempotency-Key": "x"}
    )
    assert response.status_code == 400
    assert response.json()["error"]["message"].startswith("Idempotency-Key: Send a UUID")


def test_a_header_and_a_body_key_that_differ_are_refused(session, scorer):
    body = typed_hand(0, {1: 1, 2: 1, 3: 1}, client_key=str(uuid.uuid4()))
    response = post_hand(
        with_token(scorer), session, body, **{"Idempotency-Key": str(uuid.uuid4())}
    )
    assert response.status_code == 400
    assert response.json()["error"]["fields"]["client_key"]
    assert not Hand.objects.exists()


def test_a_key_used_in_another_session_is_refused(club, session, scorer):
    other = make_session(club, names=("Esha", "Farid"))
    key = str(uuid.uuid4())
    client = with_token(scorer)
    assert (
        post_hand(client, other, typed_hand(0, {1: 5}), **{"Idempotency-Key": key}).status_code
        == 201
    )
    response = post_hand(
        client, session, typed_hand(0, {1: 1, 2: 1, 3: 1}), **{"Idempotency-Key": key}
    )
    assert response.status_code == 400
    assert response.json()["error"]["field"] == "client_key"
    assert not Hand.objects.filter(session=session).exists()


def test_a_stale_revision_is_refused_with_the_session_as_it_is_now(session, scorer):
    record(session, typed_entry(0, {1: 20, 2: 5, 3: 9}))  # another scorer's hand
    body = typed_hand(1, {0: 10, 2: 10, 3: 10}, revision=0)
    response = post_hand(with_token(scorer), session, body)
    assert response.status_code == 409
    error = response.json()["error"]
    assert error["code"] == "stale_session"
    assert error["message"].startswith("Someone else changed this session a moment ago")
    assert error["session"]["revision"] == 1
    assert error["session"]["hands_counted"] == 1
    assert Hand.objects.filter(session=session).count() == 1


def test_the_current_revision_is_accepted(session, scorer):
    record(session, typed_entry(0, {1: 20, 2: 5, 3: 9}))
    body = typed_hand(1, {0: 10, 2: 10, 3: 10}, revision=revision_of(session))
    assert post_hand(with_token(scorer), session, body).status_code == 201


def test_a_hand_without_a_revision_is_added_however_busy_the_table_is(session, scorer, monkeypatch):
    # Before each attempt to store it, another scorer adds a hand: the table never waits.
    real_record = hands.record_hand

    def busy_table(**kwargs):
        session.refresh_from_db()
        real_record(
            session_id=session.pk,
            entry=typed_entry(0, {1: 20, 2: 5, 3: 9}),
            client_key=uuid.uuid4(),
            revision=session.revision,
            user=scorer,
        )
        return real_record(**kwargs)

    monkeypatch.setattr(hands, "record_hand", busy_table)
    response = post_hand(with_token(scorer), session, typed_hand(1, {0: 10, 2: 10, 3: 10}))

    assert response.status_code == 201
    assert response.json()["hand"]["number"] == Hand.objects.filter(session=session).count()


def test_an_ended_session_takes_no_more_hands(session, scorer):
    finish_session(session_id=session.pk, revision=0)
    response = post_hand(with_token(scorer), session, typed_hand(0, {1: 20, 2: 5, 3: 9}))
    assert response.status_code == 409
    error = response.json()["error"]
    assert error["code"] == "session_closed"
    assert error["message"] == "This session has ended, so no more hands can be added."
    assert error["session"]["status"] == "finished"
    assert not Hand.objects.exists()


def test_a_hand_the_rules_refuse_is_a_400_sentence_naming_the_seat(session, scorer):
    body = {
        "seats": [
            seat(0, "won"),
            seat(1, "won"),
            seat(2, "lost", penalty=5),
            seat(3, "lost", penalty=5),
        ]
    }
    response = post_hand(with_token(scorer), session, body)
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "bad_request"
    assert error["message"].endswith(".") and "won" in error["message"]
    assert set(error) >= {"code", "message", "field", "seat"}
    assert not Hand.objects.exists()


def test_a_hand_missing_a_seat_is_refused(session, scorer):
    response = post_hand(with_token(scorer), session, typed_hand(0, {1: 20, 2: 5}))
    assert response.status_code == 400
    assert response.json()["error"]["message"] == (
        "Every seat at the table needs a result for this hand."
    )


def test_a_malformed_seat_names_its_place_in_the_body(session, scorer):
    body = typed_hand(0, {1: 20, 2: 5, 3: 9})
    body["seats"][2]["result"] = "fled"
    response = post_hand(with_token(scorer), session, body)
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["message"] == 'seats[2].result: "fled" is not a valid choice.'
    assert error["fields"] == {"seats[2].result": ['"fled" is not a valid choice.']}


def test_a_body_that_is_not_json_is_a_sentence(session, scorer):
    response = with_token(scorer).post(
        session_url(session, "hands/"), "{not json", content_type="application/json"
    )
    assert response.status_code == 400
    assert response.json()["error"]["message"] == (
        "The request body is not valid JSON; fix it and retry."
    )


def test_a_member_cannot_record_a_hand(club, session):
    response = post_hand(
        with_token(member(club, "dev")), session, typed_hand(0, {1: 1, 2: 1, 3: 1})
    )
    assert response.status_code == 403
    assert response.json()["error"]["message"] == "This needs the scorer role in Quiet Club."
    assert not Hand.objects.exists()


def test_anonymous_callers_cannot_record_even_in_a_public_club():
    club = make_club("Open Club", is_public=True)
    session = make_session(club)
    response = post_hand(anonymous(), session, typed_hand(0, {1: 1, 2: 1}))
    assert response.status_code == 401
    assert not Hand.objects.exists()


def test_a_scorer_corrects_a_hand_with_a_reason(session, scorer):
    record(session, typed_entry(0, {1: 20, 2: 5, 3: 9}))
    body = typed_hand(0, {1: 25, 2: 5, 3: 9}, reason="Bala had 25")
    response = with_token(scorer).put(session_url(session, "hands/1/"), body, format="json")
    assert response.status_code == 200, response.content
    data = response.json()
    assert data["hand"]["version"] == 2
    assert data["hand"]["reason"] == "Bala had 25"
    assert data["hand"]["entry"]["seats"][1]["penalty"] == 25
    board = session_board(session)
    assert {s["position"]: s["total"] for s in data["session"]["seats"]} == board.totals
    assert HandVersion.objects.filter(hand__number=1).count() == 2


def test_a_correction_without_a_reason_is_refused(session, scorer):
    record(session, typed_entry(0, {1: 20, 2: 5, 3: 9}))
    body = typed_hand(0, {1: 25, 2: 5, 3: 9}, reason="  ")
    response = with_token(scorer).put(session_url(session, "hands/1/"), body, format="json")
    assert response.status_code == 400
    assert response.json()["error"] == {
        "code": "bad_request",
        "message": "Say why the hand is being changed.",
        "field": "reason",
        "seat": None,
    }


def test_a_correction_from_a_stale_revision_is_refused(session, scorer):
    record(session, typed_entry(0, {1: 20, 2: 5, 3: 9}))
    body = typed_hand(0, {1: 25, 2: 5, 3: 9}, reason="Bala had 25", revision=0)
    response = with_token(scorer).put(session_url(session, "hands/1/"), body, format="json")
    assert response.status_code == 409
    assert response.json()["error"]["session"]["revision"] == 1


def test_a_scorer_voids_a_hand(session, scorer):
    record(session, typed_entry(0, {1: 20, 2: 5, 3: 9}))
    response = with_token(scorer).post(
        session_url(session, "hands/1/void/"), {"reason": "Misdeal"}, format="json"
    )
    assert response.status_code == 200, response.content
    data = response.json()
    assert data["hand"]["status"] == "void"
    assert all(s["total"] == 0 for s in data["session"]["seats"])
    assert data["session"]["hands_counted"] == 1  # a void hand was still dealt


def test_voiding_needs_a_reason(session, scorer):
    record(session, typed_entry(0, {1: 20, 2: 5, 3: 9}))
    response = with_token(scorer).post(session_url(session, "hands/1/void/"), {}, format="json")
    assert response.status_code == 400
    assert response.json()["error"]["message"] == "reason: This field is required."


def test_a_scorer_undoes_the_last_hand(session, scorer):
    record(session, typed_entry(0, {1: 20, 2: 5, 3: 9}))
    record(session, typed_entry(1, {0: 20, 2: 5, 3: 9}))
    client = with_token(scorer)
    key = str(uuid.uuid4())
    response = client.post(
        session_url(session, "undo/"), {}, format="json", headers={"Idempotency-Key": key}
    )
    assert response.status_code == 200, response.content
    assert response.json()["hand"]["number"] == 2
    assert response.json()["hand"]["status"] == "removed"
    assert response.json()["session"]["hands_counted"] == 1
    # The same undo sent twice takes back one hand, not two.
    again = client.post(
        session_url(session, "undo/"), {}, format="json", headers={"Idempotency-Key": key}
    )
    assert again.status_code == 200
    assert len(session_board(session).rows) == 1


def test_undo_with_no_hands_is_a_sentence(session, scorer):
    response = with_token(scorer).post(session_url(session, "undo/"), {}, format="json")
    assert response.status_code == 400
    assert response.json()["error"]["message"] == "There is no hand to undo yet."


def test_a_scorer_ends_the_session_and_ending_it_again_changes_nothing(session, scorer):
    client = with_token(scorer)
    response = client.post(session_url(session, "finish/"), {"revision": 0}, format="json")
    assert response.status_code == 200
    assert response.json()["status"] == "finished"
    assert response.json()["next_dealer"] is None
    again = client.post(session_url(session, "finish/"), {"revision": 0}, format="json")
    assert again.status_code == 200
    assert again.json()["revision"] == response.json()["revision"]


def test_ending_from_a_stale_revision_is_refused(session, scorer):
    record(session, typed_entry(0, {1: 20, 2: 5, 3: 9}))
    response = with_token(scorer).post(
        session_url(session, "finish/"), {"revision": 0}, format="json"
    )
    assert response.status_code == 409
    assert response.json()["error"]["session"]["status"] == "active"


def test_a_member_cannot_correct_void_undo_or_end(club, session):
    record(session, typed_entry(0, {1: 20, 2: 5, 3: 9}))
    client = with_token(member(club, "dev"))
    body = typed_hand(0, {1: 25, 2: 5, 3: 9}, reason="x")
    assert client.put(session_url(session, "hands/1/"), body, format="json").status_code == 403
    assert (
        client.post(
            session_url(session, "hands/1/void/"), {"reason": "x"}, format="json"
        ).status_code
        == 403
    )
    assert client.post(session_url(session, "undo/"), {}, format="json").status_code == 403
    assert client.post(session_url(session, "finish/"), {}, format="json").status_code == 403
    assert HandVersion.objects.count() == 1


def test_the_hand_list_pages_filters_and_orders_with_running_totals(club, session):
    for n in range(5):
        record(session, typed_entry(n % 4, {p: 10 for p in range(4) if p != n % 4}))
    void(session, 2, reason="Misdeal")
    client = with_token(member(club, "dev"))
    url = session_url(session, "hands/")
    data = client.get(url, {"page_size": 2}).json()
    assert data["count"] == 5
    assert [h["number"] for h in data["results"]] == [1, 2]
    board = session_board(session)
    assert data["results"][1]["running"] == {str(p): v for p, v in board.rows[1].running.items()}
    assert [h["number"] for h in client.get(url, {"status": "void"}).json()["results"]] == [2]
    assert [h["number"] for h in client.get(url, {"dealer": 0}).json()["results"]] == [1, 5]
    newest = client.get(url, {"ordering": "-number", "page_size": 2}).json()["results"]
    assert [(h["number"], h["shown_number"]) for h in newest] == [(5, 5), (4, 4)]


def test_undone_hands_are_not_listed(club, session, scorer):
    record(session, typed_entry(0, {1: 20, 2: 5, 3: 9}))
    record(session, typed_entry(1, {0: 20, 2: 5, 3: 9}))
    with_token(scorer).post(session_url(session, "undo/"), {}, format="json")
    data = with_token(scorer).get(session_url(session, "hands/")).json()
    assert [h["number"] for h in data["results"]] == [1]


def test_a_hand_shows_every_version_with_who_when_and_why(club, session, scorer):
    record(session, typed_entry(0, {1: 20, 2: 5, 3: 9}), user=scorer)
    correct(session, 1, typed_entry(0, {1: 25, 2: 5, 3: 9}), reason="Bala had 25", user=scorer)
    data = with_token(member(club, "dev")).get(session_url(session, "hands/1/")).json()
    assert data["number"] == 1 and data["shown_number"] == 1
    assert data["current"]["version"] == 2 and data["current"]["is_current"] is True
    assert [(v["version"], v["reason"]) for v in data["versions"]] == [
        (2, "Bala had 25"),
        (1, ""),
    ]
    assert data["versions"][0]["created_by"] == "chitra"
    assert data["versions"][1]["entry"]["seats"][1]["penalty"] == 20


def test_a_hand_that_does_not_exist_is_not_found(session, scorer):
    response = with_token(scorer).get(session_url(session, "hands/9/"))
    assert response.status_code == 404
