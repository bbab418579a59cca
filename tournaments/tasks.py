"""Celery tasks: they take ids, call a service, and are safe to run twice (DESIGN.md)."""

from __future__ import annotations

from datetime import timedelta

from celery import shared_task
from django.conf import settings

from tournaments.services import updates


@shared_task(acks_late=True)
def apply_session_task(session_id: int) -> bool:
    """Apply one session's pending update, then repair any that a dead worker left."""
    applied = updates.apply_session(session_id)
    if _stale():
        sweep_pending_task.delay()
    return applied


@shared_task(acks_late=True)
def sweep_pending_task() -> int:
    """Apply every update left pending longer than it should take (run periodically too)."""
    stale = _stale()
    for session_id in stale:
        updates.apply_session(session_id)
    return len(stale)


def _stale() -> list[int]:
    return updates.stale_pending(older_than=timedelta(seconds=settings.STANDINGS_STALE_SECONDS))
