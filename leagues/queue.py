"""Marking a changed session pending and asking a worker to apply it soon.

Apart from `leagues.services.updates` so that the services never import the Celery tasks
that call them.

The `PendingUpdate` row, written in the change's own transaction, is the truth; the task
only makes it happen sooner. So a change whose transaction committed is saved and answers
so even when Redis (the cache and the broker) cannot be reached: the update then waits as
pending, and a worker applies it when it reconnects to Redis (`leagues/tasks.py`), or beat's
sweep does.
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.utils import timezone
from kombu.exceptions import OperationalError as BrokerError

from common.cache import REDIS_DOWN
from leagues.models import PendingUpdate
from leagues.services.updates import queued_key
from leagues.tasks import apply_session_task
from scoring.models import GameSession

logger = logging.getLogger(__name__)


def mark_changed(session: GameSession) -> None:
    """Record that the session's derived data is due; queue the update after commit."""
    # One statement, INSERT ... ON CONFLICT DO UPDATE: every hand saved marks its session,
    # and a read, a savepoint and a write cost a scorer's tap three more round trips.
    PendingUpdate.objects.bulk_create(
        [PendingUpdate(session=session, club_id=session.club_id, marked_at=timezone.now())],
        update_conflicts=True,
        unique_fields=["session"],
        update_fields=["club", "marked_at"],
    )
    transaction.on_commit(lambda: queue_update(session.pk))


def queue_update(session_id: int) -> None:
    """Ask a worker to apply the session soon, unless it has been asked already.

    The cache key lives as long as the delay: hands recorded meanwhile ride on the task
    already queued (which reads the hands when it runs), so ten hands in a minute do not
    queue ten updates. The task clears the key when it starts. With Redis down the cache
    adds nothing, so nothing is queued; a broker that fails after the cache answered is
    logged the same way. Either way the update stays pending and the change stays saved.
    """
    delay = settings.STANDINGS_DELAY_SECONDS
    key = queued_key(session_id)
    if not cache.add(key, 1, timeout=delay + 60):
        return
    try:
        apply_session_task.apply_async(args=(session_id,), countdown=delay)
    except (BrokerError, *REDIS_DOWN) as error:
        cache.delete(key)  # so the next change tries again
        logger.warning(
            "Standings update of session %s left pending: the broker cannot be reached (%s).",
            session_id,
            error,
        )
