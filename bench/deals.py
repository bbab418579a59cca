"""Realistic deals for the benchmarks: shuffled decks, near-complete hands, wild-heavy hands.

Cards are produced as canonical strings so every request goes through the same parsing a
club's scorer or another program would hit.
"""

from __future__ import annotations

import random
from collections.abc import Callable

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = "SHDC"
HAND_SIZES = {"indian13": 13, "indian21": 21, "rummy27": 27, "marriage": 21, "vazhushal": 13}
DECKS = {"indian13": 2, "indian21": 3, "rummy27": 3, "marriage": 3, "vazhushal": 2}
JOKERS = {"indian13": 2, "indian21": 3, "rummy27": 3, "marriage": 0, "vazhushal": 4}
OUT_OF_PLAY = {"indian13", "indian21", "rummy27", "marriage"}


def deck(variant: str) -> list[str]:
    cards = [rank + suit for suit in SUITS for rank in RANKS] * DECKS[variant]
    return cards + ["JK"] * JOKERS[variant]


def deal(variant: str, rng: random.Random) -> tuple[str, list[str]]:
    """A designator and a shuffled deck with it taken out where it is out of play."""
    cards = deck(variant)
    rng.shuffle(cards)
    wild = cards.pop() if variant in OUT_OF_PLAY else rng.choice(cards)
    if variant == "marriage":
        while wild == "JK":
            cards.append(wild)
            wild = cards.pop(0)
    return wild, cards


def random_hand(variant: str, rng: random.Random) -> tuple[str, list[str]]:
    wild, cards = deal(variant, rng)
    return wild, cards[: HAND_SIZES[variant]]


def _meld(rng: random.Random, big: bool) -> list[str]:
    suit = rng.choice(SUITS)
    kind = rng.random()
    if kind < 0.6:
        length = rng.randint(3, 5 if big else 4)
        start = rng.randint(0, 13 - length)
        return [RANKS[r] + suit for r in range(start, start + length)]
    rank = rng.choice(RANKS)
    if kind < 0.9 or not big:
        return [rank + s for s in rng.sample(SUITS, rng.choice((3, 4)))]
    return [rank + suit] * 3


def near_complete_hand(variant: str, rng: random.Random) -> tuple[str, list[str]]:
    """Melds dealt from the deck, then a card or two swapped for random ones."""
    wild, cards = deal(variant, rng)
    size = HAND_SIZES[variant]
    hand: list[str] = []
    pool = list(cards)
    while len(hand) < size:
        meld = _meld(rng, size > 13)
        if variant == "marriage":
            meld = meld[:3]
        if len(hand) + len(meld) > size:
            meld = meld[: size - len(hand)]
        if all(pool.count(c) >= meld.count(c) for c in set(meld)):
            for card in meld:
                pool.remove(card)
            hand.extend(meld)
    for _ in range(rng.randint(1, 2)):
        index = rng.randrange(size)
        pool.append(hand[index])
        hand[index] = pool.pop(rng.randrange(len(pool) - 1))
    rng.shuffle(hand)
    return wild, hand


def wild_heavy_hand(
    variant: str, rng: random.Random, wild_cards: Callable[[str], list[str]]
) -> tuple[str, list[str]]:
    """A dealt hand with several cards swapped for wild cards still in the deck.

    `wild_cards(designator)` names the wild cards a designator makes (the engine's `wilds`).
    """
    wild, cards = deal(variant, rng)
    size = HAND_SIZES[variant]
    hand, pool = cards[:size], cards[size:]
    wanted = rng.randint(3, 6 if size == 13 else 11)
    spare = [card for card in pool if card in wild_cards(wild)]
    rng.shuffle(spare)
    for card in spare[:wanted]:
        hand[rng.randrange(size)] = card
    return wild, hand
