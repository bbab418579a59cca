"""`loser_charge`: the steps from a loser's count to what they pay, in the contract's order
(docs/rules.md, "One played hand: who pays whom": count, cap, first-turn halving or
doubling, then doubling on a printed joker). Worked by hand."""

from __future__ import annotations

from scoring.rules import (
    CAPPED,
    DOUBLED_FIRST_TURN,
    DOUBLED_JOKER,
    HALVED,
    Game,
    Player,
    loser_charge,
    printed_joker_doubles,
    score_hand,
)


def kinds(charge) -> list[tuple[str, int, int]]:
    return [(step.kind, step.before, step.after) for step in charge.steps]


def test_indian13_caps_then_halves_then_doubles_on_a_printed_joker() -> None:
    charge = loser_charge("indian13", 130, cap=120, first_turn_pending=True, printed_joker=True)
    # 130 capped to 120, halved to 60, doubled to 120.
    assert charge.points == 120
    assert kinds(charge) == [(CAPPED, 130, 120), (HALVED, 120, 60), (DOUBLED_JOKER, 60, 120)]
    assert charge.steps[0].limit == 120


def test_indian13_before_the_draw_doubles_and_an_unchanged_count_has_no_steps() -> None:
    assert kinds(loser_charge("indian13", 25, first_turn_pending=True, before_draw=True)) == [
        (DOUBLED_FIRST_TURN, 25, 50)
    ]
    assert loser_charge("indian13", 80, cap=80).steps == ()
    assert loser_charge("indian13", 31, first_turn_pending=True).points == 16  # half up


def test_21_card_caps_at_120_and_a_first_turn_pays_half() -> None:
    assert kinds(loser_charge("indian21", 150)) == [(CAPPED, 150, 120)]
    assert loser_charge("rummy27", 150, first_turn_pending=True).points == 60
    assert loser_charge("indian21", 2, first_turn_pending=True).points == 1


def test_the_ledger_pays_what_loser_charge_says() -> None:
    game = Game("indian13", {"penalty_cap": 120, "double_on_printed_joker": True}, "JK")
    ledger = score_hand(
        game,
        (
            Player("a", "won"),
            Player("b", "lost", penalty=130, first_turn_pending=True),
            Player("c", "dropped", drop="later"),
        ),
    )
    assert (
        ledger.details["b"].penalty
        == loser_charge(
            "indian13", 130, cap=120, first_turn_pending=True, printed_joker=True
        ).points
    )
    assert ledger.details["c"].penalty == 80
    assert printed_joker_doubles("indian13", game.options, "JK")
    assert not printed_joker_doubles("indian13", game.options, "7H")
    assert not printed_joker_doubles("indian21", game.options, "JK")
