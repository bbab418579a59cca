"""The hardest requests we could construct (issue 10), answered within a time limit.

Before the search was fixed each of these held the engine for seconds, some for minutes,
so a door with a time limit answered them `too_complex`. They are asked here as
`evaluate(request, time_limit=5)`, far more than any of them now needs, and must get the
reference solver's answer (tests/rules/reference_solver.py) with an arrangement that
proves it. The reference takes up to a minute on some of them, so its answers are written
beside the requests; where it answers in a few seconds it is asked again here.
"""

from __future__ import annotations

import copy

import pytest

from scoring.rules import evaluate
from tests.rules import reference_solver as ref
from tests.rules.test_reference_agreement import penalty_problems, show_problems

TIME_LIMIT = 5  # seconds: every request here is answered in well under one


def cards(text: str) -> list[str]:
    return text.split()


def show(variant: str, wild: str, hand: str, **extra) -> dict:
    return {"op": "show", "variant": variant, "wild": wild, "hand": cards(hand), **extra}


# The hand: 27 cards, four printed jokers and paired eights, 2^26 splits to try.
REPORTED = show(
    "vazhushal",
    "8C",
    "JK 8H 8H 8S 8C 8C JK JK 8D 8S 8D JK 10D 3C 6S JS 7S 3D 4S 6H JH 5S 7H JD 10S QS 10H",
)

# (about, request, the reference solver's answer)
SHOWS = [
    (
        "a Vazhushal show of paired jacks to kings with two jokers is out",
        show(
            "vazhushal",
            "7H",
            "7C KD JK 7S JK KH QD QH JH QD JS JD KH 10D 9H 8S JD 10S JH JS QH 9D 10D 9H KD 9D 9S",
        ),
        "out",
    ),
    (
        "a Vazhushal show of paired nines to jacks with no split free of repeats is refused",
        show(
            "vazhushal",
            "10D",
            "10S 10D 9D JC 9H JH 9D 6S JK 10C 9C 6D 10S 5C JK 5S 5H JC 7H 6H 8D 8D 8C 7H "
            "10D 10C JH",
        ),
        None,
    ),
    (
        "eight decks of hearts aces, kings and queens are no Vazhushal show",
        show(
            "vazhushal",
            "AC",
            "AH KH AH AH AH KH AH QH AH QH AH QH QH",
            options={"decks": 8, "jokers": 3},
        ),
        None,
    ),
    (
        "a 27 card hand of exactly ten pairs whose other cards cannot meld is no show",
        show(
            "rummy27",
            "3S",
            "2S 7S 5D 5S 5S 7C 6S 4S 6C 9C 9C AS 6C 9S 7D 9S 3S 4S 7D 3S 7S 6D 9S 5D 6S 9D 5S",
        ),
        None,
    ),
    (
        "fifteen wild cards under an exposed joker with no ten of them to keep apart",
        show(
            "rummy27",
            "JK",
            "AS 7S 8S AS 5D 2S 8S KS 5S 9S QS 6D 3S QS 3C KS AH 7D 7D 3S AD AC 5S AH 8D JK AD",
        ),
        None,
    ),
    (
        "six decks of diamonds around an exposed eight make ten jokers",
        show(
            "rummy27",
            "8D",
            "9D KD 9D 10D QD 10C 10D JK 10S QH QH KD 9D JK 9C 6D 9D 7D JS 8D JC 10D 10C JC "
            "10D JS 7D",
            options={"decks": 6, "jokers": 3},
        ),
        "ten_jokers",
    ),
    (
        "five possible tunnelas of which no three leave the other cards a meld",
        show(
            "rummy27",
            "3C",
            "3D 5C 5S 2C AD AS 5H AC 5C 3D 2C 7S 3S AC 4S 5S QD 4C AC 4C 5C 3C 2D 2C 2S 4C 5S",
        ),
        None,
    ),
    (
        "six decks of low diamonds with three pure sequences make a complete 21 card show",
        show(
            "indian21",
            "AD",
            "AD 2D AD 4D 4C 3D QD 5D 4C 3D 2D AD 9D 5D 3D JD AD KD 6D 3D 4D",
            options={"decks": 6, "jokers": 12},
        ),
        "complete",
    ),
]

PENALTIES = [
    (
        "a 27 card hand of fives and eights around wild sevens pays its deadwood",
        {
            "op": "penalty",
            "variant": "rummy27",
            "wild": "7D",
            "hand": cards(
                "5C 8S 8H 4D 3S 5D 8D 5S 6C 7D 4C 10D 8C 5S 5H 5C 5H 4H 8D AC 6D 4S 6S 8D 9S 5H 5C"
            ),
        },
        (13, "deadwood"),
    ),
]

# Four losing hands of low cards around wild sevens of diamonds, each a search of many
# thousands of states (a few seconds each before): the table of one played hand is a
# single request.
TABLE_WILD = "7D"
TABLE_HANDS = [
    ("5C 8S 8H 4D 3S 5D 8D 9H 5D 7D 4C 10D 8C 5S 6C 6H 5H 4H 3D AC 6D 4S 6S 8D 9S 7H 5C", 5),
    ("5C 8S 8H 4D 3S 5D 8D 5S 5D 7D 6H 10D 8C 5S 6C 6H 5H 4H 3D AC 6D 4S 6S 8D 9S 7H 5C", 7),
    ("5C 8S 8H 4D 3S 5D 8D 5S 5D 7D 4D 10D 8C 5S 6C 6H 5H 4H 3D AC 6D 4S 6S 8D 9S 7H 5C", 10),
    ("5C 8S 8H 4D 3S 5D 8D 5S 5D 7D 4C 10D 8C 5S 6C 6H 5H 4H 3D AC 6D 4S 6S 8D 9S 7H 5C", 9),
]


def answer(request: dict) -> dict:
    got = evaluate(copy.deepcopy(request), time_limit=TIME_LIMIT)
    assert "error" not in got, got
    return got


def assert_show(request: dict, expected: str | None) -> None:
    got = answer(request)
    assert (got["valid"], got["show"]) == (expected is not None, expected)
    assert show_problems(request, got, ref.context(request)) == []


def test_the_reported_27_card_vazhushal_show_is_out_as_the_reference_finds() -> None:
    assert ref.solve(REPORTED)["show"] == "out"
    assert_show(REPORTED, "out")


@pytest.mark.parametrize(("about", "request_", "expected"), SHOWS, ids=[s[0] for s in SHOWS])
def test_a_constructed_show_gets_the_reference_answer_in_time(about, request_, expected) -> None:
    assert_show(request_, expected)


@pytest.mark.parametrize(
    ("about", "request_", "expected"), PENALTIES, ids=[p[0] for p in PENALTIES]
)
def test_a_constructed_penalty_gets_the_reference_answer_in_time(about, request_, expected) -> None:
    got = answer(request_)
    assert (got["points"], got["rule"]) == expected
    assert penalty_problems(request_, got, ref.context(request_)) == []


def test_a_table_of_four_of_the_hardest_losing_hands_is_scored_in_time() -> None:
    players = [{"id": "winner", "result": "won"}]
    players += [
        {"id": f"seat{seat}", "result": "lost", "hand": cards(hand)}
        for seat, (hand, _) in enumerate(TABLE_HANDS, start=2)
    ]
    request = {"op": "score_hand", "variant": "rummy27", "wild": TABLE_WILD, "players": players}
    got = answer(request)
    for seat, (_, points) in enumerate(TABLE_HANDS, start=2):
        assert got["details"][f"seat{seat}"]["penalty"] == points
        assert got["details"][f"seat{seat}"]["rule"] == "deadwood"


def test_the_fast_answers_written_here_are_the_reference_answers() -> None:
    """The constructed hands the reference solver answers in a moment, asked again."""
    for _, request, expected in SHOWS:
        if request["variant"] == "rummy27" and request["wild"] in ("3S", "8D"):
            assert ref.solve(request)["show"] == expected
    vazhushal = SHOWS[2][1]
    assert ref.solve(vazhushal)["show"] == SHOWS[2][2]
