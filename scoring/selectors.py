"""Reads behind the session screens and the session API, each in a fixed number of queries.

`session_board` gives everything the table screen shows (seats, every current hand, totals,
who deals next) from two queries, however many hands the session has.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from functools import cached_property
from itertools import chain, groupby
from typing import Any

from django.db.models import F, Max, Prefetch, QuerySet, TextField
from django.db.models.functions import Cast, Lower

from clubs.models import Club, Player
from scoring import formats, rotation
from scoring.hand_entry import HandEntry
from scoring.history_store import HistoryStore, Stamp
from scoring.models import (
    Format,
    GameSession,
    HandCheck,
    HandStatus,
    HandVersion,
    Seat,
    SeatChange,
    SeatChangeKind,
    SessionStatus,
)


@dataclass(frozen=True)
class HandRow:
    number: int  # the hand's stored number (stable, used in URLs)
    shown_number: int  # 1, 2, 3 ... over the hands that count (undone hands are skipped)
    dealer: int
    status: str
    version: int
    scores: dict[int, int]
    running: dict[int, int]  # totals after this hand
    # The version's ledger and entry as stored: their JSON text, read when first asked for
    # (`ledger`, `entry`). A long evening's board needs every hand's scores but only the
    # shown hands' details; decoding all of them was most of a 200-hand board's cost.
    stored_ledger: dict[str, Any] | str = field(repr=False)
    stored_entry: dict[str, Any] | str = field(repr=False)

    def __eq__(self, other: object) -> bool:
        """Rows are equal when they say the same, whether read as text or carried decoded."""
        if not isinstance(other, HandRow):
            return NotImplemented
        return self._said() == other._said()

    __hash__ = None  # type: ignore[assignment]  # its dicts are not hashable either

    def _said(self) -> tuple[Any, ...]:
        return (
            self.number,
            self.shown_number,
            self.dealer,
            self.status,
            self.version,
            self.scores,
            self.running,
            self.ledger,
            self.entry,
        )

    @cached_property
    def ledger(self) -> dict[str, Any]:
        return _decoded(self.stored_ledger)

    @cached_property
    def entry(self) -> HandEntry:
        return HandEntry.from_json(_decoded(self.stored_entry))

    @property
    def is_void(self) -> bool:
        return self.status == HandStatus.VOID

    @property
    def winner(self) -> int | None:
        return None if self.is_void else self.entry.winner


def _decoded(stored: dict[str, Any] | str) -> dict[str, Any]:
    return json.loads(stored) if isinstance(stored, str) else stored


@dataclass(frozen=True)
class History:
    """What a session's hands and seat changes say at one revision: the part of a board that
    a process keeps between requests (scoring/history_store.py). Its readers change nothing
    in it."""

    rows: list[HandRow]
    totals: dict[int, int]
    last_number: int  # highest stored hand number, undone hands included
    changes: list[SeatChange] = field(default_factory=list)  # who sat down, left, came in
    # Every hand, undone ones included: its number -> the revision its current version made,
    # and its status now. What a watching phone lacks is read from here (`changed_since`).
    made_at: dict[int, tuple[int, str]] = field(default_factory=dict)

    @cached_property
    def transfers(self) -> list[dict[str, Any]]:
        """Every payment of the hands that count, in order (a deals session's chips)."""
        return [transfer for row in self.rows for transfer in row.ledger.get("transfers", [])]


@dataclass(frozen=True)
class Board:
    """A session as it stands: the session and its seats as read now (a player's name may
    change without a revision), and its history at the session's revision."""

    session: GameSession
    seats: list[Seat]  # every seat the session has had, by position
    history: History
    # The session's revision and changed_at the seats and the history were read at, when
    # both were (None: read in the middle of a change, or carried past a new hand).
    stamp: Stamp | None = None

    @property
    def is_whole(self) -> bool:
        """Whether the session, its seats and its history were all read at one revision: what
        is worked out from the board then holds for everyone at that revision."""
        return self.stamp is not None and self.stamp == stamp_of(self.session)

    @property
    def rows(self) -> list[HandRow]:
        return self.history.rows

    @property
    def totals(self) -> dict[int, int]:
        return self.history.totals

    @property
    def last_number(self) -> int:
        return self.history.last_number

    @property
    def changes(self) -> list[SeatChange]:
        return self.history.changes

    @property
    def made_at(self) -> dict[int, tuple[int, str]]:
        return self.history.made_at

    @property
    def transfers(self) -> list[dict[str, Any]]:
        return self.history.transfers

    def changed_since(self, revision: int) -> dict[int, str]:
        """Hand number -> its status now, for every hand a change after `revision` touched
        (recorded, corrected, voided or undone): what a watching phone at `revision` lacks."""
        return {
            number: status for number, (made, status) in self.made_at.items() if made > revision
        }

    @property
    def hands_dealt(self) -> int:
        return len(self.rows)

    @property
    def names(self) -> dict[int, str]:
        """Every seat's player, whoever has sat there: names the seats of any hand."""
        return {seat.position: seat.player.name for seat in self.seats}

    def dealt_names(self, entry: HandEntry) -> dict[int, str]:
        """The seats dealt into a recorded hand, whoever sits at the table now."""
        names = self.names
        return {seat.position: names[seat.position] for seat in entry.seats}

    @cached_property
    def pool(self) -> formats.PoolState | None:
        if self.session.format != Format.POOL:
            return None
        return formats.pool_state(
            pool_rules(self.session),
            hands=[
                formats.PlayedHand(row.number, row.shown_number, row.ledger) for row in self.rows
            ],
            entries=pool_entries(self.seats, self.changes),
            leavings=[
                formats.Leaving(change.after_number, position_of(self.seats, change.seat_id))
                for change in self.changes
                if change.kind == SeatChangeKind.LEFT
            ],
        )

    @cached_property
    def pot(self) -> formats.Pot | None:
        """A pool's money: the fees paid in and who takes what out; None for other formats."""
        pool = self.pool
        if pool is None:
            return None
        session = self.session
        return formats.pool_pot(
            pool, pool_rules(session), split=session.pot_split, stored=session.pot_shares
        )

    @cached_property
    def chips(self) -> dict[int, int] | None:
        stack = self.session.chips
        if self.session.format != Format.DEALS or stack is None:
            return None
        return formats.chips(stack, (seat.position for seat in self.seats), self.transfers)

    @property
    def playing_seats(self) -> list[Seat]:
        """The seats dealt into the next hand, in table order: seated, and in a pool still
        in it."""
        pool = self.pool
        return sorted(
            (
                seat
                for seat in self.seats
                if seat.seated and (pool is None or seat.position in pool.in_play)
            ),
            key=_place,
        )

    @property
    def playing(self) -> dict[int, str]:
        return {seat.position: seat.player.name for seat in self.playing_seats}

    @property
    def next_dealer(self) -> int:
        playing = self.playing_seats
        if not playing:
            return self.session.first_dealer
        last = self.rows[-1].dealer if self.rows else None
        by_position = {seat.position: seat for seat in self.seats}
        if last is None:
            # Nobody has dealt yet: the first dealer, or (gone before the first hand) the
            # next player round from where they sat.
            start, inclusive = by_position[self.session.first_dealer].place, True
        else:
            start, inclusive = by_position[last].place, False
        places = [seat.place for seat in playing]
        return _at_place(
            playing,
            rotation.next_in_turn(self.session.variant, places, start, inclusive=inclusive),
        )

    @property
    def deal_order(self) -> list[int]:
        """The seats that deal the next hands in turn while the table stays as it is: the
        next dealer first, then round the table in the game's direction."""
        playing = self.playing_seats
        if not playing:
            return [self.session.first_dealer]
        step = rotation.direction(self.session.variant)
        ordered = sorted(playing, key=_place, reverse=step < 0)
        at = next(i for i, seat in enumerate(ordered) if seat.position == self.next_dealer)
        return [seat.position for seat in ordered[at:] + ordered[:at]]

    @property
    def first_to_play(self) -> int:
        order = self.deal_order
        return order[1 % len(order)]

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


def _place(seat: Seat) -> tuple[int, int]:
    return (seat.place, seat.position)


def _at_place(seats: Sequence[Seat], place: int) -> int:
    return next(seat.position for seat in seats if seat.place == place)


def position_of(seats: Sequence[Seat], seat_id: int) -> int:
    return next(seat.position for seat in seats if seat.pk == seat_id)


def pool_rules(session: GameSession) -> formats.PoolRules:
    limit = session.pool_limit or formats.DEFAULT_POOL_LIMIT
    return formats.PoolRules(
        limit=limit,
        rejoins=session.pool_rejoins,
        rejoin_below=session.pool_rejoin_below or formats.default_rejoin_mark(limit),
        entry_fee=session.entry_fee,
    )


def pool_entries(seats: Sequence[Seat], changes: Sequence[SeatChange]) -> list[formats.Entry]:
    """Who came into the pool and when: the first players at the start (at 0), then every
    seat change that brought someone in, with the score the table set."""
    first_change: dict[int, SeatChange] = {}
    for change in changes:
        first_change.setdefault(change.seat_id, change)
    came_later = {
        seat_id
        for seat_id, change in first_change.items()
        if change.kind in (SeatChangeKind.JOINED, SeatChangeKind.SUBSTITUTE)
    }
    entries = [
        formats.Entry(0, seat.position, 0, "start") for seat in seats if seat.pk not in came_later
    ]
    for change in changes:
        if change.kind == SeatChangeKind.LEFT:
            continue
        entries.append(
            formats.Entry(
                change.after_number,
                position_of(seats, change.seat_id),
                change.pool_score or 0,
                str(change.kind),
                position_of(seats, change.replaced_id) if change.replaced_id else None,
            )
        )
    return entries


# What a board needs of each current version, read as plain tuples: building model
# instances for every hand costs more than the rest of the work (a season has 500,000).
# session id, hand number, dealer, status, version, the session revision it made, scores,
# ledger, entry; the ledger and the entry as their JSON text (HandRow decodes them when
# asked), the scores decoded.
VersionColumns = tuple[int, int, int, str, int, int, dict[str, int] | None, Any, Any]
# The same, then the session's revision and changed_at as the query read them.
StampedColumns = tuple[int, int, int, str, int, int, dict[str, int] | None, Any, Any, int, datetime]
_VERSION_COLUMNS = (
    "hand__session_id",
    "hand__number",
    "hand__dealer",
    "status",
    "version",
    "revision",
    "ledger__scores",
    "ledger_text",
    "entry_text",
)


def _current_versions(**where: Any) -> QuerySet[HandVersion]:
    return HandVersion.objects.filter(is_current=True, **where).annotate(
        ledger_text=Cast("ledger", TextField()), entry_text=Cast("entry", TextField())
    )


# Each process's copies of the histories it read or wrote last (scoring/history_store.py).
kept_histories: HistoryStore[History] = HistoryStore()


def stamp_of(session: GameSession) -> Stamp:
    return (session.revision, session.changed_at)


def session_board(session: GameSession, *, fresh: bool = False) -> Board:
    """The board of the session as it is in the database now (`session` may have been read
    before a change: its own fields are not read again). Its history comes from this
    process's copy when it has the one at the session's revision now; `fresh` reads it from
    the database whatever, as a change must before it moves the revision on."""
    seats, now = _seats_and_stamp(Seat.objects.filter(session=session))
    stamp = now.get(session.pk)
    history = None if fresh or stamp is None else kept_histories.get(session.pk, stamp)
    if history is None:
        changes = list(session.seat_changes.all())
        versions = _current_versions(hand__session=session).order_by("hand__number")
        rows = list(versions.values_list(*_VERSION_COLUMNS, *_STAMP_COLUMNS))
        history = _history(seats, (row[:-2] for row in rows), changes)
        if fresh or not rows or tuple(rows[-1][-2:]) != stamp:
            return Board(session=session, seats=seats, history=history)
        keep_history(session.pk, stamp, history)
    return Board(session=session, seats=seats, history=history, stamp=stamp)


# The session's revision and changed_at, read with its seats and with its hands. A history
# read between two reads that found the same pair is the one at that revision (every change
# moves the revision on), so it may be kept: the seat changes are read between the two.
_STAMP_COLUMNS = ("hand__session__revision", "hand__session__changed_at")


def _seats_and_stamp(query: QuerySet[Seat]) -> tuple[list[Seat], dict[int, Stamp]]:
    """The seats (with their players) and each of their sessions' revision and changed_at
    as the same query read them."""
    seats: list[Seat] = list(
        query.select_related("player").annotate(
            now_revision=F("session__revision"), now_changed_at=F("session__changed_at")
        )
    )
    return seats, {
        seat.session_id: (seat.now_revision, seat.now_changed_at)  # type: ignore[attr-defined]
        for seat in seats
    }


def keep_history(session_id: int, stamp: Stamp, history: History) -> None:
    """Keep `history` as the session's at `stamp` (its size: a hand's versions and one)."""
    kept_histories.put(session_id, stamp, history, size=len(history.made_at) + 1)


def playing_names(session: GameSession) -> dict[int, str]:
    """`session_board(session).playing` (the seats dealt into the next hand, in table
    order, with their players' names) from the seats alone, unless the session is a pool,
    whose hands say who is out: reading a form's hand needs no history."""
    if session.format == Format.POOL:
        return session_board(session).playing
    seats = Seat.objects.filter(session=session, seated=True).select_related("player")
    return {seat.position: seat.player.name for seat in sorted(seats, key=_place)}


def board_with_hand(board: Board, version: HandVersion) -> Board:
    """The board once `version`, a new last hand, is stored: what `session_board` would read
    now, without reading it again (a hand POST builds its board once)."""
    hand = version.hand
    ledger = version.ledger
    scores = {int(pos): points for pos, points in ledger.get("scores", {}).items()}
    totals = dict(board.totals)
    for pos, points in scores.items():
        totals[pos] += points
    row = HandRow(
        number=hand.number,
        shown_number=len(board.rows) + 1,
        dealer=hand.dealer,
        status=version.status,
        version=version.version,
        scores=scores,
        running=dict(totals),
        stored_ledger=ledger,
        stored_entry=version.entry,
    )
    history = History(
        rows=[*board.rows, row],
        totals=totals,
        last_number=max(board.last_number, hand.number),
        changes=board.changes,
        made_at={**board.made_at, hand.number: (version.revision, version.status)},
    )
    return Board(session=board.session, seats=board.seats, history=history)


# What a board reads of its session. A caller that loads a season's sessions with `.only()`
# must load these, or each board pays a query for every deferred field it touches.
BOARD_FIELDS = (
    "pk",
    "variant",
    "status",
    "first_dealer",
    "format",
    "pool_limit",
    "pool_rejoins",
    "pool_rejoin_below",
    "entry_fee",
    "pot_split",
    "pot_shares",
    "chips",
)


def session_boards(
    sessions: Iterable[GameSession], *, scores_only: bool = False
) -> Iterator[Board]:
    """The boards of many sessions from a fixed number of queries (rebuilding results over
    a season).

    `scores_only`: each row's ledger holds only its scores (no transfers or details), all
    that a points session's results need; reading a season's full ledgers costs more than
    the rest. Pool and deals sessions are read whole: their standings come from payments."""
    by_id = {session.pk: session for session in sessions}
    seats: dict[int, list[Seat]] = defaultdict(list)
    found, now = _seats_and_stamp(Seat.objects.filter(session__in=by_id))
    for seat in found:
        seats[seat.session_id].append(seat)
    for session_id in list(by_id):
        stamp = now.get(session_id)
        history = None if stamp is None else kept_histories.get(session_id, stamp)
        if history is not None:
            yield Board(
                session=by_id.pop(session_id),
                seats=sorted(seats[session_id], key=_position),
                history=history,
                stamp=stamp,
            )
    if not by_id:
        return
    changes: dict[int, list[SeatChange]] = defaultdict(list)
    for change in SeatChange.objects.filter(session__in=by_id):
        changes[change.session_id].append(change)
    rows: Iterator[StampedColumns]
    if scores_only:
        points = {pk for pk, session in by_id.items() if session.format == Format.POINTS}
        rows = chain(
            _versions(points, scores_only=True), _versions(set(by_id) - points, scores_only=False)
        )
    else:
        rows = _versions(set(by_id), scores_only=False)
    done = set()
    for session_id, group in groupby(rows, key=lambda row: row[0]):
        done.add(session_id)
        read = list(group)
        board = _board(
            by_id[session_id],
            sorted(seats[session_id], key=_position),
            (row[:-2] for row in read),
            changes[session_id],
        )
        # A history read whole, all at the revision its seats were read at, may be kept.
        whole = not scores_only or by_id[session_id].format != Format.POINTS
        stamp = now.get(session_id)
        if whole and stamp is not None and tuple(read[-1][-2:]) == stamp:
            keep_history(session_id, stamp, board.history)
            board = replace(board, stamp=stamp)
        yield board
    for session_id, session in by_id.items():
        if session_id not in done:
            yield _board(session, sorted(seats[session_id], key=_position), [], changes[session_id])


def _versions(session_ids: set[int], *, scores_only: bool) -> Iterator[StampedColumns]:
    if not session_ids:
        return
    query = _current_versions(hand__session__in=session_ids).order_by(
        "hand__session_id", "hand__number"
    )
    if scores_only:
        # A ledger of its scores only: the rest is not even read.
        columns = (*_VERSION_COLUMNS[:7], "entry_text", *_STAMP_COLUMNS)
        for *head, scores, entry, revision, changed_at in query.values_list(*columns).iterator(
            2000
        ):
            yield (*head, scores, {"scores": scores or {}}, entry, revision, changed_at)
    else:
        yield from query.values_list(*_VERSION_COLUMNS, *_STAMP_COLUMNS).iterator(2000)


def _position(seat: Seat) -> int:
    return seat.position


def _board(
    session: GameSession,
    seats: list[Seat],
    versions: Iterable[VersionColumns],
    changes: list[SeatChange],
) -> Board:
    return Board(session=session, seats=seats, history=_history(seats, versions, changes))


def _history(
    seats: list[Seat], versions: Iterable[VersionColumns], changes: list[SeatChange]
) -> History:
    totals = {seat.position: 0 for seat in seats}
    rows: list[HandRow] = []
    made_at: dict[int, tuple[int, str]] = {}
    last_number = 0
    for _sid, number, dealer, status, version, made, stored_scores, ledger, entry in versions:
        last_number = max(last_number, number)
        made_at[number] = (made, status)
        if status == HandStatus.REMOVED:
            continue
        scores = {int(pos): points for pos, points in (stored_scores or {}).items()}
        for pos, points in scores.items():
            totals[pos] += points
        rows.append(
            HandRow(
                number=number,
                shown_number=len(rows) + 1,
                dealer=dealer,
                status=status,
                version=version,
                scores=scores,
                running=dict(totals),
                stored_ledger=ledger,
                stored_entry=entry,
            )
        )
    return History(
        rows=rows, totals=totals, last_number=last_number, changes=changes, made_at=made_at
    )


def hand_history(session: GameSession, number: int) -> QuerySet[HandVersion]:
    """Every version of one hand, newest first, with who made each, the players' answers
    to it and an organiser's decision on it."""
    return (
        HandVersion.objects.filter(hand__session=session, hand__number=number)
        .select_related("created_by", "decision__by")
        .prefetch_related(Prefetch("checks", queryset=HandCheck.objects.order_by("pk")))
        .order_by("-version")
    )


@dataclass(frozen=True)
class HandRead:
    """What the page of one hand's versions shows, read in a fixed number of queries."""

    session: GameSession
    number: int
    versions: list[HandVersion]  # newest first
    seats: list[Seat]
    shown_number: int | None  # its place among the counted hands; None once undone


def hand_read(session: GameSession, number: int) -> HandRead | None:
    """Every version of one hand and the session's seats; None: the session has no such
    hand."""
    versions = list(hand_history(session, number))
    if not versions:
        return None
    current = next((v for v in versions if v.is_current), versions[0])
    if current.status == HandStatus.REMOVED:
        seats, shown = list(Seat.objects.filter(session=session).select_related("player")), None
    else:
        board = session_board(session)
        seats = board.seats
        shown = next((row.shown_number for row in board.rows if row.number == number), None)
    return HandRead(
        session=session, number=number, versions=versions, seats=seats, shown_number=shown
    )


def club_sessions(club: Club) -> QuerySet[GameSession]:
    """The club's sessions, newest first, with their players (and `hand_count`, which
    every change keeps on the session)."""
    return GameSession.objects.filter(club=club).prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("position"))
    )


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
class ListedSession:
    """A session as a list of sessions shows it (the club and home pages), read as plain
    values: a list of 22 sessions built some 150 model instances for a few names."""

    pk: int
    variant: str
    is_active: bool
    started_at: datetime
    hand_count: int
    club_id: int
    club_slug: str
    club_timezone: str
    players: list[str]  # by seat position


_LISTED = (
    "pk",
    "variant",
    "status",
    "started_at",
    "hand_count",
    "club_id",
    "club__slug",
    "club__timezone",
)


def _listed(*queries: QuerySet[GameSession]) -> list[list[ListedSession]]:
    """Each query's sessions, then every one's players in one more query."""
    found = [list(query.values_list(*_LISTED)) for query in queries]
    players: dict[int, list[str]] = defaultdict(list)
    seats = Seat.objects.filter(session__in=[row[0] for rows in found for row in rows])
    for session_id, name in seats.order_by("session_id", "position").values_list(
        "session_id", "player__name"
    ):
        players[session_id].append(name)
    return [
        [
            ListedSession(
                pk=pk,
                variant=variant,
                is_active=status == SessionStatus.ACTIVE,
                started_at=started_at,
                hand_count=hand_count,
                club_id=club_id,
                club_slug=slug,
                club_timezone=zone,
                players=players[pk],
            )
            for pk, variant, status, started_at, hand_count, club_id, slug, zone in rows
        ]
        for rows in found
    ]


@dataclass(frozen=True)
class ClubSessions:
    active: list[ListedSession]
    recent_finished: list[ListedSession]


def club_page_sessions(club: Club) -> ClubSessions:
    """Sessions in play and the latest finished ones, with their players and hand counts
    (the club page, through clubs.pages): three queries."""
    sessions = GameSession.objects.filter(club=club).order_by("-started_at")
    active, finished = _listed(
        sessions.filter(status=SessionStatus.ACTIVE),
        sessions.filter(status=SessionStatus.FINISHED)[:RECENT_FINISHED],
    )
    return ClubSessions(active=active, recent_finished=finished)


def active_sessions_by_club(club_ids: Sequence[int]) -> dict[int, list[ListedSession]]:
    """The sessions in play at each club, newest first, with their players (the home page,
    through clubs.pages): one query for the sessions, one for their players."""
    sessions = GameSession.objects.filter(club__in=club_ids, status=SessionStatus.ACTIVE).order_by(
        "-started_at"
    )
    (listed,) = _listed(sessions)
    by_club: dict[int, list[ListedSession]] = {club_id: [] for club_id in club_ids}
    for session in listed:
        by_club[session.club_id].append(session)
    return by_club


def session_list(club: Club) -> QuerySet[GameSession]:
    """The club's sessions with their seats (prefetched) and `hand_count`."""
    return club_sessions(club)


def attach_totals(sessions: Sequence[GameSession]) -> None:
    """Set `totals` ({seat position: points}) on each session, in one query for them all:
    each hand's scores alone are read out of its ledger, as a board reads them."""
    totals: dict[int, dict[int, int]] = defaultdict(lambda: defaultdict(int))
    scores = (
        HandVersion.objects.filter(hand__session__in=[s.pk for s in sessions], is_current=True)
        .exclude(status=HandStatus.REMOVED)
        .values_list("hand__session_id", "ledger__scores")
    )
    for session_id, hand_scores in scores:
        for position, points in (hand_scores or {}).items():
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


def seat_of(session: GameSession, user: Any) -> int | None:
    """The position of the seat whose player is `user`'s in the session, if any: where that
    account answers for (scoring/hand_checks.py)."""
    if not getattr(user, "is_authenticated", False):
        return None
    seats = Seat.objects.filter(session=session, player__user=user)
    return seats.values_list("position", flat=True).first()
