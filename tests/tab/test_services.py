"""Recording and removing payments: who may, what is refused, and the history kept."""

from __future__ import annotations

import datetime
import uuid

import pytest

from clubs.models import Membership
from clubs.roles import Role
from common.errors import UserError
from tab import services
from tab.errors import AlreadyRemoved, KeyReused, NotAllowed
from tab.models import Payment, PaymentChange
from tests.factories import make_club, make_session, member, owner_of
from tests.tab.factories import pay, played_as, player

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    club = make_club("Friday Club")
    make_session(club, names=("Asha", "Bala", "Chitra", "Dev"))
    return club


def test_an_organiser_records_a_payment_and_its_first_history_line(club):
    organiser = member(club, "olga", Role.ORGANISER)
    friday = services.club_today(club) - datetime.timedelta(days=2)
    payment = pay(club, "Dev", "Asha", 120, by=organiser, paid_on=friday, note=" cash ")
    payment.refresh_from_db()
    assert (payment.payer.name, payment.payee.name, payment.amount) == ("Dev", "Asha", 120)
    assert payment.paid_on == friday
    assert payment.note == "cash"
    assert payment.created_by == organiser
    (change,) = PaymentChange.objects.filter(payment=payment)
    assert (change.action, change.by) == (PaymentChange.Action.RECORDED, organiser)
    assert change.at == payment.created_at


@pytest.mark.parametrize("who", ["Dev", "Asha"])
def test_the_payer_or_the_payee_may_record_it_themselves(club, who):
    user = played_as(club, who, who.lower())
    payment = pay(club, "Dev", "Asha", 50, by=user)
    assert payment.created_by == user


def test_any_other_member_is_refused_with_a_sentence_and_nothing_is_stored(club):
    bala = played_as(club, "Bala", "bala", Role.SCORER)
    with pytest.raises(NotAllowed) as refused:
        pay(club, "Dev", "Asha", 50, by=bala)
    assert refused.value.message == (
        "Only an organiser, Dev or Asha may record a payment between Dev and Asha."
    )
    assert refused.value.status_code == 403
    assert not Payment.objects.exists()


def test_a_former_member_linked_to_the_payer_is_refused(club):
    dev = played_as(club, "Dev", "dev")
    Membership.objects.filter(club=club, user=dev).delete()
    with pytest.raises(NotAllowed):
        pay(club, "Dev", "Asha", 50, by=dev)


@pytest.mark.parametrize("amount", [0, -5])
def test_it_refuses_an_amount_that_is_not_above_zero(club, amount):
    with pytest.raises(UserError) as refused:
        pay(club, "Dev", "Asha", amount)
    assert refused.value.field == "amount"
    assert "above 0" in refused.value.message


def test_it_refuses_a_payment_to_oneself(club):
    with pytest.raises(UserError) as refused:
        pay(club, "Dev", "Dev", 10)
    assert refused.value.message == "Dev cannot pay themselves; choose who received the money."
    assert refused.value.field == "payee"


def test_it_refuses_a_player_of_another_club(club):
    other = make_club("Other Club")
    make_session(other, names=("Zara", "Yusuf"))
    with pytest.raises(UserError) as refused:
        services.record_payment(
            club=club,
            by=owner_of(club),
            payer_id=player(club, "Dev").pk,
            payee_id=player(other, "Zara").pk,
            amount=10,
            paid_on=services.club_today(club),
            client_key=uuid.uuid4(),
        )
    assert refused.value.field == "payee"
    assert refused.value.message == "Choose a player of this club."


def test_it_refuses_a_date_still_to_come_in_the_clubs_time_zone():
    # Kiritimati is 14 hours ahead of UTC: its today is often the server's tomorrow.
    club = make_club("Island Club", timezone_name="Pacific/Kiritimati")
    make_session(club, names=("Asha", "Dev"))
    today = services.club_today(club)
    assert pay(club, "Dev", "Asha", 10, paid_on=today).paid_on == today
    with pytest.raises(UserError) as refused:
        pay(club, "Dev", "Asha", 10, paid_on=today + datetime.timedelta(days=1))
    assert refused.value.field == "paid_on"
    assert refused.value.message == "That date has not come yet; enter the day the money was paid."


def test_it_refuses_a_note_longer_than_two_hundred_characters(club):
    with pytest.raises(UserError) as refused:
        pay(club, "Dev", "Asha", 10, note="x" * 201)
    assert refused.value.field == "note"


def test_removing_keeps_the_payment_marked_removed_with_who_and_when(club):
    payment = pay(club, "Dev", "Asha", 120)
    asha = played_as(club, "Asha", "asha")
    removed = services.remove_payment(club=club, by=asha, payment_id=payment.pk)
    payment.refresh_from_db()
    assert payment.is_removed and removed.is_removed
    assert payment.removed_by == asha
    actions = list(
        PaymentChange.objects.filter(payment=payment).values_list("action", "by__username")
    )
    assert actions == [("recorded", owner_of(club).username), ("removed", "asha")]


def test_removing_is_refused_to_a_member_not_concerned(club):
    payment = pay(club, "Dev", "Asha", 120)
    chitra = played_as(club, "Chitra", "chitra", Role.SCORER)
    with pytest.raises(NotAllowed) as refused:
        services.remove_payment(club=club, by=chitra, payment_id=payment.pk)
    assert refused.value.message == "Only an organiser, Dev or Asha may remove this payment."
    payment.refresh_from_db()
    assert not payment.is_removed
    assert payment.changes.count() == 1


def test_removing_twice_is_refused_and_writes_no_second_removal(club):
    payment = pay(club, "Dev", "Asha", 120)
    services.remove_payment(club=club, by=owner_of(club), payment_id=payment.pk)
    with pytest.raises(AlreadyRemoved) as refused:
        services.remove_payment(club=club, by=owner_of(club), payment_id=payment.pk)
    assert refused.value.status_code == 409
    assert payment.changes.filter(action="removed").count() == 1


def test_a_payment_of_another_club_cannot_be_removed_from_this_one(club):
    other = make_club("Other Club")
    make_session(other, names=("Zara", "Yusuf"))
    payment = pay(other, "Zara", "Yusuf", 10)
    with pytest.raises(UserError):
        services.remove_payment(club=club, by=owner_of(club), payment_id=payment.pk)
    payment.refresh_from_db()
    assert not payment.is_removed


def test_a_payment_recorded_again_with_its_key_is_the_stored_one(club):
    key = uuid.uuid4()
    first = pay(club, "Dev", "Asha", 120, note="cash", client_key=key)
    again = pay(club, "Dev", "Asha", 120, note=" cash ", client_key=key)
    assert again.pk == first.pk and again.replayed and not first.replayed
    assert Payment.objects.count() == 1
    assert PaymentChange.objects.count() == 1  # one "recorded" line, not two


@pytest.mark.parametrize(
    "change", [{"amount": 121}, {"payee": "Bala"}, {"note": "UPI"}, {"days_ago": 1}]
)
def test_a_key_already_used_for_a_different_payment_is_refused(club, change):
    key = uuid.uuid4()
    pay(club, "Dev", "Asha", 120, note="cash", client_key=key)
    today = services.club_today(club)
    with pytest.raises(KeyReused) as refused:
        pay(
            club,
            "Dev",
            change.get("payee", "Asha"),
            change.get("amount", 120),
            note=change.get("note", "cash"),
            paid_on=today - datetime.timedelta(days=change.get("days_ago", 0)),
            client_key=key,
        )
    assert refused.value.message == (
        "This form was already used for another payment; reload the page."
    )
    assert Payment.objects.count() == 1


def test_a_key_used_in_another_club_is_refused_there(club):
    key = uuid.uuid4()
    pay(club, "Dev", "Asha", 120, client_key=key)
    other = make_club("Other Club")
    make_session(other, names=("Asha", "Dev"))
    with pytest.raises(KeyReused):
        pay(other, "Dev", "Asha", 120, client_key=key)
    assert not other.payments.exists()
