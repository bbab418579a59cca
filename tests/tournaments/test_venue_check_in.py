"""Players check themselves in at the venue (tournaments/views/checkins.py): the director
shows one code and its QR code, a registered player finds their name on their own phone, and
the director sees it and can undo it."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import make_club, owner_of
from tests.tournaments.factories import enter, make_tournament
from tests.tournaments.page_helpers import url
from tournaments.models import Entry, TournamentStatus
from tournaments.services.entries import checkin_code_of, withdraw

pytestmark = pytest.mark.django_db


@pytest.fixture
def cup():
    return make_tournament(make_club("Venue Club"))


def venue_url(cup):
    return reverse("tournament-venue-check-in", args=[checkin_code_of(cup)])


def test_the_director_shows_one_code_and_its_qr_code(cup):
    enter(cup, ["Asha"], check_in=False)
    director = Client()
    director.force_login(owner_of(cup.club))
    page = director.get(url("tournament-detail", cup)).content.decode()
    code = checkin_code_of(cup)
    assert code in page and f"http://testserver/c/{code}/" in page
    assert "<title>The code to check in</title>" in page
    assert 'hx-trigger="every 10s"' in page  # the entries follow the players' own check-ins


def test_a_player_finds_their_name_and_checks_themselves_in_and_the_director_sees_it(cup):
    _, bala = enter(cup, ["Asha", "Bala"], check_in=False)
    phone = Client()
    page = phone.get(venue_url(cup)).content.decode()
    assert "Find your name to check in" in page and "Asha" in page and "Bala" in page
    done = phone.post(venue_url(cup), {"player": str(bala.pk)}).content.decode()
    assert "Bala, you are checked in" in done
    entry = Entry.objects.get(player=bala)
    assert entry.checked_in and entry.self_checked_in_at is not None
    again = phone.post(venue_url(cup), {"player": str(bala.pk)})  # a second tap: the same
    assert again.status_code == 200
    director = Client()
    director.force_login(owner_of(cup.club))
    dashboard = director.get(url("tournament-detail", cup)).content.decode()
    assert "checked in by themselves" in dashboard
    director.post(url("tournament-check-in", cup, bala.pk), {"present": "0"})
    entry.refresh_from_db()
    assert not entry.checked_in and entry.self_checked_in_at is None


def test_a_withdrawn_player_is_not_listed_and_cannot_check_in(cup):
    _, bala = enter(cup, ["Asha", "Bala"], check_in=False)
    withdraw(tournament=cup, player=bala)
    phone = Client()
    assert "Bala" not in phone.get(venue_url(cup)).content.decode()
    refused = phone.post(venue_url(cup), {"player": str(bala.pk)})
    assert refused.status_code == 400
    assert "Choose your name from the players entered." in refused.content.decode()
    assert not Entry.objects.get(player=bala).checked_in


def test_a_finished_tournament_takes_no_check_in_and_shows_no_code(cup):
    (asha,) = enter(cup, ["Asha"], check_in=False)
    code_url = venue_url(cup)
    cup.status = TournamentStatus.FINISHED
    cup.save()
    refused = Client().post(code_url, {"player": str(asha.pk)})
    assert refused.status_code == 400 and "Check-in is closed" in refused.content.decode()
    director = Client()
    director.force_login(owner_of(cup.club))
    assert (
        "Check-in at the venue" not in director.get(url("tournament-detail", cup)).content.decode()
    )


def test_an_unknown_code_finds_nothing():
    assert Client().get(reverse("tournament-venue-check-in", args=["ZZZZZZ"])).status_code == 404
