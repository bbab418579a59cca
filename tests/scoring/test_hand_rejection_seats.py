"""A hand the rules engine refuses marks the seat the engine's error is about.

The engine says which player an error is about (`RulesError.seat`), so the seat is found
from that, never by looking for a player's name in the sentence: a name inside another
name ("Raj" in "Rajesh"), or a name that is also a word of the sentence, marks the right
seat, and so does an error whose sentence names nobody (a card that is not a card).
"""

from __future__ import annotations

import pytest

from scoring.errors import HandRejected
from scoring.hand_entry import HandEntry, SeatEntry
from scoring.models import Hand
from tests.factories import make_club, make_session, record

pytestmark = pytest.mark.django_db

NO_MELDS = "2S 5H 9C JD KS 3H 7D QC 4S 8H 10C AD 6S".split()


def _rejected(session, *seats: SeatEntry) -> HandRejected:
    with pytest.raises(HandRejected) as caught:
        record(session, HandEntry(seats=seats, wild="7H"))
    assert not Hand.objects.filter(session=session).exists()
    return caught.value


@pytest.fixture
def rajs():
    return make_session(make_club(), names=("Rajesh", "Raj", "Asha"))


def test_a_short_hand_of_raj_marks_raj_not_rajesh(rajs):
    error = _rejected(
        rajs,
        SeatEntry(0, "lost", penalty=5),
        SeatEntry(1, "lost", cards=NO_MELDS[:12]),
        SeatEntry(2, "won"),
    )
    assert error.seat == 1
    assert "Raj's losing hand" in error.message


def test_a_short_hand_of_rajesh_marks_rajesh(rajs):
    error = _rejected(
        rajs,
        SeatEntry(0, "lost", cards=NO_MELDS[:12]),
        SeatEntry(1, "lost", penalty=5),
        SeatEntry(2, "won"),
    )
    assert error.seat == 0


def test_a_card_that_is_not_a_card_marks_the_seat_whose_hand_holds_it(rajs):
    # The sentence is about the card and names no player; the seat is still known.
    error = _rejected(
        rajs,
        SeatEntry(0, "won"),
        SeatEntry(1, "lost", cards=[*NO_MELDS[:12], "1X"]),
        SeatEntry(2, "lost", penalty=5),
    )
    assert error.seat == 1
    assert "Raj" not in error.message


def test_a_name_that_is_a_word_of_the_sentence_is_not_marked():
    # "Rummy" is in "... in Indian Rummy has 13 cards", but the error is Bala's.
    session = make_session(make_club(), names=("Rummy", "Bala", "Chitra"))
    error = _rejected(
        session,
        SeatEntry(0, "won"),
        SeatEntry(1, "lost", cards=NO_MELDS[:12]),
        SeatEntry(2, "lost", penalty=5),
    )
    assert "Indian Rummy" in error.message
    assert error.seat == 1


def test_two_winners_mark_a_winner(rajs):
    error = _rejected(
        rajs, SeatEntry(0, "won"), SeatEntry(1, "won"), SeatEntry(2, "lost", penalty=5)
    )
    assert error.message.startswith("Only one player can win a hand")
    assert error.seat == 1


def test_an_error_about_the_table_marks_no_seat(rajs):
    entry = HandEntry(
        seats=(SeatEntry(0, "won"), SeatEntry(1, "lost", cards=NO_MELDS), SeatEntry(2, "won")),
        wild="7X",
    )
    with pytest.raises(HandRejected) as caught:
        record(rajs, entry)
    assert caught.value.seat is None


def test_a_missing_wild_card_is_marked_on_the_wild_card_field_by_the_engines_field(rajs):
    with pytest.raises(HandRejected) as caught:
        record(
            rajs,
            HandEntry(
                seats=(
                    SeatEntry(0, "won"),
                    SeatEntry(1, "lost", cards=NO_MELDS),
                    SeatEntry(2, "dropped", drop="first"),
                )
            ),
        )
    assert (caught.value.field, caught.value.seat) == ("wild", None)


def test_cards_of_several_players_are_checked_together_against_the_decks():
    # Three players at one deck each hold the deck's only 2S: each hand alone is possible.
    session = make_session(make_club(), names=("Asha", "Bala", "Chitra"), options={"decks": 1})
    hand = ["2S", "5H", "9C", "JD", "KS", "3H", "7D", "QC", "4S", "8H", "10C", "AD", "6S"]
    other = ["2S", "5D", "9H", "JC", "KD", "3C", "7S", "QH", "4D", "8C", "10H", "AC", "6D"]
    with pytest.raises(HandRejected) as caught:
        record(
            session,
            HandEntry(
                seats=(
                    SeatEntry(0, "won"),
                    SeatEntry(1, "lost", cards=hand),
                    SeatEntry(2, "lost", cards=other),
                ),
                wild="7H",
            ),
        )
    assert caught.value.message == (
        "Bala and Chitra hold 2S twice between them, but the decks in play hold it once: "
        "check the cards picked for them."
    )
    assert caught.value.seat == 1
    assert not Hand.objects.filter(session=session).exists()
