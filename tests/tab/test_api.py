"""The tab's endpoints: balances and who owes whom, payments, recording and removing."""

from __future__ import annotations

import datetime
import uuid

import pytest

from clubs.roles import Role
from scoring.selectors import kept_histories
from tab import services
from tab.models import Payment
from tests.api.helpers import anonymous, club_url, with_token
from tests.factories import make_club, member, owner_of
from tests.tab.factories import money_session, pay, played_as, player

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    club = make_club("Friday Club")
    money_session(club, stake=2, hands=[(0, {1: 20, 2: 5})])
    return club


def test_a_member_reads_the_balances_and_who_owes_whom(club):
    pay(club, "Bala", "Asha", 30)
    body = with_token(member(club, "ravi")).get(club_url(club, "tab/")).json()
    assert body["sessions_counted"] == 1 and body["stakes"] == [2]
    assert [(b["player"]["name"], b["balance"]) for b in body["balances"]] == [
        ("Asha", 20),
        ("Bala", -10),
        ("Chitra", -10),
    ]
    asha = body["balances"][0]
    assert (asha["from_sessions"], asha["paid"], asha["received"]) == (50, 0, 30)
    assert asha["by_stake"] == [{"stake": 2, "sessions": 1, "net": 50}]
    assert sorted((o["payer"]["name"], o["payee"]["name"], o["amount"]) for o in body["owed"]) == [
        ("Bala", "Asha", 10),
        ("Chitra", "Asha", 10),
    ]
    assert body["payments_url"].endswith(club_url(club, "tab/payments/"))
    assert body["web_url"].endswith(f"/clubs/{club.slug}/tab/")


def test_the_tab_is_for_members_even_of_a_public_club(club):
    public = make_club("Open Club", is_public=True)
    answer = anonymous().get(club_url(public, "tab/"))
    assert answer.status_code == 403
    assert answer.json()["error"]["message"] == "This needs the member role in Open Club."
    assert anonymous().get(club_url(club, "tab/")).status_code == 404


def test_the_tab_costs_the_same_queries_however_many_sessions(
    club, django_assert_num_queries, django_assert_max_num_queries
):
    client = with_token(member(club, "ravi"))
    client.get(club_url(club, "tab/"))  # the token's first use
    # Token and user, club and role, then the tab's five (fewer with no session to read).
    with django_assert_max_num_queries(7):
        client.get(club_url(club, "tab/"))
    for stake in (1, 3, 5):
        money_session(club, stake=stake, hands=[(1, {0: 10, 2: 3})])
    kept_histories.clear()  # read cold, as the first one was (scoring/history_store.py)
    with django_assert_num_queries(7):
        assert client.get(club_url(club, "tab/")).json()["sessions_counted"] == 4


def test_the_payer_records_a_payment_dated_today_by_default(club):
    client = with_token(played_as(club, "Bala", "bala"))
    body = {"payer_id": player(club, "Bala").pk, "payee_id": player(club, "Asha").pk}
    answer = client.post(club_url(club, "tab/payments/"), {**body, "amount": 40}, format="json")
    assert answer.status_code == 201
    payment = answer.json()
    assert answer["Location"] == payment["url"]
    assert payment["paid_on"] == services.club_today(club).isoformat()
    assert (payment["payer"]["name"], payment["payee"]["name"], payment["amount"]) == (
        "Bala",
        "Asha",
        40,
    )
    assert payment["created_by"] == "bala" and payment["removed"] is False
    assert [line["action"] for line in payment["history"]] == ["recorded"]


def test_refusals_answer_their_sentence(club):
    client = with_token(played_as(club, "Chitra", "chitra", Role.SCORER))
    body = {"payer_id": player(club, "Bala").pk, "payee_id": player(club, "Asha").pk}
    refused = client.post(club_url(club, "tab/payments/"), {**body, "amount": 40}, format="json")
    assert refused.status_code == 403
    assert refused.json()["error"]["message"] == (
        "Only an organiser, Bala or Asha may record a payment between Bala and Asha."
    )
    organiser = with_token(owner_of(club))
    zero = organiser.post(club_url(club, "tab/payments/"), {**body, "amount": 0}, format="json")
    assert zero.status_code == 400
    assert zero.json()["error"]["field"] == "amount"
    later = (services.club_today(club) + datetime.timedelta(days=3)).isoformat()
    future = organiser.post(
        club_url(club, "tab/payments/"), {**body, "amount": 5, "paid_on": later}, format="json"
    )
    assert future.status_code == 400 and future.json()["error"]["field"] == "paid_on"
    assert anonymous().post(club_url(club, "tab/payments/"), body, format="json").status_code in (
        401,
        404,
    )


def test_the_payments_list_leaves_out_removed_ones_unless_asked(club):
    pay(club, "Bala", "Asha", 30)
    gone = pay(club, "Chitra", "Asha", 10)
    services.remove_payment(club=club, by=owner_of(club), payment_id=gone.pk)
    client = with_token(member(club, "ravi"))
    listed = client.get(club_url(club, "tab/payments/")).json()
    assert [p["amount"] for p in listed["results"]] == [30]
    everything = client.get(club_url(club, "tab/payments/?removed=true")).json()
    assert sorted(p["amount"] for p in everything["results"]) == [10, 30]
    removed = next(p for p in everything["results"] if p["removed"])
    assert removed["removed_by"] == owner_of(club).username and removed["removed_at"]


def test_delete_removes_softly_and_twice_is_a_conflict(club):
    payment = pay(club, "Bala", "Asha", 30)
    client = with_token(played_as(club, "Asha", "asha"))
    url = club_url(club, f"tab/payments/{payment.pk}/")
    answer = client.delete(url)
    assert answer.status_code == 200
    body = answer.json()
    assert body["removed"] is True and body["removed_by"] == "asha"
    assert [line["action"] for line in body["history"]] == ["recorded", "removed"]
    assert client.get(url).json()["removed"] is True  # still there, on record
    again = client.delete(url)
    assert again.status_code == 409
    assert again.json()["error"]["code"] == "already_removed"


def test_a_member_not_concerned_cannot_delete(club):
    payment = pay(club, "Bala", "Asha", 30)
    client = with_token(member(club, "ravi", Role.SCORER))
    answer = client.delete(club_url(club, f"tab/payments/{payment.pk}/"))
    assert answer.status_code == 403
    assert answer.json()["error"]["message"] == (
        "Only an organiser, Bala or Asha may remove this payment."
    )


def test_a_payment_of_another_club_is_not_found(club):
    other = make_club("Other Club")
    money_session(other, stake=1, hands=[(0, {1: 5, 2: 5})])
    payment = pay(other, "Bala", "Asha", 5)
    client = with_token(owner_of(club))
    assert client.get(club_url(club, f"tab/payments/{payment.pk}/")).status_code == 404
    assert client.delete(club_url(club, f"tab/payments/{payment.pk}/")).status_code == 404


def test_a_payment_posted_nine_times_with_one_idempotency_key_is_stored_once(club):
    client = with_token(played_as(club, "Bala", "bala"))
    body = {"payer_id": player(club, "Bala").pk, "payee_id": player(club, "Asha").pk}
    body |= {"amount": 40, "note": "cash"}
    key = str(uuid.uuid4())
    answers = [
        client.post(club_url(club, "tab/payments/"), body, format="json", HTTP_IDEMPOTENCY_KEY=key)
        for _ in range(9)
    ]
    assert [a.status_code for a in answers] == [201] + [200] * 8
    assert all(a.json() == answers[0].json() for a in answers)
    assert answers[0].json()["client_key"] == key
    assert Payment.objects.count() == 1
    listed = client.get(club_url(club, "tab/payments/")).json()["results"]
    assert [p["amount"] for p in listed] == [40]
    balances = client.get(club_url(club, "tab/")).json()["balances"]
    assert {b["player"]["name"]: b["paid"] for b in balances}["Bala"] == 40


def test_the_bodys_client_key_stores_a_payment_once_too(club):
    client = with_token(owner_of(club))
    body = {"payer_id": player(club, "Bala").pk, "payee_id": player(club, "Asha").pk}
    body |= {"amount": 40, "client_key": str(uuid.uuid4())}
    first = client.post(club_url(club, "tab/payments/"), body, format="json")
    again = client.post(club_url(club, "tab/payments/"), body, format="json")
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json()["id"] == first.json()["id"]
    assert Payment.objects.count() == 1


def test_an_idempotency_key_reused_for_another_payment_is_refused(club):
    client = with_token(owner_of(club))
    body = {"payer_id": player(club, "Bala").pk, "payee_id": player(club, "Asha").pk}
    key = str(uuid.uuid4())
    url = club_url(club, "tab/payments/")
    client.post(url, {**body, "amount": 40}, format="json", HTTP_IDEMPOTENCY_KEY=key)
    refused = client.post(url, {**body, "amount": 50}, format="json", HTTP_IDEMPOTENCY_KEY=key)
    assert refused.status_code == 400
    error = refused.json()["error"]
    assert error["field"] == "client_key"
    assert error["message"] == (
        "This idempotency key was already used for another payment; make a new key for each "
        "payment."
    )
    assert [p.amount for p in Payment.objects.all()] == [40]
    mismatched = client.post(
        url,
        {**body, "amount": 50, "client_key": str(uuid.uuid4())},
        format="json",
        HTTP_IDEMPOTENCY_KEY=key,
    )
    assert mismatched.status_code == 400
    assert list(mismatched.json()["error"]["fields"]) == ["client_key"]
