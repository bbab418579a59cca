"""Reads behind league tables, leaderboards and player pages, in a fixed number of queries."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db.models import Count, Exists, OuterRef, Prefetch, Q, QuerySet, Sum
from django.db.models.functions import Coalesce
from django.shortcuts import get_object_or_404
from django.utils import timezone

from clubs.models import Club, Player
from leagues import ranking
from leagues.models import (
    Basis,
    League,
    LeagueSession,
    PendingUpdate,
    Rating,
    RatingChange,
    SessionResult,
    Standing,
)
from leagues.ranking import ranked_groups, times_finished_above
from leagues.services.ratings import PROVISIONAL_GAMES
from leagues.services.standings import counted_results
from scoring.models import GameSession, Seat, SessionStatus
from scoring.rules.variants import VARIANTS

BASIS_FIELD: dict[str, str] = {
    Basis.POINTS: "points",
    Basis.HANDS_WON: "hands_won",
    Basis.SESSIONS_WON: "sessions_won",
    Basis.PLACING: "placing_points",
}


# `leagues.ranking.Key` for standings, spelled out: written `Key[Standing]`, mypy checks the
# bound (`Ranked`, a pk) before the Django plugin has given the model its pk, and refuses it.
StandingKey = Callable[[list[Standing]], dict[int, object]]


@dataclass(frozen=True)
class TableRow:
    rank: int | None  # None: not ranked yet (too few sessions)
    standing: Standing

    @property
    def player(self) -> Player:
        return self.standing.player


@dataclass(frozen=True)
class LeagueTable:
    league: League
    rows: list[TableRow]  # ranked first, then the unranked
    updating: bool  # hands are recorded that the table does not show yet


def is_updating(club: Club) -> bool:
    return PendingUpdate.objects.filter(club=club).exists()


def league_table(league: League) -> LeagueTable:
    standings = list(Standing.objects.filter(league=league).select_related("player"))
    ranked = [s for s in standings if s.sessions >= league.min_sessions]
    unranked = sorted(
        (s for s in standings if s.sessions < league.min_sessions),
        key=lambda s: (-s.sessions, s.player.name.lower()),
    )
    groups = _rank(league, ranked)
    rows: list[TableRow] = []
    for group in groups:
        rank = len(rows) + 1
        rows += [TableRow(rank, s) for s in sorted(group, key=lambda s: s.player.name.lower())]
    rows += [TableRow(None, s) for s in unranked]
    return LeagueTable(league=league, rows=rows, updating=is_updating(league.club))


def _rank(league: League, standings: list[Standing]) -> list[list[Standing]]:
    """Groups of standings in table order; players still level after every tie-breaker
    share a group (and a rank)."""
    field = BASIS_FIELD[league.basis]
    keys: list[StandingKey] = [lambda group: {s.pk: getattr(s, field) for s in group}]
    keys += [_breaker(league, breaker) for breaker in league.tie_breakers]
    return ranked_groups(standings, keys)


def _breaker(league: League, breaker: str) -> StandingKey:
    if breaker == ranking.WINS:
        return lambda group: {s.pk: s.sessions_won for s in group}
    if breaker == ranking.AVERAGE:
        return lambda group: {s.pk: s.average for s in group}
    if breaker == ranking.RECENT:
        # A better place in one's latest session first; then the more recent of two.
        return lambda group: {
            s.pk: (-(s.last_place or 99), s.last_played_at.timestamp() if s.last_played_at else 0)
            for s in group
        }
    return lambda group: _head_to_head(league, group)


def _head_to_head(league: League, group: Sequence[Standing]) -> dict[int, object]:
    """Among the tied players: how many times each finished above another of them in a
    counted session they both played (a mini-league of the tied players)."""
    ids = {s.player_id: s.pk for s in group}
    results = SessionResult.objects.filter(
        counted_results(league), finished=True, player_id__in=ids
    ).values_list("session_id", "player_id", "place")
    by_session: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for session_id, player_id, place in results:
        by_session[session_id].append((player_id, place))
    beaten = times_finished_above(ids, by_session.values())
    return {ids[player]: count for player, count in beaten.items()}


@dataclass(frozen=True)
class LeaderboardRow:
    rank: int
    rating: Rating

    @property
    def provisional(self) -> bool:
        return self.rating.games < PROVISIONAL_GAMES


def leaderboard_cutoff(club: Club, *, now: datetime | None = None) -> datetime | None:
    """The oldest rated session that still keeps a player on the club's leaderboards: a
    player whose latest rated session of the game is older is left out until they play
    again. None when the club keeps everyone (its window is 0 or blank)."""
    days = club.leaderboard_days
    if not days:
        return None
    return (now or timezone.now()) - timedelta(days=days)


def on_leaderboard(last_rated_at: datetime | None, cutoff: datetime | None) -> bool:
    """Whether a rating whose latest rated session was at `last_rated_at` is listed."""
    return cutoff is None or (last_rated_at is not None and last_rated_at >= cutoff)


def leaderboard(club: Club, variant: str, *, now: datetime | None = None) -> list[LeaderboardRow]:
    """The club's rated players of the game, highest conservative rating first, without
    those who have had no rated session of it within the club's window (one query).

    Ranks count only the players listed: the board reads 1, 2, 3 ... whoever is away.
    """
    ratings = Rating.objects.filter(club=club, variant=variant)
    cutoff = leaderboard_cutoff(club, now=now)
    if cutoff is not None:
        ratings = ratings.filter(
            Exists(
                RatingChange.objects.filter(
                    club_id=OuterRef("club_id"),
                    variant=OuterRef("variant"),
                    player_id=OuterRef("player_id"),
                    rated_at__gte=cutoff,
                )
            )
        )
    ratings = ratings.select_related("player").order_by("-ordinal", "player__name")
    return [LeaderboardRow(rank, rating) for rank, rating in enumerate(ratings, 1)]


@dataclass(frozen=True)
class VariantStats:
    variant: str
    sessions: int
    wins: int
    points: int
    hands_won: int

    @property
    def average(self) -> float:
        return self.points / self.sessions if self.sessions else 0.0


@dataclass(frozen=True)
class PlayerStats:
    player: Player
    by_variant: list[VariantStats]
    best_hands: list[SessionResult]  # the sessions holding the player's best single hands
    ratings: list[Rating]
    history: list[RatingChange]  # oldest first, every game
    # Per rated game: whether the player is on its leaderboard (rated within the window).
    listed: dict[str, bool]


def player_stats(player: Player, *, best: int = 5, now: datetime | None = None) -> PlayerStats:
    """`player.club` should be loaded already (`club_player`): the leaderboard window is
    the club's."""
    results = SessionResult.objects.filter(player=player)
    history = list(
        RatingChange.objects.filter(player=player).order_by("variant", "rated_at", "session_id")
    )
    latest: dict[str, datetime] = {}
    for change in history:
        latest[change.variant] = max(change.rated_at, latest.get(change.variant, change.rated_at))
    cutoff = leaderboard_cutoff(player.club, now=now)
    per_variant = (
        results.values("variant")
        .annotate(
            n=Count("id"),
            wins=Count("id", filter=Q(finished=True, place=1)),
            total=Coalesce(Sum("points"), 0),
            won_hands=Coalesce(Sum("hands_won"), 0),
        )
        .order_by("variant")
    )
    return PlayerStats(
        player=player,
        by_variant=[
            VariantStats(
                variant=row["variant"],
                sessions=row["n"],
                wins=row["wins"],
                points=row["total"],
                hands_won=row["won_hands"],
            )
            for row in per_variant
        ],
        best_hands=list(
            results.filter(best_hand__isnull=False)
            .select_related("session")
            .order_by("-best_hand", "-played_at")[:best]
        ),
        ratings=list(Rating.objects.filter(player=player).order_by("variant")),
        history=history,
        listed={variant: on_leaderboard(at, cutoff) for variant, at in latest.items()},
    )


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
