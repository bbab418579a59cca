"""Judging a group of cards the player laid out: which meld it is, if any.

A plain wild card may stand for itself or for another card, so every way the wild cards in
the group could stand is tried; the group counts as the most useful meld it can be (pure
sequence, then tunnela, then sequence, then set, as the contract says).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import product

from .cards import JOKER, penalty_value
from .search import MeldRules

KIND_ORDER = ("pure_sequence", "tunnela", "sequence", "set", "dublee")


def _fits(positions: tuple[int, ...], start: int, length: int, rules: MeldRules) -> bool:
    """Whether a run of `length` from `start` holds these positions (1 = ace low, 14 = high)."""
    end = start + length - 1
    if start < 1 or end > 14 or (start == 1 and end == 14 and not rules.both_ends):
        return False
    return not positions or (start <= min(positions) and max(positions) <= end)


def _sequence_windows(
    naturals: list[int], length: int, rules: MeldRules
) -> Iterator[tuple[int, ...]]:
    """Every placement of the natural cards in one run of `length` cards of one suit.

    Yields the positions the naturals take; an ace may sit at 1 (low) or 14 (high).
    """
    if length > rules.seq_max or len({card // 13 for card in naturals}) > 1:
        return
    options = [(1, 14) if card % 13 == 0 else (card % 13 + 1,) for card in naturals]
    for positions in product(*options):
        if len(set(positions)) != len(positions):
            continue
        if any(_fits(positions, start, length, rules) for start in range(1, 15)):
            yield positions


def _interpretations(
    cards: list[int], wild: list[bool]
) -> Iterator[tuple[list[int], list[int], int]]:
    """Split the cards into naturals and jokers in every way the wild cards allow."""
    fixed = [c for c in cards if c != JOKER and not wild[c]]
    printed = sum(1 for c in cards if c == JOKER)
    flexible = [c for c in cards if c != JOKER and wild[c]]
    for mask in range(1 << len(flexible)):
        naturals = fixed + [c for b, c in enumerate(flexible) if mask >> b & 1]
        stand_ins = [c for b, c in enumerate(flexible) if not mask >> b & 1]
        yield naturals, stand_ins, printed


def classify(cards: list[int], rules: MeldRules, wild: list[bool], vazhushal: bool) -> str | None:
    """The most useful meld kind these cards make, or None when they make none."""
    size = len(cards)
    if size == 2:
        a, b = cards
        if a == b and (a != JOKER or rules.joker_dublee):
            return "dublee"
        return None
    if size < 3 or (rules.exact3 and size != 3):
        return None
    found: set[str] = set()
    if size == 3 and cards[0] == cards[1] == cards[2]:
        if (cards[0] == JOKER and rules.joker_tunnela) or (cards[0] != JOKER and rules.tunnela):
            found.add("tunnela")
    if vazhushal and all(card == JOKER for card in cards):
        return "tunnela" if "tunnela" in found else None
    for naturals, stand_ins, printed in _interpretations(cards, wild):
        jokers = len(stand_ins) + printed
        if jokers > rules.max_wild:
            continue
        # Wild cards alone make a sequence in indian13/21/27; in vazhushal too, unless they
        # are all printed jokers (refused above); in marriage the two-joker limit forbids it.
        alone_ok = rules.joker_only_sequence or vazhushal
        if (naturals or alone_ok) and next(
            _sequence_windows(naturals, size, rules), None
        ) is not None:
            found.add("pure_sequence" if jokers == 0 else "sequence")
        if naturals and _is_set(naturals, jokers, rules):
            found.add("set")
    for kind in KIND_ORDER:
        if kind in found:
            return kind
    return None


def _is_set(naturals: list[int], jokers: int, rules: MeldRules) -> bool:
    ranks = {card % 13 for card in naturals}
    if len(ranks) != 1:
        return False
    size = len(naturals) + jokers
    suits = [card // 13 for card in naturals]
    if rules.set_mode == "rummy27":
        one_suit = len(set(suits)) == 1
        return size >= 3 and jokers <= len(naturals) and not (one_suit and jokers == 0)
    if len(set(suits)) != len(suits):
        return False
    if rules.set_mode == "marriage":
        return size == 3
    return 3 <= size <= 4


def meld_card_value(cards: list[int], rules: MeldRules, wild: list[bool]) -> int | None:
    """Vazhushal's depleted-stock value of a table meld: every card at the value of the card
    it stands for, choosing the highest legal reading where that is open. None if illegal."""
    if classify(cards, rules, wild, vazhushal=True) is None:
        return None
    size = len(cards)
    best = None
    for naturals, _stand_ins, _printed in _interpretations(cards, wild):
        if naturals and _is_set(naturals, size - len(naturals), rules):
            value = penalty_value(naturals[0]) * size
            best = value if best is None else max(best, value)
        for positions in _sequence_windows(naturals, size, rules):
            run_value = _best_run_value(positions, size, rules)
            if run_value is not None:
                best = run_value if best is None else max(best, run_value)
    return best


def _best_run_value(positions: tuple[int, ...], size: int, rules: MeldRules) -> int | None:
    """The highest value of a run of `size` positions holding `positions`."""
    best = None
    for start in range(1, 15):
        if _fits(positions, start, size, rules):
            value = sum(_position_value(p) for p in range(start, start + size))
            best = value if best is None else max(best, value)
    return best


def _position_value(position: int) -> int:
    """A run position's card value: aces (1 or 14) and court cards 10, others their rank."""
    if position in (1, 14):
        return 10
    return min(position, 10)
