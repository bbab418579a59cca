"""Rebuilding one club's results, standings, ratings and tournament standings from its hands.

The club is the unit of the full rebuild (`manage.py rebuild_standings` queues one Celery
task per club, `leagues/fanout.py`): every row the rebuild writes belongs to one club (a
session result, a league's standing, a rating in a club's game, a tournament's line) and
none is derived from another club's rows. So one club's rebuild is one transaction over its
own rows only, and N workers rebuild N clubs at once without waiting for each other.

Not a league: a session counts in every league of its club whose dates hold it, and ratings
run across a club's leagues (per club and game), so tasks per league would each recompute
the same results and ratings, and two of them would write the same rows.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from functools import reduce
from operator import or_

from django.db import transaction
from django.db.models import Q

from clubs.models import Club
from leagues.models import League, PendingUpdate, SessionResult
from leagues.results import ResultLine, session_results
from leagues.services.bulk import insert_many
from leagues.services.ratings import rate_club_afresh
from leagues.services.standings import refresh_standings
from leagues.signals import results_rebuilt
from scoring.models import GameSession
from scoring.selectors import BOARD_FIELDS, session_boards


def lock_club(club_id: int) -> None:
    """Hold the club's row until the transaction ends, so the club's rebuild and its
    updates (`apply_session`) take turns: they write the same result rows.

    FOR NO KEY UPDATE, not FOR UPDATE: a hand being recorded meanwhile inserts rows that
    refer to the club (its pending mark), which takes a key-share lock on it; that lock
    does not wait for this one, so a scorer never waits for a rebuild. SQLite has no row
    locks (one writer at a time) and Django leaves the clause out there.
    """
    list(
        Club.objects.select_for_update(no_key=True).filter(pk=club_id).order_by().values_list("pk")
    )


@transaction.atomic
def rebuild_club(club_id: int) -> dict[str, int]:
    """Recompute every result, standing, rating and tournament standing of one club.

    Safe to run twice, or twice at once: it recomputes from the stored hands and the second
    run waits for the first (`lock_club`). Counts what it rebuilt, as the command reports.
    """
    lock_club(club_id)
    # Marks made before this point are of hands this rebuild reads (each was committed with
    # its hands); one made later, by a hand recorded meanwhile, is left for its own update.
    marks = list(PendingUpdate.objects.filter(club_id=club_id).values_list("pk", "marked_at"))
    SessionResult.objects.filter(club_id=club_id).delete()
    sessions = GameSession.objects.filter(club_id=club_id).only(
        *BOARD_FIELDS, "club_id", "started_at", "finished_at"
    )
    rows: list[SessionResult] = []
    count = 0
    variants = set()
    for board in session_boards(sessions, scores_only=True):
        session = board.session
        rows += result_rows(
            session, session_results(board), session.finished_at or session.started_at
        )
        count += 1
        variants.add(session.variant)
        if len(rows) >= 5000:
            insert_many(SessionResult, rows)
            rows = []
    insert_many(SessionResult, rows)
    leagues = list(League.objects.filter(club_id=club_id))
    for league in leagues:
        # Every line written afresh, and the lines of players with no result left removed.
        refresh_standings(league=league)
    rate_club_afresh(club_id=club_id)
    counts = {"sessions": count, "leagues": len(leagues), "rating_pools": len(variants)}
    for _receiver, answer in results_rebuilt.send(sender=SessionResult, club_id=club_id):
        # Each receiver answers its own counts; the stubs type a receiver's answer as str.
        counts.update(answer)  # type: ignore[arg-type]
    _clear(marks)
    return counts


def _clear(marks: list[tuple[int, datetime]]) -> None:
    """Delete the marks read at the start that nobody has marked again since (none: no
    query)."""
    for start in range(0, len(marks), 500):
        chunk = marks[start : start + 500]
        same = reduce(or_, (Q(pk=pk, marked_at=at) for pk, at in chunk))
        PendingUpdate.objects.filter(same).delete()


def result_rows(
    session: GameSession, lines: Sequence[ResultLine], played_at: datetime
) -> list[SessionResult]:
    """The session's result rows, as the update and the rebuild both store them."""
    finished = not session.is_active
    return [
        SessionResult(
            session=session,
            player_id=line.player_id,
            club_id=session.club_id,
            variant=session.variant,
            played_at=played_at,
            finished=finished,
            points=line.points,
            hands_played=line.hands_played,
            hands_won=line.hands_won,
            best_hand=line.best_hand,
            best_hand_number=line.best_hand_number,
            place=line.place,
        )
        for line in lines
    ]


def club_ids() -> list[int]:
    """Every club, in order: what a full rebuild covers."""
    return list(Club.objects.order_by("pk").values_list("pk", flat=True))
