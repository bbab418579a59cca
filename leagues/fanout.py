"""The full rebuild fanned out to the Celery workers: one task per club, then waiting for them.

One task per club (`leagues/services/rebuild.py` says why a club): N workers rebuild N clubs
at once, and a club's rebuild is one short task of its own, never behind the whole run.
Queued at the lowest priority, so on Redis a worker takes every standings update of a hand
being played (the default priority, served first) before the rebuild's next club: the clubs
playing while a thousand clubs rebuild see their tables catch up as usual.

Without a broker (CELERY_TASK_ALWAYS_EAGER, the embedded default) each task runs as it is
queued, in this process, one club after another; waiting then finds them all done.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from celery.exceptions import TimeoutError as ResultTimeout
from celery.result import AsyncResult

from leagues.tasks import rebuild_club_task

# Redis serves priority 0 (every other task's) first and 9 last.
REBUILD_PRIORITY = 9


@dataclass
class Outcome:
    """What the clubs' tasks came to by the time the wait ended."""

    counts: Counter[str] = field(default_factory=Counter)
    done: int = 0
    failed: dict[int, str] = field(default_factory=dict)  # club id: the error
    waiting: list[int] = field(default_factory=list)  # clubs not done when the wait ended


def queue_rebuild(club_ids: Iterable[int]) -> dict[int, AsyncResult]:
    """Queue one rebuild task per club; each club's result to wait for."""
    return {
        club_id: rebuild_club_task.apply_async(args=(club_id,), priority=REBUILD_PRIORITY)
        for club_id in club_ids
    }


def wait(
    queued: dict[int, AsyncResult],
    *,
    timeout: float,
    on_done: Callable[[int], None] | None = None,
) -> Outcome:
    """Wait up to `timeout` seconds for every club's task, adding up their counts.

    `on_done` hears how many clubs are finished (rebuilt or failed) after each one.
    """
    deadline = time.monotonic() + timeout
    outcome = Outcome()
    for club_id, result in queued.items():
        remaining = deadline - time.monotonic()
        if remaining <= 0 and not result.ready():
            outcome.waiting.append(club_id)
            continue
        try:
            value = result.get(timeout=max(remaining, 0.01), propagate=False)
        except ResultTimeout:
            outcome.waiting.append(club_id)
            continue
        if result.successful():
            outcome.counts.update(value)
            outcome.done += 1
        else:
            outcome.failed[club_id] = f"{type(value).__name__}: {value}"
        if on_done is not None:
            on_done(outcome.done + len(outcome.failed))
    return outcome
