"""Hand-worked cases for Indian Rummy / Paplu (`indian13`), straight from the rules contract.

Source: docs/rules.md (the rules contract, drawn from the games' rule texts). Every
expected number is counted by hand in the comment next to it. Card values: A K Q J 10 are 10,
2-9 their number, every wild card 0 (`ace_value: 11` makes aces 11).

Unless a test says otherwise the exposed card is 9D, so the wild cards are JK and every 9;
the 9D itself is out of play.
"""

from collections import Counter
from functools import partial

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.rules import helpers
from tests.rules.helpers import (
    assert_melds_use_every_card,
    assert_no_show,
    assert_valid_show,
    cards,
    error_code,
    ok,
    transfers,
    value,
)

VARIANT = "indian13"
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = "SHDC"

ask = partial(helpers.ask, VARIANT)
wilds = partial(helpers.wilds, VARIANT)
show = partial(helpers.show, VARIANT)
bonus = partial(helpers.bonus, VARIANT)
score_hand = partial(helpers.score_hand, VARIANT)


def penalty(hand, **fields):
    return ask("penalty", hand=cards(hand), **fields)


def assert_proves_rummy(response, hand, tunnela_stands_in=False, two_pure=False):
    """A valid `rummy` answer whose `melds` use every card once and meet the requirement."""
    assert_valid_show(response, "rummy")
    assert_melds_use_every_card(response, cards(hand))
    kinds = Counter(meld["kind"] for meld in response["melds"])
    assert set(kinds) <= {"pure_sequence", "sequence", "set", "tunnela"}, kinds
    pure = kinds["pure_sequence"] + (kinds["tunnela"] if tunnela_stands_in else 0)
    any_sequence = pure + kinds["sequence"]
    assert any_sequence >= 2, kinds
    assert pure >= (2 if two_pure else 1), kinds


RANK_9 = {"9S": "rank", "9H": "rank", "9D": "rank", "9C": "rank"}
ALL_ACES = {"AS": "ace", "AH": "ace", "AD": "ace", "AC": "ace"}


# --------------------------------------------------------------------------------------------
# Wild cards
# --------------------------------------------------------------------------------------------


def test_the_exposed_card_makes_every_card_of_its_rank_wild_along_with_the_printed_joker():
    assert wilds(players=3, wild="9D") == {"wild_cards": {"JK": "printed", **RANK_9}}


@pytest.mark.parametrize("players", [2, 3, 4, 6, 7, 12])
def test_the_wild_cards_are_the_same_whatever_the_number_of_decks(players):
    assert wilds(players=players, wild="KH") == {
        "wild_cards": {"JK": "printed", "KS": "rank", "KH": "rank", "KD": "rank", "KC": "rank"}
    }


def test_joker_mode_standard_is_the_house_default():
    standard = wilds(players=4, wild="9D", options={"joker_mode": "standard"})
    assert standard == wilds(players=4, wild="9D")
    assert standard == {"wild_cards": {"JK": "printed", **RANK_9}}


def test_an_exposed_printed_joker_leaves_only_the_printed_jokers_wild():
    assert wilds(players=4, wild="JK") == {"wild_cards": {"JK": "printed"}}


def test_ace_jokers_makes_every_ace_wild_when_the_exposed_card_is_a_printed_joker():
    response = wilds(players=4, wild="JK", options={"joker_mode": "ace_jokers"})
    assert response == {"wild_cards": {"JK": "printed", **ALL_ACES}}


def test_ace_jokers_changes_nothing_when_the_exposed_card_is_not_a_joker():
    response = wilds(players=4, wild="9D", options={"joker_mode": "ace_jokers"})
    assert response == {"wild_cards": {"JK": "printed", **RANK_9}}


@pytest.mark.parametrize("wild_field", [{"wild": None}, {}], ids=["null", "absent"])
def test_printed_only_makes_only_the_printed_jokers_wild_with_no_exposed_card(wild_field):
    response = wilds(players=4, options={"joker_mode": "printed_only"}, **wild_field)
    assert response == {"wild_cards": {"JK": "printed"}}


@pytest.mark.parametrize("wild_field", [{"wild": None}, {}], ids=["null", "absent"])
def test_joker_mode_none_makes_nothing_wild(wild_field):
    assert wilds(players=4, options={"joker_mode": "none"}, **wild_field) == {"wild_cards": {}}


@pytest.mark.parametrize("mode", ["printed_only", "none"])
@pytest.mark.parametrize("wild", ["9D", "JK"])
def test_an_exposed_card_is_a_bad_request_when_the_joker_mode_exposes_none(mode, wild):
    assert error_code(wilds(players=4, wild=wild, options={"joker_mode": mode})) == "bad_request"


def test_a_missing_exposed_card_is_a_bad_request_in_the_standard_mode():
    assert error_code(wilds(players=4)) == "bad_request"
    assert error_code(wilds(players=4, wild=None)) == "bad_request"


# --------------------------------------------------------------------------------------------
# Decks and printed jokers: 1 deck for 2-3 players, 2 for 4-6, 3 for 7-12, 2 when not told;
# one printed joker per deck. The exposed card (9D) is out of play, 7H and JK are not it.
# The `bonus` op takes any number of cards (indian13 has no value cards: 0 points), which makes
# it the simplest way to see how many copies the engine allows.
# --------------------------------------------------------------------------------------------

DECKS_BY_PLAYERS = [(2, 1), (3, 1), (4, 2), (5, 2), (6, 2), (7, 3), (9, 3), (12, 3), (None, 2)]


@pytest.mark.parametrize(("players", "decks"), DECKS_BY_PLAYERS)
def test_the_number_of_players_decides_how_many_copies_of_a_card_there_are(players, decks):
    table = {} if players is None else {"players": players}
    allowed = bonus(["7H"] * decks, wild="9D", **table)
    assert ok(allowed)["points"] == 0
    too_many = bonus(["7H"] * (decks + 1), wild="9D", **table)
    assert error_code(too_many) == "impossible_hand"


@pytest.mark.parametrize(("players", "decks"), DECKS_BY_PLAYERS)
def test_there_is_one_printed_joker_per_deck(players, decks):
    table = {} if players is None else {"players": players}
    ok(bonus(["JK"] * decks, wild="9D", **table))
    assert error_code(bonus(["JK"] * (decks + 1), wild="9D", **table)) == "impossible_hand"


def test_options_decks_overrides_the_number_of_players():
    # 7 players would mean 3 decks; decks: 1 leaves one 7H.
    assert error_code(bonus(["7H", "7H"], players=7, wild="9D", options={"decks": 1})) == (
        "impossible_hand"
    )
    # 3 players would mean 1 deck; decks: 2 allows two 7H.
    ok(bonus(["7H", "7H"], players=3, wild="9D", options={"decks": 2}))


def test_options_jokers_sets_the_total_number_of_printed_jokers():
    # 4 players: 2 decks, so 2 printed jokers unless told otherwise.
    jokers_1 = bonus(["JK", "JK"], players=4, wild="9D", options={"jokers": 1})
    assert error_code(jokers_1) == "impossible_hand"
    ok(bonus(["JK"] * 4, players=4, wild="9D", options={"jokers": 4}))
    assert error_code(bonus(["JK"] * 5, players=4, wild="9D", options={"jokers": 4})) == (
        "impossible_hand"
    )


def test_the_exposed_card_is_out_of_play_and_takes_one_copy_away():
    # 2 decks hold two 9D; the exposed one is not in play, so a hand holds at most one.
    ok(bonus(["9D"], players=4, wild="9D"))
    assert error_code(bonus(["9D", "9D"], players=4, wild="9D")) == "impossible_hand"
    # 1 deck: the only 9D is the exposed card.
    assert error_code(bonus(["9D"], players=3, wild="9D")) == "impossible_hand"


def test_an_exposed_printed_joker_takes_one_printed_joker_away():
    # 2 decks, 2 printed jokers, one of them exposed.
    ok(bonus(["JK"], players=4, wild="JK"))
    assert error_code(bonus(["JK", "JK"], players=4, wild="JK")) == "impossible_hand"


def test_joker_mode_none_has_no_printed_jokers_in_the_deck():
    assert error_code(bonus(["JK"], players=4, options={"joker_mode": "none"})) == (
        "impossible_hand"
    )


def test_printed_only_keeps_every_printed_joker_in_play():
    # Nothing is exposed, so both printed jokers of 2 decks are in play.
    ok(bonus(["JK", "JK"], players=4, options={"joker_mode": "printed_only"}))
    assert (
        error_code(bonus(["JK", "JK", "JK"], players=4, options={"joker_mode": "printed_only"}))
        == "impossible_hand"
    )


# --------------------------------------------------------------------------------------------
# Shows: all 13 cards in melds, at least 2 sequences, at least 1 of them pure
# --------------------------------------------------------------------------------------------

EXAMPLE_RUMMY = "AH 2H 3H 5S 6S 7S 8S JC QC KC 10D 10S JK"


def test_three_pure_sequences_and_a_set_completed_by_the_joker_is_rummy():
    # AH-2H-3H, 5S-6S-7S-8S, JC-QC-KC pure; 10D 10S JK a set.
    assert_proves_rummy(show(EXAMPLE_RUMMY, players=3, wild="9D"), EXAMPLE_RUMMY)


def test_one_sequence_and_three_sets_is_no_show_and_a_reason_is_given():
    # 3C-4C-5C is the only pure sequence; the rest is sets, or QD-JK-KD and four cards over.
    response = show("3C 4C 5C 8D 8H 8S QD QH QS KC KD KH JK", players=3, wild="9D")
    assert_no_show(response)


def test_two_sequences_without_a_pure_one_is_no_show():
    # 2H-3H-JK and 5S-6S-9C (9C wild for 7S or 4S) are both impure; no three natural
    # cards of one suit are consecutive anywhere in the hand.
    assert_no_show(show("2H 3H JK 5S 6S 9C KC KD KH KS QC QD QH", players=4, wild="9D"))


def test_a_wild_card_standing_for_itself_makes_a_pure_sequence():
    # 9S is wild (exposed 9D) but stands for itself in 8S-9S-10S: that sequence is pure, and
    # 4H-5H-JK is the second one. Without 9S as itself there is no pure sequence at all.
    hand = "8S 9S 10S 4H 5H JK KC KD KH KS QC QD QH"
    assert_proves_rummy(show(hand, players=4, wild="9D"), hand)


def test_a_given_meld_with_a_wild_card_standing_for_itself_is_a_pure_sequence():
    hand = "8S 9S 10S 4H 5H JK KC KD KH KS QC QD QH"
    melds = [["8S", "9S", "10S"], ["4H", "5H", "JK"], ["KC", "KD", "KH", "KS"], ["QC", "QD", "QH"]]
    response = show(hand, players=4, wild="9D", melds=melds)
    assert_proves_rummy(response, hand)
    kinds = {frozenset(m["cards"]): m["kind"] for m in response["melds"]}
    assert kinds[frozenset(["8S", "9S", "10S"])] == "pure_sequence"
    assert kinds[frozenset(["4H", "5H", "JK"])] == "sequence"


def test_a_meld_of_three_printed_jokers_is_a_sequence_that_is_not_pure():
    # 7 players: 3 decks, 3 printed jokers. JK-JK-JK is no tunnela in indian13 (only indian21
    # and rummy27 make one of printed jokers), so it is the second sequence.
    hand = "AH 2H 3H JK JK JK KC KD KH KS QC QD QH"
    melds = [["AH", "2H", "3H"], ["JK", "JK", "JK"], ["KC", "KD", "KH", "KS"], ["QC", "QD", "QH"]]
    response = show(hand, players=7, wild="9D", melds=melds)
    assert_proves_rummy(response, hand)
    jokers = [m for m in response["melds"] if sorted(m["cards"]) == ["JK", "JK", "JK"]]
    assert [m["kind"] for m in jokers] == ["sequence"]


def test_a_meld_of_rank_wild_cards_only_is_a_sequence():
    # 9S 9C JK are all wild: the most useful kind they make is a (not pure) sequence.
    hand = "AH 2H 3H 9S 9C JK KC KD KH KS 6C 6D 6S"
    melds = [["AH", "2H", "3H"], ["9S", "9C", "JK"], ["KC", "KD", "KH", "KS"], ["6C", "6D", "6S"]]
    response = show(hand, players=4, wild="9D", melds=melds)
    assert_proves_rummy(response, hand)
    wild_meld = [m for m in response["melds"] if sorted(m["cards"]) == ["9C", "9S", "JK"]]
    assert [m["kind"] for m in wild_meld] == ["sequence"]


def test_an_ace_is_low_before_a_two():
    # AH-2H-3H of the example hand is one of its pure sequences.
    melds = [["AH", "2H", "3H"], ["5S", "6S", "7S", "8S"], ["JC", "QC", "KC"], ["10D", "10S", "JK"]]
    response = show(EXAMPLE_RUMMY, players=3, wild="9D", melds=melds)
    assert_proves_rummy(response, EXAMPLE_RUMMY)


def test_an_ace_is_high_after_a_king():
    # QS-KS-AS is the only place the ace, king and queen of spades can go.
    hand = "QS KS AS 2H 3H 4H 7C 7D 7H 5C 5D 5S 5H"
    assert_proves_rummy(show(hand, players=4, wild="9D"), hand)


def test_a_sequence_never_turns_the_corner_from_king_to_two():
    # K-A-2 is no sequence; without it KS AS 2S meld nowhere (no wild card in the hand).
    hand = "KS AS 2S 5H 6H 7H 7C 7D 7S 8C 8D 8S 8H"
    assert_no_show(show(hand, players=4, wild="9D"))
    melds = [["KS", "AS", "2S"], ["5H", "6H", "7H"], ["7C", "7D", "7S"], ["8C", "8D", "8S", "8H"]]
    assert_no_show(show(hand, players=4, wild="9D", melds=melds))


def test_a_joker_cannot_put_an_ace_between_a_king_and_a_two():
    # KS-JK-2S would need JK as AS in the middle: not a sequence.
    hand = "KS JK 2S 5H 6H 7H 8C 8D 8S 4C 4D 4S 4H"
    melds = [["KS", "JK", "2S"], ["5H", "6H", "7H"], ["8C", "8D", "8S"], ["4C", "4D", "4S", "4H"]]
    assert_no_show(show(hand, players=4, wild="9D", melds=melds))


def test_a_set_may_not_hold_two_cards_of_one_suit():
    # 7C 7C 7D is no set; taking 7S for the set leaves 5S 6S short.
    assert_no_show(show("AH 2H 3H 5S 6S 7S 7C 7C 7D KC KD KH KS", players=4, wild="9D"))


def test_a_set_of_four_different_suits_is_legal():
    hand = "AH 2H 3H 4S 5S 6S 7C 7D 7H 7S KC KD KH"
    melds = [["AH", "2H", "3H"], ["4S", "5S", "6S"], ["7C", "7D", "7H", "7S"], ["KC", "KD", "KH"]]
    assert_proves_rummy(show(hand, players=4, wild="9D", melds=melds), hand)


def test_a_set_never_has_five_cards_even_with_a_joker():
    hand = "AH 2H 3H KC KD KH KS JK 4S 5S 6S 7S 8S"
    melds = [["AH", "2H", "3H"], ["KC", "KD", "KH", "KS", "JK"], ["4S", "5S", "6S", "7S", "8S"]]
    assert_no_show(show(hand, players=4, wild="9D", melds=melds))
    # Searched, the joker simply lengthens a sequence, and the show is good.
    assert_proves_rummy(show(hand, players=4, wild="9D"), hand)


def test_the_players_own_arrangement_is_judged_instead_of_searched():
    # Searched: AH-2H-3H and 4H-5H-6H are two pure sequences. As arranged: one long
    # sequence and two sets, so only one sequence.
    hand = "AH 2H 3H 4H 5H 6H KC KD KH 7C 7D 7S 7H"
    assert_proves_rummy(show(hand, players=4, wild="9D"), hand)
    melds = [["AH", "2H", "3H", "4H", "5H", "6H"], ["KC", "KD", "KH"], ["7C", "7D", "7S", "7H"]]
    assert_no_show(show(hand, players=4, wild="9D", melds=melds))


GOOD_MELDS = [
    ["AH", "2H", "3H"],
    ["5S", "6S", "7S", "8S"],
    ["JC", "QC", "KC"],
    ["10D", "10S", "JK"],
]


@pytest.mark.parametrize(
    "melds",
    [
        GOOD_MELDS[:3],  # 10D 10S JK left out
        [*GOOD_MELDS[:3], ["10D", "10S", "JK", "4D"]],  # 4D is not in the hand
        [*GOOD_MELDS, ["AH"]],  # AH used twice
        [*GOOD_MELDS[:3], ["10D", "10S"], ["10S", "JK"]],  # 10S used twice, once held
    ],
    ids=["a-card-left-out", "a-card-not-in-the-hand", "a-card-used-twice", "a-copy-too-many"],
)
def test_melds_that_do_not_use_every_card_exactly_once_are_a_bad_request(melds):
    response = show(EXAMPLE_RUMMY, players=3, wild="9D", melds=melds)
    assert error_code(response) == "bad_request"


def test_a_tunnela_stands_in_for_the_pure_sequence_with_three_decks():
    # 7 players: 3 decks. 5C 5C 5C is a tunnela; 2H-3H-4H is the (pure) second sequence.
    hand = "5C 5C 5C 2H 3H 4H KC KD KH QC QD QH QS"
    assert_proves_rummy(show(hand, players=7, wild="9D"), hand, tunnela_stands_in=True)


def test_options_decks_three_allows_a_tunnela_at_a_small_table():
    hand = "5C 5C 5C 2H 3H 4H KC KD KH QC QD QH QS"
    response = show(hand, players=3, wild="9D", options={"decks": 3})
    assert_proves_rummy(response, hand, tunnela_stands_in=True)


def test_two_tunnelas_qualify_with_three_decks():
    hand = "5C 5C 5C 8D 8D 8D KC KD KH QC QD QH QS"
    assert_proves_rummy(show(hand, players=7, wild="9D"), hand, tunnela_stands_in=True)


def test_a_tunnela_and_an_impure_sequence_qualify_with_three_decks():
    # The tunnela stands in for the pure sequence; 2H-3H-JK is the other one.
    hand = "5C 5C 5C 2H 3H JK KC KD KH QC QD QH QS"
    assert_proves_rummy(show(hand, players=7, wild="9D"), hand, tunnela_stands_in=True)


def test_a_tunnela_alone_stands_in_for_only_one_of_the_two_sequences():
    assert_no_show(show("5C 5C 5C KC KD KH QC QD QH QS 7S 7D 7H", players=7, wild="9D"))


def test_three_identical_cards_are_an_impossible_hand_with_two_decks():
    # So a tunnela can only exist with 3 decks.
    hand = "5C 5C 5C 2H 3H 4H KC KD KH QC QD QH QS"
    assert error_code(show(hand, players=4, wild="9D")) == "impossible_hand"


def test_two_pure_requires_both_sequences_to_be_pure():
    # 2H-3H-4H pure, 5S-6S-JK impure.
    hand = "2H 3H 4H 5S 6S JK KC KD KH QC QD QH QS"
    assert_proves_rummy(show(hand, players=4, wild="9D"), hand)
    assert_no_show(show(hand, players=4, wild="9D", options={"two_pure": True}))


def test_two_pure_accepts_a_hand_with_two_pure_sequences():
    response = show(EXAMPLE_RUMMY, players=3, wild="9D", options={"two_pure": True})
    assert_proves_rummy(response, EXAMPLE_RUMMY, two_pure=True)


def test_ace_jokers_lets_an_ace_fill_a_sequence_after_an_exposed_printed_joker():
    # AS is wild only under ace_jokers: 6S-7S-AS(as 8S) is then the second sequence.
    hand = "2H 3H 4H 6S 7S AS KC KD KH QC QD QH QS"
    response = show(hand, players=4, wild="JK", options={"joker_mode": "ace_jokers"})
    assert_proves_rummy(response, hand)
    assert_no_show(show(hand, players=4, wild="JK"))


def test_the_nines_are_not_wild_without_an_exposed_card():
    # With 9D exposed, 9C fills 6S-7S-9C(as 8S); under printed_only it is a plain 9.
    hand = "2H 3H 4H 6S 7S 9C KC KD KH QC QD QH QS"
    assert_proves_rummy(show(hand, players=4, wild="9D"), hand)
    assert_no_show(show(hand, players=4, options={"joker_mode": "printed_only"}))


def test_a_show_needs_exactly_thirteen_cards():
    assert error_code(show(EXAMPLE_RUMMY + " 4H", players=3, wild="9D")) == "hand_size"
    assert error_code(show("AH 2H 3H 5S 6S 7S 8S JC QC KC 10D 10S", wild="9D")) == "hand_size"


# --------------------------------------------------------------------------------------------
# Penalty of a losing hand
# --------------------------------------------------------------------------------------------

NO_MELD_HAND = "2C 4C 6C 8C KD QD JS 3H 5H 7H 10S AS 7D"


def test_a_hand_without_a_pure_sequence_pays_for_every_card():
    # 2+4+6+8 = 20; KD QD JS = 30; 3+5+7 = 15; 10S AS = 20; 7D = 7 -> 92.
    response = ok(penalty(NO_MELD_HAND, players=4, wild="9D"))
    assert (response["points"], response["rule"]) == (92, "all_cards")
    assert sorted(response["counted"]) == sorted(cards(NO_MELD_HAND))


def test_ace_value_eleven_makes_every_counted_ace_eleven():
    # 92 with AS at 10 -> 93 with AS at 11.
    response = ok(penalty(NO_MELD_HAND, players=4, wild="9D", options={"ace_value": 11}))
    assert (response["points"], response["rule"]) == (93, "all_cards")


def test_impure_sequences_and_sets_exempt_nothing_without_a_pure_sequence():
    # 2H-3H-JK is a sequence and KC KD KH a set, but there is no pure sequence:
    # 2+3+0 + 30 + 4+6 + 8 + 10 + 10 + 7 + 5 = 85.
    hand = "2H 3H JK KC KD KH 4S 6S 8C 10D QC 7H 5D"
    response = ok(penalty(hand, players=4, wild="9D"))
    assert (response["points"], response["rule"]) == (85, "all_cards")


def test_a_pure_sequence_is_exempt_and_everything_else_counts():
    # 5H-6H-7H exempt; KC KD KH (a set, but only one sequence) = 30, 2+4+8 = 14,
    # 3S 10S AS JS = 3+30 -> 30+14+33 = 77.
    hand = "5H 6H 7H KC KD KH 2C 4C 8C 3S 10S AS JS"
    response = ok(penalty(hand, players=4, wild="9D"))
    assert (response["points"], response["rule"]) == (77, "pure_exempt")
    assert sorted(response["counted"]) == sorted(cards("KC KD KH 2C 4C 8C 3S 10S AS JS"))


def test_a_hand_that_meets_the_show_requirement_pays_only_for_its_deadwood():
    # The contract's example: 3C-4C-5C pure, QD-JK-AD a sequence, 8s a set;
    # KC 2H 6S 10S = 10+2+6+10 = 28.
    hand = "3C 4C 5C 8D 8H 8S QD JK AD KC 2H 6S 10S"
    response = ok(penalty(hand, players=3, wild="9D"))
    assert (response["points"], response["rule"]) == (28, "deadwood")
    assert sorted(response["counted"]) == sorted(cards("KC 2H 6S 10S"))


DEADWOOD_ACES = "AH 2H 3H 5S 6S JK AC AD 7C 7D KS 4D 2C"


def test_deadwood_counts_aces_at_ten_by_default():
    # AH-2H-3H pure; the joker makes the second sequence where it saves most:
    # AC-2C-JK saves 10+2 = 12 (5S-6S-JK would save only 11).
    # Counted: 5S 6S AD 7C 7D KS 4D = 5+6+10+7+7+10+4 = 49.
    response = ok(penalty(DEADWOOD_ACES, players=4, wild="9D"))
    assert (response["points"], response["rule"]) == (49, "deadwood")
    assert sorted(response["counted"]) == sorted(cards("5S 6S AD 7C 7D KS 4D"))


def test_deadwood_counts_aces_at_eleven_with_ace_value_eleven():
    # AC-2C-JK saves 11+2 = 13; counted 5S 6S AD 7C 7D KS 4D = 5+6+11+7+7+10+4 = 50.
    # The AH in the pure sequence is not counted.
    response = ok(penalty(DEADWOOD_ACES, players=4, wild="9D", options={"ace_value": 11}))
    assert (response["points"], response["rule"]) == (50, "deadwood")


def test_penalty_cap_limits_what_a_hand_pays():
    capped = ok(penalty(NO_MELD_HAND, players=4, wild="9D", options={"penalty_cap": 80}))
    assert (capped["points"], capped["rule"]) == (80, "all_cards")  # min(92, 80)
    roomy = ok(penalty(NO_MELD_HAND, players=4, wild="9D", options={"penalty_cap": 100}))
    assert roomy["points"] == 92  # min(92, 100)


def test_a_tie_between_deadwood_and_pure_exempt_is_named_deadwood():
    # Two pure sequences (2H-3H-4H, 6S-7S-8S) and nothing else melds: both tiers count
    # 2C 5C 8C QD 4D 7D JS = 2+5+8+10+4+7+10 = 46, so the higher tier names the rule.
    hand = "2H 3H 4H 6S 7S 8S 2C 5C 8C QD 4D 7D JS"
    response = ok(penalty(hand, players=4, wild="9D"))
    assert (response["points"], response["rule"]) == (46, "deadwood")


def test_two_pure_raises_the_deadwood_requirement_to_two_pure_sequences():
    # Same hand as the deadwood example (28 there), but with only one pure sequence under
    # two_pure it is pure_exempt: 8D 8H 8S 24 + QD 10 + JK 0 + AD 10 + KC 10 + 2H 2 + 6S 6
    # + 10S 10 = 72.
    hand = "3C 4C 5C 8D 8H 8S QD JK AD KC 2H 6S 10S"
    response = ok(penalty(hand, players=3, wild="9D", options={"two_pure": True}))
    assert (response["points"], response["rule"]) == (72, "pure_exempt")


def test_two_pure_keeps_deadwood_for_a_hand_with_two_pure_sequences():
    hand = "2H 3H 4H 6S 7S 8S 2C 5C 8C QD 4D 7D JS"
    response = ok(penalty(hand, players=4, wild="9D", options={"two_pure": True}))
    assert (response["points"], response["rule"]) == (46, "deadwood")


FIRST_TURN_PURE = "KC KD KH 4S 5S 6S 2H 7H 8C 10D QC 5D 3C"
FIRST_TURN_NO_PURE = "KC KD KH 2H 7H 8C 10D QC 5D 3C 4S 6S JS"


def test_a_pending_player_is_exempt_for_every_meldable_card_and_pays_half_rounded_up():
    # Normally pure_exempt: all 90 minus 4S-5S-6S (15) = 75. Pending: the KC KD KH set is
    # exempt too: 2+7+8+10+10+5+3 = 45, halved 22.5, rounded half up 23.
    normal = ok(penalty(FIRST_TURN_PURE, players=4, wild="9D"))
    assert (normal["points"], normal["rule"]) == (75, "pure_exempt")
    pending = ok(penalty(FIRST_TURN_PURE, players=4, wild="9D", first_turn_pending=True))
    assert (pending["points"], pending["rule"]) == (23, "first_turn")


def test_a_pending_player_is_exempt_for_a_set_even_without_a_pure_sequence():
    # Normally all_cards: 30 + 2+7+8+10+10+5+3+4+6+10 = 95. Pending: 95 - 30 = 65 -> 32.5 -> 33.
    normal = ok(penalty(FIRST_TURN_NO_PURE, players=4, wild="9D"))
    assert (normal["points"], normal["rule"]) == (95, "all_cards")
    pending = ok(penalty(FIRST_TURN_NO_PURE, players=4, wild="9D", first_turn_pending=True))
    assert (pending["points"], pending["rule"]) == (33, "first_turn")


def test_a_pending_player_uses_each_wild_card_in_one_meld_only():
    # One joker, two places for it: 2H-3H-JK would save 5, 4S-JK-6S saves 10. With KC KD KH
    # (30) exempt as well, 85 - 30 - 10 = 45 -> 22.5 -> 23 ("the arrangement that costs the
    # player least").
    hand = "2H 3H JK KC KD KH 4S 6S 8C 10D QC 7H 5D"
    pending = ok(penalty(hand, players=4, wild="9D", first_turn_pending=True))
    assert (pending["points"], pending["rule"]) == (23, "first_turn")


TUNNELA_ONLY = "5C 5C 5C KD QH 2S 7S 3H 8D JC 4D 10H 6C"


def test_a_tunnela_is_exempt_like_a_pure_sequence_with_three_decks():
    # 5C 5C 5C exempt; KD QH 2S 7S 3H 8D JC 4D 10H 6C = 10+10+2+7+3+8+10+4+10+6 = 70.
    response = ok(penalty(TUNNELA_ONLY, players=7, wild="9D"))
    assert (response["points"], response["rule"]) == (70, "pure_exempt")
    by_option = ok(penalty(TUNNELA_ONLY, players=3, wild="9D", options={"decks": 3}))
    assert (by_option["points"], by_option["rule"]) == (70, "pure_exempt")


def test_a_tunnela_and_a_pure_sequence_meet_the_deadwood_requirement_with_three_decks():
    # 5C 5C 5C + 2H-3H-4H qualify, KD KS KH a set; 7S 8D JC 10S = 7+8+10+10 = 35.
    # (pure_exempt would also count the Ks: 65.)
    response = ok(penalty("5C 5C 5C 2H 3H 4H KD KS KH 7S 8D JC 10S", players=7, wild="9D"))
    assert (response["points"], response["rule"]) == (35, "deadwood")


def test_a_tunnela_and_an_impure_sequence_meet_the_deadwood_requirement_with_three_decks():
    # The tunnela stands in for the pure sequence, 2H-3H-JK is the other one, KD KS KH a set;
    # 7S 8D JC 10S = 35. (pure_exempt would count 2+3+0 + 30 + 35 = 70.)
    response = ok(penalty("5C 5C 5C 2H 3H JK KD KS KH 7S 8D JC 10S", players=7, wild="9D"))
    assert (response["points"], response["rule"]) == (35, "deadwood")


def test_an_exposed_printed_joker_leaves_the_nines_at_their_value():
    # Wild JK: only JK is wild. AS AH 20, 3+5+7+9 = 24, JD KD 20, 2S 4S 6, 6H 8H 10H 24 -> 94.
    hand = "AS AH 3C 5C 7C 9C JD KD 2S 4S 6H 8H 10H"
    response = ok(penalty(hand, players=4, wild="JK"))
    assert (response["points"], response["rule"]) == (94, "all_cards")


def test_ace_jokers_makes_the_aces_worth_nothing():
    # Same hand, aces wild: 94 - 20 = 74 (still no pure sequence).
    hand = "AS AH 3C 5C 7C 9C JD KD 2S 4S 6H 8H 10H"
    response = ok(penalty(hand, players=4, wild="JK", options={"joker_mode": "ace_jokers"}))
    assert (response["points"], response["rule"]) == (74, "all_cards")


def test_joker_mode_none_counts_every_nine_at_face_value():
    # 92-hand with 7D swapped for 9D: 85 + 9 = 94. With 9H exposed 9D is wild: 85.
    hand = "2C 4C 6C 8C KD QD JS 3H 5H 7H 10S AS 9D"
    plain = ok(penalty(hand, players=4, options={"joker_mode": "none"}))
    assert (plain["points"], plain["rule"]) == (94, "all_cards")
    wild_nines = ok(penalty(hand, players=4, wild="9H"))
    assert (wild_nines["points"], wild_nines["rule"]) == (85, "all_cards")


def test_printed_only_counts_the_printed_joker_as_nothing():
    # 92-hand with 7D swapped for JK: 92 - 7 = 85.
    hand = "2C 4C 6C 8C KD QD JS 3H 5H 7H 10S AS JK"
    response = ok(penalty(hand, players=4, options={"joker_mode": "printed_only"}))
    assert (response["points"], response["rule"]) == (85, "all_cards")


def test_a_valid_show_left_in_a_losing_hand_pays_nothing():
    response = ok(penalty(EXAMPLE_RUMMY, players=3, wild="9D"))
    assert (response["points"], response["rule"]) == (0, "deadwood")


def test_a_penalty_hand_must_hold_exactly_thirteen_cards():
    assert error_code(penalty("2C 4C 6C 8C KD QD JS 3H 5H 7H 10S AS", wild="9D")) == "hand_size"
    assert error_code(penalty(NO_MELD_HAND + " 4D", wild="9D")) == "hand_size"


# --------------------------------------------------------------------------------------------
# score_hand
# --------------------------------------------------------------------------------------------

MEERA = cards("3C 4C 5C 8D 8H 8S QD JK AD KC 2H 6S 10S")  # deadwood 28 (see above)


def example_players():
    return [
        {"id": "ravi", "result": "won"},
        {"id": "meera", "result": "lost", "hand": MEERA},
        {"id": "arun", "result": "dropped", "drop": "later"},
    ]


def test_zero_sum_credits_the_winner_and_debits_every_payer():
    # meera pays 28 (deadwood), arun 40 (later drop): ravi +68.
    response = score_hand(example_players(), wild="9D", options={"scoring": "zero_sum"})
    assert ok(response)["scores"] == {"ravi": 68, "meera": -28, "arun": -40}
    assert transfers(response) == [
        ("arun", "ravi", 40, "drop"),
        ("meera", "ravi", 28, "penalty"),
    ]
    assert response["details"]["meera"]["penalty"] == 28
    assert response["details"]["meera"]["rule"] == "deadwood"


@pytest.mark.parametrize("options", [{}, {"scoring": "winner_takes"}], ids=["default", "named"])
def test_winner_takes_credits_the_winner_and_leaves_the_losers_at_zero(options):
    response = score_hand(example_players(), wild="9D", options=options)
    assert ok(response)["scores"] == {"ravi": 68, "meera": 0, "arun": 0}
    # Transfers are the same under both scorings.
    assert transfers(response) == [
        ("arun", "ravi", 40, "drop"),
        ("meera", "ravi", 28, "penalty"),
    ]


def test_a_first_drop_pays_ten_and_a_later_drop_pays_forty():
    players = [
        {"id": "w", "result": "won"},
        {"id": "a", "result": "dropped", "drop": "first"},
        {"id": "b", "result": "dropped", "drop": "later"},
        {"id": "c", "result": "lost", "penalty": 20},
    ]
    response = score_hand(players, wild="9D", options={"scoring": "zero_sum"})
    # 10 + 40 + 20 = 70.
    assert ok(response)["scores"] == {"w": 70, "a": -10, "b": -40, "c": -20}
    assert transfers(response) == [
        ("a", "w", 10, "drop"),
        ("b", "w", 40, "drop"),
        ("c", "w", 20, "penalty"),
    ]


def test_the_last_player_in_wins_when_everyone_else_dropped():
    players = [
        {"id": "a", "result": "dropped", "drop": "first"},
        {"id": "b", "result": "dropped", "drop": "later"},
        {"id": "c", "result": "won"},
    ]
    response = score_hand(players, wild="9D", options={"scoring": "zero_sum"})
    # c collects 10 + 40 = 50.
    assert ok(response)["scores"] == {"a": -10, "b": -40, "c": 50}
    assert transfers(response) == [("a", "c", 10, "drop"), ("b", "c", 40, "drop")]


def test_the_only_player_not_dropped_is_the_winner_even_if_not_marked_won():
    # "if no one is marked won and exactly one player is not dropped, that player won"
    players = [
        {"id": "a", "result": "dropped", "drop": "first"},
        {"id": "b", "result": "dropped", "drop": "later"},
        {"id": "c", "result": "lost", "penalty": 5},
    ]
    response = score_hand(players, wild="9D")
    assert ok(response)["scores"] == {"a": 0, "b": 0, "c": 50}
    assert transfers(response) == [("a", "c", 10, "drop"), ("b", "c", 40, "drop")]


def test_the_last_player_in_needs_neither_hand_nor_penalty_to_be_the_winner():
    # Same rule; the last player in is the winner, and a winner owes no hand or penalty.
    players = [
        {"id": "a", "result": "dropped", "drop": "first"},
        {"id": "b", "result": "dropped", "drop": "later"},
        {"id": "c", "result": "lost"},
    ]
    response = score_hand(players, wild="9D")
    assert ok(response)["scores"] == {"a": 0, "b": 0, "c": 50}


def test_a_void_hand_scores_nothing_and_moves_nothing():
    players = [
        {"id": "a", "result": "lost", "penalty": 30},
        {"id": "b", "result": "lost", "hand": MEERA},
        {"id": "c", "result": "dropped", "drop": "later"},
    ]
    response = score_hand(players, wild="9D", void=True, options={"scoring": "zero_sum"})
    assert ok(response)["scores"] == {"a": 0, "b": 0, "c": 0}
    assert response["transfers"] == []


def doubling_players():
    return [
        {"id": "w", "result": "won"},
        {"id": "p", "result": "lost", "penalty": 20},
        {"id": "d", "result": "dropped", "drop": "first"},
    ]


def test_double_on_printed_joker_doubles_every_transfer_when_a_printed_joker_is_exposed():
    options = {"double_on_printed_joker": True, "scoring": "zero_sum"}
    response = score_hand(doubling_players(), wild="JK", options=options)
    # penalty 20 x2 = 40, first drop 10 x2 = 20; winner 60.
    assert ok(response)["scores"] == {"w": 60, "p": -40, "d": -20}
    assert transfers(response) == [("d", "w", 20, "drop"), ("p", "w", 40, "penalty")]


def test_double_on_printed_joker_changes_nothing_when_the_exposed_card_is_not_a_joker():
    options = {"double_on_printed_joker": True, "scoring": "zero_sum"}
    response = score_hand(doubling_players(), wild="9D", options=options)
    assert ok(response)["scores"] == {"w": 30, "p": -20, "d": -10}


def test_an_exposed_printed_joker_without_the_option_doubles_nothing():
    response = score_hand(doubling_players(), wild="JK", options={"scoring": "zero_sum"})
    assert ok(response)["scores"] == {"w": 30, "p": -20, "d": -10}


def first_turn_players(declared):
    winner = {"id": "w", "result": "won"}
    if declared is not None:
        winner["declared"] = declared
    return [
        winner,
        {
            "id": "p",
            "result": "lost",
            "hand": cards(FIRST_TURN_NO_PURE),
            "first_turn_pending": True,
        },
        {"id": "m", "result": "lost", "hand": MEERA},
        {"id": "d", "result": "dropped", "drop": "first"},
    ]


@pytest.mark.parametrize("declared", ["first_turn_after_draw", None], ids=["declared", "absent"])
def test_a_win_on_the_first_turn_after_the_draw_halves_what_pending_players_pay(declared):
    # p (pending): meldable cards exempt, 65 -> 33 (rule first_turn); m: 28 deadwood as usual;
    # d: 10. Winner 33 + 28 + 10 = 71.
    response = score_hand(first_turn_players(declared), wild="9D", options={"scoring": "zero_sum"})
    assert ok(response)["scores"] == {"w": 71, "p": -33, "m": -28, "d": -10}
    assert response["details"]["p"]["penalty"] == 33
    assert response["details"]["p"]["rule"] == "first_turn"


def test_a_win_on_the_first_turn_before_the_draw_doubles_what_pending_players_pay():
    # p (pending): normal penalty 95 (all_cards) doubled = 190; m 28; d 10 -> winner 228.
    response = score_hand(first_turn_players("first_turn_before_draw"), wild="9D")
    assert ok(response)["scores"] == {"w": 228, "p": 0, "m": 0, "d": 0}
    assert transfers(response) == [
        ("d", "w", 10, "drop"),
        ("m", "w", 28, "penalty"),
        ("p", "w", 190, "penalty"),
    ]


def test_a_typed_penalty_is_capped_before_it_is_halved():
    players = [
        {"id": "w", "result": "won", "declared": "first_turn_after_draw"},
        {"id": "p", "result": "lost", "penalty": 65, "first_turn_pending": True},
    ]
    # count 65, cap 50 -> 50, halved -> 25.
    capped = score_hand(players, wild="9D", options={"penalty_cap": 50, "scoring": "zero_sum"})
    assert ok(capped)["scores"] == {"w": 25, "p": -25}
    # Without the cap: 65 -> 32.5 -> 33.
    uncapped = score_hand(players, wild="9D", options={"scoring": "zero_sum"})
    assert ok(uncapped)["scores"] == {"w": 33, "p": -33}


def test_a_typed_penalty_is_capped_then_doubled_for_the_first_turn_then_for_the_joker():
    players = [
        {"id": "w", "result": "won", "declared": "first_turn_before_draw"},
        {"id": "p", "result": "lost", "penalty": 65, "first_turn_pending": True},
        {"id": "q", "result": "lost", "penalty": 30},
        {"id": "d", "result": "dropped", "drop": "first"},
    ]
    options = {"penalty_cap": 50, "double_on_printed_joker": True, "scoring": "zero_sum"}
    response = score_hand(players, wild="JK", options=options)
    # p: 65 -> cap 50 -> before draw x2 = 100 -> printed joker x2 = 200.
    # q: 30 (under the cap, not pending) -> x2 = 60.  d: 10 -> x2 = 20.  w: 280.
    assert ok(response)["scores"] == {"w": 280, "p": -200, "q": -60, "d": -20}
    assert transfers(response) == [
        ("d", "w", 20, "drop"),
        ("p", "w", 200, "penalty"),
        ("q", "w", 60, "penalty"),
    ]


def test_penalty_cap_applies_to_a_computed_penalty_in_score_hand():
    players = [
        {"id": "w", "result": "won"},
        {"id": "p", "result": "lost", "hand": cards(NO_MELD_HAND)},
    ]
    response = score_hand(players, wild="9D", options={"penalty_cap": 80, "scoring": "zero_sum"})
    assert ok(response)["scores"] == {"w": 80, "p": -80}  # min(92, 80)


def test_ace_value_eleven_applies_to_a_computed_penalty_in_score_hand():
    players = [
        {"id": "w", "result": "won"},
        {"id": "p", "result": "lost", "hand": cards(DEADWOOD_ACES)},
    ]
    response = score_hand(players, wild="9D", options={"ace_value": 11, "scoring": "zero_sum"})
    assert ok(response)["scores"] == {"w": 50, "p": -50}  # see the ace_value penalty test


def test_transfers_of_zero_points_are_left_out():
    players = [
        {"id": "w", "result": "won"},
        {"id": "typed", "result": "lost", "penalty": 0},
        {"id": "shown", "result": "lost", "hand": cards(EXAMPLE_RUMMY)},  # deadwood 0
        {"id": "c", "result": "lost", "penalty": 12},
    ]
    response = score_hand(players, wild="9D", options={"scoring": "zero_sum"})
    assert ok(response)["scores"] == {"w": 12, "typed": 0, "shown": 0, "c": -12}
    assert transfers(response) == [("c", "w", 12, "penalty")]


def test_the_number_of_seats_decides_the_decks_for_a_losers_hand():
    # 3 seats: 1 deck, so two 7H are impossible; 4 seats: 2 decks, they are fine.
    hand = cards("7H 7H 2C 4C 6C 8C KD QD JS 3H 5H 10S AS")
    three = [
        {"id": "w", "result": "won"},
        {"id": "p", "result": "lost", "hand": hand},
        {"id": "q", "result": "lost", "penalty": 5},
    ]
    assert error_code(score_hand(three, wild="9D")) == "impossible_hand"
    four = [*three, {"id": "r", "result": "lost", "penalty": 6}]
    # 7+7 + 20 + 20 + 10 + 3+5 + 10 + 10 = 92 (no pure sequence, no set).
    assert ok(score_hand(four, wild="9D"))["scores"]["w"] == 92 + 5 + 6


def test_options_decks_overrides_the_number_of_seats_in_score_hand():
    # 3 seats would mean 1 deck; decks: 2 allows the two 7H (92, see above).
    hand = cards("7H 7H 2C 4C 6C 8C KD QD JS 3H 5H 10S AS")
    players = [
        {"id": "w", "result": "won"},
        {"id": "p", "result": "lost", "hand": hand},
        {"id": "q", "result": "lost", "penalty": 5},
    ]
    assert ok(score_hand(players, wild="9D", options={"decks": 2}))["scores"]["w"] == 97


def test_a_losers_hand_is_the_full_deal_but_a_winners_hand_may_be_any_size():
    short = [
        {"id": "w", "result": "won"},
        {"id": "p", "result": "lost", "hand": cards(NO_MELD_HAND)[:12]},
    ]
    assert error_code(score_hand(short, wild="9D")) == "hand_size"
    winner_hand = [
        {"id": "w", "result": "won", "hand": ["AH", "2H", "3H"]},
        {"id": "p", "result": "lost", "penalty": 7},
    ]
    assert ok(score_hand(winner_hand, wild="9D"))["scores"]["w"] == 7


def test_a_hand_with_two_winners_is_a_bad_request():
    players = [
        {"id": "a", "result": "won"},
        {"id": "b", "result": "won"},
        {"id": "c", "result": "lost", "penalty": 5},
    ]
    assert error_code(score_hand(players, wild="9D")) == "bad_request"


# --------------------------------------------------------------------------------------------
# Properties that hold for every hand (not hand-counted, but implied by the contract)
# --------------------------------------------------------------------------------------------

TWO_DECKS = [r + s for r in RANKS for s in SUITS if r + s != "9D"] * 2 + ["9D", "JK", "JK"]


def natural_value(card):
    return 0 if card == "JK" or card.startswith("9") else value(card)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.permutations(TWO_DECKS))
def test_every_penalty_stays_within_the_rules(deck):
    hand = deck[:13]
    normal = ok(ask("penalty", hand=hand, players=4, wild="9D"))
    assert normal["rule"] in {"all_cards", "pure_exempt", "deadwood"}
    # The counted cards are cards of the hand and add up to the points.
    assert not Counter(normal["counted"]) - Counter(hand)
    assert sum(natural_value(c) for c in normal["counted"]) == normal["points"]
    assert 0 <= normal["points"] <= sum(natural_value(c) for c in hand)
    if normal["rule"] == "all_cards":
        assert normal["points"] == sum(natural_value(c) for c in hand)
    capped = ok(ask("penalty", hand=hand, players=4, wild="9D", options={"penalty_cap": 40}))
    assert capped["points"] == min(normal["points"], 40)
    pending = ok(ask("penalty", hand=hand, players=4, wild="9D", first_turn_pending=True))
    assert pending["rule"] == "first_turn"
    # Pending exempts at least what the tiers exempt, then halves rounding half up.
    assert pending["points"] <= (normal["points"] + 1) // 2
    shown = ok(ask("show", hand=hand, players=4, wild="9D"))
    if shown["valid"]:
        assert (normal["points"], normal["rule"]) == (0, "deadwood")
