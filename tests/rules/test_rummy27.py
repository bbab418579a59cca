"""Hand-worked cases for 27 card Rummy (`rummy27`), straight from the rules contract.

Every expected number is worked out by hand from `docs/rules.md`; the arithmetic
is in the comment beside it. Most hands use the exposed card 5D, so the wild cards are
3D (two_down), 4D (one_down), 5D (same_suit), 6D (one_up), 7D (two_up) and JK (printed);
hands meant to hold no wild card avoid those six.
"""

from collections import Counter
from functools import partial

from scoring.rules import evaluate
from tests.rules import helpers
from tests.rules.helpers import assert_no_show, assert_valid_show, cards, error_code, transfers

VARIANT = "rummy27"

ask = partial(helpers.ask, VARIANT)
score = partial(helpers.score_hand, VARIANT, wild="5D")


def meld_kinds(response):
    return {tuple(sorted(meld["cards"])): meld["kind"] for meld in response["melds"]}


# --- hands (exposed 5D) -------------------------------------------------------------------

# Tunnelas KS, 9C, 2H; pure 5H-8H, 4C-7C, 8D-10D; sets JS JH JD JC and AS AH AC. No wild.
THREE_TUNNELAS = cards(
    "KS KS KS 9C 9C 9C 2H 2H 2H 5H 6H 7H 8H 4C 5C 6C 7C JS JH JD JC 8D 9D 10D AS AH AC"
)
TUNNELA_MELDS = [["KS", "KS", "KS"], ["9C", "9C", "9C"], ["2H", "2H", "2H"]]
# Ten natural dublees; the other seven cards are 4H-5H-6H and the set of four tens.
TEN_DUBLEES = cards(
    "AS AS 3H 3H 7C 7C QC QC 9S 9S KH KH 5C 5C JD JD 2S 2S 8H 8H 4H 5H 6H 10S 10H 10C 10D"
)
# Ten wild cards (JK, 3D, 4D, 6D, 7D twice each) and seventeen melded naturals:
# 4C-8C, QS QH QD QC, 7S-JS, 2S 2H 2C.
TEN_JOKERS = cards(
    "JK JK 3D 3D 4D 4D 6D 6D 7D 7D 4C 5C 6C 7C 8C QS QH QD QC 7S 8S 9S 10S JS 2S 2H 2C"
)


# --- wild cards ---------------------------------------------------------------------------


def test_exposed_three_of_clubs_gives_two_ranks_either_side():
    assert ask("wilds", wild="3C") == {
        "wild_cards": {
            "JK": "printed",
            "AC": "two_down",
            "2C": "one_down",
            "3C": "same_suit",
            "4C": "one_up",
            "5C": "two_up",
        }
    }


def test_exposed_ace_gives_one_up_two_two_up_three_one_down_king_two_down_queen():
    assert ask("wilds", wild="AH") == {
        "wild_cards": {
            "JK": "printed",
            "AH": "same_suit",
            "2H": "one_up",
            "3H": "two_up",
            "KH": "one_down",
            "QH": "two_down",
        }
    }


def test_exposed_two_wraps_down_through_the_ace_to_the_king():
    assert ask("wilds", wild="2S") == {
        "wild_cards": {
            "JK": "printed",
            "2S": "same_suit",
            "3S": "one_up",
            "4S": "two_up",
            "AS": "one_down",
            "KS": "two_down",
        }
    }


def test_exposed_king_wraps_up_through_the_ace_to_the_two():
    assert ask("wilds", wild="KD") == {
        "wild_cards": {
            "JK": "printed",
            "KD": "same_suit",
            "AD": "one_up",
            "2D": "two_up",
            "QD": "one_down",
            "JD": "two_down",
        }
    }


def test_exposed_queen_has_the_ace_as_two_up():
    assert ask("wilds", wild="QC") == {
        "wild_cards": {
            "JK": "printed",
            "QC": "same_suit",
            "KC": "one_up",
            "AC": "two_up",
            "JC": "one_down",
            "10C": "two_down",
        }
    }


def test_exposed_printed_joker_makes_spades_around_the_ace_and_every_other_ace_wild():
    assert ask("wilds", wild="JK") == {
        "wild_cards": {
            "JK": "printed",
            "AS": "same_suit",
            "AH": "wild",
            "AD": "wild",
            "AC": "wild",
            "KS": "one_down",
            "QS": "two_down",
            "2S": "one_up",
            "3S": "two_up",
        }
    }


def test_wilds_without_the_exposed_card_is_a_bad_request():
    assert error_code(evaluate({"op": "wilds", "variant": VARIANT})) == "bad_request"


# --- shows --------------------------------------------------------------------------------


def test_three_tunnelas_with_every_other_card_melded_are_a_show():
    response = ask("show", wild="5D", hand=THREE_TUNNELAS)
    assert_valid_show(response, "three_tunnelas")
    used = Counter(card for meld in response["melds"] for card in meld["cards"])
    assert used == Counter(THREE_TUNNELAS)
    assert list(meld_kinds(response).values()).count("tunnela") >= 3


def test_three_tunnelas_with_loose_cards_are_no_show_in_rummy27():
    # AS AH AC swapped for AS 10H QC: none of the three melds anywhere.
    hand = THREE_TUNNELAS[:-3] + cards("AS 10H QC")
    assert_no_show(ask("show", wild="5D", hand=hand))


def test_two_identical_cards_and_a_wild_card_are_a_set():
    # AS AS JK: the joker stands for an ace of another suit, so not all one suit.
    hand = THREE_TUNNELAS[:-3] + cards("AS AS JK")
    response = ask("show", wild="5D", hand=hand)
    assert_valid_show(response, "three_tunnelas")
    assert meld_kinds(response)[("AS", "AS", "JK")] == "set"


def test_a_set_may_hold_five_aces_with_repeated_suits():
    # AS AS AH AH AD only melds as one five-card set.
    hand = cards(
        "KS KS KS 9C 9C 9C 2H 2H 2H 5H 6H 7H 8H 4C 5C 6C 7C AS AS AH AH AD 8D 9D 10D JD QD"
    )
    response = ask("show", wild="5D", hand=hand)
    assert_valid_show(response, "three_tunnelas")
    assert meld_kinds(response)[("AD", "AH", "AH", "AS", "AS")] == "set"


# Tunnelas, 5H-8H, 4C-7C, 8D-QD, and AS AH with three wild cards (JK 3D 6D).
MANY_WILDS = cards(
    "KS KS KS 9C 9C 9C 2H 2H 2H 5H 6H 7H 8H 4C 5C 6C 7C 8D 9D 10D JD QD AS AH JK 3D 6D"
)


def test_a_given_set_with_more_wild_cards_than_natural_ones_is_illegal():
    melds = TUNNELA_MELDS + [
        ["5H", "6H", "7H", "8H"],
        ["4C", "5C", "6C", "7C"],
        ["8D", "9D", "10D", "JD", "QD"],
        ["AS", "AH", "JK", "3D", "6D"],  # 3 wild cards, 2 natural
    ]
    response = ask("show", wild="5D", hand=MANY_WILDS, melds=melds)
    assert response["valid"] is False, response


def test_a_given_set_with_as_many_wild_cards_as_natural_ones_is_legal():
    melds = TUNNELA_MELDS + [
        ["5H", "6H", "7H", "8H", "6D"],  # 6D stands for 9H
        ["4C", "5C", "6C", "7C"],
        ["8D", "9D", "10D", "JD", "QD"],
        ["AS", "AH", "JK", "3D"],  # 2 wild cards, 2 natural
    ]
    response = ask("show", wild="5D", hand=MANY_WILDS, melds=melds)
    assert_valid_show(response, "three_tunnelas")


def test_the_search_spreads_the_wild_cards_so_the_same_hand_shows():
    # e.g. AS AH JK set, 3D and 6D lengthen the heart and club runs
    assert_valid_show(ask("show", wild="5D", hand=MANY_WILDS), "three_tunnelas")


def test_ten_dublees_with_the_other_seven_melded_are_a_show():
    assert_valid_show(ask("show", wild="5D", hand=TEN_DUBLEES), "ten_dublees")


def test_two_printed_jokers_make_a_dublee_in_rummy27():
    hand = list(TEN_DUBLEES)
    hand[hand.index("8H")] = "JK"
    hand[hand.index("8H")] = "JK"
    assert_valid_show(ask("show", wild="5D", hand=hand), "ten_dublees")


def test_ten_dublees_with_loose_cards_are_no_show():
    # 4H 5H 6H swapped for 4H 6S QD: the seven cards beside the dublees no longer meld.
    hand = cards(
        "AS AS 3H 3H 7C 7C QC QC 9S 9S KH KH 5C 5C JD JD 2S 2S 8H 8H 4H 6S QD 10S 10H 10C 10D"
    )
    assert_no_show(ask("show", wild="5D", hand=hand))


def test_nine_dublees_are_no_show_even_with_the_rest_melded():
    hand = cards(
        "AS AS 3H 3H 7C 7C QC QC 9S 9S KH KH 5C 5C JD JD 2S 2S 4H 5H 6H 7H 8H 10S 10H 10C 10D"
    )
    assert_no_show(ask("show", wild="5D", hand=hand))


def test_ten_wild_cards_kept_apart_with_the_rest_melded_are_a_show():
    assert_valid_show(ask("show", wild="5D", hand=TEN_JOKERS), "ten_jokers")


def test_nine_wild_cards_are_no_ten_jokers_show():
    hand = list(TEN_JOKERS)
    hand[hand.index("7D")] = "9C"  # 4C-9C still melds
    assert_no_show(ask("show", wild="5D", hand=hand))


def test_ten_jokers_needs_every_other_card_melded():
    # 8C swapped for 9C: 9C melds only with a wild card, and all ten are kept apart.
    hand = list(TEN_JOKERS)
    hand[hand.index("8C")] = "9C"
    assert_no_show(ask("show", wild="5D", hand=hand))


def test_an_eleventh_wild_card_may_fill_a_gap_beside_the_ten_kept_apart():
    # 5D joins as 8C: 4C 5C 6C 7C (8C) 9C; JS left out to keep 27 cards.
    hand = cards(
        "JK JK 3D 3D 4D 4D 5D 6D 6D 7D 7D 4C 5C 6C 7C 9C QS QH QD QC 7S 8S 9S 10S 2S 2H 2C"
    )
    assert_valid_show(ask("show", wild="5D", hand=hand), "ten_jokers")


def test_under_an_exposed_joker_the_aces_are_wild_cards_for_ten_jokers():
    # AH AD AC (role wild) twice each, JK twice, AS same_suit, 2S one_up: ten kept apart;
    # 4C-9C, QH QD QC, 7S-JS, 2H 2C 2D meld.
    hand = cards(
        "AH AH AD AD AC AC JK JK AS 2S 4C 5C 6C 7C 8C 9C QH QD QC 7S 8S 9S 10S JS 2H 2C 2D"
    )
    assert_valid_show(ask("show", wild="JK", hand=hand), "ten_jokers")


def test_ten_dublees_come_before_ten_jokers():
    # Five wild dublees + 9H 10H JH KC AS dublees = ten; KH KH KS KD and AH AD AC are the
    # other seven. Kept apart, the ten wild cards leave 9H-JH twice, six kings, five aces.
    hand = cards(
        "JK JK 3D 3D 4D 4D 6D 6D 7D 7D 9H 9H 10H 10H JH JH KC KC AS AS KH KH KS KD AH AD AC"
    )
    assert_valid_show(ask("show", wild="5D", hand=hand), "ten_dublees")


def test_three_tunnelas_come_before_ten_jokers():
    hand = cards("KS KS KS 9C 9C 9C 2H 2H 2H JK JK 3D 3D 4D 4D 6D 6D 7D 7D 5H 6H 7H 8H JS JH JD JC")
    assert_valid_show(ask("show", wild="5D", hand=hand), "three_tunnelas")


def test_eight_wild_cards_are_no_show_in_rummy27():
    # indian21's eight_jokers is not a rummy27 show.
    hand = cards(
        "JK JK 3D 3D 4D 4D 6D 6D 2S 6S 10S 3H 7H JH 4C 8C QC 9S KC 2C AH 5S 9H 5C JD QS KH"
    )
    assert_no_show(ask("show", wild="5D", hand=hand))


def test_a_rummy27_show_needs_27_cards():
    assert error_code(ask("show", wild="5D", hand=THREE_TUNNELAS[:21])) == "hand_size"


def test_the_exposed_card_takes_one_copy_out_of_play():
    hand = THREE_TUNNELAS[:-3] + cards("5D 5D 5D")
    assert error_code(ask("show", wild="5D", hand=hand)) == "impossible_hand"


# --- penalty ------------------------------------------------------------------------------

# DEADWOOD: pure AS-4S, 4C-6C, 9H-KH; set KS KC KD, tunnela 8D, set 2H 2C 2D melded.
# Deadwood 6S 6 + 9C 9 + 10D 10 + 7H 7 + JC 10 + 5H 5 = 47.
DEADWOOD = cards(
    "AS 2S 3S 4S 4C 5C 6C 9H 10H JH QH KH KS KC KD 8D 8D 8D 2H 2C 2D 6S 9C 10D 7H JC 5H"
)
# PURE_ONE: pure AS-4S (10 + 2 + 3 + 4 = 19) and 23 cards that never make a pure run.
# hearts 2 3 5 6 8 9 = 33, clubs 2 3 5 6 8 9 = 33, 2D 8D 9D = 19, 6S 7S 9S = 22,
# second 2H 2C 2D 3H 3C = 12.
PURE_ONE = cards("AS 2S 3S 4S 2H 3H 5H 6H 8H 9H 2C 3C 5C 6C 8C 9C 2D 8D 9D 6S 7S 9S 2H 2C 2D 3H 3C")
# NO_PURE: PURE_ONE with 2S 3S 4S swapped for JS KS QH: 119 + 10 + 10 + 10 + 10 = 159.
NO_PURE = cards("AS JS KS QH 2H 3H 5H 6H 8H 9H 2C 3C 5C 6C 8C 9C 2D 8D 9D 6S 7S 9S 2H 2C 2D 3H 3C")


def test_every_card_melded_pays_two_points():
    response = ask("penalty", wild="5D", hand=THREE_TUNNELAS)
    assert (response["points"], response["rule"]) == (2, "two_points")


def test_a_five_card_set_with_repeated_suits_helps_every_card_meld():
    hand = cards(
        "KS KS KS 9C 9C 9C 2H 2H 2H 5H 6H 7H 8H 4C 5C 6C 7C AS AS AH AH AD 8D 9D 10D JD QD"
    )
    response = ask("penalty", wild="5D", hand=hand)
    assert (response["points"], response["rule"]) == (2, "two_points")


def test_three_pure_sequences_count_only_the_deadwood():
    response = ask("penalty", wild="5D", hand=DEADWOOD)
    # 6 + 9 + 10 + 7 + 10 + 5 = 47
    assert (response["points"], response["rule"]) == (47, "deadwood")
    assert Counter(response["counted"]) == Counter(cards("6S 9C 10D 7H JC 5H"))


def test_pending_deadwood_is_halved_rounding_up():
    response = ask("penalty", wild="5D", hand=DEADWOOD, first_turn_pending=True)
    # 47 / 2 = 23.5 -> 24
    assert (response["points"], response["rule"]) == (24, "deadwood")


def test_one_pure_sequence_exempts_only_its_cards():
    response = ask("penalty", wild="5D", hand=PURE_ONE)
    # 33 + 33 + 19 + 22 + 12 = 119 (all cards would be 138 -> 120)
    assert (response["points"], response["rule"]) == (119, "pure_exempt")


def test_pending_pure_exempt_is_halved_then_capped_at_sixty():
    response = ask("penalty", wild="5D", hand=PURE_ONE, first_turn_pending=True)
    # 119 / 2 = 59.5 -> 60
    assert (response["points"], response["rule"]) == (60, "pure_exempt")


def test_no_pure_sequence_pays_every_card_capped_at_120():
    response = ask("penalty", wild="5D", hand=NO_PURE)
    # 159 -> 120
    assert (response["points"], response["rule"]) == (120, "all_cards")


def test_pending_all_cards_is_capped_at_sixty():
    response = ask("penalty", wild="5D", hand=NO_PURE, first_turn_pending=True)
    # 159 / 2 = 79.5 -> 80 -> 60
    assert (response["points"], response["rule"]) == (60, "all_cards")


def test_six_dublees_pay_two_points():
    # NO_PURE holds five dublees (2H 2C 2D 3H 3C); QH -> 9S adds a sixth.
    hand = list(NO_PURE)
    hand[hand.index("QH")] = "9S"
    response = ask("penalty", wild="5D", hand=hand)
    assert (response["points"], response["rule"]) == (2, "two_points")


def test_seven_wild_cards_pay_two_points():
    hand = cards("AS JS KS QH 2H 3H 5H 6H 8H 9H 2C 3C 5C 6C 8C 9C 2D JK JK 6S 7S 9S JK 4D 4D 6D 6D")
    response = ask("penalty", wild="5D", hand=hand)
    assert (response["points"], response["rule"]) == (2, "two_points")


def test_three_wild_spades_under_an_exposed_joker_let_every_card_meld():
    # Exposed JK: AS, 2S, 3S of PURE_ONE become wild, and with rummy27 sets every card melds,
    # e.g. 4S (5S) 6S 7S, 9S 9H 9D 9C, 2H 2C 2C, 2H 2D 2D, 3H 3C 3C, 3H (4H) 5H 6H,
    # 8H 8D 8C, 5C 6C (7C): two points.
    response = ask("penalty", wild="JK", hand=PURE_ONE)
    assert (response["points"], response["rule"]) == (2, "two_points")


def test_penalty_hand_must_hold_exactly_27_cards():
    assert error_code(ask("penalty", wild="5D", hand=DEADWOOD[:21])) == "hand_size"


# --- value-card bonus (exposed 5D) --------------------------------------------------------


def bonus(hand, wild="5D"):
    return helpers.bonus(VARIANT, cards(hand), wild=wild)


def test_same_suit_jokers_earn_twenty_then_sixty():
    assert bonus("5D") == {
        "points": 20,
        "breakdown": [{"category": "same_suit", "count": 1, "points": 20}],
    }
    assert bonus("5D 5D")["points"] == 60


def test_one_up_jokers_earn_ten_thirty_sixty():
    assert bonus("6D")["points"] == 10
    assert bonus("6D 6D")["points"] == 30
    assert bonus("6D 6D 6D") == {
        "points": 60,
        "breakdown": [{"category": "one_up", "count": 3, "points": 60}],
    }


def test_two_up_and_one_down_jokers_earn_ten_thirty_sixty():
    assert bonus("7D 7D 7D")["points"] == 60
    assert bonus("4D 4D")["points"] == 30
    assert bonus("4D")["points"] == 10


def test_two_down_jokers_earn_twenty_five_seventy_five_and_150():
    assert bonus("3D")["points"] == 25
    assert bonus("3D 3D")["points"] == 75
    assert bonus("3D 3D 3D") == {
        "points": 150,
        "breakdown": [{"category": "two_down", "count": 3, "points": 150}],
    }


def test_every_mix_of_value_cards_adds_its_five_categories():
    # Exposed JK: AS same_suit 20/60/120, 2S one_up, 3S two_up, KS one_down 10/30/60,
    # QS two_down 25/75/150; categories simply add up.
    table = {
        "AS": (0, 20, 60, 120),
        "2S": (0, 10, 30, 60),
        "3S": (0, 10, 30, 60),
        "KS": (0, 10, 30, 60),
        "QS": (0, 25, 75, 150),
    }
    for counts in [(1, 2, 3, 0, 1), (3, 3, 3, 3, 3), (2, 0, 1, 2, 2), (0, 1, 0, 3, 3)]:
        hand = [card for card, n in zip(table, counts, strict=True) for _ in range(n)]
        expected = sum(table[card][n] for card, n in zip(table, counts, strict=True))
        got = ask("bonus", wild="JK", hand=hand)["points"]
        assert got == expected, (hand, got, expected)


def test_rummy27_has_no_marriages():
    # same_suit 20 + one_up 10 + one_down 10 = 40, not 100
    assert bonus("5D 6D 4D")["points"] == 40


def test_every_category_adds_up():
    # same_suit 2 = 60, one_up 2 = 30, two_up 1 = 10, one_down 1 = 10, two_down 2 = 75
    assert bonus("5D 5D 6D 6D 7D 4D 3D 3D 2C KH")["points"] == 185


def test_printed_jokers_earn_no_bonus():
    assert bonus("JK JK JK")["points"] == 0


def test_exposed_printed_joker_three_spade_aces_earn_120():
    assert bonus("AS AS AS", wild="JK")["points"] == 120


def test_exposed_printed_joker_other_aces_earn_nothing():
    assert bonus("AH AD AC", wild="JK")["points"] == 0


def test_exposed_printed_joker_spade_neighbours_earn_their_categories():
    # QS two_down 25 + KS one_down 10 + 2S one_up 10 + 3S two_up 10 = 55
    assert bonus("QS KS 2S 3S", wild="JK")["points"] == 55


# --- one played hand ----------------------------------------------------------------------


PENDING = {"first_turn_pending": True}


def test_pending_payer_rounds_half_of_a_two_down_bonus_up():
    response = score(
        [
            {"id": "asha", "result": "won", "hand": cards("3D")},
            {"id": "bala", "result": "lost", "penalty": 40, "first_turn_pending": True},
            {"id": "chitra", "result": "lost", "hand": DEADWOOD},
            {"id": "dev", "result": "dropped", "drop": "later"},
        ]
    )
    # asha's bonus: one two_down joker, 25. bala pays 40 / 2 = 20 and 25 / 2 = 12.5 -> 13.
    # chitra pays deadwood 47 and 25; dev pays the later drop 70.
    # asha 20 + 13 + 47 + 25 + 70 = 175; bala -33; chitra -72; dev -70
    assert response["scores"] == {"asha": 175, "bala": -33, "chitra": -72, "dev": -70}
    assert transfers(response) == sorted(
        [
            ("bala", "asha", 20, "penalty"),
            ("bala", "asha", 13, "bonus"),
            ("chitra", "asha", 47, "penalty"),
            ("chitra", "asha", 25, "bonus"),
            ("dev", "asha", 70, "drop"),
        ]
    )
    assert response["details"]["chitra"]["penalty"] == 47
    assert response["details"]["chitra"]["rule"] == "deadwood"


def test_a_pending_player_collects_a_rummy27_bonus_in_full():
    response = score(
        [
            {"id": "asha", "result": "won", "bonus": 0},
            {"id": "bala", "result": "lost", "penalty": 50, "bonus": 75, **PENDING},
            {"id": "chitra", "result": "lost", "penalty": 30, "bonus": 0},
            {"id": "dev", "result": "dropped", "drop": "first"},
        ]
    )
    # bala pays 50 / 2 = 25 and collects 75 from asha and from chitra.
    # asha 25 + 30 + 30 - 75 = 10; bala -25 + 150 = 125; chitra -30 - 75 = -105; dev -30
    assert response["scores"] == {"asha": 10, "bala": 125, "chitra": -105, "dev": -30}


def test_a_typed_rummy27_penalty_is_capped_at_120():
    response = score(
        [
            {"id": "asha", "result": "won", "bonus": 0},
            {"id": "bala", "result": "lost", "penalty": 200, "bonus": 0},
        ]
    )
    assert response["scores"] == {"asha": 120, "bala": -120}


def test_a_void_rummy27_hand_scores_nothing():
    response = score(
        [
            {"id": "asha", "result": "won", "bonus": 60},
            {"id": "bala", "result": "lost", "penalty": 30},
        ],
        void=True,
    )
    assert response["scores"] == {"asha": 0, "bala": 0}
    assert response["transfers"] == []


def test_six_seats_are_more_than_rummy27_allows():
    seats = [{"id": "p0", "result": "won", "bonus": 0}] + [
        {"id": f"p{i}", "result": "lost", "penalty": 10} for i in range(1, 6)
    ]
    assert error_code(score(seats)) == "bad_request"


def test_a_losing_rummy27_hand_must_be_the_full_27_card_deal():
    response = score(
        [
            {"id": "asha", "result": "won", "bonus": 0},
            {"id": "bala", "result": "lost", "hand": DEADWOOD[:21]},
        ]
    )
    assert error_code(response) == "hand_size"


def test_an_indian13_option_is_unknown_in_rummy27():
    assert error_code(ask("wilds", wild="5D", options={"two_pure": True})) == "unknown_option"
