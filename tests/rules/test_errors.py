"""Errors, the order of the checks, and how cards are read, straight from the rules contract.

Source: docs/rules.md (the rules contract). An error is
{"error": {"code": CODE, "message": TEXT}} and the checks run in this order, the first failure
being the answer: JSON, op, variant, options, players, wild, cards (bad_card), hand_size,
impossible_hand. Most requests below fail two checks at once, so only the right order gives
the expected code.
"""

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.rules import evaluate
from tests.rules.helpers import bonus, cards, error_of, ok

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = "SHDC"
EXAMPLE_RUMMY = "AH 2H 3H 5S 6S 7S 8S JC QC KC 10D 10S JK"  # indian13, exposed 9D: a show


def indian13_show(hand, **fields):
    return evaluate({"op": "show", "variant": "indian13", "hand": hand, **fields})


# --------------------------------------------------------------------------------------------
# The order of the checks: each request fails two of them
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("not_an_object", ["{not json", ["op", "show"], None, 42])
def test_a_request_that_is_not_a_json_object_is_a_bad_request(not_an_object):
    error_of(evaluate(not_an_object), "bad_request")


def test_a_bad_op_is_reported_before_an_unknown_variant():
    error_of(evaluate({"op": "dance", "variant": "poker"}), "bad_request")
    error_of(evaluate({"variant": "poker"}), "bad_request")
    error_of(evaluate({"op": 5, "variant": "poker"}), "bad_request")


def test_an_unknown_variant_is_reported_before_an_unknown_option():
    request = {"op": "wilds", "variant": "poker", "options": {"colour": "red"}, "wild": "9D"}
    error_of(evaluate(request), "unknown_variant")


def test_an_unknown_variant_is_reported_before_a_bad_player_count():
    error_of(evaluate({"op": "wilds", "variant": "poker", "players": 99}), "unknown_variant")


def test_an_unknown_option_is_reported_before_a_bad_player_count():
    request = {
        "op": "wilds",
        "variant": "indian13",
        "options": {"colour": "red"},
        "players": 99,
        "wild": "9D",
    }
    error_of(evaluate(request), "unknown_option")


def test_an_unknown_option_is_reported_before_a_missing_wild():
    request = {"op": "wilds", "variant": "indian13", "options": {"negative_joker": False}}
    error_of(evaluate(request), "unknown_option")


def test_an_unknown_option_is_reported_before_a_bad_card():
    hand = cards(EXAMPLE_RUMMY)[:12] + ["11H"]
    response = indian13_show(hand, wild="9D", players=3, options={"ace_both_ends": True})
    error_of(response, "unknown_option")


def test_a_bad_option_value_is_reported_before_a_bad_card():
    hand = cards(EXAMPLE_RUMMY)[:12] + ["11H"]
    error_of(indian13_show(hand, wild="9D", players=3, options={"ace_value": 12}), "bad_request")


def test_a_bad_player_count_is_reported_before_a_bad_wild_card():
    request = {"op": "wilds", "variant": "indian13", "players": 99, "wild": "11H"}
    error_of(evaluate(request), "bad_request")


def test_a_bad_player_count_is_reported_before_a_bad_card_in_the_hand():
    hand = cards(EXAMPLE_RUMMY)[:12] + ["11H"]
    error_of(indian13_show(hand, wild="9D", players=1), "bad_request")


def test_a_missing_wild_is_reported_before_a_bad_card_in_the_hand():
    hand = cards(EXAMPLE_RUMMY)[:12] + ["11H"]
    error_of(indian13_show(hand, players=3), "bad_request")


def test_a_wild_given_where_none_is_used_is_reported_before_a_bad_card():
    hand = cards(EXAMPLE_RUMMY)[:12] + ["11H"]
    response = indian13_show(hand, wild="9D", players=3, options={"joker_mode": "printed_only"})
    error_of(response, "bad_request")


def test_a_missing_wild_is_reported_before_a_wrong_hand_size():
    error_of(indian13_show(cards(EXAMPLE_RUMMY)[:12], players=3), "bad_request")


def test_a_bad_card_is_reported_before_a_wrong_hand_size():
    hand = cards(EXAMPLE_RUMMY)[:11] + ["11H"]  # 12 cards, one of them unreadable
    message = error_of(indian13_show(hand, wild="9D", players=3), "bad_card")
    assert "11H" in message


def test_a_wrong_hand_size_is_reported_before_an_impossible_hand():
    # 14 cards, three 7H with 2 decks.
    hand = cards("7H 7H 7H 2C 4C 6C 8C KD QD JS 3H 5H 10S AS")
    message = error_of(indian13_show(hand, wild="9D", players=4), "hand_size")
    assert "14" in message and "13" in message


def test_a_bad_card_is_reported_before_an_impossible_hand():
    hand = cards("7H 7H 7H 2C 4C 6C 8C KD QD JS 3H 5H ZZ")
    message = error_of(indian13_show(hand, wild="9D", players=4), "bad_card")
    assert "ZZ" in message


# --------------------------------------------------------------------------------------------
# op, variant, options, players
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("op", ["dance", "Wilds!", "", None])
def test_an_op_that_is_not_one_of_the_five_is_a_bad_request(op):
    error_of(evaluate({"op": op, "variant": "indian13", "wild": "9D"}), "bad_request")


def test_a_missing_variant_is_a_bad_request():
    error_of(evaluate({"op": "wilds", "wild": "9D"}), "bad_request")


@pytest.mark.parametrize("variant", ["poker", "indian14", "gin"])
def test_an_unknown_variant_is_named_as_such(variant):
    error_of(evaluate({"op": "wilds", "variant": variant, "wild": "9D"}), "unknown_variant")


@pytest.mark.parametrize(
    ("variant", "option", "value"),
    [
        ("indian13", "colour", "red"),
        ("indian13", "negative_joker", False),
        ("indian13", "ace_both_ends", True),
        ("vazhushal", "two_pure", True),
        ("vazhushal", "ace_value", 11),
        ("vazhushal", "joker_mode", "none"),
        ("vazhushal", "scoring", "zero_sum"),
        ("indian21", "ace_value", 11),
        ("rummy27", "penalty_cap", 50),
        ("marriage", "double_on_printed_joker", True),
    ],
)
def test_an_unknown_option_or_an_option_of_another_variant_is_unknown_option(
    variant, option, value
):
    wild = {
        "indian13": "9D",
        "vazhushal": "10D",
        "indian21": "10S",
        "rummy27": "3C",
        "marriage": "2D",
    }[variant]
    request = {"op": "wilds", "variant": variant, "wild": wild, "options": {option: value}}
    error_of(evaluate(request), "unknown_option")


@pytest.mark.parametrize(
    ("variant", "options"),
    [
        ("indian13", {"ace_value": 12}),
        ("indian13", {"ace_value": "eleven"}),
        ("indian13", {"joker_mode": "wild"}),
        ("indian13", {"scoring": "split"}),
        ("indian13", {"two_pure": "yes"}),
        ("indian13", {"penalty_cap": "fifty"}),
        ("indian13", {"decks": "two"}),
        ("vazhushal", {"negative_joker": "no"}),
        ("vazhushal", {"ace_both_ends": "yes"}),
    ],
)
def test_an_option_with_a_value_it_cannot_take_is_a_bad_request(variant, options):
    wild = {"indian13": "9D", "vazhushal": "10D"}[variant]
    request = {"op": "wilds", "variant": variant, "wild": wild, "options": options}
    error_of(evaluate(request), "bad_request")


def test_options_that_are_not_an_object_are_a_bad_request():
    request = {"op": "wilds", "variant": "indian13", "wild": "9D", "options": ["two_pure"]}
    error_of(evaluate(request), "bad_request")


PLAYER_RANGES = {
    "indian13": (2, 12, "9D"),
    "indian21": (2, 6, "10S"),
    "rummy27": (2, 5, "3C"),
    "marriage": (2, 5, "2D"),
    "vazhushal": (2, 6, "10D"),
}


@pytest.mark.parametrize("variant", sorted(PLAYER_RANGES))
def test_a_player_count_outside_the_variants_range_is_a_bad_request(variant):
    low, high, wild = PLAYER_RANGES[variant]
    for players in (low, high):
        ok(evaluate({"op": "wilds", "variant": variant, "wild": wild, "players": players}))
    for players in (low - 1, high + 1, 0, -3, "four"):
        request = {"op": "wilds", "variant": variant, "wild": wild, "players": players}
        error_of(evaluate(request), "bad_request")


@pytest.mark.parametrize("variant", ["indian13", "indian21", "rummy27", "marriage", "vazhushal"])
def test_a_missing_wild_is_a_bad_request_where_the_variant_uses_one(variant):
    error_of(evaluate({"op": "wilds", "variant": variant, "players": 4}), "bad_request")


@pytest.mark.parametrize("variant", ["marriage", "vazhushal"])
def test_the_penalty_op_is_a_bad_request_where_hands_are_scored_by_score_hand(variant):
    hand = cards("2C 4C 6C 8C KD QD JS 3H 5H 7H 10S AS 7D 2D 4D 6D 8D KH QH JH 3S")
    hand = hand[:13] if variant == "vazhushal" else hand
    wild = {"marriage": "9S", "vazhushal": "10D"}[variant]
    request = {"op": "penalty", "variant": variant, "players": 4, "wild": wild, "hand": hand}
    error_of(evaluate(request), "bad_request")


def test_a_show_without_a_hand_is_a_bad_request():
    error_of(
        evaluate({"op": "show", "variant": "indian13", "wild": "9D", "players": 3}), "bad_request"
    )


def test_a_hand_that_is_neither_a_list_nor_a_string_is_a_bad_request():
    error_of(indian13_show(13, wild="9D", players=3), "bad_request")


# --------------------------------------------------------------------------------------------
# Reading cards
# --------------------------------------------------------------------------------------------

FORMS_OF_THE_EXAMPLE = {
    "lower-case": cards("ah 2h 3h 5s 6s 7s 8s jc qc kc 10d 10s jk"),
    "t-for-ten": cards("AH 2H 3H 5S 6S 7S 8S JC QC KC TD ts JK"),
    "suit-symbols": cards("A♥ 2♥ 3♥ 5♠ 6♠ 7♠ 8♠ J♣ Q♣ K♣ 10♦ T♠ JK"),
    "joker-word": cards("AH 2H 3H 5S 6S 7S 8S JC QC KC 10D 10S JOKER"),
    "joker-word-lower": cards("AH 2H 3H 5S 6S 7S 8S JC QC KC 10D 10S joker"),
    "joker-symbol": cards("a♥ 2♥ 3h 5♠ 6s 7S 8♠ j♣ Q♣ kC t♦ 10♠ 🃏"),
    "one-string-spaces": "AH 2H 3H 5S 6S 7S 8S JC QC KC 10D 10S JK",
    "one-string-commas": "AH,2H,3H,5S,6S,7S,8S,JC,QC,KC,10D,10S,JK",
    "one-string-mixed-forms": "ah 2♥ 3h 5♠ 6s 7S 8♠ j♣ Q♣ kC td T♠ Joker",
}


@pytest.mark.parametrize("hand", FORMS_OF_THE_EXAMPLE.values(), ids=FORMS_OF_THE_EXAMPLE.keys())
def test_cards_are_read_in_every_accepted_form_and_answered_in_the_canonical_one(hand):
    response = ok(indian13_show(hand, wild="9D", players=3))
    assert (response["valid"], response["show"]) == (True, "rummy")
    used = Counter(card for meld in response["melds"] for card in meld["cards"])
    assert used == Counter(cards(EXAMPLE_RUMMY))


@pytest.mark.parametrize("wild", ["9D", "9d", "9♦"])
def test_the_wild_card_is_read_like_any_other_card(wild):
    response = evaluate({"op": "wilds", "variant": "indian13", "players": 3, "wild": wild})
    assert response == {
        "wild_cards": {"JK": "printed", "9S": "rank", "9H": "rank", "9D": "rank", "9C": "rank"}
    }


@pytest.mark.parametrize("wild", ["TH", "th", "10h", "T♥", "10♥"])
def test_a_ten_is_written_10_in_the_answer_however_it_was_asked(wild):
    response = evaluate({"op": "wilds", "variant": "indian13", "players": 3, "wild": wild})
    assert response == {
        "wild_cards": {"JK": "printed", "10S": "rank", "10H": "rank", "10D": "rank", "10C": "rank"}
    }


@pytest.mark.parametrize("joker", ["JK", "jk", "JOKER", "Joker", "🃏"])
def test_a_printed_joker_is_read_in_every_accepted_form(joker):
    response = evaluate({"op": "wilds", "variant": "indian13", "players": 4, "wild": joker})
    assert response == {"wild_cards": {"JK": "printed"}}


def test_counted_cards_of_a_penalty_come_back_in_the_canonical_form():
    # No pure sequence: every card counts, 92 points (see test_indian13).
    hand = "2c,4♣,6c,8C,kd,Q♦,js,3h,5♥,7H,ts,a♠,7d"
    request = {"op": "penalty", "variant": "indian13", "players": 4, "wild": "9D", "hand": hand}
    response = ok(evaluate(request))
    assert response["points"] == 92
    assert sorted(response["counted"]) == sorted(cards("2C 4C 6C 8C KD QD JS 3H 5H 7H 10S AS 7D"))


@pytest.mark.parametrize("bad", ["11H", "1H", "0S", "ZZ", "10X", "AHH", "JKK", "H"])
def test_an_unreadable_card_is_a_bad_card_named_in_the_message(bad):
    hand = cards(EXAMPLE_RUMMY)[:12] + [bad]
    message = error_of(indian13_show(hand, wild="9D", players=3), "bad_card")
    assert bad in message


def test_an_unreadable_wild_card_is_an_error_that_names_it():
    # The contract does not say whether this is bad_card or bad_request (see the report).
    response = evaluate({"op": "wilds", "variant": "indian13", "players": 4, "wild": "11H"})
    assert set(response) == {"error"}, response
    assert response["error"]["code"] in {"bad_card", "bad_request"}
    assert "11H" in response["error"]["message"]


def test_an_unreadable_card_in_a_one_string_hand_is_a_bad_card():
    message = error_of(
        indian13_show("AH 2H 3H 5S 6S 7S 8S JC QC KC 10D 10S 11H", wild="9D", players=3), "bad_card"
    )
    assert "11H" in message


# --------------------------------------------------------------------------------------------
# hand_size
# --------------------------------------------------------------------------------------------


def test_the_hand_size_message_names_the_counts():
    message = error_of(
        indian13_show(cards(EXAMPLE_RUMMY) + ["4H"], wild="9D", players=3), "hand_size"
    )
    assert "14" in message and "13" in message


@pytest.mark.parametrize(
    ("variant", "size", "wild"), [("indian21", 21, "10S"), ("rummy27", 27, "3C")]
)
def test_a_penalty_hand_is_exactly_the_variants_hand_size(variant, size, wild):
    deck = [r + s for s in SUITS for r in RANKS if r + s != wild]
    request = {"op": "penalty", "variant": variant, "wild": wild, "hand": deck[: size - 1]}
    error_of(evaluate(request), "hand_size")
    request["hand"] = deck[: size + 1]
    error_of(evaluate(request), "hand_size")


def test_a_marriage_show_has_at_least_sixteen_cards():
    deck = [r + s for s in SUITS for r in RANKS if r + s != "9S"]
    request = {"op": "show", "variant": "marriage", "wild": "9S", "hand": deck[:15]}
    error_of(evaluate(request), "hand_size")


# --------------------------------------------------------------------------------------------
# impossible_hand: more copies than the decks hold
# --------------------------------------------------------------------------------------------


def test_the_impossible_hand_message_names_the_card_and_its_count():
    # indian13, 4 players: 2 decks, so at most two 7H.
    message = error_of(
        bonus("indian13", ["7H", "7H", "7H"], players=4, wild="9D"), "impossible_hand"
    )
    assert "7H" in message and "3" in message


@pytest.mark.parametrize("variant", ["indian21", "rummy27", "marriage"])
def test_three_decks_hold_three_copies_of_a_card(variant):
    ok(bonus(variant, ["8S"] * 3, wild="7H"))
    message = error_of(bonus(variant, ["8S"] * 4, wild="7H"), "impossible_hand")
    assert "8S" in message


@pytest.mark.parametrize("variant", ["indian21", "rummy27", "marriage"])
def test_the_exposed_card_is_out_of_play_in_the_three_deck_games(variant):
    # 3 decks hold three 7H; the designator 7H takes one away.
    ok(bonus(variant, ["7H"] * 2, wild="7H"))
    message = error_of(bonus(variant, ["7H"] * 3, wild="7H"), "impossible_hand")
    assert "7H" in message


def test_the_exposed_card_is_out_of_play_in_indian13():
    # 4 players: 2 decks; the exposed 7H leaves one.
    ok(bonus("indian13", ["7H"], players=4, wild="7H"))
    error_of(bonus("indian13", ["7H", "7H"], players=4, wild="7H"), "impossible_hand")


def test_the_negative_joker_is_in_play_in_vazhushal():
    # 2 players: 1 deck, and the negative joker 7H is the one 7H, still in play.
    ok(bonus("vazhushal", ["7H"], players=2, wild="7H"))
    error_of(bonus("vazhushal", ["7H", "7H"], players=2, wild="7H"), "impossible_hand")
    # 3 players: 2 decks, both 7H in play.
    ok(bonus("vazhushal", ["7H", "7H"], players=3, wild="7H"))
    error_of(bonus("vazhushal", ["7H"] * 3, players=3, wild="7H"), "impossible_hand")


def test_vazhushal_has_two_printed_jokers_per_deck():
    ok(bonus("vazhushal", ["JK"] * 2, players=2, wild="10D"))
    error_of(bonus("vazhushal", ["JK"] * 3, players=2, wild="10D"), "impossible_hand")
    ok(bonus("vazhushal", ["JK"] * 4, players=3, wild="10D"))
    error_of(bonus("vazhushal", ["JK"] * 5, players=3, wild="10D"), "impossible_hand")
    # Without players: 2 decks.
    ok(bonus("vazhushal", ["JK"] * 4, wild="10D"))
    error_of(bonus("vazhushal", ["JK"] * 5, wild="10D"), "impossible_hand")


def test_a_printed_joker_as_negative_joker_stays_in_play_in_vazhushal():
    ok(bonus("vazhushal", ["JK", "JK"], players=2, wild="JK"))


@pytest.mark.parametrize("variant", ["indian21", "rummy27"])
def test_printed_jokers_count_against_the_three_printed_jokers(variant):
    ok(bonus(variant, ["JK"] * 3, wild="7H"))
    message = error_of(bonus(variant, ["JK"] * 4, wild="7H"), "impossible_hand")
    assert "JK" in message


@pytest.mark.parametrize("variant", ["indian21", "rummy27"])
def test_an_exposed_printed_joker_takes_one_printed_joker_away(variant):
    ok(bonus(variant, ["JK"] * 2, wild="JK"))
    error_of(bonus(variant, ["JK"] * 3, wild="JK"), "impossible_hand")


def test_indian13_with_one_deck_and_an_exposed_printed_joker_has_none_left():
    error_of(bonus("indian13", ["JK"], players=3, wild="JK"), "impossible_hand")


def test_marriage_decks_hold_no_printed_jokers():
    message = error_of(bonus("marriage", ["JK"], wild="7H"), "impossible_hand")
    assert "JK" in message


@pytest.mark.parametrize("op", ["wilds", "bonus"])
def test_a_marriage_tiplu_that_is_a_printed_joker_is_an_impossible_hand(op):
    request = {"op": op, "variant": "marriage", "wild": "JK"}
    if op == "bonus":
        request["hand"] = ["7H"]
    error_of(evaluate(request), "impossible_hand")


def test_a_hand_in_score_hand_is_checked_like_any_other_hand():
    players = [
        {"id": "w", "result": "won"},
        {"id": "p", "result": "lost", "hand": cards("7H 7H 7H 2C 4C 6C 8C KD QD JS 3H 5H AS")},
        {"id": "q", "result": "lost", "penalty": 5},
        {"id": "r", "result": "lost", "penalty": 5},
    ]
    request = {"op": "score_hand", "variant": "indian13", "wild": "9D", "players": players}
    error_of(evaluate(request), "impossible_hand")
    players[1]["hand"] = cards("7H 7H 11H 2C 4C 6C 8C KD QD JS 3H 5H AS")
    error_of(evaluate(request), "bad_card")
    players[1]["hand"] = cards("7H 7H 2C 4C 6C 8C KD QD JS 3H 5H AS")
    error_of(evaluate(request), "hand_size")


# --------------------------------------------------------------------------------------------
# score_hand requests that make no sense
# --------------------------------------------------------------------------------------------


def indian13_score(players, **fields):
    return evaluate(
        {"op": "score_hand", "variant": "indian13", "wild": "9D", "players": players, **fields}
    )


@pytest.mark.parametrize(
    "players",
    [
        [
            {"id": "a", "result": "won"},
            {"id": "b", "result": "won"},
            {"id": "c", "result": "lost", "penalty": 5},
        ],
        [
            {"id": "a", "result": "lost", "penalty": 5},
            {"id": "b", "result": "lost", "penalty": 6},
            {"id": "c", "result": "dropped", "drop": "first"},
        ],
        [
            {"id": "a", "result": "won"},
            {"id": "a", "result": "lost", "penalty": 5},
        ],
        [
            {"id": "a", "result": "won"},
            {"id": "b", "result": "dropped"},
        ],
        [
            {"id": "a", "result": "won"},
            {"id": "b", "result": "dropped", "drop": "middle"},
        ],
        [
            {"id": "a", "result": "won"},
            {"id": "b", "result": "tied", "penalty": 5},
        ],
        [
            {"id": "a", "result": "won"},
            {"id": "b", "result": "lost"},
            {"id": "c", "result": "lost", "penalty": 5},
        ],
    ],
    ids=[
        "two-winners",
        "no-winner-and-two-players-in",
        "the-same-id-twice",
        "a-drop-without-drop",
        "a-drop-of-an-unknown-kind",
        "an-unknown-result",
        "a-loser-with-neither-hand-nor-penalty",
    ],
)
def test_it_rejects_a_hand_that_cannot_have_been_played(players):
    error_of(indian13_score(players), "bad_request")


def test_it_rejects_a_hand_with_two_winners():
    players = [{"id": "a", "result": "won"}, {"id": "b", "result": "won"}]
    error_of(indian13_score(players), "bad_request")


def test_it_rejects_players_that_are_not_a_list_of_seats():
    error_of(indian13_score({"a": "won"}), "bad_request")


def test_it_rejects_a_table_of_one_or_thirteen_seats():
    one = [{"id": "a", "result": "won"}]
    error_of(indian13_score(one), "bad_request")
    thirteen = [{"id": "w", "result": "won"}] + [
        {"id": f"p{i}", "result": "lost", "penalty": 1} for i in range(12)
    ]
    error_of(indian13_score(thirteen), "bad_request")


@pytest.mark.parametrize(("variant", "wild"), [("marriage", "2D"), ("vazhushal", "10D")])
def test_marriage_and_vazhushal_have_no_dropped_players(variant, wild):
    players = [
        {"id": "a", "result": "won"},
        {"id": "b", "result": "dropped", "drop": "first"},
        {"id": "c", "result": "lost"},
    ]
    request = {"op": "score_hand", "variant": variant, "wild": wild, "players": players}
    error_of(evaluate(request), "bad_request")


# --------------------------------------------------------------------------------------------
# Every accepted spelling of a hand gives the same answer
# --------------------------------------------------------------------------------------------

TWO_DECKS = [r + s for r in RANKS for s in SUITS if r + s != "9D"] * 2 + ["9D", "JK", "JK"]
SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def spelled(card, how):
    if card == "JK":
        return {"lower": "jk", "symbols": "🃏", "ten": "JOKER"}[how]
    rank, suit = card[:-1], card[-1]
    if how == "lower":
        return card.lower()
    if how == "symbols":
        return rank + SYMBOL[suit]
    return ("T" if rank == "10" else rank) + suit


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.permutations(TWO_DECKS))
def test_every_spelling_of_a_hand_gets_the_same_penalty(deck):
    hand = deck[:13]
    base = {"op": "penalty", "variant": "indian13", "players": 4, "wild": "9D"}
    expected = ok(evaluate({**base, "hand": hand}))
    expected_counted = Counter(expected["counted"])
    for other in (
        " ".join(hand),
        ",".join(hand),
        [spelled(c, "lower") for c in hand],
        [spelled(c, "symbols") for c in hand],
        [spelled(c, "ten") for c in hand],
    ):
        response = ok(evaluate({**base, "hand": other}))
        assert (response["points"], response["rule"]) == (expected["points"], expected["rule"])
        assert Counter(response["counted"]) == expected_counted
