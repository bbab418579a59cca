"""Reads behind the session screens, each in a fixed number of queries.

`session_board` gives everything the table screen shows (seats, every current hand, totals,
who deals next) from two queries, however many hands the session has.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from itertools import groupby

from django.db.models import Count, Prefetch, Q, QuerySet

from clubs.models import Club
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
    ledger: dict
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
    transfers: list[dict] = field(default_factory=list)

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


def session_board(session: GameSession) -> Board:
    seats = list(Seat.objects.filter(session=session).select_related("player"))
    versions = (
        HandVersion.objects.filter(hand__session=session, is_current=True)
        .select_related("hand")
        .order_by("hand__number")
    )
    return _board(session, seats, versions)


def session_boards(sessions: Iterable[GameSession]) -> Iterator[Board]:
    """The boards of many sessions from two queries (rebuilding results over a season)."""
    by_id = {session.pk: session for session in sessions}
    seats: dict[int, list[Seat]] = defaultdict(list)
    for seat in Seat.objects.filter(session__in=by_id).select_related("player"):
        seats[seat.session_id].append(seat)
    versions = (
        HandVersion.objects.filter(hand__session__in=by_id, is_current=True)
        .select_related("hand")
        .order_by("hand__session_id", "hand__number")
    )
    done = set()
    for session_id, group in groupby(versions.iterator(2000), key=lambda v: v.hand.session_id):
        done.add(session_id)
        yield _board(by_id[session_id], sorted(seats[session_id], key=_position), group)
    for session_id, session in by_id.items():
        if session_id not in done:
            yield _board(session, sorted(seats[session_id], key=_position), [])


def _position(seat: Seat) -> int:
    return seat.position


def _board(session: GameSession, seats: list[Seat], versions: Iterable[HandVersion]) -> Board:
    totals = {seat.position: 0 for seat in seats}
    rows: list[HandRow] = []
    transfers: list[dict] = []
    last_number = 0
    for version in versions:
        hand = version.hand
        last_number = max(last_number, hand.number)
        if version.status == HandStatus.REMOVED:
            continue
        scores = {int(pos): points for pos, points in version.ledger.get("scores", {}).items()}
        for pos, points in scores.items():
            totals[pos] += points
        transfers.extend(version.ledger.get("transfers", []))
        rows.append(
            HandRow(
                number=hand.number,
                shown_number=len(rows) + 1,
                dealer=hand.dealer,
                status=version.status,
                version=version.version,
                scores=scores,
                running=dict(totals),
                ledger=version.ledger,
                entry=HandEntry.from_json(version.entry),
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
