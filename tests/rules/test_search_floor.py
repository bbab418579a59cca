"""The search's floor (`_Search._floor`): a lower bound from the cards that need wild cards
to meld, which prunes a state whose bound is already over its budget.

The prune must never change an answer: hand-worked cases where it must not fire (cards that
do meld with the jokers at hand), cases where it must, and seeded random hands searched
with and without it, which must give the same value and the same arrangement.
"""

from __future__ import annotations

import random

import pytest

from scoring.rules import search
from scoring.rules.cards import JOKER, counts_of, parse_card, penalty_value
from scoring.rules.search import Goal, MeldRules, arrange

STANDARD = MeldRules()
RUMMY27 = MeldRules(set_mode="rummy27", tunnela=True, joker_tunnela=True, joker_dublee=True)
THREE_DECKS13 = MeldRules(tunnela=True, tunnela_is_pure=True, tunnela_is_sequence=True)
MARRIAGE = MeldRules(
    exact3=True,
    max_wild=2,
    set_mode="marriage",
    tunnela=True,
    tunnela_is_pure=True,
    joker_only_sequence=False,
)


def hand(text: str, wild: str = ""):
    cards = [parse_card(card) for card in text.split()]
    flags = [False] * 52
    for card in wild.split():
        flags[parse_card(card)] = True
    values = [0 if flags[card] else penalty_value(card) for card in range(52)]
    return counts_of(cards), flags, values


def value_of(text: str, rules: MeldRules, goal: Goal, wild: str = "") -> int | None:
    found = arrange(*hand(text, wild), rules, goal)
    return None if found is None else found.value


# -- the prune must not fire: these cards meld with the jokers at hand -----------------------
@pytest.mark.parametrize(
    ("text", "rules"),
    [
        ("3H 6H JK JK", STANDARD),  # two lonely cards of one suit share two jokers
        ("3H 6H 9H JK JK JK JK", STANDARD),  # three lonely cards, four jokers
        ("5H 7H JK", STANDARD),  # two stuck cards of one suit, one joker between them
        ("7H 7S JK", STANDARD),  # two suits of one rank and a joker make a set
        ("7H 7H JK", RUMMY27),  # two copies and a joker make a rummy27 set
        ("7H 7H 7H", RUMMY27),  # a tunnela, no joker needed
        ("7H 7S 7D", STANDARD),  # a natural set
        ("QH KH AH", STANDARD),  # the ace high ends a natural sequence
        ("AH 2H 3H", STANDARD),  # the ace low starts one
    ],
)
def test_cards_that_meld_with_the_jokers_at_hand_are_not_pruned(text, rules) -> None:
    assert value_of(text, rules, Goal(meld_all=True)) is not None
    assert value_of(text, rules, Goal(meld_all=False)) == 0


def test_a_wild_card_is_never_counted_as_left_over() -> None:
    # 5S is wild and costs nothing as a joker; one joker melds neither lonely card.
    assert value_of("3H 9H 5S", STANDARD, Goal(meld_all=False), wild="5S") == 12
    # Two wild cards pay for one lonely card (9H); 3H is left over.
    assert value_of("3H 9H 5S 5D", STANDARD, Goal(meld_all=False), wild="5S 5D") == 3


# -- the prune must fire, with the right bound --------------------------------------------
@pytest.mark.parametrize(
    ("text", "rules", "least"),
    [
        ("3H JK", STANDARD, 3),  # a lonely card beside one joker cannot meld
        ("3H 6H KS JK JK", STANDARD, 9),  # KS with the jokers; 3H 6H left over
        ("5H 7H 5S 7S JK", STANDARD, 10),  # one joker: one pair melds (7H 7S), 5H 5S left
        ("5H 7H 9C", STANDARD, 21),  # no joker: nothing melds
        ("7H 7H JK", STANDARD, 14),  # copies make no standard set
        ("7H 7H 9C JK", RUMMY27, 9),  # the copies and the joker make a rummy27 set
    ],
)
def test_least_cost_with_cards_that_need_jokers(text, rules, least) -> None:
    assert value_of(text, rules, Goal(meld_all=False)) == least
    assert value_of(text, rules, Goal(meld_all=True)) is None


# -- with and without the floor: the same answers ------------------------------------------
def _random_hand(rng: random.Random, decks: int, size: int, jokers: int):
    deck = [card for card in range(52) for _ in range(decks)] + [JOKER] * jokers
    cards = rng.sample(deck, size)
    flags = [False] * 52
    if rng.random() < 0.7:
        rank = rng.randrange(13)
        for suit in rng.sample(range(4), rng.randint(1, 4)):
            flags[suit * 13 + rank] = True
    values = [0 if flags[card] else penalty_value(card) for card in range(52)]
    return counts_of(cards), flags, values


def _near_hand(rng: random.Random, decks: int, size: int, jokers: int):
    """Runs and sets of one deck, then a few cards swapped: hands that almost meld."""
    counts, flags, values = _random_hand(rng, decks, 0, 0)
    cards: list[int] = []
    while len(cards) < size:
        suit, rank = rng.randrange(4), rng.randrange(11)
        if rng.random() < 0.6:
            cards += [suit * 13 + rank + step for step in range(rng.randint(3, 4))]
        else:
            cards += [other * 13 + rank for other in rng.sample(range(4), 3)]
    cards = cards[:size]
    for _ in range(rng.randint(0, 2)):
        swapped = rng.randrange(52)
        cards[rng.randrange(size)] = JOKER if jokers and rng.random() < 0.5 else swapped
    counts = [0] * 53
    for card in cards:
        counts[card] = min(counts[card] + 1, decks if card != JOKER else jokers)
    return counts, flags, values


GOALS = [
    Goal(meld_all=True),
    Goal(meld_all=False),
    Goal(meld_all=True, pure=1, seqs=2),
    Goal(meld_all=False, pure=1, seqs=2),
    Goal(meld_all=False, pure=1, pure_only=True),
    Goal(meld_all=False, pure=2, pure_only=True),
]
CASES = [
    (STANDARD, 2, 13, 2),
    (THREE_DECKS13, 3, 13, 3),
    (RUMMY27, 3, 12, 3),
    (MARRIAGE, 3, 12, 0),
]


def _answer(found):
    if found is None:
        return None
    melds = sorted((meld.kind, sorted(meld.cards), meld.jokers) for meld in found.melds)
    return found.value, melds, sorted(found.leftover)


@pytest.mark.parametrize("seed", range(4))
def test_the_floor_never_changes_an_answer(monkeypatch, seed) -> None:
    rng = random.Random(f"floor/{seed}")
    with_floor = []
    hands = []
    for rules, decks, size, jokers in CASES:
        for make in (_random_hand, _near_hand):
            for _ in range(8):
                counts, flags, values = make(rng, decks, size, jokers)
                for goal in GOALS:
                    limit = rng.choice([None, None, 10, 30])
                    if goal.meld_all:
                        limit = None
                    hands.append((counts, flags, values, rules, goal, limit))
                    with_floor.append(_answer(arrange(counts, flags, values, rules, goal, limit)))
    monkeypatch.setattr(search._Search, "_floor", lambda self, shapes, jokers, budget: 0)
    without = [_answer(arrange(*case)) for case in hands]
    assert with_floor == without
