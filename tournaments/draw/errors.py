"""The one exception a tournament director sees from the draw.

`DrawError` means "this draw cannot be made as asked", and its `message` is a sentence the
director can act on (add a player, widen the table sizes, pick two different players).
Anything else escaping the draw is a bug in the calling code or in the draw itself, raised
as an ordinary exception (`ValueError`, `TypeError`): the app should let those surface
rather than show them to the director.
"""

from __future__ import annotations


class DrawError(Exception):
    """A draw refused for a reason the director can fix; `message` says how."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message
