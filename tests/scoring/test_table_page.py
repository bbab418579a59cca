"""The Players page: leaving asks first, a refusal is a sentence and changes nothing."""

import pytest

from scoring.models import SeatChange
from tests.factories import make_club, make_session
from tests.scoring.factories import logged_in, scorer_of, session_url

pytestmark = pytest.mark.django_db


def test_leaving_asks_first_then_happens():
    club = make_club("Evening Club")
    session = make_session(club, names=("Asha", "Bala", "Chitra", "Dev"))
    client = logged_in(scorer_of(club))
    url = session_url("session-table", session)
    page = client.get(url)
    assert page.status_code == 200
    assert "Seat a player" in page.content.decode()
    asked = client.post(url, {"action": "leave", "seat": "2", "revision": "0"})
    assert "Chitra leaves the table after this hand" in asked.content.decode()
    assert not SeatChange.objects.exists()
    done = client.post(url, {"action": "leave", "seat": "2", "revision": "0", "confirm": "yes"})
    assert done.status_code == 302
    assert SeatChange.objects.get().kind == "left"


def test_a_refusal_is_a_sentence_and_nothing_changes():
    club = make_club("Evening Club")
    session = make_session(club, names=("Asha", "Bala"))
    client = logged_in(scorer_of(club))
    response = client.post(
        session_url("session-table", session),
        {"action": "leave", "seat": "1", "revision": "0", "confirm": "yes"},
    )
    assert response.status_code == 400
    assert "needs at least 2 players" in response.content.decode()
    assert not SeatChange.objects.exists()
