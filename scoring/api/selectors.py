"""Reads behind the session and hand lists of the API, in a fixed number of queries.

A list page costs the same whatever its size: the page, its seats (one prefetch) and the
current scores of every session on it (one more query), summed in Python.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from django.db.models import F, QuerySet

from clubs.models import Club
from scoring.models import GameSession, HandStatus, HandVersion
from scoring.selectors import club_sessions


def session_list(club: Club) -> QuerySet[GameSession]:
    """The club's sessions with their seats (prefetched) and `hand_count`."""
    return club_sessions(club)


def attach_totals(sessions: Sequence[GameSession]) -> None:
    """Set `totals` ({seat position: points}) on each session, in one query for them all."""
    totals: dict[int, dict[int, int]] = defaultdict(lambda: defaultdict(int))
    scores = (
        HandVersion.objects.filter(hand__session__in=[s.pk for s in sessions], is_current=True)
        .exclude(status=HandStatus.REMOVED)
        .values_list("hand__session_id", "ledger")
    )
    for session_id, ledger in scores:
        for position, points in ledger.get("scores", {}).items():
            totals[session_id][int(position)] += points
    for session in sessions:
        # Every seat has a total, 0 before the first hand.
        session.totals = {
            seat.position: totals[session.pk][seat.position] for seat in session.seats.all()
        }


def counted_hands(session: GameSession) -> QuerySet[HandVersion]:
    """The current version of every hand that counts (undone hands do not), with `number`."""
    return (
        HandVersion.objects.filter(hand__session=session, is_current=True)
        .exclude(status=HandStatus.REMOVED)
        .select_related("hand")
        .annotate(number=F("hand__number"), dealer=F("hand__dealer"))
        .order_by("number")
    )
