"""Hand-worked cases for 21 card Indian Rummy (`indian21`), straight from the rules contract.

Every expected number is worked out by hand from `docs/rules.md`; the arithmetic
is in the comment beside it. Most hands use the exposed card 5D, so the wild cards are
4D (lower), 5D (same_suit), 6D (upper) and JK (printed); hands meant to hold no wild card
avoid those four.
"""

from collections import Counter
from functools import partial

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.rules import evaluate
from tests.rules import helpers
from tests.rules.helpers import (
    assert_melds_use_every_card,
    assert_no_show,
    assert_valid_show,
    cards,
    error_code,
    transfers,
    value,
)

VARIANT = "indian21"
KINDS = {"pure_sequence", "sequence", "set", "tunnela", "dublee"}

ask = partial(helpers.ask, VARIANT)


def assert_proves_complete(response, hand):
    """The melds of a `complete` show use every card once and hold 3+ pure sequences."""
    assert_valid_show(response, "complete")
    melds = response["melds"]
    assert all(meld["kind"] in KINDS for meld in melds), melds
    assert_melds_use_every_card(response, hand)
    assert sum(meld["kind"] == "pure_sequence" for meld in melds) >= 3, melds


# --- hands (exposed 5D unless a test says otherwise) ---------------------------------------

# AH-2H-3H, 7C-8C-9C and 2S-3S-4S pure; KD x3 and 6S x3 tunnelas; J, Q sets. No wild card.
COMPLETE = cards("AH 2H 3H 7C 8C 9C KD KD KD 6S 6S 6S JS JH JC QS QH QC 2S 3S 4S")
# As COMPLETE with the third pure sequence swapped for the set 3S 3D 3C: every card melds,
# but only AH-2H-3H and 7C-8C-9C can ever be pure sequences.
TWO_PURE_ALL_MELDED = cards("AH 2H 3H 7C 8C 9C KD KD KD 6S 6S 6S JS JH JC QS QH QC 3S 3D 3C")
# Eight wild cards (JK x3, 4D x2, 6D x2, 5D) and 13 scattered cards; 4D-5D-6D is the only
# run the hand can make, so no complete show.
EIGHT_WILDS = cards("JK JK JK 4D 4D 6D 6D 5D 2S 6S 10S 3H 7H JH 4C 8C QC 9D KD 2C 9S")
# Eight natural dublees and five loose cards.
EIGHT_DUBLEES = cards("AS AS 3H 3H 7C 7C QD QD 9S 9S KH KH 5C 5C JD JD 2C 6H 10S 8D 4S")
# Tunnelas KD, 6S, 9H and twelve loose cards.
THREE_TUNNELAS = cards("KD KD KD 6S 6S 6S 9H 9H 9H 2S 10S 3H JH 4C 8C QC 8D 10D 2D 7S AC")


# --- wild cards ---------------------------------------------------------------------------


def test_exposed_ten_of_spades_makes_nine_ten_and_jack_of_spades_wild():
    assert ask("wilds", wild="10S") == {
        "wild_cards": {"JK": "printed", "9S": "lower", "10S": "same_suit", "JS": "upper"}
    }


def test_exposed_ace_wraps_upper_to_two_and_lower_to_king():
    assert ask("wilds", wild="AH") == {
        "wild_cards": {"JK": "printed", "AH": "same_suit", "2H": "upper", "KH": "lower"}
    }


def test_exposed_two_has_the_ace_as_lower():
    assert ask("wilds", wild="2C") == {
        "wild_cards": {"JK": "printed", "2C": "same_suit", "3C": "upper", "AC": "lower"}
    }


def test_exposed_king_has_the_ace_as_upper():
    assert ask("wilds", wild="KD") == {
        "wild_cards": {"JK": "printed", "KD": "same_suit", "AD": "upper", "QD": "lower"}
    }


def test_exposed_printed_joker_makes_spade_ace_two_king_and_every_other_ace_wild():
    assert ask("wilds", wild="JK") == {
        "wild_cards": {
            "JK": "printed",
            "AS": "same_suit",
            "2S": "upper",
            "KS": "lower",
            "AH": "wild",
            "AD": "wild",
            "AC": "wild",
        }
    }


def test_exposed_three_gives_one_rank_either_side_not_the_rummy27_two_ranks():
    # rummy27 would add AC (two_down) and 5C (two_up); indian21 has upper/lower only.
    assert ask("wilds", wild="3C") == {
        "wild_cards": {"JK": "printed", "3C": "same_suit", "4C": "upper", "2C": "lower"}
    }


def test_wild_card_input_accepts_t_lower_case_and_suit_symbols():
    expected = {"JK": "printed", "9S": "lower", "10S": "same_suit", "JS": "upper"}
    assert ask("wilds", wild="t♠") == {"wild_cards": expected}
    assert ask("wilds", wild="10s") == {"wild_cards": expected}


def test_exposed_joker_may_be_spelled_joker():
    assert ask("wilds", wild="joker") == ask("wilds", wild="JK")


def test_wilds_without_the_exposed_card_is_a_bad_request():
    assert error_code(evaluate({"op": "wilds", "variant": VARIANT})) == "bad_request"
    assert error_code(ask("wilds", wild=None)) == "bad_request"


# --- shows --------------------------------------------------------------------------------


def test_all_cards_melded_with_three_pure_sequences_is_a_complete_show():
    response = ask("show", wild="5D", hand=COMPLETE)
    assert_proves_complete(response, COMPLETE)


def test_complete_show_accepts_a_lower_case_string_hand_and_answers_in_canonical_form():
    text = "ah,2h,3h,7c,8c,9c,kd,kd,kd,6s,6s,6s,js,jh,jc,qs,qh,qc,2s,3s,4s"
    response = ask("show", wild="5d", hand=text)
    assert_proves_complete(response, COMPLETE)


def test_everything_melded_with_only_two_pure_sequences_is_no_show():
    assert_no_show(ask("show", wild="5D", hand=TWO_PURE_ALL_MELDED))


def test_a_printed_joker_may_fill_a_set_in_a_complete_show():
    hand = cards("AH 2H 3H 7C 8C 9C KD KD KD 6S 6S 6S JS JH JK QS QH QC 2S 3S 4S")
    response = ask("show", wild="5D", hand=hand)
    assert_proves_complete(response, hand)


def test_a_wild_card_standing_for_itself_keeps_a_sequence_pure():
    # 2D-3D-4D: 4D is the lower joker standing for itself, so the run is the third pure one.
    hand = cards("AH 2H 3H 7C 8C 9C KD KD KD 6S 6S 6S JS JH JC QS QH QC 2D 3D 4D")
    response = ask("show", wild="5D", hand=hand)
    assert_proves_complete(response, hand)


def test_a_sequence_completed_by_a_joker_is_not_pure():
    # 2S-JK-4S melds but is not pure, leaving two pure sequences.
    hand = cards("AH 2H 3H 7C 8C 9C KD KD KD 6S 6S 6S JS JH JC QS QH QC 2S JK 4S")
    assert_no_show(ask("show", wild="5D", hand=hand))


def test_a_set_may_not_repeat_a_suit_in_indian21():
    # JS JS JH would be a rummy27 set; here it melds nowhere.
    hand = cards("AH 2H 3H 7C 8C 9C KD KD KD 6S 6S 6S JS JS JH QS QH QC 2S 3S 4S")
    assert_no_show(ask("show", wild="5D", hand=hand))


def test_two_identical_cards_and_a_joker_are_not_a_set_in_indian21():
    # JH JH JK is a rummy27 set ("7H 7H + a wild card"); in indian21 it is not.
    hand = cards("AH 2H 3H 7C 8C 9C KD KD KD 6S 6S 6S JH JH JK QS QH QC 2S 3S 4S")
    assert_no_show(ask("show", wild="5D", hand=hand))


def test_queen_king_ace_is_a_pure_sequence():
    hand = COMPLETE[:-3] + cards("QC KC AC")
    assert_proves_complete(ask("show", wild="5D", hand=hand), hand)


def test_king_ace_two_is_not_a_sequence():
    hand = COMPLETE[:-3] + cards("KC AC 2C")
    assert_no_show(ask("show", wild="5D", hand=hand))


def test_a_long_run_may_be_split_into_two_pure_sequences():
    # 2H-7H splits into 2H-3H-4H and 5H-6H-7H; with 9C-10C-JC that is three pure.
    hand = cards("2H 3H 4H 5H 6H 7H 9C 10C JC KS KD KC QS QH QD 8S 8D 8C AS AD AC")
    assert_proves_complete(ask("show", wild="5D", hand=hand), hand)


def test_a_meld_of_wild_cards_only_is_a_sequence_but_not_pure():
    # JK JK 4D melds, but leaves the hand with two pure sequences.
    hand = TWO_PURE_ALL_MELDED[:-3] + cards("JK JK 4D")
    assert_no_show(ask("show", wild="5D", hand=hand))
    response = ask("penalty", wild="5D", hand=hand)
    assert (response["points"], response["rule"]) == (2, "two_points")


def test_eight_wild_cards_are_a_show_whatever_the_rest_holds():
    assert_valid_show(ask("show", wild="5D", hand=EIGHT_WILDS), "eight_jokers")


def test_under_an_exposed_joker_every_ace_counts_toward_eight_jokers():
    # AH AD AC (role wild) twice each and two printed jokers: eight wild cards.
    hand = cards("AH AH AD AD AC AC JK JK 3S 7S JS 4H 8H QH 5C 9C KC 6D 10D 2D 9S")
    assert_valid_show(ask("show", wild="JK", hand=hand), "eight_jokers")


def test_seven_wild_cards_are_no_show():
    hand = list(EIGHT_WILDS)
    hand[hand.index("5D")] = "5C"
    assert_no_show(ask("show", wild="5D", hand=hand))


def test_eight_jokers_counts_wild_cards_that_could_stand_for_themselves():
    # EIGHT_WILDS holds 4D 5D 6D, a pure run as themselves; they still count as wild cards.
    assert Counter(EIGHT_WILDS)["4D"] == 2 and "5D" in EIGHT_WILDS
    assert_valid_show(ask("show", wild="5D", hand=EIGHT_WILDS), "eight_jokers")


def test_eight_dublees_are_a_show():
    assert_valid_show(ask("show", wild="5D", hand=EIGHT_DUBLEES), "eight_dublees")


def test_two_printed_jokers_make_a_dublee():
    hand = cards("AS AS 3H 3H 7C 7C QD QD 9S 9S KH KH 5C 5C JK JK 2C 6H 10S 8D 4S")
    assert_valid_show(ask("show", wild="5D", hand=hand), "eight_dublees")


def test_seven_dublees_are_no_show():
    hand = cards("AS AS 3H 3H 7C 7C QD QD 9S 9S KH KH 5C 5C JD 9H 2C 6H 10S 8D 4S")
    assert_no_show(ask("show", wild="5D", hand=hand))


def test_three_tunnelas_are_a_show_with_the_rest_unmelded():
    assert_valid_show(ask("show", wild="5D", hand=THREE_TUNNELAS), "three_tunnelas")


def test_three_printed_jokers_make_a_tunnela():
    hand = cards("JK JK JK KD KD KD 6S 6S 6S 2S 10S 3H JH 4C 8C QC 8D 10D 2D 7S AC")
    assert_valid_show(ask("show", wild="5D", hand=hand), "three_tunnelas")


def test_two_tunnelas_are_no_show():
    hand = cards("KD KD KD 6S 6S 6S 9H 9H 8H 2S 10S 3H JH 4C 8C QC 8D 10D 2D 7S AC")
    assert_no_show(ask("show", wild="5D", hand=hand))


def test_complete_comes_before_three_tunnelas():
    # Tunnelas KD, 6S, 9H; pure AH-2H-3H, 7C-8C-9C, JS-QS-KS; set 10S 10H 10C.
    hand = cards("KD KD KD 6S 6S 6S 9H 9H 9H AH 2H 3H 7C 8C 9C JS QS KS 10S 10H 10C")
    assert_proves_complete(ask("show", wild="5D", hand=hand), hand)


def test_eight_jokers_comes_before_eight_dublees():
    # Wild dublees JK JK, 4D 4D, 5D 5D, 6D 6D (eight wild cards) plus four natural dublees.
    hand = cards("JK JK 4D 4D 5D 5D 6D 6D AS AS 3H 3H 7C 7C QC QC 9S KH 2C 10S 8H")
    assert_valid_show(ask("show", wild="5D", hand=hand), "eight_jokers")


def test_the_players_own_arrangement_is_judged_when_given():
    melds = [
        ["AH", "2H", "3H"],
        ["7C", "8C", "9C"],
        ["KD", "KD", "KD"],
        ["6S", "6S", "6S"],
        ["JS", "JH", "JC"],
        ["QS", "QH", "QC"],
        ["2S", "3S", "4S"],
    ]
    assert_proves_complete(ask("show", wild="5D", hand=COMPLETE, melds=melds), COMPLETE)


def test_a_given_arrangement_with_a_broken_meld_is_judged_invalid_even_if_another_works():
    melds = [
        ["AH", "2H", "3H", "7C"],
        ["8C", "9C"],
        ["KD", "KD", "KD"],
        ["6S", "6S", "6S"],
        ["JS", "JH", "JC"],
        ["QS", "QH", "QC"],
        ["2S", "3S", "4S"],
    ]
    response = ask("show", wild="5D", hand=COMPLETE, melds=melds)
    assert response["valid"] is False, response


def test_given_melds_that_leave_out_a_card_are_a_bad_request():
    melds = [["AH", "2H", "3H"], ["7C", "8C", "9C"]]
    response = ask("show", wild="5D", hand=COMPLETE, melds=melds)
    assert error_code(response) == "bad_request"


def test_a_show_of_twenty_or_twenty_two_cards_is_a_hand_size_error():
    assert error_code(ask("show", wild="5D", hand=COMPLETE[:-1])) == "hand_size"
    assert error_code(ask("show", wild="5D", hand=COMPLETE + ["5C"])) == "hand_size"


def test_the_exposed_card_takes_one_of_its_three_copies_out_of_play():
    # 5D is exposed: only two more 5D exist.
    hand = cards("5D 5D 5D 7C 8C 9C KD KD KD 6S 6S 6S JS JH JC QS QH QC 2S 3S 4S")
    assert error_code(ask("show", wild="5D", hand=hand)) == "impossible_hand"


def test_a_fourth_copy_of_a_card_is_impossible_with_three_decks():
    hand = cards("KD KD KD KD 8C 9C 6S 6S 6S AH JS JH JC QS QH QC 2S 3S 4S 2H 3H")
    assert error_code(ask("show", wild="5D", hand=hand)) == "impossible_hand"


def test_an_exposed_printed_joker_leaves_only_two_printed_jokers():
    hand = cards("JK JK JK KD KD KD 6S 6S 6S 2S 10S 3H JH 4C 8C QC 8D 10D 2D 7S AC")
    assert error_code(ask("show", wild="JK", hand=hand)) == "impossible_hand"


def test_show_without_the_exposed_card_is_a_bad_request():
    assert error_code(ask("show", hand=COMPLETE)) == "bad_request"


# --- penalty ------------------------------------------------------------------------------


def test_every_card_melded_pays_two_points_without_three_pure_sequences():
    response = ask("penalty", wild="5D", hand=TWO_PURE_ALL_MELDED)
    assert (response["points"], response["rule"]) == (2, "two_points")


def test_two_points_comes_first_even_for_a_hand_that_could_show():
    response = ask("penalty", wild="5D", hand=COMPLETE)
    assert (response["points"], response["rule"]) == (2, "two_points")


def test_six_dublees_pay_two_points():
    # KH QC 9S 8D 2C JH dublees; no pure sequence, so all_cards would be far more.
    hand = cards("KH KH QC QC 9S 9S 8D 8D 2C 2C JH JH AS 3H 5C 7S 10D 4C 6H QS 10H")
    response = ask("penalty", wild="5D", hand=hand)
    assert (response["points"], response["rule"]) == (2, "two_points")


# Five dublees and no pure sequence, nothing wild:
# KH KH 20 + QC QC 20 + 9S 9S 18 + 8D 8D 16 + 2C 2C 4 = 78;
# AS 10 + 3H 3 + 5C 5 + 7S 7 + 10D 10 + 4C 4 + 6H 6 + QS 10 + 10H 10 + JH 10 + 2D 2 = 77.
FIVE_DUBLEES = cards("KH KH QC QC 9S 9S 8D 8D 2C 2C AS 3H 5C 7S 10D 4C 6H QS 10H JH 2D")


def test_five_dublees_and_no_pure_sequence_pay_all_cards_capped_at_120():
    response = ask("penalty", wild="5D", hand=FIVE_DUBLEES)
    # 78 + 77 = 155, capped at 120
    assert (response["points"], response["rule"]) == (120, "all_cards")


def test_first_turn_pending_halves_then_caps_at_sixty():
    response = ask("penalty", wild="5D", hand=FIVE_DUBLEES, first_turn_pending=True)
    # 155 / 2 = 77.5 -> 78, capped at 60; the rule keeps its name
    assert (response["points"], response["rule"]) == (60, "all_cards")


# Six wild cards (JK JK 4D 4D 6D 6D) and fifteen loose naturals; 5D is absent, so no run.
# 2S 2S 5S 6S 10S = 25; 3H 3H 7H JH = 23; 4C 8C QC AC = 32; 9D KD = 19.
SIX_WILDS = cards("JK JK 4D 4D 6D 6D 2S 2S 5S 6S 10S 3H 3H 7H JH 4C 8C QC AC 9D KD")


def test_six_wild_cards_and_no_pure_sequence_pay_for_every_card():
    response = ask("penalty", wild="5D", hand=SIX_WILDS)
    # 25 + 23 + 32 + 19 = 99; the wild cards are worth 0
    assert (response["points"], response["rule"]) == (99, "all_cards")


def test_seven_wild_cards_pay_two_points():
    hand = list(SIX_WILDS)
    hand[hand.index("AC")] = "JK"
    response = ask("penalty", wild="5D", hand=hand)
    assert (response["points"], response["rule"]) == (2, "two_points")


# Exposed 7H (wild cards 6H 7H 8H JK, none held below).
# ESHA: no pure sequence, three dublees (2S 2C 2D), sets that do not help.
# spades 2+3+5+6+8+9 = 33, clubs the same 33, 2D 3D 5, 2H 3H 5, 2S 2C 2D 6, 5H 5D 10.
ESHA = cards("2S 3S 5S 6S 8S 9S 2C 3C 5C 6C 8C 9C 2D 3D 2H 3H 2S 2C 2D 5H 5D")
# BALA: pure AS-4S, 4C-6C, 9D-QD and the set KS KH KC melded; deadwood
# 10H 10 + QH 10 + JC 10 + 9S 9 + 8C 8 + 7D 7 + 6S 6 = 60.
BALA = cards("AS 2S 3S 4S 4C 5C 6C 9D 10D JD QD KS KH KC 10H QH JC 9S 8C 7D 6S")
BALA_DEADWOOD = cards("10H QH JC 9S 8C 7D 6S")
# PURE_ONE: pure AS-2S-3S; the tunnela 3D x3, the set 5C 5H 5D and twelve loose cards count:
# 3D x3 9 + 5s 15 + 6S 6 + 2H 2 + 9H 9 + 2C 2 + 8C 8 + 9D 9 + 4C 4 + 7D 7 + 10S QH QC JS 40.
PURE_ONE = cards("AS 2S 3S 3D 3D 3D 5C 5H 5D 6S 2H 9H 2C 8C 9D 4C 7D 10S QH QC JS")
# PURE_TWO: PURE_ONE with 2H 9H QH swapped for the pure 9H-10H-JH.
PURE_TWO = cards("AS 2S 3S 9H 10H JH 3D 3D 3D 5C 5H 5D 6S 2C 8C 9D 4C 7D 10S QC JS")


def test_no_pure_sequence_counts_every_card_even_melded_ones():
    response = ask("penalty", wild="7H", hand=ESHA)
    # 33 + 33 + 5 + 5 + 6 + 10 = 92
    assert (response["points"], response["rule"]) == (92, "all_cards")
    assert Counter(response["counted"]) == Counter(ESHA)


def test_pending_player_pays_half_rounded_up():
    hand = list(ESHA)
    hand[hand.index("2D", hand.index("2D") + 1)] = "3D"  # second 2D becomes 3D: 93
    response = ask("penalty", wild="7H", hand=hand, first_turn_pending=True)
    # 93 / 2 = 46.5 -> 47
    assert (response["points"], response["rule"]) == (47, "all_cards")


def test_one_pure_sequence_exempts_only_its_own_cards():
    response = ask("penalty", wild="7H", hand=PURE_ONE)
    # 9 + 15 + 6 + 2 + 9 + 2 + 8 + 9 + 4 + 7 + 40 = 111 (all cards would be 126 -> 120)
    assert (response["points"], response["rule"]) == (111, "pure_exempt")
    assert Counter(response["counted"]) == Counter(PURE_ONE) - Counter(["AS", "2S", "3S"])


def test_two_pure_sequences_exempt_only_their_cards_and_sets_still_count():
    response = ask("penalty", wild="7H", hand=PURE_TWO)
    # 3D x3 9 + 5s 15 + 6S 6 + 2C 2 + 8C 8 + 9D 9 + 4C 4 + 7D 7 + 10S QC JS 30 = 90
    assert (response["points"], response["rule"]) == (90, "pure_exempt")


def test_pending_player_keeps_the_pure_exempt_rule_name():
    response = ask("penalty", wild="7H", hand=PURE_ONE, first_turn_pending=True)
    # 111 / 2 = 55.5 -> 56
    assert (response["points"], response["rule"]) == (56, "pure_exempt")


def test_three_pure_sequences_count_only_the_deadwood():
    response = ask("penalty", wild="7H", hand=BALA)
    # 10 + 10 + 10 + 9 + 8 + 7 + 6 = 60 (pure_exempt would also count the K set: 90)
    assert (response["points"], response["rule"]) == (60, "deadwood")
    assert Counter(response["counted"]) == Counter(BALA_DEADWOOD)
    assert sum(value(card) for card in response["counted"]) == 60


def test_the_cheapest_arrangement_splits_a_long_run_for_a_third_pure_sequence():
    # 2H-3H-4H, 5H-6H-7H, 9C-10C-JC pure and the K set melded; deadwood
    # 3S 3 + 8S 8 + QD 10 + 9D 9 + 2C 2 + 6S 6 + 10S 10 + 4C 4 + 8D 8 = 60
    # (one long heart run would leave two pure sequences: pure_exempt 60 + 30 = 90)
    hand = cards("2H 3H 4H 5H 6H 7H 9C 10C JC KS KD KC 3S 8S QD 9D 2C 6S 10S 4C 8D")
    response = ask("penalty", wild="5D", hand=hand)
    assert (response["points"], response["rule"]) == (60, "deadwood")


def test_three_pure_sequences_and_nothing_else_melded_are_named_deadwood():
    # BALA without its K set: pure_exempt and deadwood both count the same 13 loose cards,
    # and the higher tier names the rule. 60 + KH 10 + 2C 2 + 5H 5 = 77
    hand = BALA[:11] + BALA_DEADWOOD + cards("KH 2C 5H")
    response = ask("penalty", wild="7H", hand=hand)
    assert (response["points"], response["rule"]) == (77, "deadwood")


def test_pending_player_keeps_the_deadwood_rule_name():
    response = ask("penalty", wild="7H", hand=BALA, first_turn_pending=True)
    # 60 / 2 = 30
    assert (response["points"], response["rule"]) == (30, "deadwood")


def test_penalty_hand_must_hold_exactly_21_cards():
    assert error_code(ask("penalty", wild="7H", hand=BALA[:-1])) == "hand_size"
    assert error_code(ask("penalty", wild="7H", hand=BALA + ["2H"])) == "hand_size"


def test_penalty_without_the_exposed_card_is_a_bad_request():
    assert error_code(ask("penalty", hand=BALA)) == "bad_request"


# --- value-card bonus (exposed 10S: 10S same_suit, JS upper, 9S lower) ----------------------


def bonus(hand, wild="10S"):
    return helpers.bonus(VARIANT, helpers.as_hand(hand), wild=wild)


def test_marriage_plus_a_spare_upper_joker_is_110():
    # 10S + JS + 9S marriage 100, the second JS upper 10
    assert bonus("10S JS JS 9S")["points"] == 110


def test_no_value_cards_earn_nothing():
    assert bonus("2H 3C QD")["points"] == 0
    assert bonus("JK JK")["points"] == 0  # printed jokers are no value cards


def test_one_same_suit_joker_earns_ten():
    assert bonus("10S 4H") == {
        "points": 10,
        "breakdown": [{"category": "same_suit", "count": 1, "points": 10}],
    }


def test_two_same_suit_jokers_earn_thirty():
    assert bonus("10S 10S")["points"] == 30


def test_three_upper_jokers_earn_fifty():
    assert bonus("JS JS JS") == {
        "points": 50,
        "breakdown": [{"category": "upper", "count": 3, "points": 50}],
    }


def test_three_lower_jokers_earn_fifty():
    assert bonus("9S 9S 9S")["points"] == 50


def test_an_upper_and_a_lower_joker_are_no_marriage():
    # upper 10 + lower 10
    assert bonus("JS 9S")["points"] == 20


def test_two_of_each_make_a_double_marriage():
    response = bonus("10S 10S JS JS 9S 9S")
    # double marriage 300 (two marriages 200, or 30 + 30 + 30 = 90, pay less)
    assert response["points"] == 300
    assert "double_marriage" in {item["category"] for item in response["breakdown"]}


def test_double_marriage_and_the_spare_jokers_count_apart():
    # double marriage 300 + upper 10 + lower 10 = 320
    # (one marriage 100 + same_suit 10 + upper 30 + lower 30 = 170)
    assert bonus("10S 10S JS JS JS 9S 9S 9S")["points"] == 320


def test_one_marriage_with_spares_is_worth_more_than_singles():
    # marriage 100 + same_suit 10 + upper 10 = 120 (singles: 30 + 30 + 10 = 70)
    assert bonus("10S 10S JS JS 9S")["points"] == 120


def test_each_card_counts_in_one_category_only():
    # the one 10S sits in the marriage, so it earns no same_suit points as well
    response = bonus("10S JS JS 9S")
    paid = {(item["category"], item["points"]) for item in response["breakdown"]}
    assert paid == {("marriage", 100), ("upper", 10)}


def test_exposed_printed_joker_makes_the_spade_ace_the_same_suit_joker():
    # only AS can be held three times as a same_suit joker: 50
    assert bonus("AS AS AS", wild="JK")["points"] == 50


def test_other_aces_under_an_exposed_joker_earn_no_bonus():
    assert bonus("AH AD AC JK", wild="JK")["points"] == 0


def test_exposed_joker_marriage_is_spade_ace_two_and_king():
    # AS same_suit + 2S upper + KS lower = marriage 100
    assert bonus("AS 2S KS", wild="JK")["points"] == 100


def test_triple_marriage_is_500():
    assert bonus("AS AS AS 2S 2S 2S KS KS KS", wild="JK")["points"] == 500


def test_three_three_two_pays_double_marriage_and_two_singles():
    # double 300 + same_suit 10 + upper 10 = 320 (triple needs three lowers)
    assert bonus("AS AS AS 2S 2S 2S KS KS", wild="JK")["points"] == 320


def test_exposed_ace_marriage_wraps_through_the_ace():
    # exposed AH: same_suit AH, upper 2H, lower KH -> marriage 100
    assert bonus("AH 2H KH", wild="AH")["points"] == 100


def test_a_full_hand_earns_only_for_its_value_cards():
    # PURE_ONE holds 10S (same_suit 10) and JS (upper 10) under an exposed 10S
    assert bonus(PURE_ONE)["points"] == 20


def test_every_mix_of_value_cards_gets_the_best_split():
    # Exposed JK: AS same_suit, 2S upper, KS lower, up to three of each. The best split is
    # the singles alone, or one marriage / double / triple plus the singles left over.
    single = {0: 0, 1: 10, 2: 30, 3: 50}
    for ss in range(4):
        for up in range(4):
            for low in range(4):
                options = [single[ss] + single[up] + single[low]]
                for size, points in ((1, 100), (2, 300), (3, 500)):
                    if min(ss, up, low) >= size:
                        rest = single[ss - size] + single[up - size] + single[low - size]
                        options.append(points + rest)
                hand = ["AS"] * ss + ["2S"] * up + ["KS"] * low + ["4H"]
                got = ask("bonus", wild="JK", hand=hand)["points"]
                assert got == max(options), (hand, got, max(options))


def test_bonus_hand_with_three_copies_of_the_exposed_card_is_impossible():
    assert error_code(bonus("10S 10S 10S")) == "impossible_hand"


# --- one played hand ----------------------------------------------------------------------


PENDING = {"first_turn_pending": True}


def score(players, wild="7H", **extra):
    return helpers.score_hand(VARIANT, players, wild=wild, options={}, **extra)


def assert_zero_sum(response):
    assert sum(response["scores"].values()) == 0, response["scores"]
    assert all(item["points"] > 0 for item in response["transfers"]), response["transfers"]


def test_the_contract_worked_example_scores_asha_181():
    # Exposed 7H; nobody holds 6H, 7H, 8H, so every bonus is 0.
    response = score(
        [
            {"id": "asha", "result": "won", "hand": cards("2C 3C 4C")},
            {"id": "bala", "result": "lost", "hand": BALA},
            {"id": "chitra", "result": "lost", "penalty": 45, "bonus": 0},
            {"id": "dev", "result": "dropped", "drop": "first"},
            {"id": "esha", "result": "lost", "hand": ESHA, "first_turn_pending": True},
        ]
    )
    # bala deadwood 60; chitra typed 45; dev first drop 30; esha all_cards 92 / 2 = 46.
    # asha: 60 + 45 + 30 + 46 = 181
    assert response["scores"] == {"asha": 181, "bala": -60, "chitra": -45, "dev": -30, "esha": -46}
    assert transfers(response) == [
        ("bala", "asha", 60, "penalty"),
        ("chitra", "asha", 45, "penalty"),
        ("dev", "asha", 30, "drop"),
        ("esha", "asha", 46, "penalty"),
    ]
    assert {k: response["details"]["bala"][k] for k in ("penalty", "rule", "bonus")} == {
        "penalty": 60,
        "rule": "deadwood",
        "bonus": 0,
    }
    assert response["details"]["esha"]["penalty"] == 46
    assert response["details"]["esha"]["rule"] == "all_cards"
    assert_zero_sum(response)


def test_a_later_drop_pays_seventy_and_a_first_drop_thirty():
    response = score(
        [
            {"id": "asha", "result": "won", "bonus": 0},
            {"id": "bala", "result": "lost", "penalty": 10, "bonus": 0},
            {"id": "chitra", "result": "dropped", "drop": "later"},
            {"id": "dev", "result": "dropped", "drop": "first"},
        ]
    )
    # asha: 10 + 70 + 30 = 110
    assert response["scores"] == {"asha": 110, "bala": -10, "chitra": -70, "dev": -30}
    assert_zero_sum(response)


def test_bonuses_are_collected_from_every_other_player_still_in_and_pending_pays_half():
    response = score(
        [
            {"id": "asha", "result": "won", "bonus": 10},
            {"id": "bala", "result": "lost", "penalty": 20, "bonus": 30},
            {"id": "chitra", "result": "lost", "penalty": 40, "bonus": 0, **PENDING},
            {"id": "dev", "result": "dropped", "drop": "later"},
        ]
    )
    # penalties: bala 20; chitra 40 / 2 = 20; dev drop 70.
    # asha's bonus 10: bala 10, chitra (pending) 5. bala's bonus 30: asha 30, chitra 15.
    # asha 20 + 20 + 70 + 10 + 5 - 30 = 95; bala -20 - 10 + 30 + 15 = 15;
    # chitra -20 - 5 - 15 = -40; dev -70 (pays no bonus, collects none)
    assert response["scores"] == {"asha": 95, "bala": 15, "chitra": -40, "dev": -70}
    assert transfers(response) == sorted(
        [
            ("bala", "asha", 20, "penalty"),
            ("chitra", "asha", 20, "penalty"),
            ("dev", "asha", 70, "drop"),
            ("bala", "asha", 10, "bonus"),
            ("chitra", "asha", 5, "bonus"),
            ("asha", "bala", 30, "bonus"),
            ("chitra", "bala", 15, "bonus"),
        ]
    )
    assert_zero_sum(response)


def test_a_pending_player_collects_their_own_bonus_in_full():
    response = score(
        [
            {"id": "asha", "result": "won", "bonus": 0},
            {"id": "bala", "result": "lost", "penalty": 10, "bonus": 0},
            {"id": "chitra", "result": "lost", "penalty": 30, "bonus": 50, **PENDING},
        ]
    )
    # chitra pays 30 / 2 = 15 penalty and collects 50 from asha and 50 from bala.
    # asha 10 + 15 - 50 = -25; bala -10 - 50 = -60; chitra -15 + 100 = 85
    assert response["scores"] == {"asha": -25, "bala": -60, "chitra": 85}
    assert_zero_sum(response)


def test_penalty_and_bonus_come_from_the_hands_given():
    # Exposed 10S: asha holds a marriage (100). PURE_ONE now holds two wild cards, 10S and JS:
    # pure_exempt 111 - 10 - 10 = 91, bonus same_suit 10 + upper 10 = 20.
    response = score(
        [
            {"id": "asha", "result": "won", "hand": cards("10S JS 9S")},
            {"id": "bala", "result": "lost", "hand": PURE_ONE},
            {"id": "dev", "result": "dropped", "drop": "first"},
        ],
        wild="10S",
    )
    # asha 91 + 30 + 100 - 20 = 201; bala -91 - 100 + 20 = -171; dev -30
    assert response["scores"] == {"asha": 201, "bala": -171, "dev": -30}
    assert {k: response["details"]["bala"][k] for k in ("penalty", "rule", "bonus")} == {
        "penalty": 91,
        "rule": "pure_exempt",
        "bonus": 20,
    }
    assert transfers(response) == sorted(
        [
            ("bala", "asha", 91, "penalty"),
            ("dev", "asha", 30, "drop"),
            ("bala", "asha", 100, "bonus"),
            ("asha", "bala", 20, "bonus"),
        ]
    )


def test_a_typed_penalty_is_capped_at_120_and_a_pending_one_halved_then_capped_at_60():
    response = score(
        [
            {"id": "asha", "result": "won", "bonus": 0},
            {"id": "bala", "result": "lost", "penalty": 150},
            {"id": "chitra", "result": "lost", "penalty": 150, "first_turn_pending": True},
            {"id": "dev", "result": "lost", "penalty": 91, "first_turn_pending": True},
        ]
    )
    # bala 150 -> 120; chitra 150 / 2 = 75 -> 60; dev 91 / 2 = 45.5 -> 46
    assert response["scores"] == {"asha": 226, "bala": -120, "chitra": -60, "dev": -46}
    assert_zero_sum(response)


def test_a_void_hand_scores_nothing():
    response = score(
        [
            {"id": "asha", "result": "won", "bonus": 50},
            {"id": "bala", "result": "lost", "penalty": 40},
            {"id": "chitra", "result": "dropped", "drop": "later"},
        ],
        void=True,
    )
    assert response["scores"] == {"asha": 0, "bala": 0, "chitra": 0}
    assert response["transfers"] == []


def test_two_winners_are_a_bad_request():
    response = score(
        [
            {"id": "asha", "result": "won", "bonus": 0},
            {"id": "bala", "result": "won", "bonus": 0},
        ]
    )
    assert error_code(response) == "bad_request"


def test_no_winner_among_two_players_still_in_is_a_bad_request():
    response = score(
        [
            {"id": "asha", "result": "lost", "penalty": 10},
            {"id": "bala", "result": "lost", "penalty": 20},
            {"id": "chitra", "result": "dropped", "drop": "first"},
        ]
    )
    assert error_code(response) == "bad_request"


def test_duplicate_player_ids_are_a_bad_request():
    response = score(
        [
            {"id": "asha", "result": "won", "bonus": 0},
            {"id": "asha", "result": "lost", "penalty": 10},
        ]
    )
    assert error_code(response) == "bad_request"


def test_a_dropped_player_must_say_when():
    response = score(
        [
            {"id": "asha", "result": "won", "bonus": 0},
            {"id": "bala", "result": "dropped"},
        ]
    )
    assert error_code(response) == "bad_request"


def test_seven_seats_are_more_than_indian21_allows():
    seats = [{"id": "p0", "result": "won", "bonus": 0}] + [
        {"id": f"p{i}", "result": "lost", "penalty": 10} for i in range(1, 7)
    ]
    assert error_code(score(seats)) == "bad_request"


def test_a_losing_hand_must_be_the_full_21_card_deal():
    response = score(
        [
            {"id": "asha", "result": "won", "bonus": 0},
            {"id": "bala", "result": "lost", "hand": BALA[:-1]},
        ]
    )
    assert error_code(response) == "hand_size"


PENDING_BONUSES = st.sampled_from([0, 10, 20, 30, 50, 60, 100, 110, 300, 500])


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["lost", "first", "later"]),
            st.integers(2, 200),
            PENDING_BONUSES,
            st.booleans(),
        ),
        min_size=1,
        max_size=5,
    ),
    PENDING_BONUSES,
)
def test_typed_hands_always_balance_to_zero_as_the_ledger_rules_say(seats, winner_bonus):
    players = [{"id": "w", "result": "won", "bonus": winner_bonus}]
    for i, (kind, penalty, bonus_points, pending) in enumerate(seats):
        if kind == "lost":
            seat = {"id": f"p{i}", "result": "lost", "penalty": penalty, "bonus": bonus_points}
            if pending:
                seat["first_turn_pending"] = True
        else:
            seat = {"id": f"p{i}", "result": "dropped", "drop": kind}
        players.append(seat)
    response = score(players)
    # Expected from the contract: penalty capped at 120, pending halved (half up) then
    # capped at 60; drops 30/70; bonuses between every two players still in, a pending
    # payer paying half (half up).
    expected = {p["id"]: 0 for p in players}
    still_in = [p for p in players if p["result"] != "dropped"]
    for p in players:
        if p["result"] == "dropped":
            owed = 30 if p["drop"] == "first" else 70
        elif p["result"] == "lost":
            owed = (
                min((p["penalty"] + 1) // 2, 60)
                if p.get("first_turn_pending")
                else min(p["penalty"], 120)
            )
        else:
            continue
        expected[p["id"]] -= owed
        expected["w"] += owed
    for collector in still_in:
        for payer in still_in:
            if payer is collector:
                continue
            owed = collector["bonus"]
            if payer.get("first_turn_pending"):
                owed = (owed + 1) // 2
            expected[payer["id"]] -= owed
            expected[collector["id"]] += owed
    assert response["scores"] == expected
    assert_zero_sum(response)


# --- request checks -----------------------------------------------------------------------


def test_an_option_of_another_variant_is_unknown():
    assert error_code(ask("wilds", wild="5D", options={"ace_value": 11})) == "unknown_option"
    assert error_code(ask("wilds", wild="5D", options={"colour": "red"})) == "unknown_option"


def test_an_unknown_variant_is_reported_before_a_bad_card():
    response = evaluate({"op": "show", "variant": "indian22", "wild": "5D", "hand": ["11H"]})
    assert error_code(response) == "unknown_variant"


def test_a_bad_card_is_reported_before_the_hand_size():
    assert error_code(ask("show", wild="5D", hand=["11H"] + COMPLETE[:5])) == "bad_card"


def test_the_hand_size_is_reported_before_an_impossible_hand():
    hand = cards("5D 5D 5D 7C 8C 9C KD KD KD 6S 6S 6S JS JH JC QS QH QC 2S 3S")
    assert error_code(ask("show", wild="5D", hand=hand)) == "hand_size"


def test_seven_players_are_outside_the_range():
    assert error_code(ask("wilds", wild="5D", players=7)) == "bad_request"


def test_fewer_decks_allow_fewer_copies():
    # with options.decks 2 only two KD exist
    response = ask("show", wild="5D", hand=THREE_TUNNELAS, options={"decks": 2})
    assert error_code(response) == "impossible_hand"


def test_fewer_printed_jokers_allow_fewer_in_a_hand():
    hand = cards("JK JK JK KD KD KD 6S 6S 6S 2S 10S 3H JH 4C 8C QC 8D 10D 2D 7S AC")
    assert error_code(ask("show", wild="5D", hand=hand, options={"jokers": 2})) == "impossible_hand"


def test_an_option_value_it_cannot_take_is_a_bad_request():
    assert error_code(ask("wilds", wild="5D", options={"decks": "three"})) == "bad_request"


def test_a_vazhushal_option_is_unknown_in_indian21():
    response = ask("wilds", wild="5D", options={"negative_joker": False})
    assert error_code(response) == "unknown_option"


def test_a_hand_that_is_not_a_list_or_string_is_a_bad_request():
    assert error_code(ask("show", wild="5D", hand=21)) == "bad_request"


def test_a_show_without_a_hand_is_a_bad_request():
    assert error_code(ask("show", wild="5D")) == "bad_request"


def test_options_that_are_not_an_object_are_a_bad_request():
    assert error_code(ask("wilds", wild="5D", options=["decks", 3])) == "bad_request"


def test_a_single_seat_is_fewer_than_indian21_allows():
    assert error_code(score([{"id": "asha", "result": "won", "bonus": 0}])) == "bad_request"


def test_a_void_hand_needs_no_winner():
    response = score(
        [
            {"id": "asha", "result": "lost", "penalty": 5},
            {"id": "bala", "result": "lost", "penalty": 7},
        ],
        void=True,
    )
    assert response["scores"] == {"asha": 0, "bala": 0}
    assert response["transfers"] == []


def test_suit_symbols_are_read_in_a_hand():
    hand = "A♥ 2♥ 3♥ 7♣ 8♣ 9♣ K♦ K♦ K♦ 6♠ 6♠ 6♠ J♠ J♥ J♣ Q♠ Q♥ Q♣ 2♠ 3♠ 4♠"
    assert_proves_complete(ask("show", wild="5♦", hand=hand), COMPLETE)
