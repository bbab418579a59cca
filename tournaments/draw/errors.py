"""The one exception a tournament director sees from the draw.

`DrawError` means "this draw cannot be made as asked", and its `message` is a sentence the
director can act on (add a player, widen the table sizes, pick two different players).
Anything else escaping the draw is a bug in the calling code or in the draw itself, raised
as an ordinary exception (`ValueError`, `TypeError`): the app should let those surface
rather than show them to the director.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


class DrawError(Exception):
    """A draw refused for a reason the director can fix; `message` says how, in English.

    `reason` names the refusal and `facts` holds the numbers and names its sentence is
    made of, so the app can word the same sentence in the reader's language (the draw
    imports no Django, so it cannot translate): see `tournaments.services.draw_refusals`.
    """

    def __init__(
        self, message: str, *, reason: str = "", facts: Mapping[str, Any] | None = None
    ) -> None:
        super().__init__(message)
        self.message = message
        self.reason = reason
        self.facts: dict[str, Any] = dict(facts or {})
