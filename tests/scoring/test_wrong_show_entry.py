"""A wrong show recorded at the table: the engine charges it, the hand list says it."""

from __future__ import annotations

import pytest

from scoring.display.penalties import seat_payments
from scoring.hand_entry import HandEntry, SeatEntry
from scoring.rules import score_hand
from tests.factories import make_club, make_session, record

pytestmark = pytest.mark.django_db

NAMES = {0: "Asha", 1: "Bala", 2: "Chitra"}


def wrong_show_hand(points: int = 25) -> HandEntry:
    return HandEntry(
        seats=(
            SeatEntry(0, "won"),
            SeatEntry(1, "lost", penalty=points),
            SeatEntry(2, "wrong_show"),
        ),
        wild="7H",
    )


@pytest.mark.parametrize(
    ("variant", "charge"), [("indian13", 80), ("indian21", 120), ("rummy27", 120)]
)
def test_the_engine_charges_the_wrong_show_to_the_winner(variant, charge) -> None:
    entry = wrong_show_hand()
    ledger = score_hand(entry.engine_game(variant=variant, options={}), entry.engine_players(NAMES))
    assert ledger.details["Chitra"].wrong_show == charge
    assert any(
        (t.payer, t.payee, t.points, t.reason) == ("Chitra", "Asha", charge, "wrong_show")
        for t in ledger.transfers
    )


def test_a_recorded_wrong_show_is_shown_with_its_charge_in_the_hand_list() -> None:
    session = make_session(make_club(), names=tuple(NAMES.values()), options={"wrong_show": 60})
    version = record(session, wrong_show_hand())
    entry = HandEntry.from_json(version.entry)
    assert entry.seats[2].result == "wrong_show"
    paid = seat_payments(entry, version.ledger, variant="indian13", options={"wrong_show": 60})
    assert (paid[2].pack, paid[2].penalty, paid[2].notes) == ("wrong show", 60, ())
    assert paid[1].pack == "" and paid[1].penalty == 25


def test_a_wrong_show_doubled_on_a_printed_joker_says_so() -> None:
    entry = HandEntry(seats=wrong_show_hand().seats, wild="JK")
    options = {"double_on_printed_joker": True}
    ledger = score_hand(
        entry.engine_game(variant="indian13", options=options), entry.engine_players(NAMES)
    )
    stored = {"details": {"2": {"wrong_show": ledger.details["Chitra"].wrong_show}}}
    paid = seat_payments(entry, stored, variant="indian13", options=options)
    assert (paid[2].penalty, paid[2].notes) == (160, ("doubled: printed joker",))
