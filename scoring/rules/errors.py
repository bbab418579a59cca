"""The two kinds of failure the engine knows.

`RulesError` is a problem with the request that the caller can fix: it carries one of the
contract's error codes and a sentence a club player understands. Anything else that escapes
the engine is a bug, and the doors report it differently (see `scoring.rules.evaluate`).

A `RulesError` also says what it is about, for callers that point at the input to fix:
`seat` is the id of the player whose entry is at fault (None when the error is about the
table or the request as a whole) and `field` the request field it belongs to (`wild`,
`hand`, `penalty`, ...), where one does. Neither is part of the JSON answer, which stays
`{"error": {"code", "message"}}`.

The sentence is a `Phrase` (phrases.py), `error.phrase`: `error.message` is its English,
what the doors answer, and the web screens say the phrase in the reader's language.
"""

from __future__ import annotations

from typing import Any

from .phrases import Phrase

BAD_REQUEST = "bad_request"
UNKNOWN_VARIANT = "unknown_variant"
UNKNOWN_OPTION = "unknown_option"
BAD_CARD = "bad_card"
HAND_SIZE = "hand_size"
IMPOSSIBLE_HAND = "impossible_hand"
# Only a door with a time limit answers it (see budget.py); the contract's doors without
# one never do.
TOO_COMPLEX = "too_complex"


class RulesError(Exception):
    """A request the engine refuses, with the contract's code and a readable sentence, and
    the seat (player id) and field it is about where there is one. The sentence is given as
    a phrase (a plain string is taken as a phrase without placeholders)."""

    def __init__(
        self,
        code: str,
        message: Phrase | str,
        *,
        seat: str | None = None,
        field: str | None = None,
    ) -> None:
        self.phrase = message if isinstance(message, Phrase) else Phrase(message)
        self.message = str(self.phrase)
        super().__init__(self.message)
        self.code = code
        self.seat = seat
        self.field = field

    def about(self, *, seat: str | None = None, field: str | None = None) -> RulesError:
        """Fill in the seat and field where the raiser did not know them; returns itself."""
        if self.seat is None:
            self.seat = seat
        if self.field is None:
            self.field = field
        return self

    def as_response(self) -> dict[str, Any]:
        return {"error": {"code": self.code, "message": self.message}}


def bad_request(
    message: Phrase | str, *, seat: str | None = None, field: str | None = None
) -> RulesError:
    return RulesError(BAD_REQUEST, message, seat=seat, field=field)
