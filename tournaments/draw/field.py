"""Checks on the list of players handed to a draw."""

from __future__ import annotations

import random
from collections.abc import Sequence


def check_field(players: Sequence[int], rng: random.Random) -> None:
    """Refuse a malformed call: these are bugs in the calling code, not director errors.

    The app builds the field from its entries, so a player listed twice or a missing
    random generator means the app is wrong; a `DrawError` would ask the director to fix
    something they cannot see.
    """
    if not isinstance(rng, random.Random):
        raise TypeError(f"The draw needs a random.Random, not {type(rng).__name__}.")
    seen: set[int] = set()
    for player in players:
        if player in seen:
            raise ValueError(f"Player {player} is listed twice in the field.")
        seen.add(player)
