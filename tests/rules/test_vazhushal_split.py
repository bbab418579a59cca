"""Vazhushal's split with no two identical melds (scoring/rules/vazhushal.py).

The split a show answers with is defined by a plain enumeration: the sorted cards, the
lowest in a meld with the others picked by a binary number (smallest first), the first
complete split with a pure sequence and no identical melds. That enumeration took minutes
on a 27-card hand; the search that replaced it must return exactly what it returns. It is
kept here, as the definition, and both are run on hands of melds laid twice with wild cards
swapped in, small enough for it.
"""

from __future__ import annotations

import random

import pytest

from scoring.rules.hand import Hand
from scoring.rules.judge import classify
from scoring.rules.request import read_cards, read_table
from scoring.rules.shows import _vazhushal_flaw
from scoring.rules.vazhushal import first_show_split

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def plain_enumeration(hand: Hand) -> list[list[int]] | None:
    """The definition: every split in the enumeration's order, until one is a show."""

    def split(rest: list[int], groups: list[list[int]]) -> list[list[int]] | None:
        if not rest:
            kinds = [classify(group, hand.rules, hand.wild, True) for group in groups]
            if "pure_sequence" in kinds and not _vazhushal_flaw(groups):
                return list(groups)
            return None
        first, others = rest[0], rest[1:]
        for mask in range(1, 1 << len(others)):
            picked = [others[b] for b in range(len(others)) if mask >> b & 1]
            if len(picked) < 2 or len(picked) > 13:
                continue
            group = [first, *picked]
            if classify(group, hand.rules, hand.wild, True) is None:
                continue
            left = [others[b] for b in range(len(others)) if not mask >> b & 1]
            found = split(left, [*groups, group])
            if found is not None:
                return found
        return None

    return split(sorted(hand.cards), [])


def twin_hand(rng: random.Random) -> Hand:
    """Melds laid once or twice, a card now and then swapped for a wild card."""
    options: dict = {"ace_both_ends": True} if rng.random() < 0.3 else {}
    wild = rng.choice([*(rank + suit for rank in RANKS for suit in "SHDC"), "JK"])
    request = {"variant": "vazhushal", "wild": wild, "options": options, "op": "show"}
    table = read_table(request, "show", needs_wild=True)
    red = wild[-1] in "HD"
    wilds = (
        ["JK"] if wild == "JK" else ["JK"] + [wild[:-1] + s for s in "SHDC" if (s in "HD") != red]
    )
    size = rng.randint(6, 11)
    cards: list[str] = []
    while len(cards) < size:
        if rng.random() < 0.6:
            suit, low = rng.choice("SHDC"), rng.randrange(11)
            meld = [RANKS[(low + step) % 13] + suit for step in range(rng.randint(3, 4))]
        else:
            rank = rng.choice(RANKS)
            meld = [rank + suit for suit in rng.sample("SHDC", 3)]
        for _ in range(rng.choice([1, 2, 2])):
            for card in meld:
                if rng.random() < 0.15:
                    card = rng.choice(wilds)
                if cards.count(card) < (4 if card == "JK" else 2) and len(cards) < size:
                    cards.append(card)
    return Hand(table, read_cards({"hand": cards}))


@pytest.mark.parametrize("seed", range(4))
def test_the_search_finds_the_split_the_plain_enumeration_finds(seed) -> None:
    rng = random.Random(f"twins/{seed}")
    for _ in range(40):
        hand = twin_hand(rng)
        assert first_show_split(hand) == plain_enumeration(hand), hand.cards


def test_two_identical_runs_and_nothing_else_are_no_show() -> None:
    request = {"variant": "vazhushal", "wild": "10D", "op": "show"}
    hand = Hand(
        read_table(request, "show", needs_wild=True), read_cards({"hand": "5S 6S 7S 5S 6S 7S"})
    )
    assert first_show_split(hand) is None
