"""Reads behind a tournament's public pages, projector, API and the directors' round page:
rounds and their tables.

Every read here costs a fixed number of queries whatever the number of tables or players:
the tables of any number of rounds in one query, the drawn players' names in one, and
the running totals of every table in play from `scoring.selectors.session_boards` (two
queries for all of them). The standings always come from `tournament_standings`.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import cached_property

from django.contrib.auth.models import AnonymousUser, User
from django.core.exceptions import ObjectDoesNotExist
from django.db.models import Count, Max, Q
from django.db.models.functions import Lower
from django.http import Http404
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from clubs.models import Club, Confirmation, Player
from common.numbers import signed, unsigned_plus
from scoring.models import GameSession
from scoring.selectors import Board, session_boards
from tournaments.models import (
    Entry,
    Round,
    RoundEnding,
    RoundKind,
    RoundStatus,
    RoundTable,
    StandingsLine,
    Tournament,
    TournamentStatus,
)
from tournaments.standings import (
    Line,
    TournamentStandings,
    is_updating_tournament,
    tournament_standings,
)


@dataclass(frozen=True)
class SeatView:
    position: int  # 0 is the first seat; seats run clockwise
    player_id: int
    name: str
    points: int | None  # the running total at the table; None before the round starts
    deals_first: bool
    user_id: int | None = None  # the player's account, if any (who may confirm the table)

    @property
    def number(self) -> int:
        """The seat as people count it: seat 1 first."""
        return self.position + 1

    @property
    def points_text(self) -> str:
        return "" if self.points is None else unsigned_plus(self.points)


@dataclass(frozen=True)
class TableState:
    number: int
    seats: list[SeatView]
    first_dealer: int  # the seat position that deals the first hand
    session_id: int | None  # None until the round starts
    hands: int  # hands counted so far
    finished: bool
    confirmed: bool
    # The player at the table whose account confirmed the result (None: not confirmed, or
    # that account is no longer one of the table's players), and when.
    confirmed_by: int | None = None
    confirmed_at: datetime | None = None
    # Its hands are confirmed one by one at the table (the tournament's rule): the finished
    # table needs no second player's confirmation.
    by_hand: bool = False
    started_at: datetime | None = None  # when the table's session began

    @property
    def started(self) -> bool:
        return self.session_id is not None

    @property
    def seat_names(self) -> list[str]:
        """The players' names in seat order."""
        return [seat.name for seat in self.seats]

    @property
    def confirmed_by_name(self) -> str:
        """The name of the player who confirmed ("" if none, or no longer at the table)."""
        return next((s.name for s in self.seats if s.player_id == self.confirmed_by), "")

    def may_confirm(self, user_id: int | None) -> bool:
        """Whether the account may be offered "Confirm the result": it plays at this
        finished, unconfirmed table (the service still checks who recorded the hands)."""
        return (
            self.finished
            and not self.by_hand
            and not self.confirmed
            and user_id is not None
            and any(seat.user_id == user_id for seat in self.seats)
        )

    @property
    def state_code(self) -> str:
        """Where the table is, as a code for the page's styles: drawn, in-play, finished or
        confirmed."""
        if self.confirmed:
            return "confirmed"
        if self.finished:
            return "finished"
        return "in-play" if self.started else "drawn"

    @cached_property
    def state(self) -> str:
        """How the table reads on a page: drawn, in play, finished or confirmed."""
        labels = {
            "confirmed": pgettext("a table's status", "Confirmed"),
            "finished": pgettext("a table's status", "Finished"),
            "in-play": pgettext("a table's status", "In play"),
            "drawn": pgettext("a table's status", "Drawn"),
        }
        return labels[self.state_code]

    @cached_property
    def leaders(self) -> set[int]:
        """Seat positions with the best total so far (none before the first hand)."""
        if not self.hands:
            return set()
        best = max(seat.points or 0 for seat in self.seats)
        return {seat.position for seat in self.seats if (seat.points or 0) == best}


@dataclass(frozen=True)
class RoundClock:
    """A timed round's clock, from when its tables started and whether any still plays."""

    round: Round
    started: list[datetime]  # when each started table's session began
    playing: bool  # a table is drawn or still in play

    @property
    def time_called_at(self) -> datetime | None:
        """When a timed round's time is up (its minutes after the tables started), while
        any table still plays; None for rounds that end by deals or hands."""
        tournament = self.round.tournament
        if tournament.round_ending != RoundEnding.MINUTES or not self.started or not self.playing:
            return None
        return min(self.started) + timedelta(minutes=tournament.round_target)

    @property
    def minutes_left(self) -> int:
        """Whole minutes (rounded up) until time is called; 0 once it has been."""
        called = self.time_called_at
        if called is None:
            return 0
        return max(0, math.ceil((called - timezone.now()).total_seconds() / 60))


@dataclass(frozen=True)
class RoundState:
    round: Round
    tables: list[TableState]

    @property
    def title(self) -> str:
        return round_title(self.round)

    @property
    def in_play(self) -> bool:
        return self.round.status == RoundStatus.STARTED

    @cached_property
    def clock(self) -> RoundClock:
        started = [table.started_at for table in self.tables if table.started_at]
        return RoundClock(round=self.round, started=started, playing=bool(self.playing))

    @property
    def time_called_at(self) -> datetime | None:
        return self.clock.time_called_at

    @property
    def minutes_left(self) -> int:
        return self.clock.minutes_left

    @property
    def playing(self) -> list[int]:
        """The numbers of the tables not finished yet."""
        return [table.number for table in self.tables if not table.finished]

    @property
    def can_finish(self) -> bool:
        return self.in_play and not self.playing


@dataclass(frozen=True)
class EntryCounts:
    entered: int
    checked_in: int
    withdrawn: int
    finalists: int


def round_title(round_: Round) -> str:
    if round_.kind == RoundKind.FINAL:
        return pgettext("a tournament round", "Final table")
    return pgettext("a tournament round", "Round %(number)s") % {"number": round_.number}


def tournament_rounds(tournament: Tournament) -> list[Round]:
    """Every round drawn so far, the final last; one query."""
    rounds = list(Round.objects.filter(tournament=tournament).order_by("number"))
    for round_ in rounds:
        round_.tournament = tournament  # already loaded: nothing below asks for it again
    return rounds


def current_round(rounds: Sequence[Round]) -> Round | None:
    """The round the room is playing or about to play: the latest one drawn."""
    return rounds[-1] if rounds else None


def round_tables(rounds: Sequence[Round]) -> dict[int, list[TableState]]:
    """Each round's tables (by round id), seats in order, with running totals once started.

    A started table's seats are its session's, which is who really plays there (a seat
    can be changed by hand); a drawn one shows the draw.
    """
    if not rounds:
        return {}
    return _table_states(rounds, _tables_of(rounds))


def _tables_of(rounds: Sequence[Round]) -> list[RoundTable]:
    """The rounds' tables with their sessions, in one query."""
    return list(
        RoundTable.objects.filter(round__in=list(rounds))
        .select_related("session")
        .order_by("round_id", "number")
    )


def _table_states(
    rounds: Sequence[Round], tables: Sequence[RoundTable]
) -> dict[int, list[TableState]]:
    by_round: dict[int, list[TableState]] = {round_.pk: [] for round_ in rounds}
    boards = _boards(tables)
    drawn_ids = {pid for t in tables if t.session_id is None for pid in t.seats}
    names = {
        pk: (name, user_id)
        for pk, name, user_id in Player.objects.filter(pk__in=drawn_ids).values_list(
            "pk", "name", "user_id"
        )
    }
    for table in tables:
        board = boards.get(table.session_id) if table.session_id else None
        by_round[table.round_id].append(_table_view(table, board, names))
    return by_round


def _boards(tables: Sequence[RoundTable]) -> dict[int, Board]:
    sessions = [t.session for t in tables if t.session is not None]
    if not sessions:
        return {}
    # Read whole (a round's tables hold few hands), so each table's history is kept for the
    # next reader of the page (scoring/history_store.py).
    return {board.session.pk: board for board in session_boards(sessions)}


def _table_view(
    table: RoundTable, board: Board | None, names: Mapping[int, tuple[str, int | None]]
) -> TableState:
    if board is None:
        seats = [
            SeatView(
                position=position,
                player_id=pid,
                name=names.get(pid, ("?", None))[0],
                points=None,
                deals_first=position == table.first_dealer,
                user_id=names.get(pid, ("?", None))[1],
            )
            for position, pid in enumerate(table.seats)
        ]
        return TableState(
            number=table.number,
            seats=seats,
            first_dealer=table.first_dealer,
            session_id=None,
            hands=0,
            finished=False,
            confirmed=False,
        )
    first_dealer = board.session.first_dealer
    confirmer = table.confirmed_by_id
    by_hand = board.session.confirmation != Confirmation.NONE
    finished = not board.session.is_active
    seats = [
        SeatView(
            position=seat.position,
            player_id=seat.player_id,
            name=seat.player.name,
            points=board.totals.get(seat.position, 0),
            deals_first=seat.position == first_dealer,
            user_id=seat.player.user_id,
        )
        for seat in board.seats
    ]
    return TableState(
        number=table.number,
        seats=seats,
        first_dealer=first_dealer,
        session_id=table.session_id,
        hands=board.hands_dealt,
        finished=finished,
        # A table confirmed hand by hand can finish only with no hand disputed.
        confirmed=confirmer is not None or (by_hand and finished),
        by_hand=by_hand,
        # The seats' players are loaded with the board: finding the confirmer costs nothing.
        confirmed_by=next(
            (s.player_id for s in board.seats if confirmer and s.player.user_id == confirmer),
            None,
        ),
        confirmed_at=table.confirmed_at,
        started_at=board.session.started_at,
    )


def round_view(round_: Round) -> RoundState:
    return RoundState(round=round_, tables=round_tables([round_])[round_.pk])


def entry_counts(tournament: Tournament) -> EntryCounts:
    """How many entered, checked in, withdrew and reached the final table; one query."""
    counts = Entry.objects.filter(tournament=tournament).aggregate(
        entered=Count("pk"),
        checked_in=Count("pk", filter=Q(checked_in=True)),
        withdrawn=Count("pk", filter=Q(withdrawn_after_round__isnull=False)),
        finalists=Count("pk", filter=Q(carried__isnull=False)),
    )
    return EntryCounts(**counts)


@dataclass(frozen=True)
class PublicView:
    """Everything the overview and the projector show, read as they need it: what says
    whether anything changed comes first (`key`), the standings and the tables only when
    a page draws them."""

    tournament: Tournament
    rounds: list[Round]
    latest: Round | None  # the round being played or about to be
    tables: list[RoundTable]  # its tables, with their sessions
    updating: bool  # hands are recorded that the standings do not show yet
    # How many standings lines are stored and the highest id: every rewrite of them (a
    # hand's update, an entry, the cut) makes new ones. None: none stored yet.
    lines: tuple[int, int] | None

    @cached_property
    def current(self) -> RoundState | None:
        if self.latest is None:
            return None
        return RoundState(
            round=self.latest, tables=_table_states([self.latest], self.tables)[self.latest.pk]
        )

    @property
    def title(self) -> str:
        return round_title(self.latest) if self.latest is not None else ""

    @cached_property
    def standings(self) -> TournamentStandings:
        return tournament_standings(self.tournament, updating=self.updating)

    @property
    def winners(self) -> list[Line]:
        return self.standings.winners

    @cached_property
    def clock(self) -> RoundClock | None:
        """The current round's clock, from its tables' sessions alone."""
        if self.latest is None:
            return None
        started = [t.session.started_at for t in self.tables if t.session is not None]
        playing = any(t.session is None or t.session.is_active for t in self.tables)
        return RoundClock(round=self.latest, started=started, playing=playing)

    @property
    def key(self) -> str:
        """What names everything the live part of the overview shows but its clock: the
        tournament, its rounds, the current round's tables and their sessions' revisions,
        the players' names, the stored standings; "" while no standings are stored (they
        are then worked out afresh). Its drawing is kept by it (`{% kept %}`)."""
        if self.lines is None:
            return ""
        tournament = self.tournament
        return json.dumps(
            [
                [tournament.pk, tournament.slug, tournament.status, tournament.club.slug],
                str(tournament.club.names_changed_at),
                [[r.pk, r.number, r.kind, r.status] for r in self.rounds],
                [_table_said(table) for table in self.tables],
                [self.updating, self.lines],
            ]
        )

    @property
    def at_final(self) -> bool:
        return self.tournament.status in (TournamentStatus.FINAL, TournamentStatus.FINISHED) and (
            bool(self.standings.final)
        )

    @property
    def playing(self) -> bool:
        """A round is drawn or in play: its tables are the news."""
        return self.latest is not None and self.latest.status != RoundStatus.FINISHED


def _table_said(table: RoundTable) -> list[object]:
    session = table.session
    played = None if session is None else [session.revision, str(session.changed_at)]
    confirmed = [table.confirmed_by_id, str(table.confirmed_at)]
    return [table.pk, table.number, table.seats, table.first_dealer, played, confirmed]


def public_view(tournament: Tournament) -> PublicView:
    rounds = tournament_rounds(tournament)
    latest = current_round(rounds)
    stored = StandingsLine.objects.filter(tournament=tournament).aggregate(
        count=Count("pk"), highest=Max("pk")
    )
    return PublicView(
        tournament=tournament,
        rounds=rounds,
        latest=latest,
        tables=_tables_of([latest]) if latest is not None else [],
        updating=is_updating_tournament(tournament),
        lines=(stored["count"], stored["highest"]) if stored["count"] else None,
    )


def club_tournaments(club: Club, *, released_only: bool) -> list[Tournament]:
    """Newest first; `released_only` for visitors who are not members (a public club's),
    who can open only the tournaments the organiser has released."""
    tournaments = Tournament.objects.filter(club=club)
    if released_only:
        tournaments = tournaments.filter(published=True)
    return list(tournaments.order_by("-starts_on", "-created_at"))


def entries(tournament: Tournament) -> list[Entry]:
    """Every entry by name: the director finds a player at check-in by their name."""
    return list(
        Entry.objects.filter(tournament=tournament)
        .select_related("player")
        .order_by(Lower("player__name"))
    )


def entry_of(tournament: Tournament, player_id: int) -> Entry:
    entry = (
        Entry.objects.filter(tournament=tournament, player_id=player_id)
        .select_related("player")
        .first()
    )
    if entry is None:
        raise Http404("No such entry.")
    return entry


def free_players(tournament: Tournament) -> list[Player]:
    """The club's players who are not entered yet, by name."""
    return list(
        Player.objects.filter(club_id=tournament.club_id)
        .exclude(entries__tournament=tournament)
        .order_by(Lower("name"))
    )


def rounds(tournament: Tournament) -> list[Round]:
    return list(Round.objects.filter(tournament=tournament).order_by("number"))


def round_of(tournament: Tournament, number: int) -> Round:
    round_ = Round.objects.filter(tournament=tournament, number=number).first()
    if round_ is None:
        raise Http404("No such round.")
    round_.tournament = tournament  # already loaded: the services must not ask again
    return round_


def table_of(round_: Round, number: int) -> RoundTable:
    table = RoundTable.objects.filter(round=round_, number=number).first()
    if table is None:
        raise Http404("No such table.")
    table.round = round_
    return table


def seated_players(round_: Round) -> list[Player]:
    """Everyone drawn into the round, by name: the swap form's choices."""
    ids = [pid for seats in round_.tables.values_list("seats", flat=True) for pid in seats]
    return list(Player.objects.filter(pk__in=ids).order_by(Lower("name")))


def confirmable(view: RoundState, user: User | AnonymousUser) -> set[int]:
    """The tables whose "Confirm the result" the viewer is offered."""
    viewer = user.pk if user.is_authenticated else None
    return {table.number for table in view.tables if table.may_confirm(viewer)}


def carried_scores(session: GameSession) -> dict[int, str]:
    """A final table's session: what each finalist carried in, by seat ("carried +45"), for
    its session screen (registered with scoring.pages). Nothing for any other session, at
    no query: the session comes with its table joined (scoring/access.py)."""
    try:
        table = session.tournament_table
    except ObjectDoesNotExist:
        return {}
    if table.round.kind != RoundKind.FINAL:
        return {}
    carried = {
        player_id: score
        for player_id, score in Entry.objects.filter(
            tournament_id=table.round.tournament_id, carried__isnull=False
        ).values_list("player_id", "carried")
        if score is not None  # the filter's promise, for the type checker
    }
    return {
        # Translators: beside a finalist on the final table's score screen, e.g. "carried +45".
        position: _("carried %(score)s") % {"score": signed(carried[player_id])}
        for position, player_id in session.seats.values_list("position", "player_id")
        if player_id in carried
    }
