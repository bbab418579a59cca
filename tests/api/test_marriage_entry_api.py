"""What the API reports of a Marriage hand's entry."""

import pytest

from scoring.hand_entry import HandEntry, SeatEntry
from tests.api.helpers import anonymous, session_url
from tests.factories import make_club, make_session, record

pytestmark = pytest.mark.django_db


def test_a_marriage_winner_is_reported_as_having_seen():
    club = make_club("Open Club", is_public=True)
    session = make_session(club, variant="marriage", names=("Asha", "Bala", "Chitra"))
    # As the web panel stores it: the winner's Seen box is never asked, so it is False.
    entry = HandEntry(
        seats=(
            SeatEntry(0, "won", bonus=10),
            SeatEntry(1, "lost", bonus=20, seen=True),
            SeatEntry(2, "lost", bonus=0),
        )
    )
    record(session, entry)
    seats = anonymous().get(session_url(session)).json()["hands"][0]["entry"]["seats"]
    assert [seat["seen"] for seat in seats] == [True, True, False]


def test_a_winner_of_another_game_keeps_the_seen_flag_it_was_given():
    club = make_club("Open Club", is_public=True)
    session = make_session(club, names=("Asha", "Bala", "Chitra"))
    entry = HandEntry(
        seats=(
            SeatEntry(0, "won"),
            SeatEntry(1, "lost", penalty=20),
            SeatEntry(2, "lost", penalty=5),
        )
    )
    record(session, entry)
    seats = anonymous().get(session_url(session)).json()["hands"][0]["entry"]["seats"]
    assert [seat["seen"] for seat in seats] == [False, False, False]
