"""The reads these pages need besides `tournaments.selectors`: each a fixed number of
queries, and each only inside the club the page reached through `club_access`."""

from __future__ import annotations

from django.db.models import Prefetch, QuerySet
from django.shortcuts import get_object_or_404

from clubs.models import Club, Player
from scoring.models import GameSession, Seat, SessionStatus
from scoring.rules.variants import VARIANTS
from tournaments.models import League, LeagueSession, Rating, SessionResult

RECENT_RESULTS = 10


def club_leagues(club: Club) -> list[League]:
    """Newest season first."""
    return list(League.objects.filter(club=club).order_by("-starts_on", "-created_at", "name"))


def club_league(club: Club, league_slug: str) -> League:
    league = get_object_or_404(League, club=club, slug=league_slug)
    league.club = club  # already loaded: the table must not ask for it again
    return league


def club_player(club: Club, player_id: int) -> Player:
    player = get_object_or_404(Player, pk=player_id, club=club)
    player.club = club
    return player


def rated_variants(club: Club) -> list[str]:
    """The games that have a leaderboard at the club, in the usual order of games."""
    rated = set(Rating.objects.filter(club=club).values_list("variant", flat=True).distinct())
    return [variant for variant in VARIANTS if variant in rated]


def recent_results(player: Player) -> list[SessionResult]:
    return list(
        SessionResult.objects.filter(player=player)
        .select_related("session")
        .order_by("-played_at", "-session_id")[:RECENT_RESULTS]
    )


def markable_sessions(league: League) -> QuerySet[GameSession]:
    """The club's finished sessions in the league's dates and games, newest first: the ones
    an organiser may count for a league of marked sessions."""
    sessions = GameSession.objects.filter(
        club_id=league.club_id,
        status=SessionStatus.FINISHED,
        finished_at__date__gte=league.starts_on,
        finished_at__date__lte=league.ends_on,
    )
    if league.variants:
        sessions = sessions.filter(variant__in=league.variants)
    return sessions.order_by("-finished_at", "-pk").prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("position"))
    )


def marked_session_ids(league: League) -> set[int]:
    return set(LeagueSession.objects.filter(league=league).values_list("session_id", flat=True))
