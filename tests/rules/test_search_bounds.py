"""The bounds that let the search drop a state unsearched (scoring/rules/bounds.py).

A bound must never claim more than the truth, or the search would drop a state that holds
the answer: each is checked against an exhaustive count on random suits, and the search
with and without them must give the same value and the same arrangement.
"""

from __future__ import annotations

import random
from functools import cache

import pytest

from scoring.rules import bounds, search
from scoring.rules.bounds import NO_SET, joker_demand, most_pure, suit_demand
from scoring.rules.search import Goal, arrange
from tests.rules.test_search_floor import CASES, GOALS, _answer, _near_hand, _random_hand

NO_SETS = bytes([NO_SET] * 13)


def _places(rank: int) -> tuple[int, ...]:
    """A rank's places in a run (1 = ace low .. 14 = ace high)."""
    return (1, 14) if rank == 0 else (rank + 1,)


@cache
def _fewest_jokers(counts: tuple[int, ...], tunnelas: bool) -> int:
    """Every way to meld one suit's cards with runs (any length, jokers in any place) and
    tunnelas, the lowest card first: the fewest jokers."""
    if not any(counts):
        return 0
    low = next(rank for rank in range(13) if counts[rank])
    best = 99
    if tunnelas and counts[low] >= 3:
        rest = list(counts)
        rest[low] -= 3
        best = _fewest_jokers(tuple(rest), tunnelas)
    for place in _places(low):
        for length in range(3, 14):
            for start in range(max(1, place - length + 1), min(place, 15 - length) + 1):
                rest = list(counts)
                rest[low] -= 1
                others = [p for p in range(start, start + length) if p != place]
                best = _fill(others, rest, 0, best, tunnelas)
    return best


def _fill(places: list[int], rest: list[int], jokers: int, best: int, tunnelas: bool) -> int:
    """The fewest jokers when the run's other `places` each take its card or a joker."""
    if jokers >= best:
        return best
    if not places:
        return min(best, jokers + _fewest_jokers(tuple(rest), tunnelas))
    rank = (places[0] - 1) % 13
    if rest[rank]:
        rest[rank] -= 1
        best = _fill(places[1:], rest, jokers, best, tunnelas)
        rest[rank] += 1
    return _fill(places[1:], rest, jokers + 1, best, tunnelas)


def _random_suit(rng: random.Random, most: int) -> tuple[int, ...]:
    counts = [0] * 13
    for _ in range(rng.randint(1, most)):
        counts[rng.choice([0, 1, 2, 3, 4, 5, 8, 10, 11, 12])] += 1
    return tuple(min(count, 3) for count in counts)


@pytest.mark.parametrize("seed", range(3))
def test_the_jokers_a_suit_needs_match_an_exhaustive_count(seed) -> None:
    rng = random.Random(f"demand/{seed}")
    for _ in range(60):
        counts = _random_suit(rng, 6)
        tunnelas = rng.random() < 0.5
        exhaustive = _fewest_jokers(counts, tunnelas)
        assert suit_demand(bytes(counts), NO_SETS, tunnelas) == 2 * exhaustive, counts


def test_a_card_with_set_partners_needs_at_most_its_share_of_a_joker() -> None:
    # 7H alone in its suit; 7S and 7D beside it make a set with no joker, one of them with
    # half a joker's share each.
    hearts = bytes(1 if rank == 6 else 0 for rank in range(13))
    assert suit_demand(hearts, NO_SETS, False) == 4  # two jokers to run
    naturals = bytes(1 if card in (6, 19, 32) else 0 for card in range(52))
    assert joker_demand(naturals, False, False) == 0
    naturals = bytes(1 if card in (6, 19) else 0 for card in range(52))
    assert joker_demand(naturals, False, False) == 2  # one joker for the pair's set


@cache
def _most_runs(counts: tuple[int, ...], wild: tuple[bool, ...], allowed: int) -> int:
    """Every choice of disjoint runs of three (the ace low or high) using at most `allowed`
    wild cards: the most runs."""
    best = 0
    for first in range(1, 13):
        ranks = [(place - 1) % 13 for place in range(first, first + 3)]
        rest = list(counts)
        for rank in ranks:
            rest[rank] -= 1
        used = sum(1 for rank in ranks if wild[rank])
        if min(rest) >= 0 and used <= allowed:
            best = max(best, 1 + _most_runs(tuple(rest), wild, allowed - used))
    return best


@pytest.mark.parametrize("seed", range(3))
def test_the_most_pure_sequences_match_an_exhaustive_count(seed) -> None:
    rng = random.Random(f"pure/{seed}")
    for _ in range(40):
        counts = _random_suit(rng, 9)
        wild = tuple(rng.random() < 0.25 for _ in range(13))
        best = most_pure(bytes(counts), bytes(wild), False)
        wild_cards = sum(count for count, flag in zip(counts, wild, strict=True) if flag)
        assert len(best) == wild_cards + 1
        for allowed in range(wild_cards + 1):
            assert best[allowed] == _most_runs(counts, wild, allowed), (counts, wild, allowed)


@pytest.mark.parametrize("seed", range(3))
def test_the_bounds_never_change_an_answer(monkeypatch, seed) -> None:
    rng = random.Random(f"bounds/{seed}")
    cases = []
    for rules, decks, size, jokers in CASES:
        for make in (_random_hand, _near_hand):
            for _ in range(12):
                counts, flags, values = make(rng, decks, size, jokers)
                for goal in [*GOALS, Goal(meld_all=False, pure=3), Goal(meld_all=True, pure=2)]:
                    limit = None if goal.meld_all else rng.choice([None, None, 10, 30])
                    cases.append((counts, flags, values, rules, goal, limit))
    with_bounds = [_answer(arrange(*case)) for case in cases]
    monkeypatch.setattr(search._Search, "_short_of_jokers", lambda self, key, jokers, free=0: False)
    monkeypatch.setattr(search._Search, "_most_pure", lambda self, key, spare: 99)
    monkeypatch.setattr(bounds, "MOST_PURE", {})
    without = [_answer(arrange(*case)) for case in cases]
    assert with_bounds == without
