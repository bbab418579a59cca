"""Seat order and first dealer: the random part every draw shares.

Which players share a table is decided elsewhere (by repeats or by standings); here each
table's seat order is shuffled and a first dealer seat is drawn, both from the caller's
`random.Random`, so a saved seed reproduces the whole draw.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from .draw_result import Draw, TableDraw


def seat_tables(groups: Iterable[Iterable[int]], rng: random.Random) -> Draw:
    """A draw of `groups` in the given table order, each table seated at random."""
    tables: list[TableDraw] = []
    for group in groups:
        seats = list(group)
        rng.shuffle(seats)
        tables.append(TableDraw(seats=tuple(seats), first_dealer=rng.randrange(len(seats))))
    return Draw(tables=tuple(tables))
