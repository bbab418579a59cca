"""Counting repeat opponents.

Two players "met" once for every earlier round in which they sat at the same table. A new
draw's repeat cost is the sum, over every pair seated together, of how often that pair met
before: seating two old opponents together again costs 1, a pair that already met twice
costs 2 (so the draw spreads repeats over pairs rather than piling them on one pair).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from itertools import combinations
from typing import Protocol


class Seated(Protocol):
    """A round's seating as its tables' players (a `Draw`): this module needs no more of
    it, so it does not import `draw_result`, which imports it."""

    def groups(self) -> Iterable[tuple[int, ...]]: ...


def repeat_cost(tables: Iterable[Iterable[int]], met: Mapping[frozenset[int], int]) -> int:
    """Sum over pairs at the same table of how often they met before."""
    return sum(met.get(frozenset(pair), 0) for table in tables for pair in combinations(table, 2))


def count_meetings(draws: Iterable[Seated]) -> dict[frozenset[int], int]:
    """The `met` mapping for the next round: how often each pair shared a table in `draws`."""
    met: dict[frozenset[int], int] = {}
    for draw in draws:
        for table in draw.groups():
            for pair in combinations(table, 2):
                key = frozenset(pair)
                met[key] = met.get(key, 0) + 1
    return met


def meeting_matrix(players: Sequence[int], met: Mapping[frozenset[int], int]) -> list[list[int]]:
    """`met` as a dense symmetric matrix indexed by position in `players`.

    The search looks pair weights up millions of times; list indexing is several times
    faster than hashing a frozenset each time. Pairs involving players outside `players`
    (someone who withdrew) are ignored: they cannot be seated together any more.
    """
    index = {player: i for i, player in enumerate(players)}
    weights = [[0] * len(players) for _ in players]
    for pair, times in met.items():
        _check_meeting(pair, times)
        first, second = pair
        i, j = index.get(first), index.get(second)
        if i is not None and j is not None:
            weights[i][j] = weights[j][i] = times
    return weights


def _check_meeting(pair: object, times: object) -> None:
    # A malformed `met` is the calling code's bug, never something a director typed.
    if not isinstance(pair, frozenset) or len(pair) != 2:
        raise ValueError(f"A `met` key must be a frozenset of two players, not {pair!r}.")
    if not isinstance(times, int) or isinstance(times, bool) or times < 0:
        raise ValueError(f"A `met` count must be a whole number >= 0, not {times!r}.")
