"""Celery tasks: they take ids, call a service, and are safe to run twice (DESIGN.md).

The tasks keep the names they had when they lived in `tournaments.tasks`: a task already
queued in Redis, or the beat schedule of a worker not yet restarted, names them so.
"""

from __future__ import annotations

from datetime import timedelta

from celery import shared_task
from django.conf import settings

from leagues.services import rebuild, updates


@shared_task(name="tournaments.tasks.apply_session_task", acks_late=True)
def apply_session_task(session_id: int) -> bool:
    """Apply one session's pending update, then repair any that a dead worker left."""
    applied = updates.apply_session(session_id)
    _apply_stale()
    return applied


@shared_task(name="tournaments.tasks.sweep_pending_task", acks_late=True)
def sweep_pending_task(older_than_seconds: int | None = None) -> int:
    """Apply every update left pending longer than it should take (also run periodically).

    A worker that (re)connects to Redis asks for 0: every update still pending, since
    none could be queued while Redis was away (config/celery.py).
    """
    return _apply_stale(older_than_seconds)


# Acknowledged when it starts, unlike the updates: a big club's rebuild can outlast the
# visibility timeout (CELERY_VISIBILITY_TIMEOUT, 45 s; a club of 20,000 sessions took 22 s
# on a quiet 2-core machine, about 50 s on a busy one), and Redis would hand a task still
# running, not yet acknowledged, to another worker, again and again. A rebuild lost with
# its worker leaves the club as it was (one transaction), and the waiting command names it
# as not done.
@shared_task(name="leagues.tasks.rebuild_club_task", acks_late=False)
def rebuild_club_task(club_id: int) -> dict[str, int]:
    """Rebuild one club from its stored hands: one of the full rebuild's tasks
    (`leagues/fanout.py`). Its counts are its result, which the command adds up."""
    return rebuild.rebuild_club(club_id)


def _apply_stale(older_than_seconds: int | None = None) -> int:
    seconds = settings.STANDINGS_STALE_SECONDS if older_than_seconds is None else older_than_seconds
    stale = updates.stale_pending(older_than=timedelta(seconds=seconds))
    for session_id in stale:
        updates.apply_session(session_id)
    return len(stale)
