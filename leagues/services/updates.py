"""Keeping results, standings and ratings current as hands are recorded.

A change to a session marks it pending (a `PendingUpdate` row, in the change's own
transaction) and, once that transaction commits, asks Celery to apply it after a short
delay (`leagues/queue.py`). The task applies whatever the session's hands say at that
moment, so a burst of hands in one session collapses into one application; it is safe to
run twice or out of order because it recomputes from the stored hands rather than adding
differences.
"""

from __future__ import annotations

from collections import Counter
from datetime import timedelta

from django.core.cache import cache
from django.db import transaction
from django.utils import timezone

from leagues.models import PendingUpdate, SessionResult
from leagues.results import session_results
from leagues.services import rebuild
from leagues.services.ratings import rerate_after_change
from leagues.services.rebuild import lock_club, result_rows
from leagues.services.standings import leagues_counting, refresh_standings
from leagues.signals import results_changed
from scoring.models import GameSession
from scoring.selectors import Board, session_boards


def queued_key(session_id: int) -> str:
    return f"standings:queued:{session_id}"


def apply_session(session_id: int) -> bool:
    """Bring one pending session's results, standings and ratings up to date.

    Returns False when there was nothing to do (already applied, or another worker has it).
    """
    cache.delete(queued_key(session_id))
    club_id = (
        PendingUpdate.objects.filter(session_id=session_id)
        .values_list("club_id", flat=True)
        .first()
    )
    if club_id is None:
        return False
    with transaction.atomic():
        # The club's rebuild writes the same results: the two take turns (club first, then
        # the mark, in both, so neither waits for the other in a circle).
        lock_club(club_id)
        pending = (
            PendingUpdate.objects.select_for_update(skip_locked=True)
            .filter(session_id=session_id)
            .first()
        )
        if pending is None:
            return False
        marked_at = pending.marked_at
        # Its tournament table (if any) comes with it: the tournament's standings follow.
        session = (
            GameSession.objects.select_related("tournament_table__round")
            .filter(pk=session_id)
            .first()
        )
        if session is not None:
            # Results need only each hand's scores, as in the rebuild: the same reading.
            refresh_session(next(session_boards([session], scores_only=True)))
        # A change that marked the session again meanwhile keeps its mark for the next run.
        PendingUpdate.objects.filter(pk=pending.pk, marked_at=marked_at).delete()
    return True


def stale_pending(*, older_than: timedelta) -> list[int]:
    """Sessions marked longer ago than `older_than`: their task was lost or its worker died."""
    cutoff = timezone.now() - older_than
    return list(
        PendingUpdate.objects.filter(marked_at__lt=cutoff).values_list("session_id", flat=True)
    )


def refresh_session(board: Board) -> None:
    """Replace the session's results and refresh everything that depends on them."""
    session = board.session
    lines = session_results(board)
    old = list(
        SessionResult.objects.filter(session=session).only("player_id", "played_at", "finished")
    )
    played_at = session.finished_at or session.started_at
    # A session that moved in time (it finished) leaves the leagues it counted in before.
    leagues = leagues_counting(session, played_at, *(r.played_at for r in old[:1]))
    SessionResult.objects.filter(session=session).delete()
    SessionResult.objects.bulk_create(result_rows(session, lines, played_at))
    players = {r.player_id for r in old} | {line.player_id for line in lines}
    for league in leagues:
        refresh_standings(league=league, player_ids=players)
    # Only a session that is or was finished has a rating to make or undo, and only one
    # that was finished before can have been rated already.
    was_finished = any(result.finished for result in old)
    if session.finished_at is not None or was_finished:
        rerate_after_change(session, may_be_rated=was_finished)
    results_changed.send(sender=SessionResult, session=session)


def rebuild_everything() -> dict[str, int]:
    """Recompute every club's results, standings and ratings from the stored hands, one
    club after another in this process (`rebuild_standings` fans the clubs out to the
    workers instead, `leagues/fanout.py`).

    What it gives must equal what the incremental path gave (tested): both go through
    `session_results`, `refresh_standings` and the rating replay.
    """
    counts: Counter[str] = Counter()
    for club_id in rebuild.club_ids():
        counts.update(rebuild.rebuild_club(club_id))
    return {"sessions": 0, "leagues": 0, "rating_pools": 0, **counts}
