"""Reads behind the session screens and the session API, each in a fixed number of queries.

`session_board` gives everything the table screen shows (seats, every current hand, totals,
who deals next) from two queries, however many hands the session has.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import groupby
from typing import Any

from django.db.models import Count, F, Max, Prefetch, Q, QuerySet
from django.db.models.functions import Lower

from clubs.models import Club, Player
from scoring import rotation
from scoring.hand_entry import HandEntry
from scoring.models import GameSession, HandStatus, HandVersion, Seat, SessionStatus


@dataclass(frozen=True)
class HandRow:
    number: int  # the hand's stored number (stable, used in URLs)
    shown_number: int  # 1, 2, 3 ... over the hands that count (undone hands are skipped)
    dealer: int
    status: str
    version: int
    scores: dict[int, int]
    running: dict[int, int]  # totals after this hand
    ledger: dict[str, Any]
    entry: HandEntry

    @property
    def is_void(self) -> bool:
        return self.status == HandStatus.VOID

    @property
    def winner(self) -> int | None:
        return None if self.is_void else self.entry.winner


@dataclass(frozen=True)
class Board:
    session: GameSession
    seats: list[Seat]
    rows: list[HandRow]
    totals: dict[int, int]
    last_number: int  # highest stored hand number, undone hands included
    transfers: list[dict[str, Any]] = field(default_factory=list)

    @property
    def hands_dealt(self) -> int:
        return len(self.rows)

    @property
    def names(self) -> dict[int, str]:
        return {seat.position: seat.player.name for seat in self.seats}

    @property
    def next_dealer(self) -> int:
        return rotation.dealer_for(
            variant=self.session.variant,
            first_dealer=self.session.first_dealer,
            seats=len(self.seats),
            hands_dealt=self.hands_dealt,
        )

    @property
    def first_to_play(self) -> int:
        return rotation.first_to_play(
            variant=self.session.variant, dealer=self.next_dealer, seats=len(self.seats)
        )

    @property
    def leaders(self) -> list[int]:
        """Seats with the highest total (all of them when tied)."""
        if not self.totals:
            return []
        best = max(self.totals.values())
        return [seat for seat, points in self.totals.items() if points == best]

    @property
    def last_row(self) -> HandRow | None:
        return self.rows[-1] if self.rows else None


# What a board needs of each current version, read as plain tuples: building model
# instances for every hand costs more than the rest of the work (a season has 500,000).
# session id, hand number, dealer, status, version, ledger, entry:
VersionColumns = tuple[int, int, int, str, int, dict[str, Any], dict[str, Any]]
_VERSION_COLUMNS = (
    "hand__session_id",
    "hand__number",
    "hand__dealer",
    "status",
    "version",
    "ledger",
    "entry",
)


def session_board(session: GameSession) -> Board:
    seats = list(Seat.objects.filter(session=session).select_related("player"))
    versions = (
        HandVersion.objects.filter(hand__session=session, is_current=True)
        .order_by("hand__number")
        .values_list(*_VERSION_COLUMNS)
    )
    return _board(session, seats, versions)


def session_boards(
    sessions: Iterable[GameSession], *, scores_only: bool = False
) -> Iterator[Board]:
    """The boards of many sessions from two queries (rebuilding results over a season).

    `scores_only`: each row's ledger holds only its scores (no transfers or details), all
    that results need; reading a season's full ledgers costs more than the rest."""
    by_id = {session.pk: session for session in sessions}
    seats: dict[int, list[Seat]] = defaultdict(list)
    for seat in Seat.objects.filter(session__in=by_id).select_related("player"):
        seats[seat.session_id].append(seat)
    columns = _VERSION_COLUMNS
    if scores_only:
        columns = (*columns[:5], "ledger__scores", "entry")
    query = (
        HandVersion.objects.filter(hand__session__in=by_id, is_current=True)
        .order_by("hand__session_id", "hand__number")
        .values_list(*columns)
    )
    versions: Iterator[VersionColumns]
    if scores_only:
        versions = (
            (sid, number, dealer, status, version, {"scores": scores or {}}, entry)
            for sid, number, dealer, status, version, scores, entry in query.iterator(2000)
        )
    else:
        versions = query.iterator(2000)
    done = set()
    for session_id, group in groupby(versions, key=lambda row: row[0]):
        done.add(session_id)
        yield _board(by_id[session_id], sorted(seats[session_id], key=_position), group)
    for session_id, session in by_id.items():
        if session_id not in done:
            yield _board(session, sorted(seats[session_id], key=_position), [])


def _position(seat: Seat) -> int:
    return seat.position


def _board(session: GameSession, seats: list[Seat], versions: Iterable[VersionColumns]) -> Board:
    totals = {seat.position: 0 for seat in seats}
    rows: list[HandRow] = []
    transfers: list[dict[str, Any]] = []
    last_number = 0
    for _session_id, number, dealer, status, version, ledger, entry in versions:
        last_number = max(last_number, number)
        if status == HandStatus.REMOVED:
            continue
        scores = {int(pos): points for pos, points in ledger.get("scores", {}).items()}
        for pos, points in scores.items():
            totals[pos] += points
        transfers.extend(ledger.get("transfers", []))
        rows.append(
            HandRow(
                number=number,
                shown_number=len(rows) + 1,
                dealer=dealer,
                status=status,
                version=version,
                scores=scores,
                running=dict(totals),
                ledger=ledger,
                entry=HandEntry.from_json(entry),
            )
        )
    return Board(
        session=session,
        seats=seats,
        rows=rows,
        totals=totals,
        last_number=last_number,
        transfers=transfers,
    )


def hand_history(session: GameSession, number: int) -> QuerySet[HandVersion]:
    """Every version of one hand, newest first, with who made each."""
    return (
        HandVersion.objects.filter(hand__session=session, hand__number=number)
        .select_related("created_by")
        .order_by("-version")
    )


def club_sessions(club: Club) -> QuerySet[GameSession]:
    """The club's sessions, newest first, with their players and hand counts."""
    return (
        GameSession.objects.filter(club=club)
        .annotate(
            hand_count=Count(
                "hands",
                filter=Q(hands__versions__is_current=True)
                & ~Q(hands__versions__status=HandStatus.REMOVED),
            )
        )
        .prefetch_related(
            Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("position"))
        )
    )


def active_sessions(club: Club) -> QuerySet[GameSession]:
    return club_sessions(club).filter(status=SessionStatus.ACTIVE)


def seatable_players(club: Club) -> QuerySet[Player]:
    """The club's players, those who sat down most recently first: the regulars are on top."""
    return (
        Player.objects.filter(club=club)
        .annotate(last_seated=Max("seats__session__started_at"))
        .order_by(F("last_seated").desc(nulls_last=True), Lower("name"))
    )


# How many finished sessions the club page lists under the ones in play.
RECENT_FINISHED = 10


@dataclass(frozen=True)
class ClubSessions:
    active: list[GameSession]
    recent_finished: list[GameSession]


def club_page_sessions(club: Club) -> ClubSessions:
    """Sessions in play and the latest finished ones, with players and hand counts (the
    club page, through clubs.pages)."""
    sessions = club_sessions(club)
    return ClubSessions(
        active=list(sessions.filter(status=SessionStatus.ACTIVE)),
        recent_finished=list(sessions.filter(status=SessionStatus.FINISHED)[:RECENT_FINISHED]),
    )


def active_sessions_by_club(club_ids: Sequence[int]) -> dict[int, list[GameSession]]:
    """The sessions in play at each club, newest first, with their seated players (the home
    page, through clubs.pages): one query for the sessions, one for their seats."""
    sessions = (
        GameSession.objects.filter(club__in=club_ids, status=SessionStatus.ACTIVE)
        .prefetch_related(
            Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("position"))
        )
        .order_by("-started_at")
    )
    by_club: dict[int, list[GameSession]] = {club_id: [] for club_id in club_ids}
    for session in sessions:
        by_club[session.club_id].append(session)
    return by_club


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


def session_revision(club: Club, session_id: int) -> int | None:
    """The session's revision (None: no such session in this club): one indexed query, what a
    watching page polls for."""
    return (
        GameSession.objects.filter(pk=session_id, club=club)
        .values_list("revision", flat=True)
        .first()
    )
