"""How long the web doors let the rules engine think about one request (settings).

A door that serves anyone (the rules API, the check-a-show page) or holds a session's lock
while the engine thinks (recording a hand) passes this limit to `evaluate`, so the answer
past it is "too complex to check" rather than a worker held for as long as a hand takes.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from django.conf import settings

from scoring.rules import evaluate


def time_limit() -> float:
    """Seconds, for `evaluate(..., time_limit=...)`."""
    return settings.RULES_TIME_LIMIT_MS / 1000


def limited_evaluator() -> Callable[[dict], dict]:
    """`evaluate` for several requests that answer one page: they share one time limit."""
    deadline = time.perf_counter() + time_limit()

    def ask(request: dict) -> dict:
        return evaluate(request, time_limit=max(0.0, deadline - time.perf_counter()))

    return ask
