"""The engine's search against an independent, exhaustive reference (`reference_solver`).

Thousands of seeded hands per run, in every variant: random deals from shuffled decks,
"near-complete" hands built from legal melds with a card or two swapped, and hands loaded
with wild cards. For each hand the engine must agree with the reference on `valid`/`show`,
penalty `points`/`rule` and bonus `points`, and the arrangement it returns must stand on
its own: every meld legal for its kind, the cards exactly the hand, and the arrangement
actually proving the show or the penalty it claims.

A failure prints the request as JSON so it can be replayed with `evaluate` directly.
The first tests check the reference itself on hand-worked cases (no engine needed).
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.rules import reference_solver as ref

EXAMPLES = Path("/work/shared/rules/examples.jsonl")
MAX_REPORTED = 4  # failing requests printed per test


# ------------------------------------------------------------- the reference on its own


def ctx_of(variant: str, wild: str | None = None, **extra) -> ref.Ctx:
    return ref.context({"variant": variant, "wild": wild, **extra})


@pytest.mark.skipif(not EXAMPLES.exists(), reason="shared examples not mounted")
def test_reference_agrees_with_the_contract_examples() -> None:
    checked = 0
    for line in EXAMPLES.read_text().splitlines():
        example = json.loads(line)
        request, expect = example["request"], example["expect"]
        if "error" in expect or request["op"] == "score_hand":
            continue  # errors and ledgers are not modelled by the reference
        got = ref.solve(request)
        for field, value in expect.items():
            assert got[field] == value, example["about"]
        checked += 1
    assert checked >= 8


@pytest.mark.parametrize(
    ("variant", "wild", "extra", "cards", "kind"),
    [
        # indian13, 2 decks, 9s wild
        ("indian13", "9D", {}, "AH 2H 3H", "pure_sequence"),
        ("indian13", "9D", {}, "QH KH AH", "pure_sequence"),
        ("indian13", "9D", {}, "KH AH 2H", None),  # the ace is never in the middle
        ("indian13", "9D", {}, "9H 10H JH", "pure_sequence"),  # a wild card as itself
        ("indian13", "9D", {}, "8H 9S 10H", "sequence"),
        ("indian13", "9D", {}, "8H JK 10H JH", "sequence"),
        ("indian13", "9D", {}, "JK JK 9C", "sequence"),  # only wild cards: a sequence
        ("indian13", "9D", {}, "5S 5H 5D", "set"),
        ("indian13", "9D", {}, "5S 5H 5D 5C", "set"),
        ("indian13", "9D", {}, "5S 5H 5D 5C JK", None),  # a set has at most 4 cards
        ("indian13", "9D", {}, "5S 5S 5H", None),  # two spades in a set
        ("indian13", "9D", {}, "5S 5S 9H", None),  # a wild card cannot mend that
        ("indian13", "9D", {}, "5S 5H 9H", "set"),
        ("indian13", "9D", {}, "5S 5S 5S", None),  # no tunnela with 2 decks
        ("indian13", "9D", {"players": 8}, "5S 5S 5S", "tunnela"),
        ("indian13", "9D", {"players": 8}, "9S 9S 9S", "tunnela"),  # wild as itself
        ("indian13", "9D", {"players": 8}, "JK JK JK", "sequence"),
        ("indian13", "9D", {}, "5S 5H", None),  # no dublees in indian13
        ("indian13", "9D", {}, "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", "pure_sequence"),
        # indian21, exposed 7H: 6H 7H 8H and printed jokers wild
        ("indian21", "7H", {}, "6H 7H 8H", "pure_sequence"),  # all wild, all as themselves
        ("indian21", "7H", {}, "JK JK JK", "tunnela"),
        ("indian21", "7H", {}, "JK JK", "dublee"),
        ("indian21", "7H", {}, "7H 7H", "dublee"),
        ("indian21", "7H", {}, "7H 7H 7H", "tunnela"),
        ("indian21", "7H", {}, "5S 5S 5S", "tunnela"),
        ("indian21", "7H", {}, "5S 5H JK", "set"),  # JK stands for another suit's five
        ("indian21", "7H", {}, "5S 5S JK", None),
        ("indian21", "7H", {}, "5S 5H 8H", "set"),  # 8H stands for 5D or 5C
        ("indian21", "7H", {}, "5S 5S 5H", None),
        ("indian21", "JK", {}, "AH AD AC", "sequence"),  # other aces are wild
        # rummy27, exposed 3C: AC 2C 3C 4C 5C and printed jokers wild
        ("rummy27", "3C", {}, "7H 7H 7S", "set"),
        ("rummy27", "3C", {}, "7H 7H 7H", "tunnela"),
        ("rummy27", "3C", {}, "7H 7H 7S 7S 7D", "set"),
        ("rummy27", "3C", {}, "7H 7H JK", "set"),  # the joker stands for another suit
        ("rummy27", "3C", {}, "7H JK JK", "sequence"),  # too many wild cards for a set
        ("rummy27", "3C", {}, "7H 7S JK JK", "set"),
        ("rummy27", "3C", {}, "7H 7S JK JK JK", None),
        ("rummy27", "3C", {}, "QC KC AC", "pure_sequence"),
        ("rummy27", "3C", {}, "KC AC 2C", "sequence"),  # not K-A-2: the ace stands in
        # marriage, tiplu 2D: 2S 2H 2C ordinary, 3D poplu, AD jhiplu (no printed jokers)
        ("marriage", "2D", {}, "5H 6H 7H", "pure_sequence"),
        ("marriage", "2D", {}, "5H 6H 7H 8H", None),  # marriage melds are 3 cards
        ("marriage", "2D", {}, "5H 2S 3D", "sequence"),  # two wild cards stand in
        ("marriage", "2D", {}, "2S 2H 2C", "sequence"),  # 2S and 2 wild cards standing in
        ("marriage", "2D", {}, "5S 5H 2C", "set"),
        ("marriage", "2D", {}, "3D 3D 3D", "tunnela"),
        ("marriage", "2D", {}, "AD 3D 2S", "sequence"),  # 2S stands for 2D
        ("marriage", "2D", {}, "KS 3D 2S", "sequence"),  # KS and two standing in
        ("marriage", "2D", {}, "3D 2S AD", "sequence"),  # AD 2S(for 2D) 3D
        ("marriage", "2D", {}, "3H 2S 2C", "sequence"),
        ("marriage", "2D", {}, "3D 3S 2C AD", None),
        ("marriage", "2D", {}, "5H 5H", "dublee"),
        # vazhushal, negative joker 10D: 10S 10C and printed jokers wild
        ("vazhushal", "10D", {}, "JK JK JK", None),  # printed jokers only
        ("vazhushal", "10D", {}, "JK JK 10S", "sequence"),
        ("vazhushal", "10D", {}, "4H JK JK JK JK", "sequence"),
        ("vazhushal", "10D", {}, "9S 10S JS", "pure_sequence"),
        ("vazhushal", "10D", {}, "9D 10D JD", "pure_sequence"),  # 10D is not wild
        ("vazhushal", "10D", {}, "KH AH 2H 3H", None),
        (
            "vazhushal",
            "10D",
            {"options": {"ace_both_ends": True}},
            "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH",
            "pure_sequence",
        ),
        ("vazhushal", "10D", {}, "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", None),
    ],
)
def test_reference_meld_checker(
    variant: str, wild: str, extra: dict, cards: str, kind: str | None
) -> None:
    assert ref.best_kind(cards.split(), ctx_of(variant, wild, **extra)) == kind


def test_reference_wilds_by_hand() -> None:
    assert ref.wild_roles("indian21", "AH", {}) == {
        "JK": "printed",
        "AH": "same_suit",
        "2H": "upper",
        "KH": "lower",
    }
    roles = ref.wild_roles("rummy27", "JK", {})
    assert roles["AS"] == "same_suit" and roles["AD"] == "wild" and roles["QS"] == "two_down"
    assert roles["3S"] == "two_up" and roles["KS"] == "one_down" and roles["2S"] == "one_up"
    assert ref.wild_roles("marriage", "KC", {}) == {
        "KS": "ordinary",
        "KH": "ordinary",
        "KD": "ordinary",
        "KC": "tiplu",
        "AC": "poplu",
        "QC": "jhiplu",
    }
    assert ref.wild_roles("indian13", "JK", {"joker_mode": "ace_jokers"})["AC"] == "ace"
    assert ref.wild_roles("indian13", None, {"joker_mode": "none"}) == {}
    assert ref.wild_roles("vazhushal", "5S", {"negative_joker": False}) == {"JK": "printed"}


def hand(text: str) -> list[str]:
    return text.split()


@pytest.mark.parametrize(
    ("request_", "expect"),
    [
        # three pure sequences, 3 junk cards: only the junk counts
        (
            {
                "variant": "indian21",
                "wild": "10S",
                "hand": hand("2H 3H 4H 5C 6C 7C 8D 9D 10D JD KS 4C 9H 2D 3S 5S 6H 6D 7S 8S QH"),
            },
            None,
        ),
        # seven wild cards held: two points whatever else
        (
            {
                "variant": "indian21",
                "wild": "10S",
                "hand": hand("JK JK 9S 9S JS JS 10S 2C 4D 6H 8C QH KD 3C 5D 7H 9C JD KH AS 3H"),
            },
            {"points": 2, "rule": "two_points"},
        ),
        # nothing melds, no pure sequence: every card counts, capped at 120
        (
            {
                "variant": "indian21",
                "wild": "10S",
                "hand": hand("2H 5H 8H JH 3C 6C 9C QC 4D 7D 10D KD AS 4S 7S 2C KH QD 6S 3D 9H"),
            },
            {"points": 120, "rule": "all_cards"},
        ),
        # the same, halved for a player who had no turn: 60 at most
        (
            {
                "variant": "indian21",
                "wild": "10S",
                "first_turn_pending": True,
                "hand": hand("2H 5H 8H JH 3C 6C 9C QC 4D 7D 10D KD AS 4S 7S 2C KH QD 6S 3D 9H"),
            },
            {"points": 60, "rule": "all_cards"},
        ),
        # indian13 (1 deck): a pure run exempt, the rest counts (no second sequence)
        (
            {
                "variant": "indian13",
                "players": 3,
                "wild": "9D",
                "hand": hand("3C 4C 5C 8D 8H 8S QD KS AD 2H 6S 10S 7H"),
            },
            {"points": 8 * 3 + 10 * 4 + 2 + 6 + 7, "rule": "pure_exempt"},
        ),
        # indian13 first turn pending: every meldable card exempt, then halved (55 -> 28)
        (
            {
                "variant": "indian13",
                "players": 3,
                "wild": "9D",
                "first_turn_pending": True,
                "hand": hand("3C 4C 5C 8D 8H 8S QD KS AD 2H 6S 10S 7H"),
            },
            {"points": 28, "rule": "first_turn"},
        ),
    ],
)
def test_reference_penalty_by_hand(request_: dict, expect: dict | None) -> None:
    got = ref.solve({"op": "penalty", **request_})
    if expect is None:  # 3 pure runs: deadwood is the 9 cards outside them
        ctx = ref.context(request_)
        deadwood = request_["hand"][9:]
        leftover = sum(ctx.value(card) for card in deadwood)
        # the leftover cards may themselves meld: the reference must not charge more
        assert got["rule"] == "deadwood" and got["points"] <= leftover
    else:
        assert {k: got[k] for k in expect} == expect


@pytest.mark.parametrize(
    ("request_", "points"),
    [
        ({"variant": "indian21", "wild": "10S", "hand": hand("10S JS JS 9S")}, 110),
        ({"variant": "indian21", "wild": "JK", "hand": hand("AS AS AS 2S 2S 2S KS KS KS")}, 500),
        ({"variant": "indian21", "wild": "JK", "hand": hand("AS AS AS 2S 2S KS KS")}, 310),
        ({"variant": "indian21", "wild": "10S", "hand": hand("JS JS JS 9S")}, 50 + 10),
        (
            {"variant": "rummy27", "wild": "3C", "hand": hand("AC AC 2C 3C 4C 5C 5C 5C JK")},
            75 + 10 + 20 + 10 + 60,
        ),
        ({"variant": "marriage", "wild": "2D", "hand": hand("2D 3D AD")}, 10),
        ({"variant": "marriage", "wild": "2D", "hand": hand("2D 2D 3D 3D 3D AD AD")}, 20 + 2),
        (
            {
                "variant": "marriage",
                "wild": "2D",
                "hand": hand("3D 3D 3D 2S 2S 2S 5H 5H 5H 2D AD"),
                "initial_tunnelas": [hand("3D 3D 3D"), hand("2S 2S 2S"), hand("5H 5H 5H")],
            },
            20 + 10 + 5 + 3 + 2,
        ),
        ({"variant": "indian13", "wild": "9D", "hand": hand("9S 9H JK")}, 0),
    ],
)
def test_reference_bonus_by_hand(request_: dict, points: int) -> None:
    assert ref.solve({"op": "bonus", **request_})["points"] == points


@pytest.mark.parametrize(
    ("request_", "show"),
    [
        (
            {
                "variant": "indian21",
                "wild": "7H",
                "hand": "JK JK 6H 6H 8H 8H 8H 6H 2C 5C 9D QS KS 3D 4H 10C JC QC 2S 3S 4S",
            },
            "eight_jokers",
        ),
        (
            {
                "variant": "indian21",
                "wild": "7H",
                "hand": "2C 2C 3D 3D 4S 4S 5H 5H 9C 9C JD JD KS KS AH AH QC 2H 3S 4D 5S",
            },
            "eight_dublees",
        ),
        (
            {
                "variant": "indian21",
                "wild": "7H",
                "hand": "2C 2C 2C 3D 3D 3D 4S 4S 4S 9C JD KS AH QC 2H 3S 4D 5S 10C 10H 10S",
            },
            "three_tunnelas",
        ),
        (
            {
                "variant": "indian21",
                "wild": "7H",
                "hand": "2C 3C 4C 5D 6D 7D 9S 10S JS QH KH AH 4S 4S 4S 9C 9D 9H JK 2H 3H",
            },
            "complete",
        ),
        (
            {
                "variant": "rummy27",
                "wild": "3C",
                "hand": "2H 2H 2H 6S 6S 6S 9D 9D 9D 7H 8H 9H 10H JS QS KS AS KD KD KH "
                "5D 5H 5S QC QD QH QC",
            },
            "three_tunnelas",
        ),
        (
            {
                "variant": "rummy27",
                "wild": "3C",
                "hand": "2H 2H 6S 6S 9D 9D 7H 7H 8S 8S JD JD KS KS AD AD QH QH 10S 10S "
                "4H 5H 6H 7D 7D 7S 7S",
            },
            "ten_dublees",
        ),
        (
            {
                "variant": "rummy27",
                "wild": "3C",
                "hand": "JK JK JK AC AC AC 2C 2C 4C 4C 5C 5C 2H 3H 4H 8S 8S 8D 9D 10D JD "
                "QD KS KH KD 6H 7H",
            },
            # 12 wild cards: 10 kept apart, the other two join 6H 7H and the runs
            "ten_jokers",
        ),
        (
            {
                "variant": "marriage",
                "wild": "2D",
                "hand": "5H 5H 6S 6S 7C 7C 8D 8D 9H 9H JS JS KC KC QD QD",
            },
            "eight_dublees",
        ),
        ({"variant": "vazhushal", "wild": "10D", "hand": "7H 8H 9H QS QD 10C"}, "out"),
        ({"variant": "vazhushal", "wild": "10D", "hand": "7H 8H 9H 7H 8H 9H"}, None),
        ({"variant": "vazhushal", "wild": "10D", "hand": "7H 8H 9H 7H 8H 9H 10H"}, "out"),
        ({"variant": "vazhushal", "wild": "10D", "hand": "7H 8H 10S JK JK JK"}, None),
        ({"variant": "vazhushal", "wild": "10D", "hand": "7H 8H 9H JK JK JK"}, None),
        ({"variant": "vazhushal", "wild": "10D", "hand": "7H 8H 9H 10S JK JK"}, "out"),
    ],
)
def test_reference_shows_by_hand(request_: dict, show: str | None) -> None:
    request = {"op": "show", **request_, "hand": request_["hand"].split()}
    got = ref.solve(request)
    assert got["show"] == show
    assert got["valid"] == (show is not None)


# -------------------------------------------------------------------- request generators

# Each generator takes a seeded random.Random and returns one request. They reproduce:
# the failing request is printed in full.

PLAIN = ref.all_plain_cards()


def indian13_table(rng: random.Random) -> dict:
    players = rng.choice([2, 3, 4, 5, 6, 7, 9, 12])
    mode = rng.choices(["standard", "ace_jokers", "printed_only", "none"], [8, 2, 1, 1])[0]
    options: dict = {}
    if mode != "standard" or rng.random() < 0.2:
        options["joker_mode"] = mode
    if mode in ("printed_only", "none"):
        wild = None
    elif mode == "ace_jokers" or rng.random() < 0.1:
        wild = rng.choice(["JK", *PLAIN])
    else:
        wild = rng.choice(PLAIN)
    if rng.random() < 0.2:
        options["two_pure"] = True
    if rng.random() < 0.2:
        options["ace_value"] = 11
    if rng.random() < 0.15:
        options["penalty_cap"] = rng.choice([40, 80])
    return {"variant": "indian13", "players": players, "options": options, "wild": wild}


def three_deck_table(variant: str) -> Callable[[random.Random], dict]:
    def table(rng: random.Random) -> dict:
        wild = "JK" if rng.random() < 0.1 else rng.choice(PLAIN)
        return {"variant": variant, "players": rng.randint(2, 5), "wild": wild}

    return table


def marriage_table(rng: random.Random) -> dict:
    return {"variant": "marriage", "players": rng.randint(2, 5), "wild": rng.choice(PLAIN)}


def vazhushal_table(rng: random.Random) -> dict:
    options: dict = {}
    if rng.random() < 0.15:
        options["negative_joker"] = False
    if rng.random() < 0.2:
        options["ace_both_ends"] = True
    wild = None if options.get("negative_joker") is False else rng.choice(["JK", *PLAIN])
    return {
        "variant": "vazhushal",
        "players": rng.randint(2, 6),
        "options": options,
        "wild": wild,
    }


TABLES = {
    "indian13": indian13_table,
    "indian21": three_deck_table("indian21"),
    "rummy27": three_deck_table("rummy27"),
    "marriage": marriage_table,
    "vazhushal": vazhushal_table,
}


def meld_makers(variant: str, rng: random.Random, size: int) -> list:
    """A random recipe of meld makers (a pure run first: most shows need one), enough
    to cover roughly `size` cards."""
    marriage = variant == "marriage"

    def pure(d: ref.Dealer):
        return d.run(3 if marriage else rng.choice([3, 3, 4, 5]))

    def dirty(d: ref.Dealer):
        length = 3 if marriage else rng.choice([3, 4, 5])
        return d.run(length, wilds=rng.choice([1, 1, 2]))

    def group(d: ref.Dealer):
        if variant == "rummy27":
            return d.group(rng.choice([3, 3, 4, 5, 6]), wilds=rng.choice([0, 0, 1]))
        return d.group(3 if marriage else rng.choice([3, 4]), wilds=rng.choice([0, 0, 1]))

    def triple(d: ref.Dealer):
        return d.copies(3)

    choices = [pure, dirty, group, pure]
    if variant in ("indian21", "rummy27", "marriage") or (variant == "indian13"):
        choices.append(triple)
    makers = [pure]
    covered = 3
    while covered < size:
        makers.append(rng.choice(choices))
        covered += 3 if marriage else 4
    return makers


def hand_maker(variant: str, style: str) -> Callable[[random.Random, ref.Dealer, int], list]:
    """Hands of `size` cards in one of several styles."""

    def make(rng: random.Random, dealer: ref.Dealer, size: int) -> list[str]:
        if style == "deal":
            return dealer.random_cards(size)
        if style == "near":
            makers = meld_makers(variant, rng, size)
            return dealer.compose(makers, size, perturb=rng.choice([0, 0, 1, 1, 2]))
        if style == "wild":
            wilds = dealer.random_cards(rng.randint(3, 7), wild=True)
            makers = meld_makers(variant, rng, size - len(wilds))
            return dealer.compose([lambda d: wilds, *makers], size, rng.choice([0, 1]))
        if style == "dublees":
            count = {"rummy27": 10, "marriage": 8}.get(variant, 8)
            makers = [lambda d: d.copies(2)] * (count + rng.choice([-1, 0, 0]))
            makers += meld_makers(variant, rng, size - 2 * count)
            return dealer.compose(makers, size, rng.choice([0, 0, 1]))
        if style == "tunnelas":
            makers = [lambda d: d.copies(3)] * rng.choice([2, 3, 3, 4])
            makers += meld_makers(variant, rng, size - 9)
            return dealer.compose(makers, size, rng.choice([0, 0, 1]))
        if style == "jokers":  # rummy27 ten_jokers / indian21 eight_jokers
            wilds = dealer.random_cards(rng.randint(8, 11), wild=True)
            makers = meld_makers(variant, rng, size - len(wilds))
            return dealer.compose([lambda d: wilds, *makers], size, rng.choice([0, 0, 1]))
        raise ValueError(style)

    return make


def hand_size(variant: str, rng: random.Random) -> int:
    if variant == "marriage":
        return 21 if rng.random() < 0.7 else rng.randint(16, 20)
    if variant == "vazhushal":
        return rng.randint(3, 13)
    return ref.HAND_SIZES[variant]


def requests_for(variant: str, style: str, op: str, count: int, seed: int) -> list[dict]:
    rng = random.Random(f"{variant}/{style}/{op}/{seed}")
    make = hand_maker(variant, style)
    out = []
    for _ in range(count):
        request = dict(TABLES[variant](rng))
        if not request.get("options"):
            request.pop("options", None)
        dealer = ref.Dealer(ref.context(request), rng)
        size = hand_size(variant, rng)
        request["hand"] = make(rng, dealer, size)
        request["op"] = op
        if op == "penalty" and rng.random() < 0.25:
            request["first_turn_pending"] = True
        out.append(request)
    return out


# ------------------------------------------------------------------ the engine's answers


def engine():
    rules = pytest.importorskip("scoring.rules")
    return rules.evaluate


def multiset(cards) -> Counter:
    return Counter(cards)


def meld_problems(melds: list, ctx: ref.Ctx) -> list[str]:
    """Every meld must be legal for its kind, and carry the most useful kind it can be."""
    problems = []
    for meld in melds:
        cards, kind = meld["cards"], meld["kind"]
        kinds = ref.meld_kinds(cards, ctx)
        if kind not in kinds:
            problems.append(f"{cards} is not a {kind} (it can be {sorted(kinds) or 'nothing'})")
        elif kind != ref.best_kind(cards, ctx):
            problems.append(f"{cards} is labelled {kind} but counts as {ref.best_kind(cards, ctx)}")
    return problems


def kind_counts(melds: list) -> Counter:
    return Counter(meld["kind"] for meld in melds)


def show_problems(request: dict, got: dict, ctx: ref.Ctx) -> list[str]:
    """Check the engine's arrangement for a show on its own."""
    melds, unmatched = got.get("melds", []), got.get("unmatched", [])
    problems = meld_problems(melds, ctx)
    used = sum((multiset(m["cards"]) for m in melds), Counter()) + multiset(unmatched)
    if used != multiset(request["hand"]):
        problems.append(f"melds + unmatched {sorted(used.elements())} are not the hand")
    if not got.get("valid"):
        return problems
    kinds = kind_counts(melds)
    full = not unmatched and kinds["dublee"] == 0
    pure, seqs, tunnelas = kinds["pure_sequence"], kinds["sequence"], kinds["tunnela"]
    show = got.get("show")
    proof = {
        "rummy": full and ref.indian13_requirement((pure, pure + seqs, tunnelas, 0), ctx),
        "complete": full
        and (pure >= 3 if ctx.variant == "indian21" else pure + tunnelas >= 3 and len(melds) == 7),
        "eight_jokers": ref.count_wilds(request["hand"], ctx) >= 8,
        "eight_dublees": kinds["dublee"] >= 8,
        "three_tunnelas": tunnelas >= 3 and (ctx.variant == "indian21" or full),
        "ten_dublees": kinds["dublee"] == 10 and not unmatched,
        "ten_jokers": len(unmatched) == 10
        and all(ctx.is_wild(card) for card in unmatched)
        and kinds["dublee"] == 0,
        "out": not unmatched and ref.vazhushal_ok([m["cards"] for m in melds], ctx),
    }
    if not proof.get(show, False):
        problems.append(f"the arrangement does not prove a {show} show")
    return problems


def penalty_problems(request: dict, got: dict, ctx: ref.Ctx) -> list[str]:
    melds, counted = got.get("melds", []), got.get("counted", [])
    problems = meld_problems(melds, ctx)
    used = sum((multiset(m["cards"]) for m in melds), Counter()) + multiset(counted)
    if used != multiset(request["hand"]):
        problems.append(f"melds + counted {sorted(used.elements())} are not the hand")
    rule = got.get("rule")
    if rule == "two_points":
        return problems
    count = sum(ctx.value(card) for card in counted)
    pending = bool(request.get("first_turn_pending"))
    if ctx.variant == "indian13":
        cap = ctx.options.get("penalty_cap")
        capped = count if cap is None else min(count, cap)
        points = ref.half_up(capped) if pending else capped
    else:
        points = min(ref.half_up(count), 60) if pending else min(count, 120)
    if points != got.get("points"):
        problems.append(f"the counted cards are worth {count}, which pays {points}")
    kinds = kind_counts(melds)
    pure, seqs, tunnelas = kinds["pure_sequence"], kinds["sequence"], kinds["tunnela"]
    if rule == "all_cards" and melds:
        problems.append("all_cards but some cards were not counted")
    if rule == "pure_exempt":
        exempt_kinds = {"pure_sequence"} | ({"tunnela"} if ctx.variant == "indian13" else set())
        if any(m["kind"] not in exempt_kinds for m in melds) or not melds:
            problems.append("pure_exempt exempts something other than pure sequences")
        if ctx.variant != "indian13" and not 1 <= len(melds) <= 2:
            problems.append("pure_exempt with other than 1 or 2 pure sequences")
    if rule == "deadwood":
        if ctx.variant == "indian13":
            met = ref.indian13_requirement((pure, pure + seqs, tunnelas, 0), ctx)
        else:
            met = pure >= 3
        if not met:
            problems.append("deadwood but the melds do not meet the requirement")
    if kinds["dublee"]:
        problems.append("dublees are not melds for a penalty")
    return problems


def compare(evaluate, request: dict) -> str | None:
    """None when the engine agrees with the reference, else a description with the
    request as JSON."""
    expected = ref.solve(request)
    got = evaluate(copy.deepcopy(request))
    ctx = ref.context(request)
    problems: list[str] = []
    if "error" in got:
        problems.append(f"engine error {got['error']}")
    elif request["op"] == "show":
        for field in ("valid", "show"):
            if got.get(field) != expected[field]:
                problems.append(
                    f"{field}: engine {got.get(field)!r}, reference {expected[field]!r}"
                )
        problems += show_problems(request, got, ctx)
    elif request["op"] == "penalty":
        for field in ("points", "rule"):
            if got.get(field) != expected[field]:
                problems.append(
                    f"{field}: engine {got.get(field)!r}, reference {expected[field]!r}"
                )
        problems += penalty_problems(request, got, ctx)
    elif request["op"] == "bonus":
        if got.get("points") != expected["points"]:
            problems.append(f"points: engine {got.get('points')}, reference {expected['points']}")
        breakdown = sum(item.get("points", 0) for item in got.get("breakdown", []))
        if breakdown != got.get("points"):
            problems.append(f"breakdown adds up to {breakdown}, not {got.get('points')}")
    if not problems:
        return None
    return (
        "; ".join(problems)
        + "\n    request: "
        + json.dumps(request)
        + ("\n    engine: " + json.dumps(got))
    )


def run_batch(requests: list[dict]) -> None:
    evaluate = engine()
    failures = [f for f in (compare(evaluate, r) for r in requests) if f is not None]
    if failures:
        failures.sort(key=len)  # the shortest requests are the easiest to read
        shown = "\n".join(failures[:MAX_REPORTED])
        pytest.fail(f"{len(failures)} of {len(requests)} requests disagree:\n{shown}")


# ---------------------------------------------------------------------------- the tests

# (variant, style, op, count): tuned so the whole file runs in about a minute on 2 cores.
BATCHES = [
    ("indian13", "deal", "show", 250),
    ("indian13", "deal", "penalty", 250),
    ("indian13", "near", "show", 350),
    ("indian13", "near", "penalty", 350),
    ("indian13", "wild", "show", 150),
    ("indian13", "wild", "penalty", 150),
    ("indian21", "deal", "show", 120),
    ("indian21", "deal", "penalty", 120),
    ("indian21", "near", "show", 150),
    ("indian21", "near", "penalty", 150),
    ("indian21", "wild", "penalty", 60),
    ("indian21", "dublees", "show", 50),
    ("indian21", "tunnelas", "show", 50),
    ("indian21", "jokers", "show", 50),
    ("rummy27", "deal", "show", 40),
    ("rummy27", "deal", "penalty", 40),
    ("rummy27", "near", "show", 40),
    ("rummy27", "near", "penalty", 40),
    ("rummy27", "dublees", "show", 30),
    ("rummy27", "tunnelas", "show", 30),
    ("rummy27", "jokers", "show", 30),
    ("marriage", "deal", "show", 150),
    ("marriage", "near", "show", 300),
    ("marriage", "wild", "show", 100),
    ("marriage", "dublees", "show", 80),
    ("marriage", "tunnelas", "show", 80),
    ("vazhushal", "deal", "show", 250),
    ("vazhushal", "near", "show", 500),
    ("vazhushal", "wild", "show", 200),
]


@pytest.mark.parametrize(
    ("variant", "style", "op", "count"), BATCHES, ids=["-".join(map(str, b)) for b in BATCHES]
)
def test_engine_agrees_with_reference(variant: str, style: str, op: str, count: int) -> None:
    run_batch(requests_for(variant, style, op, count, seed=1))


@pytest.mark.parametrize("variant", list(ref.VARIANTS))
def test_bonus_agrees_with_reference(variant: str) -> None:
    requests = []
    for style in ("deal", "wild", "jokers"):
        requests += requests_for(variant, style, "bonus", 60, seed=2)
    rng = random.Random(f"{variant}/tunnelas/bonus")
    if variant == "marriage":
        # initial tunnelas laid down before play, part of the hand
        for request in requests_for(variant, "tunnelas", "bonus", 80, seed=3):
            counts = Counter(request["hand"])
            triples = [[card] * 3 for card, n in sorted(counts.items()) if n >= 3]
            request["initial_tunnelas"] = rng.sample(triples, rng.randint(0, len(triples)))
            requests.append(request)
    run_batch(requests)


def test_wilds_agree_with_reference() -> None:
    requests = []
    for card in ["JK", *PLAIN]:
        for variant in ("indian21", "rummy27", "vazhushal"):
            requests.append({"op": "wilds", "variant": variant, "wild": card})
        if card != "JK":
            requests.append({"op": "wilds", "variant": "marriage", "wild": card})
        for mode in ("standard", "ace_jokers"):
            requests.append(
                {
                    "op": "wilds",
                    "variant": "indian13",
                    "wild": card,
                    "options": {"joker_mode": mode},
                }
            )
    for mode in ("printed_only", "none"):
        requests.append({"op": "wilds", "variant": "indian13", "options": {"joker_mode": mode}})
    requests.append(
        {"op": "wilds", "variant": "vazhushal", "wild": None, "options": {"negative_joker": False}}
    )
    evaluate = engine()
    wrong = []
    for request in requests:
        got = evaluate(copy.deepcopy(request))
        if got != ref.solve(request):
            wrong.append(f"{json.dumps(request)} -> {json.dumps(got)}")
    assert not wrong, "\n".join(wrong[:MAX_REPORTED])
