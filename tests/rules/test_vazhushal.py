"""Hand-worked cases for Vazhushal / Wipe (`vazhushal`), straight from the rules contract.

Source: docs/rules.md (the rules contract, drawn from the Vazhushal rule text). Unless a test
says otherwise the negative joker is 10D, so the wild cards are the printed jokers and the
two black tens (10S, 10C); 4 players play with 2 decks and 4 printed jokers.

Depleted-stock card values: in a meld a wild card is worth the card it stands for (the
highest legal value where that is open); in hand a wild card is 20, A K Q J 10, others
their number.
"""

from functools import partial

import pytest

from tests.rules import helpers
from tests.rules.helpers import assert_no_show, cards, error_code, ok

VARIANT = "vazhushal"

ask = partial(helpers.ask, VARIANT)
wilds = partial(helpers.wilds, VARIANT)
show = partial(helpers.show, VARIANT)
score_hand = partial(helpers.score_hand, VARIANT)


def hand_of(melds):
    return [card for meld in melds for card in meld]


def assert_out(response, hand):
    helpers.assert_valid_show(response, "out")
    helpers.assert_melds_use_every_card(response, hand)
    assert "pure_sequence" in {meld["kind"] for meld in response["melds"]}


# --------------------------------------------------------------------------------------------
# Wild cards: the negative joker makes its rank in the two suits of the other colour wild
# --------------------------------------------------------------------------------------------


def test_a_red_negative_joker_makes_the_black_cards_of_its_rank_wild():
    response = wilds(players=4, wild="10D")
    assert response == {
        "wild_cards": {"JK": "printed", "10S": "opposite_color", "10C": "opposite_color"}
    }


def test_a_black_negative_joker_makes_the_red_cards_of_its_rank_wild():
    response = wilds(players=4, wild="6S")
    assert response == {
        "wild_cards": {"JK": "printed", "6H": "opposite_color", "6D": "opposite_color"}
    }


def test_the_negative_joker_itself_and_its_own_colour_stay_natural():
    response = ok(wilds(players=2, wild="6H"))
    assert response["wild_cards"] == {
        "JK": "printed",
        "6S": "opposite_color",
        "6C": "opposite_color",
    }


def test_a_printed_joker_as_negative_joker_leaves_only_the_printed_jokers_wild():
    assert wilds(players=4, wild="JK") == {"wild_cards": {"JK": "printed"}}


@pytest.mark.parametrize("wild_field", [{"wild": None}, {}], ids=["null", "absent"])
def test_negative_joker_false_leaves_only_the_printed_jokers_wild(wild_field):
    response = wilds(players=2, options={"negative_joker": False}, **wild_field)
    assert response == {"wild_cards": {"JK": "printed"}}


def test_a_missing_negative_joker_is_a_bad_request_when_the_game_uses_one():
    assert error_code(wilds(players=4)) == "bad_request"


# --------------------------------------------------------------------------------------------
# Shows: every card in melds, at least one pure sequence, no two identical melds, no meld of
# printed jokers only; `melds` are the player's table melds and are judged as laid down
# --------------------------------------------------------------------------------------------


def test_table_melds_with_a_pure_sequence_and_a_wild_card_in_a_set_go_out():
    melds = [["7H", "8H", "9H"], ["QS", "QD", "10C"]]
    assert_out(show(hand_of(melds), melds, players=4, wild="10D"), hand_of(melds))


def test_table_melds_without_a_pure_sequence_do_not_go_out():
    # 7H-10C(as 8H)-9H is a sequence with a wild card; QS QD QH a set.
    melds = [["7H", "10C", "9H"], ["QS", "QD", "QH"]]
    assert_no_show(show(hand_of(melds), melds, players=4, wild="10D"))


def test_a_black_ten_standing_for_itself_makes_a_pure_sequence():
    # 10C is wild but stands for itself in 9C-10C-JC.
    melds = [["9C", "10C", "JC"], ["QS", "QD", "JK"]]
    assert_out(show(hand_of(melds), melds, players=4, wild="10D"), hand_of(melds))


@pytest.mark.parametrize(
    "second",
    [["7H", "8H", "9H"], ["9H", "8H", "7H"]],
    ids=["same-order", "other-order"],
)
def test_two_identical_melds_are_illegal(second):
    melds = [["7H", "8H", "9H"], second]
    assert_no_show(show(hand_of(melds), melds, players=4, wild="10D"))


def test_two_identical_runs_cannot_be_searched_into_a_legal_show_either():
    # 7H 7H 8H 8H 9H 9H only ever makes 7-8-9 twice.
    assert_no_show(show("7H 7H 8H 8H 9H 9H", players=4, wild="10D"))


def test_melds_of_different_cards_are_not_identical():
    melds = [["7H", "8H", "9H"], ["7H", "8H", "9H", "10H"]]
    assert_out(show(hand_of(melds), melds, players=4, wild="10D"), hand_of(melds))


def test_a_meld_of_printed_jokers_only_is_illegal():
    melds = [["7H", "8H", "9H"], ["JK", "JK", "JK"]]
    assert_no_show(show(hand_of(melds), melds, players=4, wild="10D"))
    # Searched, every arrangement either leaves JK-JK-JK alone or spoils the only pure run.
    assert_no_show(show("7H 8H 9H JK JK JK", players=4, wild="10D"))


@pytest.mark.parametrize(
    "second",
    [
        ["QS", "JK", "JK", "10C"],  # a set of queens, three of them wild
        ["5C", "JK", "JK", "10S"],  # 5C 6C 7C 8C with three wild cards
        ["JK", "JK", "10C"],  # only wild cards, but not only printed jokers
    ],
    ids=["set", "sequence", "all-wild"],
)
def test_any_other_meld_may_hold_any_number_of_wild_cards(second):
    melds = [["7H", "8H", "9H"], second]
    assert_out(show(hand_of(melds), melds, players=4, wild="10D"), hand_of(melds))


ROUND_THE_CLOCK = [
    ["AC", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC", "AC"]
]


def test_a_sequence_with_an_ace_at_both_ends_needs_the_ace_both_ends_option():
    # Negative joker 5S (red fives wild): the clubs run is all natural.
    hand = hand_of(ROUND_THE_CLOCK)
    assert_no_show(show(hand, ROUND_THE_CLOCK, players=4, wild="5S"))
    with_option = show(hand, ROUND_THE_CLOCK, players=4, wild="5S", options={"ace_both_ends": True})
    assert_out(with_option, hand)


def test_aces_are_high_or_low_but_never_turn_the_corner():
    assert_out(show("QS KS AS", players=4, wild="10D"), cards("QS KS AS"))
    assert_out(show("AS 2S 3S", players=4, wild="10D"), cards("AS 2S 3S"))
    assert_no_show(show("KS AS 2S", players=4, wild="10D"))


def test_a_set_holds_each_suit_once():
    melds = [["7H", "8H", "9H"], ["QS", "QS", "QD"]]
    assert_no_show(show(hand_of(melds), melds, players=4, wild="10D"))


def test_a_table_meld_has_at_least_three_cards():
    melds = [["7H", "8H", "9H"], ["QS", "QD"]]
    assert_no_show(show(hand_of(melds), melds, players=4, wild="10D"))


def test_the_negative_joker_card_itself_is_a_plain_card():
    # 10D is turned up: only the black tens are wild, so 9D-10D-JD is pure.
    melds = [["9D", "10D", "JD"], ["QS", "QD", "JK"]]
    assert_out(show(hand_of(melds), melds, players=4, wild="10D"), hand_of(melds))


def test_a_set_never_has_five_cards():
    melds = [["7H", "8H", "9H"], ["QS", "QD", "QH", "QC", "JK"]]
    assert_no_show(show(hand_of(melds), melds, players=4, wild="10D"))


def test_a_printed_joker_as_negative_joker_leaves_the_tens_plain_in_a_show():
    melds = [["7H", "8H", "9H"], ["QS", "QD", "10C"]]
    assert_out(show(hand_of(melds), melds, players=4, wild="10D"), hand_of(melds))
    assert_no_show(show(hand_of(melds), melds, players=4, wild="JK"))


def test_without_melds_the_engine_searches_for_an_arrangement():
    hand = "7H 8H 9H QS QD 10C"
    assert_out(show(hand, players=4, wild="10D"), cards(hand))


def test_a_searched_hand_without_a_pure_sequence_does_not_go_out():
    # 7H 9H need 10C as 8H, so the only run is impure.
    assert_no_show(show("7H 10C 9H QS QD QH", players=4, wild="10D"))


def test_a_show_is_three_or_more_cards():
    assert_out(show("5H 6H 7H", players=4, wild="10D"), cards("5H 6H 7H"))
    assert error_code(show("5H 6H", players=4, wild="10D")) == "hand_size"


def test_melds_that_do_not_use_every_card_of_the_hand_once_are_a_bad_request():
    melds = [["7H", "8H", "9H"], ["QS", "QD", "10C"]]
    response = show(hand_of(melds) + ["2C"], melds, players=4, wild="10D")
    assert error_code(response) == "bad_request"


def test_negative_joker_false_makes_a_black_ten_a_plain_card():
    # With 10D turned up 10C is wild and stands for 8H in 7H-10C-9H; with no negative joker
    # it is a plain ten and 7H 10C 9H is no meld.
    melds = [["2S", "3S", "4S"], ["7H", "10C", "9H"]]
    assert_out(show(hand_of(melds), melds, players=2, wild="10D"), hand_of(melds))
    assert_no_show(show(hand_of(melds), melds, players=2, options={"negative_joker": False}))


# --------------------------------------------------------------------------------------------
# Penalty: not used in vazhushal
# --------------------------------------------------------------------------------------------


def test_the_penalty_op_is_a_bad_request():
    hand = cards("2C 4C 6C 8C KD QD JS 3H 5H 7H 10S AS 7D")
    assert error_code(ask("penalty", hand=hand, players=4, wild="10D")) == ("bad_request")


# --------------------------------------------------------------------------------------------
# score_hand
# --------------------------------------------------------------------------------------------


def test_the_winner_scores_one_game_point_and_nobody_pays_anything():
    players = [
        {"id": "asha", "result": "won"},
        {"id": "bala", "result": "lost"},
        {"id": "chitra", "result": "lost"},
    ]
    response = score_hand(players, wild="10D")
    assert ok(response)["scores"] == {"asha": 1, "bala": 0, "chitra": 0}
    assert response["transfers"] == []


def depleted_players():
    return [
        # melds 7+8+9 = 24, QS QD 10C(a queen) = 30 -> 54; hand 2C 2 + JK 20 = 22 -> 32.
        {
            "id": "asha",
            "melds": [["7H", "8H", "9H"], ["QS", "QD", "10C"]],
            "hand": ["2C", "JK"],
        },
        # melds 3+4+5 = 12, 2H 3H JK: JK is AH (10) or 4H (4), the highest is 10 -> 15;
        # 27 in melds; hand KD 10 + 10S (wild) 20 = 30 -> -3.
        {
            "id": "bala",
            "melds": [["3S", "4S", "5S"], ["2H", "3H", "JK"]],
            "hand": ["KD", "10S"],
        },
        # melds 5+6+7+8 = 26, 9C JK JK: at best 9C 10C JC = 29 -> 55; hand AD KC QC 30 -> 25.
        {
            "id": "chitra",
            "melds": [["5D", "6D", "7D", "8D"], ["9C", "JK", "JK"]],
            "hand": ["AD", "KC", "QC"],
        },
    ]


def test_a_depleted_stock_gives_the_game_point_to_the_highest_card_score():
    response = score_hand(depleted_players(), wild="10D", depleted=True)
    assert ok(response)["scores"] == {"asha": 1, "bala": 0, "chitra": 0}
    assert response["transfers"] == []


def test_a_depleted_stock_reports_each_card_score_in_details():
    response = ok(score_hand(depleted_players(), wild="10D", depleted=True))
    assert response["details"] == {
        "asha": {"card_score": 32},
        "bala": {"card_score": -3},
        "chitra": {"card_score": 25},
    }


def test_a_wild_card_in_a_meld_is_worth_the_card_it_stands_for():
    players = [
        # 2S 3S 4S = 9; 5C JK 7C: JK can only be 6C -> 18; 27 in melds; hand 4H -> 23.
        {"id": "a", "melds": [["2S", "3S", "4S"], ["5C", "JK", "7C"]], "hand": ["4H"]},
        # QH KH AH = 30; 8S 9S JK: JK is 7S or 10S, the highest is 10 -> 27; 57 in melds;
        # hand 2D -> 55.
        {"id": "b", "melds": [["QH", "KH", "AH"], ["8S", "9S", "JK"]], "hand": ["2D"]},
    ]
    response = ok(score_hand(players, wild="10D", depleted=True))
    assert response["details"] == {"a": {"card_score": 23}, "b": {"card_score": 55}}
    assert response["scores"] == {"a": 0, "b": 1}


def test_leaders_with_the_same_card_score_each_earn_a_game_point():
    players = [
        # 7+8+9 = 24, hand 2C -> 22.
        {"id": "asha", "melds": [["7H", "8H", "9H"]], "hand": ["2C"]},
        # QD KD AD = 30, hand 8C -> 22.
        {"id": "bala", "melds": [["QD", "KD", "AD"]], "hand": ["8C"]},
        # 4+5+6 = 15, hand JK 20 -> -5.
        {"id": "chitra", "melds": [["4S", "5S", "6S"]], "hand": ["JK"]},
    ]
    response = ok(score_hand(players, wild="10D", depleted=True))
    assert response["scores"] == {"asha": 1, "bala": 1, "chitra": 0}
    assert response["details"]["chitra"] == {"card_score": -5}
    assert response["transfers"] == []


def test_a_player_with_no_table_melds_scores_minus_the_cards_in_hand():
    players = [
        {"id": "asha", "melds": [["7H", "8H", "9H"]], "hand": ["2C"]},  # 24 - 2 = 22
        {"id": "bala", "melds": [], "hand": ["AS", "10C", "3D"]},  # -(10 + 20 + 3) = -33
    ]
    response = ok(score_hand(players, wild="10D", depleted=True))
    assert response["details"] == {"asha": {"card_score": 22}, "bala": {"card_score": -33}}
    assert response["scores"] == {"asha": 1, "bala": 0}


@pytest.mark.parametrize(
    "bad_meld",
    [["JK", "JK", "JK"], ["2C", "5H", "9S"], ["QS", "QD"]],
    ids=["printed-jokers-only", "not-a-meld", "two-cards"],
)
def test_an_illegal_table_meld_in_a_depleted_hand_is_a_bad_request(bad_meld):
    # 3 seats: 2 decks, 4 printed jokers, so every hand below is possible.
    players = [
        {"id": "asha", "melds": [["7H", "8H", "9H"], bad_meld], "hand": ["3C"]},
        {"id": "bala", "melds": [["QD", "KD", "AD"]], "hand": ["8C"]},
        {"id": "chitra", "melds": [["4S", "5S", "6S"]], "hand": ["2D"]},
    ]
    assert error_code(score_hand(players, wild="10D", depleted=True)) == "bad_request"


def test_a_dropped_player_is_a_bad_request_in_vazhushal():
    players = [
        {"id": "asha", "result": "won"},
        {"id": "bala", "result": "dropped", "drop": "first"},
    ]
    assert error_code(score_hand(players, wild="10D")) == "bad_request"


def test_a_void_hand_scores_nothing():
    players = [{"id": "asha", "result": "lost"}, {"id": "bala", "result": "lost"}]
    response = ok(score_hand(players, wild="10D", void=True))
    assert response["scores"] == {"asha": 0, "bala": 0}
    assert response["transfers"] == []
