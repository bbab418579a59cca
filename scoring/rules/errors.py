"""The two kinds of failure the engine knows.

`RulesError` is a problem with the request that the caller can fix: it carries one of the
contract's error codes and a sentence a club player understands. Anything else that escapes
the engine is a bug, and the doors report it differently (see `scoring.rules.evaluate`).
"""

from __future__ import annotations

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
    """A request the engine refuses, with the contract's code and a readable sentence."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def as_response(self) -> dict:
        return {"error": {"code": self.code, "message": self.message}}


def bad_request(message: str) -> RulesError:
    return RulesError(BAD_REQUEST, message)
