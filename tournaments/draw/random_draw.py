"""The usual draw: random tables with as few repeat opponents as the search can find."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping

from .draw_result import Draw
from .field import check_field
from .repeat_search import DEFAULT_EFFORT, arrange
from .repeats import meeting_matrix
from .seating import seat_tables
from .table_sizes import table_sizes


def draw_random(
    players: Iterable[int],
    met: Mapping[frozenset[int], int],
    *,
    min_size: int,
    max_size: int,
    rng: random.Random,
    effort: int = DEFAULT_EFFORT,
) -> Draw:
    """Draw one round's tables at random, keeping repeat opponents as few as possible.

    `met[frozenset({a, b})]` is how often a and b already shared a table (see
    `repeats.count_meetings`). Tables come biggest first; seat order and first dealer are
    random. `DrawError` if the players cannot be split into tables of min_size..max_size,
    raised before anything is drawn.
    """
    # Sorted, so the draw depends on who plays and not on the order the app listed them
    # in (a database query's order can change between two runs of the same seed).
    field = sorted(players)
    check_field(field, rng)
    sizes = table_sizes(len(field), min_size, max_size)
    arrangement = arrange(field, meeting_matrix(field, met), sizes, rng, effort)
    return seat_tables(arrangement.groups, rng)
