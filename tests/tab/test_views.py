"""The tab's page, its record-payment form (with and without htmx), the removal's
confirmation and the CSV."""

from __future__ import annotations

import datetime
import re

import pytest

from clubs.roles import Role
from tab import services
from tab.models import Payment
from tests.factories import make_club, member, owner_of
from tests.tab.factories import money_session, pay, played_as, player

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    club = make_club("Friday Club")
    # Asha wins; Bala loses 20 points and Chitra 5, at 2 per point.
    money_session(club, stake=2, hands=[(0, {1: 20, 2: 5})])
    return club


def tab_url(club) -> str:
    return f"/clubs/{club.slug}/tab/"


def form_body(club, payer="Bala", payee="Asha", amount="40", **extra) -> dict[str, str]:
    return {
        "payer": str(player(club, payer).pk),
        "payee": str(player(club, payee).pk),
        "amount": amount,
        "paid_on": services.club_today(club).isoformat(),
        "note": "",
        **extra,
    }


def test_a_member_sees_who_owes_whom_balances_and_the_form(client, club):
    client.force_login(played_as(club, "Chitra", "chitra"))
    html = client.get(tab_url(club)).content.decode()
    assert "<strong>Bala</strong> pays <strong>Asha</strong>" in html
    assert "+50" in html and "\u221240" in html
    assert "Record payment" in html
    assert "From 1 finished session played for money" in html
    # A member's own player is who paid, to start with; the date is today.
    assert f'<option value="{player(club, "Chitra").pk}" selected>' in html
    assert services.club_today(club).isoformat() in html


def test_the_club_nav_links_to_the_tab_for_members_only(client, club):
    public = make_club("Open Club", is_public=True)
    client.force_login(member(public, "visitor"))
    assert "Money owed" in client.get(f"/clubs/{public.slug}/").content.decode()
    client.force_login(member(club, "ravi"))
    assert tab_url(club) in client.get(f"/clubs/{club.slug}/").content.decode()


def test_a_visitor_is_sent_to_log_in_and_a_non_member_is_kept_out(client, club):
    public = make_club("Open Club", is_public=True)
    response = client.get(tab_url(public))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert client.get(tab_url(club)).status_code == 404
    client.force_login(make_club("Elsewhere").memberships.get().user)
    assert client.get(tab_url(club)).status_code == 404  # private: not even its name
    assert client.get(tab_url(public)).status_code == 403  # public, but the tab is members'


def test_recording_without_htmx_redirects_to_the_tab_with_a_sentence(client, club):
    client.force_login(played_as(club, "Bala", "bala"))
    response = client.post(f"{tab_url(club)}payments/", form_body(club), follow=True)
    assert response.redirect_chain[-1][0] == tab_url(club)
    html = response.content.decode()
    assert "Bala paid Asha 40." in html
    assert "<strong>Chitra</strong> pays <strong>Asha</strong>" in html
    assert "<strong>Bala</strong> pays" not in html
    assert Payment.objects.get().created_by.username == "bala"


def test_recording_with_htmx_answers_the_tabs_body(client, club):
    client.force_login(owner_of(club))
    response = client.post(f"{tab_url(club)}payments/", form_body(club), HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="tab"' in html
    assert "<html" not in html
    assert "Bala paid Asha 40." in html


def test_a_member_not_concerned_reads_the_refusal_next_to_the_form(client, club):
    client.force_login(played_as(club, "Chitra", "chitra"))
    response = client.post(f"{tab_url(club)}payments/", form_body(club))
    assert response.status_code == 400
    assert "Only an organiser, Bala or Asha may record a payment between Bala and Asha." in (
        response.content.decode()
    )
    htmx = client.post(f"{tab_url(club)}payments/", form_body(club), HTTP_HX_REQUEST="true")
    assert htmx.status_code == 200  # htmx swaps in only a success: the sentence must show
    assert "Only an organiser, Bala or Asha" in htmx.content.decode()
    assert not Payment.objects.exists()


def test_the_form_says_what_to_fix(client, club):
    client.force_login(owner_of(club))
    tomorrow = (services.club_today(club) + datetime.timedelta(days=1)).isoformat()
    html = client.post(
        f"{tab_url(club)}payments/", form_body(club, paid_on=tomorrow)
    ).content.decode()
    assert "That date has not come yet; enter the day the money was paid." in html
    html = client.post(f"{tab_url(club)}payments/", form_body(club, amount="ten")).content.decode()
    assert "Enter the amount as a whole number, like 120." in html
    html = client.post(f"{tab_url(club)}payments/", form_body(club, amount="0")).content.decode()
    assert "Enter the amount paid, a whole number above 0." in html
    html = client.post(f"{tab_url(club)}payments/", form_body(club, payee="Bala")).content.decode()
    assert "Bala cannot pay themselves" in html


def test_removing_asks_first_then_keeps_the_payment_on_record(client, club):
    payment = pay(club, "Bala", "Asha", 40)
    client.force_login(played_as(club, "Asha", "asha"))
    page = client.get(tab_url(club)).content.decode()
    remove_url = f"{tab_url(club)}payments/{payment.pk}/remove/"
    assert remove_url in page
    confirm = client.get(remove_url).content.decode()
    assert "Remove “Bala paid Asha 40”?" in confirm
    assert "Remove the payment" in confirm
    payment.refresh_from_db()
    assert not payment.is_removed  # the question changes nothing
    response = client.post(remove_url, follow=True)
    html = response.content.decode()
    assert "is removed; the tab no longer counts it." in html
    assert "Removed payments (1)" in html
    assert "removed by asha" in html
    payment.refresh_from_db()
    assert payment.is_removed


def test_a_member_not_concerned_sees_no_remove_button_and_is_refused(client, club):
    payment = pay(club, "Bala", "Asha", 40)
    client.force_login(played_as(club, "Chitra", "chitra", Role.SCORER))
    remove_url = f"{tab_url(club)}payments/{payment.pk}/remove/"
    assert remove_url not in client.get(tab_url(club)).content.decode()
    confirm = client.get(remove_url).content.decode()
    assert "Remove the payment" not in confirm
    assert "Only an organiser, Bala or Asha may remove this payment." in confirm
    response = client.post(remove_url)
    assert response.status_code == 403
    assert "Only an organiser, Bala or Asha may remove this payment." in response.content.decode()
    payment.refresh_from_db()
    assert not payment.is_removed


def test_removing_a_payment_already_removed_says_so(client, club):
    payment = pay(club, "Bala", "Asha", 40)
    services.remove_payment(club=club, by=owner_of(club), payment_id=payment.pk)
    client.force_login(owner_of(club))
    response = client.post(f"{tab_url(club)}payments/{payment.pk}/remove/")
    assert response.status_code == 409
    assert "This payment was already removed" in response.content.decode()


def test_the_csv_has_a_row_per_player_with_each_stake(client, club):
    money_session(club, stake=5, hands=[(1, {0: 2, 2: 2})])
    pay(club, "Bala", "Asha", 10)
    client.force_login(owner_of(club))
    response = client.get(f"/clubs/{club.slug}/tab.csv")
    assert response["Content-Type"].startswith("text/csv")
    assert f'filename="{club.slug}-tab.csv"' in response["Content-Disposition"]
    lines = response.content.decode("utf-8-sig").splitlines()
    assert lines[0] == (
        "player,from sessions,paid,received,balance,sessions at 2 per point,"
        "sessions at 5 per point,net at 2 per point,net at 5 per point"
    )
    assert "Asha,40,0,10,30,1,1,50,-10" in lines
    assert "Bala,-20,10,0,-10,1,1,-40,20" in lines


def test_the_csv_keeps_a_formula_like_name_as_text(client):
    club = make_club("Sheet Club")
    money_session(club, stake=1, hands=[(0, {1: 5})], names=("=SUM(A1)", "Bala"))
    client.force_login(owner_of(club))
    body = client.get(f"/clubs/{club.slug}/tab.csv").content.decode("utf-8-sig")
    assert "'=SUM(A1),5" in body


def _form_key(html: str) -> str:
    """The hidden client key the page's record form carries."""
    found = re.search(r'<input type="hidden" name="client_key" value="([0-9a-f-]{36})"', html)
    assert found, "the record form carries no client key"
    return found.group(1)


def test_the_form_submitted_twice_stores_one_payment_and_lands_on_the_tab_both_times(client, club):
    client.force_login(played_as(club, "Bala", "bala"))
    key = _form_key(client.get(tab_url(club)).content.decode())
    body = form_body(club, client_key=key)
    for _ in range(2):  # a double tap, or the browser sending it again
        response = client.post(f"{tab_url(club)}payments/", body, follow=True)
        assert response.redirect_chain[-1][0] == tab_url(club)
        assert "Bala paid Asha 40." in response.content.decode()
    assert Payment.objects.count() == 1
    htmx = client.post(f"{tab_url(club)}payments/", body, HTTP_HX_REQUEST="true")
    assert htmx.status_code == 200 and "Bala paid Asha 40." in htmx.content.decode()
    assert _form_key(htmx.content.decode()) != key  # the emptied form is a new payment
    assert Payment.objects.count() == 1


def test_a_form_shown_again_with_its_mistake_keeps_its_key(client, club):
    client.force_login(owner_of(club))
    key = _form_key(client.get(tab_url(club)).content.decode())
    refused = client.post(f"{tab_url(club)}payments/", form_body(club, amount="0", client_key=key))
    assert _form_key(refused.content.decode()) == key
    client.post(f"{tab_url(club)}payments/", form_body(club, client_key=key))
    client.post(f"{tab_url(club)}payments/", form_body(club, client_key=key))
    assert Payment.objects.count() == 1


def test_a_form_already_used_for_another_payment_says_to_reload(client, club):
    client.force_login(owner_of(club))
    key = _form_key(client.get(tab_url(club)).content.decode())
    client.post(f"{tab_url(club)}payments/", form_body(club, client_key=key))
    # Back to the old page, a new amount, the same form.
    again = client.post(f"{tab_url(club)}payments/", form_body(club, amount="45", client_key=key))
    assert again.status_code == 400
    assert "This form was already used for another payment; reload the page." in (
        again.content.decode()
    )
    assert [p.amount for p in Payment.objects.all()] == [40]
