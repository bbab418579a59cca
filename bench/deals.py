"""Realistic deals for the benchmarks: shuffled decks, near-complete hands, wild-heavy hands.

Cards are produced as canonical strings so every request goes through the same parsing a
club's scorer or another program would hit.
"""

from __future__ import annotations

import random
from collections.abc import Callable

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = "SHDC"
# "nepal" is Marriage as Nepal plays it (rules_bench.TABLES): its decks deal 3 printed jokers.
HAND_SIZES = {
    "indian13": 13,
    "indian21": 21,
    "rummy27": 27,
    "marriage": 21,
    "nepal": 21,
    "vazhushal": 13,
}
DECKS = {"indian13": 2, "indian21": 3, "rummy27": 3, "marriage": 3, "nepal": 3, "vazhushal": 2}
JOKERS = {"indian13": 2, "indian21": 3, "rummy27": 3, "marriage": 0, "nepal": 3, "vazhushal": 4}
OUT_OF_PLAY = {"indian13", "indian21", "rummy27", "marriage", "nepal"}
TIPLU_GAMES = ("marriage", "nepal")  # a printed joker is never the tiplu


def deck(variant: str) -> list[str]:
    cards = [rank + suit for suit in SUITS for rank in RANKS] * DECKS[variant]
    return cards + ["JK"] * JOKERS[variant]


def deal(variant: str, rng: random.Random) -> tuple[str, list[str]]:
    """A designator and a shuffled deck with it taken out where it is out of play."""
    cards = deck(variant)
    rng.shuffle(cards)
    wild = cards.pop() if variant in OUT_OF_PLAY else rng.choice(cards)
    if variant in TIPLU_GAMES:
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
        if variant in TIPLU_GAMES:
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


# -- the hardest requests we could construct --------------------------------------------------
def _request(variant: str, op: str, wild: str, hand: str, **extra: object) -> dict:
    return {"op": op, "variant": variant, "wild": wild, "hand": hand.split(), **extra}


def _table(variant: str, wild: str, hands: list[str], **extra: object) -> dict:
    """One played hand: a winner and a losing seat for each of `hands`."""
    players: list[dict] = [{"id": "winner", "result": "won"}]
    players += [
        {"id": f"seat{seat}", "result": "lost", "hand": hand.split()}
        for seat, hand in enumerate(hands, start=2)
    ]
    return {"op": "score_hand", "variant": variant, "wild": wild, "players": players, **extra}


# The slowest requests we could construct for each variant (issue 10: none may take over a
# second), found by hand and by hill-climbing on the engine's time (`rules_bench.hunt`):
# many copies of a card (the `decks` option), many wild cards, Vazhushal hands whose quick
# arrangement repeats a meld, 27-card shows that try ten dublees, ten jokers or three
# tunnelas and fail, and tables of such losing hands. `make bench` times them as the
# `worst` kind.
WORST: dict[str, list[dict]] = {
    "indian13": [
        _request("indian13", "show", "2C", "6S 7S 3S JK 6D 2S KH 5S 2S 8S 10S 8D 8S", players=12),
        _request(
            "indian13",
            "penalty",
            "AD",
            "3S 2D 5H AH QD KH 2H AS AS AD 3H KH AH",
            options={"joker_mode": "ace_jokers"},
            players=8,
        ),
        _request(
            "indian13",
            "show",
            "10D",
            "9H JD JD 10C JD 10D JC 10S JC KH 10C 10C 10H",
            options={"decks": 4, "jokers": 12, "two_pure": True},
        ),
        _request(
            "indian13",
            "show",
            "AH",
            "2D AC 6S 4S 2S 2C 2D 2S AD KD 2D 3D 5S",
            options={"joker_mode": "ace_jokers"},
            players=12,
        ),
        _request(
            "indian13",
            "penalty",
            "8D",
            "JS 7S 8H 6S 8H 6S 7S 10S 8S 8S 10C 9S 7S",
            options={"decks": 6, "jokers": 6},
        ),
        _table(
            "indian13",
            "AD",
            [
                "AH JH 5H AH KH 7H 2H 3H 2H AC 4H KH QH",
                "AH 4H 5H AH KH 5D 2H 3H 2H AC 3H KH QH",
                "AH 4H 5H AH KH 7H 2H 3H 2H AC 4H KH QH",
                "AH 4H 5H AH KH 6D 2H 3H 2H AC 3H KH AH",
                "AH 4H 5H AH KH 8H 2H 3H 2H AC 3H KH AH",
                "AH 4H 5H AH KH 5D 2H 3H 2H AC 4H KH QH",
                "AH 4H 5H AH KH 5D 2H 3H 2H AC 3H KH AH",
                "3S 4H 5H AH QD 3H 2H 3H 2H AC 3H KH AH",
                "AH 4H 5H AH KH 8H 2H 3H 2H AC 2D KH AH",
                "AH 7H 5H AH KH 7H 2H 3H 2H AC 4H KH QH",
                "3S 3H 3H AH QD KH 2H 2H 2S AD 3H AC AH",
            ],
            options={"joker_mode": "ace_jokers"},
        ),
    ],
    "indian21": [
        _request(
            "indian21",
            "show",
            "8H",
            "10S 7H JS 6H 8H 7C 9S 8S JH 10D 5H 9H 6S 10H 7H 8C 7S 9H 5C JH 7H",
        ),
        _request(
            "indian21",
            "penalty",
            "JH",
            "KH JH 4C 10C KH JH 2H KH 6H 9H 4H 7C QH QH QH AH 10H 2H 2H AH 3H",
        ),
        _request(
            "indian21",
            "penalty",
            "JK",
            "AD JS KD 10S AS QD 10H 9S 10H 9H KS QS KS QH QS AS KC JK KD JC JH",
            options={"decks": 8, "jokers": 24},
        ),
        _request(
            "indian21",
            "penalty",
            "10D",
            "QD JD 9H JH KH 9H KC JH 9D QD QH QC 9H 8C 10D JC 10C 8H JD JK 10H",
        ),
        _request(
            "indian21",
            "show",
            "AD",
            "AD 2D AD 4D 4C 3D QD 5D 4C 3D 2D AD 9D 5D 3D JD AD KD 6D 3D 4D",
            options={"decks": 6, "jokers": 12},
        ),
        _request(
            "indian21",
            "penalty",
            "7D",
            "10S 6D 8D 7D KS 6S QD QS JS 8D 9D 9S JD 4D QD JK 5D 6D KD JC JC",
            options={"decks": 4, "jokers": 3},
        ),
        _request(
            "indian21",
            "penalty",
            "7H",
            "6H 5H 8H 10H AH 5H 6H JH 8C JK QC 10H 6H QC QH 9H 4H JC 10C 7H 4H",
        ),
        _request(
            "indian21",
            "show",
            "KH",
            "JH QH 2H AH KH JK KH QS JK AH KH AH AH QH QH JK QH JS JK 7D AH",
            options={"decks": 6, "jokers": 6},
        ),
        _request(
            "indian21",
            "show",
            "3H",
            "8C 9H QH 4H 10D KH 3H 9C 7H JH KH 10H QH 8H JK 4H JH JK JH 8H 9H",
        ),
        _request(
            "indian21",
            "penalty",
            "2S",
            "4D 2H AC 2H 5H 5H 2H 4C 3C 3S 5C JK 5D 4H 4D 3D 3S 2C AS 2C 3S",
        ),
        _table(
            "indian21",
            "JH",
            [
                "KH 8H KC 5H KH JH 2H KH AH 9H 4H 7C QH QH QH AH 10H 7H 2H AH 3H",
                "KH JH KC 3D KH JH 2H KH AH 9H 4H 7C QH QH QH AH 10H 5H 6H AH 3H",
                "KH 8H KC 5H KH JH 2H KH AH 6H 4H 7C QH QH QH AH 10H 7H 2H AH 3H",
                "KH JH KC 3D KH JH 2H AC AH 9H 4H 7C QH QH QH AH 10H 5H 6H AH 3H",
                "KH 8H KC 3D KH JH 2H KH AH 9H 4H 7C QH QH QH AH 10H 5H 2H AH 3H",
            ],
        ),
    ],
    "rummy27": [
        _request(
            "rummy27",
            "show",
            "3S",
            "2S 7S 5D 5S 5S 7C 6S 4S 6C 9C 9C AS 6C 9S 7D 9S 3S 4S 7D 3S 7S 6D 9S 5D 6S 9D 5S",
        ),
        _request(
            "rummy27",
            "penalty",
            "7D",
            "5C 8S 8H 4D 3S 5D 8D 5S 6C 7D 4C 10D 8C 5S 5H 5C 5H 4H 8D AC 6D 4S 6S 8D 9S 5H 5C",
        ),
        _request(
            "rummy27",
            "show",
            "8D",
            "9D KD 9D 10D QD 10C 10D JK 10S QH QH KD 9D "
            "JK 9C 6D 9D 7D JS 8D JC 10D 10C JC 10D JS 7D",
            options={"decks": 6, "jokers": 3},
        ),
        _request(
            "rummy27",
            "penalty",
            "AC",
            "8S KS 6S 4D AS KH 5H 7S AC 2C AD 7S 7H KC KD AH KC 2S 5D 2D 5S QH 8D 3H 2H 3H QC",
            options={"decks": 3, "jokers": 6},
        ),
        _request(
            "rummy27",
            "penalty",
            "JC",
            "5S 9C 6D 9C 8C QS JK 9D 8C 6S 6C QC 9H 8S AC JC 7C 5C 9S JS JS 6C QH 5D 7D KS KC",
        ),
        _request(
            "rummy27",
            "penalty",
            "QS",
            "3S 3S 9C 7H 3H 8S 7S 3C 3C AS 5D 2S 4C 4S 5S KS JS 7D AS 3S 5C 6D 3H 7C 2H 6C 3S",
            options={"decks": 8, "jokers": 24},
        ),
        _request(
            "rummy27",
            "show",
            "JK",
            "AS 7S 8S AS 5D 2S 8S KS 5S 9S QS 6D 3S QS 3C KS AH 7D 7D 3S AD AC 5S AH 8D JK AD",
        ),
        _request(
            "rummy27",
            "show",
            "JK",
            "AC AS 3S JK 5S KS QS KS KS KS KS AD KS 2S 10C 2S AH KD 4S AH JK 9C 9C AC 3S JS 4S",
            options={"decks": 8, "jokers": 24},
        ),
        _request(
            "rummy27",
            "penalty",
            "8H",
            "6D 7H 6D 4S 4H 6S 6H 8D 9C 8H 5H 7D 6D 6H 3S JH 9H 5S JK 5D KC 4S 4C 8S 2C 7D 4D",
        ),
        _request(
            "rummy27",
            "penalty",
            "4S",
            "4C 6D 2D AC 4S 3S 6C 5C 7S 9C AC AH 6C 2S 4H 5S QC 5C 3D 7C 6C 6S 4D 8D 6S 3H 7D",
            options={"decks": 6, "jokers": 3},
        ),
        _request(
            "rummy27",
            "show",
            "3C",
            "3D 5C 5S 2C AD AS 5H AC 5C 3D 2C 7S 3S AC 4S 5S QD 4C AC 4C 5C 3C 2D 2C 2S 4C 5S",
        ),
        _request(
            "rummy27",
            "show",
            "4C",
            "8D 9D 7H 6C 9S 6H 6H 7C 9S 8H 8C 7C 7D 9C 6H 8C 7D 6D 7C 9D 7D 8H 9S 6S 8C 10C 7S",
        ),
        _request(
            "rummy27",
            "show",
            "AS",
            "3C AC 3C AC AC 5C 2C 2C 2C 2C QC 3C 4C 3C 7C 3C 3C 3C 3S AC 5C AS AC 2S 5C AC 4C",
            options={"decks": 8, "jokers": 24},
        ),
        _request(
            "rummy27",
            "penalty",
            "4C",
            "6C 10H 10S 9H QD 8H 7D 10H JK 4C 6S 5D 5H 10D 7H 9D 8H QH 8H 9H 10H 7C QD 5C 4D 3C JH",
        ),
        _table(
            "rummy27",
            "7D",
            [
                "5C 8S 8H 4D 3S 5D 8D 9H 5D 7D 4C 10D 8C 5S 6C 6H 5H 4H 3D AC 6D 4S 6S 8D 9S 7H 5C",
                "5C 8S 8H 4D 3S 5D 8D 5S 5D 7D 6H 10D 8C 5S 6C 6H 5H 4H 3D AC 6D 4S 6S 8D 9S 7H 5C",
                "5C 8S 8H 4D 3S 5D 8D 5S 5D 7D 4D 10D 8C 5S 6C 6H 5H 4H 3D AC 6D 4S 6S 8D 9S 7H 5C",
                "5C 8S 8H 4D 3S 5D 8D 5S 5D 7D 4C 10D 8C 5S 6C 6H 5H 4H 3D AC 6D 4S 6S 8D 9S 7H 5C",
            ],
        ),
        _table(
            "rummy27",
            "JC",
            [
                "5S 9C 6D 9C 8C QS JK 9D 8C 6S 6C QC 9H 8S AC JC 7C 5C 9S JS JS 6C QH 5D 7D KS KC",
                "5S JC 6D 9C 8C QS JK 9D 8C 6S 7S QC 9H 8S AC 6H 7C 5C 9S JS JD 6C QH 5D 7D KS KC",
                "5S 9C 6D 9C 8C QS JK 9D 8C 6S 6C QC 9H 8S AC 6H 7C 5C 9S JS JS 6C QH 5D 7D KS KC",
                "5S 9C 6D 9C 8C QS JK 9D 8C 6S 6C QC 9H 8S AC 6H 7C 5C 9S JS JD 6C QH 5D 7D KS KC",
            ],
        ),
    ],
    "marriage": [
        _request(
            "marriage",
            "show",
            "9D",
            "8D QC 9D 8D KC KS KD 8D 9S JC 9D QD 10H KD KS 10D 2C 10S KD KC KS",
        ),
        _request(
            "marriage",
            "show",
            "8H",
            "8H 9H 8D 9H 8H 10C 8C 8D 8H 10H 9D 7C 8D 8H 8H 8S 8H 10C 8H 8D 7H",
            options={"decks": 8},
        ),
        _request(
            "marriage",
            "show",
            "7D",
            "4C 8C 6D 7S 6D 2C 6C 2S 4C 7S 6D 7D 8D 7C 2D 6S 8C 7C 5S 8C 10D",
        ),
        _request(
            "marriage",
            "show",
            "KD",
            "7C 9C 6C 7C 8C 7C 8C 5C 6C 7C KS 8C 8C 7C 6C 8C 5C 8C 8C 7C 8C",
            options={"decks": 8},
        ),
        _request(
            "marriage",
            "show",
            "2H",
            "AH 2C AH AH 2S 2H AC AH 2H 3S 2H 2H 2H AH 2D 3H 2C 3H 2H JH 6D",
            options={"decks": 8},
        ),
        _request(
            "marriage",
            "show",
            "9S",
            "5C JC 5D 10S KD 9H JD 9S 9H 5C 9S 10S 6S 9D QD 8S 9D 9H 9C 5S JC",
        ),
    ],
    "vazhushal": [
        _request(
            "vazhushal",
            "show",
            "AD",
            "QS JK AC 10S QC QS 9C 10S JS AS AS JS 6S",
            options={"ace_both_ends": True},
        ),
        _request(
            "vazhushal",
            "show",
            "AC",
            "AH KH AH AH AH KH AH QH AH QH AH QH QH",
            options={"decks": 8, "jokers": 3},
        ),
        _request(
            "vazhushal",
            "show",
            "10D",
            "10S 10D 9D JC 9H JH 9D 6S JK 10C 9C 6D 10S "
            "5C JK 5S 5H JC 7H 6H 8D 8D 8C 7H 10D 10C JH",
        ),
        _request(
            "vazhushal",
            "show",
            "AC",
            "AH KH JH AH QC JH QC AH 10H AH QH KH AH",
            options={"decks": 6, "jokers": 3},
        ),
        _request(
            "vazhushal",
            "show",
            "AD",
            "AS JK QC JK 10C 10C 8C AS AC JK 7H 9H AC KH 9H QH 7H 10S JH JK",
        ),
        _request(
            "vazhushal",
            "show",
            "8C",
            "8D JK 9C 8H JK 9C 8H 7C 8C QC 10C 6C JK QC 10C 8H JK JC JC 8H",
            options={"decks": 6, "jokers": 24},
        ),
        _request(
            "vazhushal",
            "show",
            "8C",
            "JK 8H 8H 8S 8C 8C JK JK 8D 8S 8D JK 10D 3C 6S JS 7S 3D 4S 6H JH 5S 7H JD 10S QS 10H",
        ),
        _request(
            "vazhushal",
            "show",
            "7H",
            "7C KD JK 7S JK KH QD QH JH QD JS JD KH 10D 9H 8S JD 10S JH JS QH 9D 10D 9H KD 9D 9S",
        ),
    ],
}
