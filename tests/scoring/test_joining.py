"""Players join the table on their own phones (scoring/views/joins.py): the scorer shows a
code and its QR code, a player taps their seat, and a guest's phone gets an address for that
seat of that session only, which the scorer can free."""

from __future__ import annotations

import re
import uuid

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from clubs.models import Confirmation
from clubs.roles import Role
from scoring.models import HandCheck, SeatLink
from scoring.services.joins import join_code_of
from tests.factories import join, make_club, make_session, make_user, owner_of, record, typed_entry
from tests.scoring.factories import logged_in, session_url

pytestmark = pytest.mark.django_db


@pytest.fixture
def table():
    """A private club's table of three guests; every player confirms each hand."""
    club = make_club("Join Club", is_public=False)
    session = make_session(club, names=("Asha", "Bala", "Chitra"), confirmation=Confirmation.EVERY)
    record(session, typed_entry(0, {1: 20, 2: 7}))
    session.refresh_from_db()
    return session


def join_url(session):
    return reverse("join-table", args=[join_code_of(session)])


def joined(session, position, phone=None):
    """A phone that joined seat `position`: the phone, and its own address."""
    phone = phone or Client()
    answer = phone.post(join_url(session), {"position": str(position)})
    assert answer.status_code == 302, answer.content.decode()[:500]
    return phone, answer["Location"]


def test_the_scorer_shows_the_table_a_code_its_address_and_a_qr_code(table):
    page = (
        logged_in(owner_of(table.club)).get(session_url("session-detail", table)).content.decode()
    )
    code = join_code_of(table)
    assert re.fullmatch(r"[A-Z2-9]{6}", code) and "0" not in code and "O" not in code
    assert code in page and f"http://testserver/j/{code}/" in page
    assert '<svg role="img"' in page and "<title>The code to join this table</title>" in page


def test_a_guest_taps_their_seat_and_their_phone_shows_the_table_as_them(table):
    page = Client().get(join_url(table)).content.decode()
    assert all(name in page for name in ("Asha", "Bala", "Chitra"))
    phone, address = joined(table, 1)
    assert address.startswith("/p/")
    screen = phone.get(address).content.decode()
    assert f'data-live="{address}live/"' in screen
    assert 'data-seat="1"' in screen and "Hand 1: you" in screen
    assert f'action="{address}hands/1/answer/"' in screen
    assert phone.get(address + "live/", {"revision": str(table.revision)}).status_code == 204


def test_a_guest_answers_from_the_phone_that_joined_the_seat(table):
    phone, address = joined(table, 2)
    body = {
        "verdict": "disputed",
        "version": "1",
        "reason": "I had 5",
        "client_key": str(uuid.uuid4()),
    }
    answered = phone.post(address + "hands/1/answer/", body, follow=True)
    assert "Your dispute is sent" in answered.content.decode()
    check = HandCheck.objects.get()
    link = SeatLink.objects.get()
    assert (check.position, check.by, check.phone) == (2, None, f"guest link {link.pk}")


def test_a_seat_joined_by_one_phone_is_refused_to_another_until_the_scorer_frees_it(table):
    first, address = joined(table, 0)
    refused = Client().post(join_url(table), {"position": "0"})
    assert refused.status_code == 400
    assert "A phone has joined this seat already" in refused.content.decode()
    scorer = logged_in(owner_of(table.club))
    page = scorer.get(session_url("session-detail", table)).content.decode()
    assert "<strong>Asha</strong>, since" in page and "Yes, free Asha's seat" in page
    freed = scorer.post(session_url("seat-free", table, position=0), follow=True)
    assert "Seat freed" in freed.content.decode()
    assert first.get(address).status_code == 404  # the old phone sees the table no more
    joined(table, 0)  # and the seat can be joined again


def test_a_member_whose_player_sits_there_goes_to_the_table_as_themselves(table):
    bala = make_user("bala")
    join(table.club, bala, Role.MEMBER)
    seat = table.seats.get(position=1)
    seat.player.user = bala
    seat.player.save()
    answer = logged_in(bala).get(join_url(table))
    assert answer.status_code == 302 and answer["Location"] == session_url("session-detail", table)


def test_a_typed_code_is_read_in_any_case_and_with_a_dash_and_a_wrong_one_finds_nothing(table):
    code = join_code_of(table)
    typed = f"{code[:3].lower()}-{code[3:]}"
    assert Client().get(reverse("join-table", args=[typed])).status_code == 200
    assert Client().get(reverse("join-table", args=["ZZZZZZ"])).status_code == 404


def test_a_forged_address_opens_nothing_and_the_club_stays_private(table):
    phone, address = joined(table, 1)
    forged = address[:-3] + "abc/"
    assert Client().get(forged).status_code == 404
    assert phone.get(reverse("club-detail", args=[table.club.slug])).status_code == 404


@pytest.mark.parametrize("language", ["en", "hi", "ne", "ta"])
def test_joining_and_answering_read_in_each_language(table, language):
    phone = Client()
    phone.cookies["django_language"] = language
    join_page = phone.get(join_url(table)).content.decode()
    _, address = joined(table, 1, phone)
    screen = phone.get(address).content.decode()
    with translation.override(language):
        which = translation.gettext("Which seat is yours?")
        yours = translation.gettext("Your answer")
        confirm = translation.pgettext("confirm a hand as entered", "Confirm")
    assert which in join_page and yours in screen and confirm in screen
    if language != "en":
        assert (which, yours, confirm) != ("Which seat is yours?", "Your answer", "Confirm")
