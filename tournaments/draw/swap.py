"""The organiser's correction before a round starts: swap two players.

Swapping is the one edit that cannot break the table sizes, so it is the only one offered.
Each player takes the other's seat, and the first-dealer seat stays where it was: the
dealer is a seat drawn at random, so whoever sits in it deals, and nothing else about
either table changes. Checking that the round has not started is the app's job (it knows
the round's state); this function only makes the new draw.
"""

from __future__ import annotations

from collections.abc import Mapping

from .draw_result import Draw, TableDraw
from .errors import DrawError


def swap_players(
    draw: Draw, first: int, second: int, *, names: Mapping[int, str] | None = None
) -> Draw:
    """A new draw with `first` and `second` in each other's seats (same or different
    tables). `names` only makes refusals readable ("Asha" rather than "player 17")."""

    def name(player: int) -> str:
        if names is not None and player in names:
            return names[player]
        return f"Player {player}"

    if first == second:
        raise DrawError(
            f"{name(first)} cannot be swapped with themself: choose two different players.",
            reason="same_player",
            facts={"name": name(first)},
        )
    for player in (first, second):
        if player not in draw.players:
            raise DrawError(
                f"{name(player)} is not seated in this draw, so cannot be swapped.",
                reason="not_seated",
                facts={"name": name(player)},
            )
    exchange = {first: second, second: first}
    return Draw(
        tables=tuple(
            TableDraw(
                seats=tuple(exchange.get(p, p) for p in table.seats),
                first_dealer=table.first_dealer,
            )
            for table in draw.tables
        )
    )
