"""Cards: parsing, canonical names and point values.

A card is an integer: `suit * 13 + rank - 1` for the 52 plain cards (suits in the order
S, H, D, C; ranks A=1 .. K=13) and `JOKER` (52) for a printed joker. Integers keep the
search fast: a hand becomes a list of 53 counts.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from .errors import BAD_CARD, RulesError, bad_request
from .phrases import phrase

SUITS = "SHDC"
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
JOKER = 52
CARD_TYPES = 53

_SUIT_ALIASES = {
    "S": 0, "♠": 0, "♤": 0,
    "H": 1, "♥": 1, "♡": 1,
    "D": 2, "♦": 2, "♢": 2,
    "C": 3, "♣": 3, "♧": 3,
}  # fmt: skip
_RANK_ALIASES = {name: index + 1 for index, name in enumerate(RANKS)} | {"T": 10}
_JOKER_NAMES = {"JK", "JOKER", "🃏"}  # the contract's three names, no others
_SEPARATORS = re.compile(r"[\s,]+")


def card_id(rank: int, suit: int) -> int:
    return suit * 13 + rank - 1


def rank_of(card: int) -> int:
    """1 for an ace .. 13 for a king (0 for a printed joker)."""
    return 0 if card == JOKER else card % 13 + 1


def suit_of(card: int) -> int:
    return -1 if card == JOKER else card // 13


def is_red(card: int) -> bool:
    return suit_of(card) in (1, 2)


def name(card: int) -> str:
    """The canonical name: `10H`, `QS`, `JK`."""
    if card == JOKER:
        return "JK"
    return RANKS[card % 13] + SUITS[card // 13]


def names(cards: Iterable[int]) -> list[str]:
    return [name(card) for card in cards]


def parse_card(text: object) -> int:
    if not isinstance(text, str):
        raise bad_request(
            phrase(
                'Every card must be written as text, like "10H"; got %(value)s.', value=repr(text)
            )
        )
    token = text.strip().replace("\ufe0f", "").upper()
    if token in _JOKER_NAMES:
        return JOKER
    if len(token) >= 2 and token[-1] in _SUIT_ALIASES and token[:-1] in _RANK_ALIASES:
        return card_id(_RANK_ALIASES[token[:-1]], _SUIT_ALIASES[token[-1]])
    shown = text.strip()
    if not shown:
        raise RulesError(
            BAD_CARD,
            phrase(
                "an empty card is not a card: write a rank (A, 2-10 or T, J, Q, K) and a suit "
                "(S, H, D, C), like 10H or QS, or JK for a printed joker."
            ),
        )
    raise RulesError(
        BAD_CARD,
        phrase(
            "%(card)s is not a card: write a rank (A, 2-10 or T, J, Q, K) and a suit "
            "(S, H, D, C), like 10H or QS, or JK for a printed joker.",
            card=shown,
        ),
    )


def parse_hand(value: object, field: str = "hand") -> list[int]:
    """A hand is a JSON list of cards, or one string of cards separated by spaces or commas."""
    tokens: list[object]
    if isinstance(value, str):
        tokens = [token for token in _SEPARATORS.split(value) if token]
    elif isinstance(value, list):
        tokens = value
    else:
        raise bad_request(
            phrase("`%(field)s` must be a list of cards or a string of cards.", field=field),
            field=field,
        )
    try:
        return [parse_card(token) for token in tokens]
    except RulesError as error:
        raise error.about(field=field) from None


def counts_of(cards: Iterable[int]) -> list[int]:
    counts = [0] * CARD_TYPES
    for card in cards:
        counts[card] += 1
    return counts


def penalty_value(card: int, ace_value: int = 10) -> int:
    """Face value for penalties: A (10 or 11), K, Q, J, 10 are 10; 2-9 their number.

    Wild cards count 0 in a penalty; callers check wildness, this is the printed value.
    """
    if card == JOKER:
        return 0
    rank = card % 13 + 1
    if rank == 1:
        return ace_value
    return min(rank, 10)
