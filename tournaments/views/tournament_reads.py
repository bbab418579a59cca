"""The reads behind the directors' tournament screens: each a fixed number of queries,
whatever the size of the field, and each only inside the tournament the page reached
through `tournaments.tournament_access`."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models.functions import Lower
from django.http import Http404

from clubs.models import Club, Player
from tournaments.public_selectors import RoundView
from tournaments.tournament_models import Entry, Round, RoundTable, Tournament


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


def confirmable(view: RoundView, user: AbstractBaseUser | AnonymousUser) -> set[int]:
    """The tables whose "Confirm the result" the viewer is offered."""
    viewer = user.pk if user.is_authenticated else None
    return {table.number for table in view.tables if table.may_confirm(viewer)}
