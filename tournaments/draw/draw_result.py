"""What a draw produces: tables of seated players, each with its first dealer.

Both types are frozen, so a draw shown to the director is exactly the draw that is saved;
a change (a swap) makes a new draw. Their checks catch bugs, not director mistakes, so they
raise `ValueError` rather than `DrawError`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cached_property

from .repeats import repeat_cost


@dataclass(frozen=True)
class TableDraw:
    """One table: players in seat order (seat 0 first, play passing to the next seat) and
    the seat index of the player who deals the first hand."""

    seats: tuple[int, ...]
    first_dealer: int

    def __post_init__(self) -> None:
        if not self.seats:
            raise ValueError("A table needs at least one seat.")
        if len(set(self.seats)) != len(self.seats):
            raise ValueError(f"A player is seated twice at one table: {self.seats}.")
        if not 0 <= self.first_dealer < len(self.seats):
            raise ValueError(
                f"First dealer seat {self.first_dealer} is not a seat of a table of "
                f"{len(self.seats)}."
            )

    @property
    def dealer(self) -> int:
        """The player who deals the first hand."""
        return self.seats[self.first_dealer]

    def __len__(self) -> int:
        return len(self.seats)


@dataclass(frozen=True)
class Draw:
    """The tables of one round, table 1 first (bigger tables come first)."""

    tables: tuple[TableDraw, ...]

    def __post_init__(self) -> None:
        seen: set[int] = set()
        for table in self.tables:
            for player in table.seats:
                if player in seen:
                    raise ValueError(f"Player {player} is seated at two tables.")
                seen.add(player)

    @cached_property
    def _table_index(self) -> dict[int, int]:
        # Frozen dataclasses may still cache through `cached_property` (it writes to
        # __dict__ directly); lookups by player are common once a round is running.
        return {p: i for i, table in enumerate(self.tables) for p in table.seats}

    @property
    def players(self) -> frozenset[int]:
        return frozenset(self._table_index)

    @property
    def sizes(self) -> tuple[int, ...]:
        return tuple(len(table) for table in self.tables)

    def table_of(self, player: int) -> int:
        """Index (0-based) of the player's table; `KeyError` if the player is not seated."""
        return self._table_index[player]

    def groups(self) -> Iterator[tuple[int, ...]]:
        """Each table's players, in seat order."""
        return (table.seats for table in self.tables)

    def repeat_cost(self, met: Mapping[frozenset[int], int]) -> int:
        """How many earlier meetings this draw repeats (see `repeats.repeat_cost`)."""
        return repeat_cost(self.groups(), met)
