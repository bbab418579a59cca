"""The reads behind the directors' tournament screens: each a fixed number of queries,
whatever the size of the field, and each only inside the tournament the page reached
through `tournaments.tournament_access`."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models.functions import Lower
from django.http import Http404

from clubs.models import Club, Player
from scoring.formatting import unsigned_plus
from scoring.selectors import session_boards
from tournaments.tournament_models import Entry, Round, RoundStatus, RoundTable, Tournament


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


@dataclass(frozen=True)
class SeatView:
    number: int  # seat 1 first, clockwise, as the scorer seats them
    player: Player
    deals_first: bool
    points: int | None  # the running total once the table plays

    @property
    def points_text(self) -> str:
        return "" if self.points is None else unsigned_plus(self.points)


@dataclass(frozen=True)
class TableView:
    table: RoundTable
    seats: list[SeatView]
    hands: int
    confirmed_by: str  # who confirmed the result ("" while unconfirmed)
    can_confirm: bool  # the viewer sits at this finished, unconfirmed table

    @property
    def started(self) -> bool:
        return self.table.session_id is not None

    @property
    def finished(self) -> bool:
        return self.started and not self.table.session.is_active


@dataclass(frozen=True)
class RoundView:
    round: Round
    tables: list[TableView]

    @property
    def players(self) -> list[Player]:
        """Everyone seated in the round, by name (the swap form's choices)."""
        seated = [seat.player for table in self.tables for seat in table.seats]
        return sorted(seated, key=lambda p: p.name.lower())

    @property
    def playing(self) -> list[int]:
        """The numbers of the tables still in play."""
        return [t.table.number for t in self.tables if not t.finished]

    @property
    def can_finish(self) -> bool:
        return self.round.status == RoundStatus.STARTED and not self.playing


def round_view(round_: Round, user: AbstractBaseUser | AnonymousUser) -> RoundView:
    """The round's tables with their players, and once started each table's session, hands
    and running totals: four queries for any number of tables."""
    tables = list(
        RoundTable.objects.filter(round=round_)
        .select_related("session", "confirmed_by")
        .order_by("number")
    )
    ids = {pid for table in tables for pid in table.seats}
    players = {p.pk: p for p in Player.objects.filter(pk__in=ids)}
    boards = {
        board.session.pk: board
        for board in session_boards([t.session for t in tables if t.session is not None])
    }
    viewer = user.pk if user.is_authenticated else None
    views = []
    for table in tables:
        table.round = round_
        board = boards.get(table.session_id)
        seated = [players[pid] for pid in table.seats]
        seats = [
            SeatView(
                number=position + 1,
                player=player,
                deals_first=position == table.first_dealer,
                points=board.totals.get(position) if board else None,
            )
            for position, player in enumerate(seated)
        ]
        finished = table.session is not None and not table.session.is_active
        views.append(
            TableView(
                table=table,
                seats=seats,
                hands=board.hands_dealt if board else 0,
                confirmed_by=_confirmer(table, seated),
                can_confirm=(
                    finished
                    and table.confirmed_by_id is None
                    and viewer is not None
                    and any(p.user_id == viewer for p in seated)
                ),
            )
        )
    return RoundView(round=round_, tables=views)


def _confirmer(table: RoundTable, seated: list[Player]) -> str:
    """The confirming player's name at the table (the account's name if unseated since)."""
    if table.confirmed_by_id is None:
        return ""
    at_table = next((p for p in seated if p.user_id == table.confirmed_by_id), None)
    return at_table.name if at_table else table.confirmed_by.get_username()
