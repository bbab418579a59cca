"""How a table is ranked: by score, then each tie-breaker in turn. Plain Python, no Django.

League tables (`leagues.selectors`) and tournament standings (`tournaments.standings`)
rank this way; each says what its score and its tie-breakers read from a line. Players
still level after every tie-breaker share a rank.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from typing import Protocol, TypeVar

# The tie-breakers, as stored on a league or a tournament.
WINS = "wins"
AVERAGE = "average"
HEAD_TO_HEAD = "head_to_head"
RECENT = "recent"
TIE_BREAKERS = (WINS, AVERAGE, HEAD_TO_HEAD, RECENT)


class Ranked(Protocol):
    @property
    def pk(self) -> int: ...


Line = TypeVar("Line", bound=Ranked)
# A tie-breaker reads a group of level lines at once (head-to-head needs them all) and
# gives each line's key, by pk: higher ranks first.
Key = Callable[[list[Line]], dict[int, object]]


def ranked_groups(lines: list[Line], keys: Sequence[Key[Line]]) -> list[list[Line]]:
    """Groups of lines in table order: split by the first key, each group split by the
    next, and so on; lines in one group are level on every key."""
    groups = [lines]
    for key in keys:
        groups = _split(groups, key)
    return groups


def _split(groups: list[list[Line]], key: Key[Line]) -> list[list[Line]]:
    result = []
    for group in groups:
        if len(group) < 2:
            result.append(group)
            continue
        keys = key(group)
        by_key: dict[object, list[Line]] = defaultdict(list)
        for line in group:
            by_key[keys[line.pk]].append(line)
        result += [by_key[k] for k in sorted(by_key, reverse=True)]  # type: ignore[type-var]
    return result


def times_finished_above(
    players: Iterable[int], tables: Iterable[Sequence[tuple[int, int]]]
) -> dict[int, int]:
    """Head-to-head: how often each of `players` finished above another of them at a table
    both sat at. `tables` holds each shared table's (player, place) pairs."""
    beaten = dict.fromkeys(players, 0)
    for seats in tables:
        for player, place in seats:
            beaten[player] += sum(1 for _, theirs in seats if place < theirs)
    return beaten


def valid_tie_breakers(tie_breakers: Sequence[str]) -> bool:
    """Known tie-breakers, each at most once."""
    return len(set(tie_breakers)) == len(tie_breakers) and all(
        t in TIE_BREAKERS for t in tie_breakers
    )
