"""Marking a changed session pending and asking a worker to apply it soon.

Apart from `leagues.services.updates` so that the services never import the Celery tasks
that call them.
"""

from __future__ import annotations

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.utils import timezone

from leagues.models import PendingUpdate
from leagues.services.updates import queued_key
from leagues.tasks import apply_session_task
from scoring.models import GameSession


def mark_changed(session: GameSession) -> None:
    """Record that the session's derived data is due; queue the update after commit."""
    PendingUpdate.objects.update_or_create(
        session=session, defaults={"club_id": session.club_id, "marked_at": timezone.now()}
    )
    transaction.on_commit(lambda: queue_update(session.pk))


def queue_update(session_id: int) -> None:
    """Ask a worker to apply the session soon, unless it has been asked already.

    The cache key lives as long as the delay: hands recorded meanwhile ride on the task
    already queued (which reads the hands when it runs), so ten hands in a minute do not
    queue ten updates. The task clears the key when it starts.
    """
    delay = settings.STANDINGS_DELAY_SECONDS
    if cache.add(queued_key(session_id), 1, timeout=delay + 60):
        apply_session_task.apply_async(args=(session_id,), countdown=delay)
