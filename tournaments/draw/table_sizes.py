"""How many tables, and how big: the one place that decides the shape of a round.

With n players and k tables, the only split whose sizes differ by at most one is
n mod k tables of ceil(n/k) and the rest of floor(n/k). So the choice is only k, and a k
works exactly when k * min_size <= n <= k * max_size.

We take the FEWEST tables that work, k = ceil(n / max_size): bigger tables mean each
round meets more opponents (fewer repeats later in the tournament) and needs fewer
tables, cards and table judges. If that k is too many for n (k * min_size > n), a larger
k only makes it worse and a smaller one breaks max_size, so no split exists and the draw
is refused with the nearest player counts and table sizes that would work.
"""

from __future__ import annotations

from typing import Any

from .errors import DrawError

# A rummy table of one is not a game; a smaller minimum is a typing mistake.
SMALLEST_TABLE = 2


def table_sizes(player_count: int, min_size: int, max_size: int) -> tuple[int, ...]:
    """Table sizes for one round, biggest first; `DrawError` if no split fits the range."""
    check_size_range(min_size, max_size)
    if player_count < 0:
        raise ValueError(f"A player count cannot be negative: {player_count}.")
    if player_count == 0:
        raise DrawError("There are no players to seat.", reason="no_players")
    tables = _fewest_tables(player_count, max_size)
    if tables * min_size > player_count:
        raise DrawError(
            _impossible_sentence(player_count, min_size, max_size),
            reason="impossible",
            facts=impossible_facts(player_count, min_size, max_size),
        )
    small, bigger_tables = divmod(player_count, tables)
    return (small + 1,) * bigger_tables + (small,) * (tables - bigger_tables)


def check_size_range(min_size: int, max_size: int) -> None:
    """Refuse a table-size range the organiser cannot have meant."""
    if min_size < SMALLEST_TABLE:
        raise DrawError(
            f"A table needs at least {SMALLEST_TABLE} players; the smallest table size "
            f"cannot be {min_size}.",
            reason="table_too_small",
            facts={"smallest": SMALLEST_TABLE, "min_size": min_size},
        )
    if min_size > max_size:
        raise DrawError(
            f"The smallest table size ({min_size}) is larger than the largest ({max_size}).",
            reason="sizes_reversed",
            facts={"min_size": min_size, "max_size": max_size},
        )


def fits(player_count: int, min_size: int, max_size: int) -> bool:
    """Whether `player_count` players can be split into tables of min_size..max_size."""
    if player_count <= 0:
        return False
    return _fewest_tables(player_count, max_size) * min_size <= player_count


def describe_sizes(min_size: int, max_size: int) -> str:
    """'tables of 4 to 6', or 'tables of 4' when the range is one size."""
    if min_size == max_size:
        return f"tables of {min_size}"
    return f"tables of {min_size} to {max_size}"


def _fewest_tables(player_count: int, max_size: int) -> int:
    return -(-player_count // max_size)


def _impossible_sentence(player_count: int, min_size: int, max_size: int) -> str:
    players = "1 player" if player_count == 1 else f"{player_count} players"
    head = f"{players} cannot sit at {describe_sizes(min_size, max_size)}: "
    return (
        head
        + _why(player_count, min_size, max_size)
        + " "
        + _what_works(player_count, min_size, max_size)
    )


def impossible_facts(player_count: int, min_size: int, max_size: int) -> dict[str, Any]:
    """What the refusal of `player_count` players says, as numbers (`DrawError.facts`).

    `why` is "too_few_players" (fewer than one table's minimum), "one_table" (a single
    table would be too big) or "tables" (`too_few` tables would need a table of `need`);
    either of the last two goes on: `enough` tables would leave a table of `left`.
    `counts` are the nearest player counts that fit (one or two), `ranges` the nearest
    table-size ranges (none, one or two).
    """
    enough = _fewest_tables(player_count, max_size)
    too_few = enough - 1
    if player_count < min_size:
        why = "too_few_players"
    elif too_few == 1:
        why = "one_table"
    else:
        why = "tables"
    return {
        "players": player_count,
        "min_size": min_size,
        "max_size": max_size,
        "why": why,
        "too_few": too_few,
        "need": -(-player_count // too_few) if too_few else 0,
        "enough": enough,
        "left": player_count // enough,
        "counts": _nearest_counts(player_count, min_size, max_size),
        "ranges": _nearest_ranges(player_count, min_size, max_size),
    }


def _why(player_count: int, min_size: int, max_size: int) -> str:
    if player_count < min_size:
        return f"a table needs at least {min_size}."
    # One table fewer than the fewest that respect max_size breaks max_size; that many
    # tables breaks min_size. Naming both shows the director there is no middle ground.
    enough = _fewest_tables(player_count, max_size)
    too_few = enough - 1
    leaves = f"{enough} tables would leave a table of {player_count // enough}."
    if too_few == 1:
        return f"a single table would seat {player_count}, and {leaves}"
    return f"{too_few} tables would need a table of {-(-player_count // too_few)}, and {leaves}"


def _what_works(player_count: int, min_size: int, max_size: int) -> str:
    options: list[str] = []
    counts = _nearest_counts(player_count, min_size, max_size)
    options.append(f"with {' or '.join(str(c) for c in counts)} players")
    ranges = _nearest_ranges(player_count, min_size, max_size)
    if ranges:
        # "tables of 3 to 6 or of 4 to 7": the second range reads on from the first.
        spelled = [describe_sizes(lo, hi) for lo, hi in ranges]
        options.append(
            "with " + " or ".join([spelled[0]] + [s.removeprefix("tables ") for s in spelled[1:]])
        )
    return f"It works {', or '.join(options)}."


def _nearest_counts(player_count: int, min_size: int, max_size: int) -> list[int]:
    """The closest player counts below and above that fit (below may not exist)."""
    counts: list[int] = []
    below = next((c for c in range(player_count - 1, 0, -1) if fits(c, min_size, max_size)), None)
    if below is not None:
        counts.append(below)
    # k * min_size always fits for k tables, so the search above is short and ends.
    above = next(
        c
        for c in range(player_count + 1, player_count + min_size + 1)
        if fits(c, min_size, max_size)
    )
    counts.append(above)
    return counts


def _nearest_ranges(player_count: int, min_size: int, max_size: int) -> list[tuple[int, int]]:
    """The smallest change to one end of the range that makes `player_count` fit."""
    ranges: list[tuple[int, int]] = []
    # Keep max_size and lower min_size to what the fewest tables would leave...
    lowered = player_count // _fewest_tables(player_count, max_size)
    if lowered >= SMALLEST_TABLE:
        ranges.append((lowered, max_size))
    # ...or keep min_size and raise max_size to what the most tables would need.
    most_tables = player_count // min_size
    if most_tables >= 1:
        ranges.append((min_size, -(-player_count // most_tables)))
    return ranges
