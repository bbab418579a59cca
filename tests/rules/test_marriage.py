"""Hand-worked cases for Indian Marriage (`marriage`), straight from the rules contract.

Every expected number is worked out by hand from `docs/rules.md`; the arithmetic
is in the comment beside it. Most hands use the tiplu 7C, so the wild cards are 7C (tiplu),
7S 7H 7D (ordinary), 8C (poplu) and 6C (jhiplu); hands meant to hold no wild card avoid
those six.
"""

from functools import partial

from scoring.rules import evaluate
from tests.rules import helpers
from tests.rules.helpers import assert_no_show, assert_valid_show, cards, error_code, transfers

VARIANT = "marriage"

ask = partial(helpers.ask, VARIANT)
score = partial(helpers.score_hand, VARIANT, wild="7C")


def assert_proves_complete(response, hand):
    """Seven three-card melds using every card, three or more tunnelas or pure sequences."""
    assert_valid_show(response, "complete")
    melds = response["melds"]
    assert len(melds) == 7 and all(len(meld["cards"]) == 3 for meld in melds), melds
    helpers.assert_melds_use_every_card(response, hand)
    strong = sum(meld["kind"] in {"tunnela", "pure_sequence"} for meld in melds)
    assert strong >= 3, melds


# --- hands (tiplu 7C) ---------------------------------------------------------------------

# Tunnela KH; pure AS-2S-3S, 9D-10D-JD, 4H-5H-6H; triplets Q and 2; 9C 10C + 7H (for JC).
COMPLETE = cards("KH KH KH AS 2S 3S 9D 10D JD 4H 5H 6H QS QH QC 2H 2D 2C 9C 10C 7H")
COMPLETE_MELDS = [
    ["KH", "KH", "KH"],
    ["AS", "2S", "3S"],
    ["9D", "10D", "JD"],
    ["4H", "5H", "6H"],
    ["QS", "QH", "QC"],
    ["2H", "2D", "2C"],
]
EIGHT_DUBLEES = cards("AS AS 3H 3H 9C 9C QD QD 5S 5S KH KH 10D 10D 2C 2C")


# --- wild cards ---------------------------------------------------------------------------


def test_tiplu_two_of_diamonds_gives_ordinary_jokers_poplu_and_jhiplu():
    assert ask("wilds", wild="2D") == {
        "wild_cards": {
            "2D": "tiplu",
            "2S": "ordinary",
            "2H": "ordinary",
            "2C": "ordinary",
            "3D": "poplu",
            "AD": "jhiplu",
        }
    }


def test_ace_tiplu_has_poplu_two_and_jhiplu_king():
    assert ask("wilds", wild="AS") == {
        "wild_cards": {
            "AS": "tiplu",
            "AH": "ordinary",
            "AD": "ordinary",
            "AC": "ordinary",
            "2S": "poplu",
            "KS": "jhiplu",
        }
    }


def test_king_tiplu_has_poplu_ace_and_jhiplu_queen():
    assert ask("wilds", wild="KH") == {
        "wild_cards": {
            "KH": "tiplu",
            "KS": "ordinary",
            "KD": "ordinary",
            "KC": "ordinary",
            "AH": "poplu",
            "QH": "jhiplu",
        }
    }


def test_marriage_has_no_printed_jokers_among_its_wild_cards():
    assert ask("wilds", wild="7C") == {
        "wild_cards": {
            "7C": "tiplu",
            "7S": "ordinary",
            "7H": "ordinary",
            "7D": "ordinary",
            "8C": "poplu",
            "6C": "jhiplu",
        }
    }


def test_a_printed_joker_tiplu_is_impossible():
    assert error_code(ask("wilds", wild="JK")) == "impossible_hand"


def test_a_printed_joker_in_a_marriage_hand_is_impossible():
    hand = COMPLETE[:-1] + ["JK"]
    assert error_code(ask("show", wild="7C", hand=hand)) == "impossible_hand"


def test_the_tiplu_card_takes_one_of_its_three_copies_out_of_play():
    hand = EIGHT_DUBLEES + cards("7C 7C 7C")
    assert error_code(ask("show", wild="7C", hand=hand)) == "impossible_hand"
    assert ask("bonus", wild="7C", hand=cards("7C 7C"))["points"] == 7


def test_wilds_without_a_tiplu_is_a_bad_request():
    assert error_code(evaluate({"op": "wilds", "variant": VARIANT})) == "bad_request"


# --- shows --------------------------------------------------------------------------------


def test_seven_three_card_melds_with_four_strong_ones_are_a_complete_show():
    assert_proves_complete(ask("show", wild="7C", hand=COMPLETE), COMPLETE)


def test_only_two_tunnelas_or_pure_sequences_are_no_complete_show():
    # pure AS-2S-3S and 9D-10D-JD; triplets Q, 2, K, 5, 10.
    hand = cards("AS 2S 3S 9D 10D JD QS QH QC 2H 2D 2C KS KH KD 5S 5H 5D 10S 10H 10C")
    assert_no_show(ask("show", wild="7C", hand=hand))


def test_melds_are_exactly_three_cards():
    # KS KH KD KC and 2D-6D only meld as a four-card triplet and a five-card run.
    hand = cards("AS 2S 3S 9C 10C JC 4H 5H 6H 10S 10H 10D KS KH KD KC 2D 3D 4D 5D 6D")
    assert_no_show(ask("show", wild="7C", hand=hand))


def test_three_wild_cards_meld_when_one_stands_for_itself():
    # 6C (itself) 7S (for 7C) 8C (itself): only one wild card stands for another card.
    hand = COMPLETE[:-3] + cards("7S 8C 6C")
    melds = COMPLETE_MELDS + [["7S", "8C", "6C"]]
    assert_proves_complete(ask("show", wild="7C", hand=hand, melds=melds), hand)
    assert_proves_complete(ask("show", wild="7C", hand=hand), hand)


def test_a_dirty_triplet_may_not_repeat_a_natural_suit():
    # QS QS 7D would be a rummy27 set; here the two QS have no home.
    hand = COMPLETE[:12] + cards("QS QS 7D 2H 2D 2C 9C 10C 7H")
    assert_no_show(ask("show", wild="7C", hand=hand))


def test_three_wild_cards_standing_for_themselves_are_a_pure_sequence_in_marriage():
    # 6C 7C 8C (jhiplu, tiplu, poplu as themselves) is the third strong meld.
    hand = cards("KH KH KH AS 2S 3S 6C 7C 8C QS QH QC 2H 2D 2C 10S 10H 10D 5S 5H 5D")
    assert_proves_complete(ask("show", wild="7C", hand=hand), hand)


def test_three_ordinary_jokers_of_one_suit_are_a_tunnela():
    hand = cards("KH KH KH AS 2S 3S 7S 7S 7S QS QH QC 2H 2D 2C 10S 10H 10D 5S 5H 5D")
    assert_proves_complete(ask("show", wild="7C", hand=hand), hand)


def test_a_given_meld_with_two_wild_cards_standing_for_others_is_legal():
    hand = COMPLETE[:-3] + cards("9C 7S 7H")
    melds = COMPLETE_MELDS + [["9C", "7S", "7H"]]
    assert_proves_complete(ask("show", wild="7C", hand=hand, melds=melds), hand)


def test_sixteen_cards_in_eight_dublees_are_a_show():
    assert_valid_show(ask("show", wild="7C", hand=EIGHT_DUBLEES), "eight_dublees")


def test_eight_dublees_among_twenty_one_cards_are_a_show():
    hand = EIGHT_DUBLEES + cards("4S JH 8D 6H QS")
    assert_valid_show(ask("show", wild="7C", hand=hand), "eight_dublees")


def test_seven_dublees_are_no_show():
    hand = cards("AS AS 3H 3H 9C 9C QD QD 5S 5S KH KH 10D 10D 4S JH 8D")
    assert_no_show(ask("show", wild="7C", hand=hand))


def test_a_complete_show_needs_all_twenty_one_cards():
    hand = cards("AS 2S 3S 9D 10D JD 4H 5H 6H QS QH QC 2H 2D 2C KS KH KD 10S 10H")
    assert_no_show(ask("show", wild="7C", hand=hand))


def test_complete_comes_before_eight_dublees():
    # every pure sequence twice over: nine dublees, and seven melds with six pure.
    hand = cards("AS 2S 3S AS 2S 3S 9D 10D JD 9D 10D JD 4H 5H 6H 4H 5H 6H QS QH QC")
    assert_proves_complete(ask("show", wild="7C", hand=hand), hand)


def test_a_show_of_fifteen_or_twenty_two_cards_is_a_hand_size_error():
    assert error_code(ask("show", wild="7C", hand=EIGHT_DUBLEES[:15])) == "hand_size"
    assert error_code(ask("show", wild="7C", hand=COMPLETE + ["4S"])) == "hand_size"


def test_a_marriage_show_without_the_tiplu_is_a_bad_request():
    assert error_code(ask("show", hand=COMPLETE)) == "bad_request"


def test_marriage_hands_have_no_penalty_op():
    assert error_code(ask("penalty", wild="7C", hand=COMPLETE)) == "bad_request"


# --- value-card bonus (tiplu 7C) ----------------------------------------------------------


def bonus(hand, initial=None, wild="7C"):
    fields = {"wild": wild, "hand": cards(hand)}
    if initial is not None:
        fields["initial_tunnelas"] = [cards(group) for group in initial]
    return ask("bonus", **fields)


def test_poplu_cards_earn_two_five_ten():
    assert bonus("8C") == {
        "points": 2,
        "breakdown": [{"category": "poplu", "count": 1, "points": 2}],
    }
    assert bonus("8C 8C")["points"] == 5
    assert bonus("8C 8C 8C")["points"] == 10


def test_jhiplu_cards_earn_two_five_ten():
    assert bonus("6C")["points"] == 2
    assert bonus("6C 6C")["points"] == 5
    assert bonus("6C 6C 6C") == {
        "points": 10,
        "breakdown": [{"category": "jhiplu", "count": 3, "points": 10}],
    }


def test_tiplu_cards_earn_three_then_seven():
    assert bonus("7C")["points"] == 3
    assert bonus("7C 7C") == {
        "points": 7,
        "breakdown": [{"category": "tiplu", "count": 2, "points": 7}],
    }


def test_ordinary_jokers_in_hand_earn_nothing():
    assert bonus("7S 7H 7D KS 2D")["points"] == 0


def test_tiplu_poplu_and_jhiplu_make_a_marriage():
    # marriage 10 beats 3 + 2 + 2 = 7
    response = bonus("7C 8C 6C")
    assert response["points"] == 10
    assert {item["category"] for item in response["breakdown"]} == {"marriage"}


def test_a_marriage_and_a_spare_jhiplu():
    # marriage 10 + jhiplu 2 = 12 (singles: 3 + 2 + 5 = 10)
    assert bonus("7C 8C 6C 6C")["points"] == 12


def test_two_of_each_make_a_double_marriage():
    # double marriage 20 (singles: 7 + 5 + 5 = 17). Two single marriages pay the same 20,
    # so the breakdown's naming is not pinned here.
    assert bonus("7C 7C 8C 8C 6C 6C")["points"] == 20


def test_the_best_split_can_leave_the_double_marriage_unmade():
    # singles: tiplu 2 = 7, poplu 3 = 10, jhiplu 3 = 10 -> 27
    # (double 20 + poplu 2 + jhiplu 2 = 24; marriage 10 + 3 + 5 + 5 = 23)
    assert bonus("7C 7C 8C 8C 8C 6C 6C 6C")["points"] == 27


def test_the_best_split_can_leave_a_marriage_unmade():
    # singles: 3 + 10 + 10 = 23 (marriage 10 + poplu 2 5 + jhiplu 2 5 = 20)
    assert bonus("7C 8C 8C 8C 6C 6C 6C")["points"] == 23


def test_every_mix_of_tiplu_poplu_and_jhiplu_gets_the_best_split():
    # tiplu 0/3/7, poplu and jhiplu 0/2/5/10; a marriage (1+1+1) 10 or a double (2+2+2) 20
    # plus the singles left over, or the singles alone: the best pays.
    tiplu = {0: 0, 1: 3, 2: 7}
    other = {0: 0, 1: 2, 2: 5, 3: 10}
    for t in range(3):
        for p in range(4):
            for j in range(4):
                options = [tiplu[t] + other[p] + other[j]]
                for size, points in ((1, 10), (2, 20)):
                    if min(t, p, j) >= size:
                        options.append(points + tiplu[t - size] + other[p - size] + other[j - size])
                hand = ["7C"] * t + ["8C"] * p + ["6C"] * j + ["KD"]
                got = ask("bonus", wild="7C", hand=hand)["points"]
                assert got == max(options), (hand, got, max(options))


def test_an_initial_tunnela_of_plain_cards_earns_five():
    assert bonus("KH KH KH 2S", initial=["KH KH KH"])["points"] == 5


def test_an_initial_tunnela_of_ordinary_jokers_earns_ten():
    assert bonus("7S 7S 7S", initial=["7S 7S 7S"])["points"] == 10


def test_an_initial_poplu_tunnela_earns_twenty_and_leaves_the_hand_count():
    # poplu_tunnela 20; in hand 7C 3 + 6C 2 = 5 (no marriage without a poplu) -> 25
    assert bonus("8C 8C 8C 7C 6C", initial=["8C 8C 8C"])["points"] == 25


def test_three_poplus_not_laid_down_first_count_as_poplu_cards():
    # poplu 3 cards 10, not poplu_tunnela 20
    assert bonus("8C 8C 8C")["points"] == 10


def test_an_initial_jhiplu_tunnela_earns_twenty():
    assert bonus("6C 6C 6C", initial=["6C 6C 6C"])["points"] == 20


def test_cards_of_initial_tunnelas_make_no_marriage_in_hand():
    # poplu_tunnela 20 + jhiplu_tunnela 20 + tiplu 2 cards 7 = 47 (no poplu or jhiplu is
    # left in hand for a marriage)
    hand = "8C 8C 8C 6C 6C 6C 7C 7C"
    assert bonus(hand, initial=["8C 8C 8C", "6C 6C 6C"])["points"] == 47


def test_initial_tunnelas_add_up_each():
    # tunnela 5 + joker_tunnela 10 + poplu 2 = 17
    assert bonus("KH KH KH 7H 7H 7H 8C", initial=["KH KH KH", "7H 7H 7H"])["points"] == 17


def test_bonus_without_a_tiplu_is_a_bad_request():
    assert error_code(ask("bonus", hand=cards("8C 6C"))) == "bad_request"


def test_initial_tunnela_cards_must_be_part_of_the_hand():
    assert error_code(bonus("KH KH 2S", initial=["KH KH KH"])) == "bad_request"


def test_initial_tunnelas_must_be_three_card_lists():
    assert error_code(bonus("KH KH KH 2S", initial=["KH KH"])) == "bad_request"


# --- one played hand ----------------------------------------------------------------------


def test_winner_collects_ten_from_unseen_and_three_from_seen_and_bonuses_go_every_way():
    response = score(
        [
            {"id": "ram", "result": "won", "seen": True, "bonus": 5},
            {"id": "sita", "result": "lost", "seen": True, "bonus": 0},
            {"id": "hari", "result": "lost", "bonus": 12},  # seen missing: false
        ]
    )
    # win: sita 3, hari 10 (no show given: complete, no extra).
    # bonus: ram 5 from sita and hari; hari 12 from ram and sita.
    # ram 3 + 10 + 5 + 5 - 12 = 11; sita -3 - 5 - 12 = -20; hari -10 - 5 + 12 + 12 = 9
    assert response["scores"] == {"ram": 11, "sita": -20, "hari": 9}
    assert transfers(response) == sorted(
        [
            ("sita", "ram", 3, "win"),
            ("hari", "ram", 10, "win"),
            ("sita", "ram", 5, "bonus"),
            ("hari", "ram", 5, "bonus"),
            ("ram", "hari", 12, "bonus"),
            ("sita", "hari", 12, "bonus"),
        ]
    )


def test_an_eight_dublees_win_collects_five_more_from_each_opponent():
    response = score(
        [
            {"id": "ram", "result": "won", "seen": True, "show": "eight_dublees"},
            {"id": "sita", "result": "lost", "seen": False},
            {"id": "hari", "result": "lost", "seen": True},
        ]
    )
    # sita 10 + 5, hari 3 + 5 -> ram 23
    assert response["scores"] == {"ram": 23, "sita": -15, "hari": -8}
    assert transfers(response) == sorted(
        [
            ("sita", "ram", 10, "win"),
            ("sita", "ram", 5, "eight_dublees"),
            ("hari", "ram", 3, "win"),
            ("hari", "ram", 5, "eight_dublees"),
        ]
    )


def test_bonuses_come_from_hands_and_initial_tunnelas():
    response = score(
        [
            {"id": "ram", "result": "won", "seen": True, "hand": cards("7C 8C 6C")},
            {
                "id": "sita",
                "result": "lost",
                "seen": True,
                "hand": cards("KH KH KH 2S"),
                "initial_tunnelas": [["KH", "KH", "KH"]],
            },
            {"id": "gita", "result": "lost", "seen": False},
        ]
    )
    # ram: win 3 (sita) + 10 (gita), marriage 10 from each; sita: tunnela 5 from each.
    # ram 3 + 10 + 10 + 10 - 5 = 28; sita -3 - 10 + 5 + 5 = -3; gita -10 - 10 - 5 = -25
    assert response["scores"] == {"ram": 28, "sita": -3, "gita": -25}


def test_a_void_marriage_hand_scores_nothing():
    response = score(
        [
            {"id": "ram", "result": "won", "seen": True, "bonus": 10},
            {"id": "sita", "result": "lost", "bonus": 7},
        ],
        void=True,
    )
    assert response["scores"] == {"ram": 0, "sita": 0}
    assert response["transfers"] == []


def test_marriage_has_no_dropped_players():
    response = score(
        [
            {"id": "ram", "result": "won", "seen": True},
            {"id": "sita", "result": "lost"},
            {"id": "hari", "result": "dropped", "drop": "first"},
        ]
    )
    assert error_code(response) == "bad_request"


def test_a_marriage_hand_needs_exactly_one_winner():
    response = score(
        [
            {"id": "ram", "result": "won", "seen": True},
            {"id": "sita", "result": "won"},
        ]
    )
    assert error_code(response) == "bad_request"


def test_six_seats_are_more_than_marriage_allows():
    seats = [{"id": "p0", "result": "won"}] + [
        {"id": f"p{i}", "result": "lost"} for i in range(1, 6)
    ]
    assert error_code(score(seats)) == "bad_request"


def test_a_marriage_hand_given_in_score_hand_is_checked_for_impossible_cards():
    response = score(
        [
            {"id": "ram", "result": "won", "hand": cards("7C 7C 7C")},
            {"id": "sita", "result": "lost"},
        ]
    )
    assert error_code(response) == "impossible_hand"


def test_the_ledger_is_zero_sum_with_five_players():
    response = score(
        [
            {"id": "a", "result": "lost", "seen": True, "bonus": 3},
            {"id": "b", "result": "won", "seen": True, "bonus": 20, "show": "complete"},
            {"id": "c", "result": "lost", "bonus": 0},
            {"id": "d", "result": "lost", "seen": True, "bonus": 10},
            {"id": "e", "result": "lost", "bonus": 2},
        ]
    )
    # win: a 3, c 10, d 3, e 10 = 26 to b.
    # bonuses collected from the four others: a 3 x 4 = 12, b 20 x 4 = 80, d 10 x 4 = 40,
    # e 2 x 4 = 8; each pays the others' total: a pays 20 + 10 + 2 = 32, b 3 + 10 + 2 = 15,
    # c 3 + 20 + 10 + 2 = 35, d 3 + 20 + 2 = 25, e 3 + 20 + 10 = 33.
    # a -3 + 12 - 32 = -23; b 26 + 80 - 15 = 91; c -10 - 35 = -45; d -3 + 40 - 25 = 12;
    # e -10 + 8 - 33 = -35
    assert response["scores"] == {"a": -23, "b": 91, "c": -45, "d": 12, "e": -35}
    assert sum(response["scores"].values()) == 0


def test_an_option_of_another_variant_is_unknown_in_marriage():
    assert error_code(ask("wilds", wild="7C", options={"joker_mode": "none"})) == "unknown_option"


def test_six_players_are_outside_the_marriage_range():
    assert error_code(ask("wilds", wild="7C", players=6)) == "bad_request"
