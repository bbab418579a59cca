"""What the benches' seeds share: a table of the 13-card game, open-ended, started by its
scorer (imported once Django is set up)."""

from __future__ import annotations

from typing import Any


def open_table(club: Any, owner: Any, players: list[Any], *, stake_per_point: int = 0) -> Any:
    """A new Indian Rummy session with `players` in their order, the first dealing, played
    until the scorer ends it."""
    from scoring.services import sessions

    session, _ = sessions.start_session(
        club=club,
        variant="indian13",
        options={},
        player_ids=[p.pk for p in players],
        first_dealer=0,
        ending="open",
        ending_target=None,
        stake_per_point=stake_per_point,
        user=owner,
    )
    return session
