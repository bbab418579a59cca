"""How long the web doors let the rules engine think about one request (settings).

A door that serves anyone (the rules API, the check-a-show page) or holds a session's lock
while the engine thinks (recording a hand) passes this limit as the engine's `time_limit`
(to `evaluate` or to a typed function such as `score_hand`), so the answer past it is "too
complex to check" rather than a worker held for as long as a hand takes.

The doors that serve anyone also take one of RULES_CONCURRENCY slots (`door_slot`) while
the engine thinks, so however many slow checks arrive at once, the web workers left over
serve the scorers; recording a hand takes none (scorers first).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from django.conf import settings
from django.utils.translation import gettext_lazy

from common.slots import NoSlotFree, slot

BUSY_MESSAGE = gettext_lazy("The rules checker is busy; try again in a moment.")


class EngineBusy(Exception):
    """Every slot of the public doors is taken; `retry_after` is whole seconds to wait."""

    def __init__(self) -> None:
        super().__init__(str(BUSY_MESSAGE))
        # A slot is freed within one time limit, however slow the calls holding them.
        self.retry_after = max(1, math.ceil(time_limit()))


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


@contextmanager
def door_slot() -> Iterator[None]:
    """Hold a slot of the public doors while the engine thinks; EngineBusy when none is free."""
    try:
        with slot("rules", settings.RULES_CONCURRENCY):
            yield
    except NoSlotFree:
        raise EngineBusy from None
