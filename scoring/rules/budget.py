"""A time limit for one request, for the doors that serve strangers.

The engine answers every request the contract accepts quickly, but a web door serves
anyone, and one request must never hold a worker however its hand was built. A door that
wants a limit passes `time_limit` to `evaluate`; the search looks at the clock every few
thousand states (`Clock.tick`) and gives up with `too_complex` once the limit has passed.
The command-line door sets no limit: a batch there answers every line, however long.
"""

from __future__ import annotations

import time
from contextvars import ContextVar, Token

from .errors import TOO_COMPLEX, RulesError
from .phrases import phrase

# One deadline per request; a ContextVar so threads of one web worker never share one.
_deadline: ContextVar[float | None] = ContextVar("rules_deadline", default=None)

TOO_COMPLEX_PHRASE = phrase(
    "This hand is too complex to check in time; check the player's melds by eye, or give "
    "them in `melds`."
)


class TooComplex(RulesError):
    def __init__(self) -> None:
        super().__init__(TOO_COMPLEX, TOO_COMPLEX_PHRASE)


def start(time_limit: float | None) -> Token[float | None]:
    """Set the deadline for the request that starts now; the token `finish` takes."""
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    return _deadline.set(deadline)


def finish(token: Token[float | None]) -> None:
    _deadline.reset(token)


def deadline() -> float | None:
    return _deadline.get()


def check(deadline: float | None) -> None:
    """Raise `TooComplex` when the request's deadline has passed."""
    if deadline is not None and time.perf_counter() >= deadline:
        raise TooComplex
