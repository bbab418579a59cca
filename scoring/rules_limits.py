"""How long the web doors let the rules engine think about one request (settings).

A door that serves anyone (the rules API, the check-a-show page) or holds a session's lock
while the engine thinks (recording a hand) passes this limit as the engine's `time_limit`
(to `evaluate` or to a typed function such as `score_hand`), so the answer past it is "too
complex to check" rather than a worker held for as long as a hand takes.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from django.conf import settings


def time_limit() -> float:
    """Seconds, for the engine's `time_limit=...`."""
    return float(settings.RULES_TIME_LIMIT_MS) / 1000


def shared_time_limit() -> Callable[[], float]:
    """For several engine requests that answer one page: they share one time limit. Each
    call of the returned function is the `time_limit` left for the next request."""
    deadline = time.perf_counter() + time_limit()

    def left() -> float:
        return max(0.0, deadline - time.perf_counter())

    return left
