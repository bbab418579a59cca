"""The Swiss option: tables by current standings, the leaders together.

Table 1 takes the top of the standings, table 2 the next players, and so on. When the
sizes differ, the BIGGER tables come first: the top table decides the tournament, so it
should bring as many of the contenders together as the sizes allow, and it keeps table
numbering the same as in the random draw (biggest first). Repeat opponents are not
considered: in a Swiss round, meeting the players nearest you in the standings is the
point. Seat order and first dealer are still random.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .draw_result import Draw
from .field import check_field
from .seating import seat_tables
from .table_sizes import table_sizes


def draw_swiss(
    standings: Sequence[int], *, min_size: int, max_size: int, rng: random.Random
) -> Draw:
    """Tables filled in standings order (best first), bigger tables first.

    The caller breaks ties in the standings (the order given is the order used); the rng
    only shuffles seats and picks dealers. `DrawError` if the players cannot be split into
    tables of min_size..max_size.
    """
    check_field(standings, rng)
    sizes = table_sizes(len(standings), min_size, max_size)
    groups: list[Sequence[int]] = []
    start = 0
    for size in sizes:
        groups.append(standings[start : start + size])
        start += size
    return seat_tables(groups, rng)
