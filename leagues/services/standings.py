"""League standings: sums over each league's counted session results.

A standing is recomputed for the players a change touched (the seats of one session), in
every league that counts that session: the work per hand is a few small aggregate queries,
never the whole league, and recomputing instead of adding differences makes running an
update twice, or out of order, harmless.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, time, timedelta

from django.db import connection, transaction
from django.db.models import Case, Count, IntegerField, OuterRef, Q, Subquery, Sum, Value, When
from django.db.models.functions import Coalesce
from django.utils import timezone

from clubs.models import Player
from leagues.models import League, LeagueSession, SessionResult, Standing
from scoring.models import GameSession


def _window(league: League) -> tuple[datetime, datetime]:
    """The league's dates as a half-open range of instants in the club's time zone."""
    # A range on the stored timestamp (not on its date) lets PostgreSQL use the indexes.
    zone = timezone.get_current_timezone()
    start = datetime.combine(league.starts_on, time.min, tzinfo=zone)
    end = datetime.combine(league.ends_on + timedelta(days=1), time.min, tzinfo=zone)
    return start, end


def counted_results(league: League) -> Q:
    """The session results that count in `league`, as a filter on SessionResult."""
    start, end = _window(league)
    q = Q(club_id=league.club_id, played_at__gte=start, played_at__lt=end)
    if league.variants:
        q &= Q(variant__in=league.variants)
    if league.marked_only:
        q &= Q(session__league_marks__league=league)
    return q


def leagues_counting(session: GameSession, *played_at: datetime) -> list[League]:
    """The leagues whose table `session` belongs in, played at any of the given times (a
    session that just finished belongs where it counted before, too); one query, two when
    a league counts only marked sessions."""
    days = {moment.date() for moment in played_at}
    leagues = list(
        League.objects.filter(
            club_id=session.club_id, starts_on__lte=max(days), ends_on__gte=min(days)
        )
    )
    marked = set()
    if any(league.marked_only for league in leagues):
        marked = set(
            LeagueSession.objects.filter(session=session).values_list("league_id", flat=True)
        )
    return [
        league
        for league in leagues
        if any(league.starts_on <= day <= league.ends_on for day in days)
        and (not league.variants or session.variant in league.variants)
        and (not league.marked_only or league.pk in marked)
    ]


def _placing_points(league: League) -> Case | Value:
    scheme = [int(p) for p in league.placing_points]
    if not scheme:
        return Value(0)
    return Case(
        *(
            When(finished=True, place=place, then=Value(points))
            for place, points in enumerate(scheme, 1)
        ),
        default=Value(0),
        output_field=IntegerField(),
    )


@transaction.atomic(savepoint=False)
def refresh_standings(*, league: League, player_ids: Iterable[int] | None = None) -> None:
    """Recompute the standings of `player_ids` (every player when None) in `league`."""
    if player_ids is not None:
        player_ids = list(player_ids)
    if connection.vendor == "postgresql":
        refresh_standings_in_one_statement(league=league, player_ids=player_ids)
    else:
        refresh_standings_with_orm(league=league, player_ids=player_ids)


def refresh_standings_with_orm(*, league: League, player_ids: list[int] | None) -> None:
    """The portable path (SQLite): a few aggregate queries and an upsert."""
    results = SessionResult.objects.filter(counted_results(league))
    if player_ids is not None:
        results = results.filter(player_id__in=player_ids)
    sums = (
        results.values("player_id")
        .annotate(
            n_sessions=Count("id"),
            n_points=Coalesce(Sum("points"), 0),
            n_hands_won=Coalesce(Sum("hands_won"), 0),
            n_sessions_won=Count("id", filter=Q(finished=True, place=1)),
            n_placing=Coalesce(Sum(_placing_points(league)), 0),
        )
        .order_by()
    )
    latest = SessionResult.objects.filter(
        counted_results(league), finished=True, player=OuterRef("pk")
    ).order_by("-played_at", "-session_id")
    players = Player.objects.filter(pk__in=[row["player_id"] for row in sums]).annotate(
        last_at=Subquery(latest.values("played_at")[:1]),
        last_place=Subquery(latest.values("place")[:1]),
    )
    last = {p.pk: (p.last_at, p.last_place) for p in players}
    rows = [
        Standing(
            league=league,
            player_id=row["player_id"],
            sessions=row["n_sessions"],
            points=row["n_points"],
            hands_won=row["n_hands_won"],
            sessions_won=row["n_sessions_won"],
            placing_points=row["n_placing"],
            last_played_at=last[row["player_id"]][0],
            last_place=last[row["player_id"]][1],
        )
        for row in sums
    ]
    stale = Standing.objects.filter(league=league)
    if player_ids is not None:
        stale = stale.filter(player_id__in=player_ids)
    # Players whose every counted result went away (a voided or undone session) drop out.
    kept = {row.player_id for row in rows}
    if player_ids is None or set(player_ids) - kept:
        stale.exclude(player_id__in=kept).delete()
    Standing.objects.bulk_create(
        rows,
        update_conflicts=True,
        unique_fields=["league", "player"],
        update_fields=[
            "sessions",
            "points",
            "hands_won",
            "sessions_won",
            "placing_points",
            "last_played_at",
            "last_place",
        ],
    )


# The same sums as `refresh_standings_with_orm`, computed, upserted and pruned by one
# statement: applying a hand refreshes four players' lines, and building that through the
# ORM (an aggregate, a subquery per player for the latest result, an upsert, a delete) cost
# more in Python than the database spent answering it. A test on PostgreSQL checks that both
# paths write the same rows.
_ONE_STATEMENT = """
WITH sums AS (
    SELECT r.player_id,
           COUNT(*) AS sessions,
           COALESCE(SUM(r.points), 0) AS points,
           COALESCE(SUM(r.hands_won), 0) AS hands_won,
           COUNT(*) FILTER (WHERE r.finished AND r.place = 1) AS sessions_won,
           COALESCE(SUM((%(scheme)s::integer[])[r.place]) FILTER (WHERE r.finished), 0)
               AS placing_points,
           (ARRAY_AGG(r.played_at ORDER BY r.played_at DESC, r.session_id DESC)
               FILTER (WHERE r.finished))[1] AS last_played_at,
           (ARRAY_AGG(r.place ORDER BY r.played_at DESC, r.session_id DESC)
               FILTER (WHERE r.finished))[1] AS last_place
    FROM {results} r
    WHERE r.club_id = %(club)s AND r.played_at >= %(start)s AND r.played_at < %(end)s
      AND (%(any_variant)s OR r.variant = ANY(%(variants)s))
      AND (%(every_player)s OR r.player_id = ANY(%(players)s))
      AND (NOT %(marked_only)s OR EXISTS (
          SELECT 1 FROM {marks} m WHERE m.session_id = r.session_id AND m.league_id = %(league)s
      ))
    GROUP BY r.player_id
),
gone AS (
    DELETE FROM {standings} s
    WHERE s.league_id = %(league)s
      AND (%(every_player)s OR s.player_id = ANY(%(players)s))
      AND NOT EXISTS (SELECT 1 FROM sums WHERE sums.player_id = s.player_id)
)
INSERT INTO {standings} (league_id, player_id, sessions, points, hands_won, sessions_won,
                         placing_points, last_played_at, last_place)
SELECT %(league)s, player_id, sessions, points, hands_won, sessions_won, placing_points,
       last_played_at, last_place
FROM sums
ON CONFLICT (league_id, player_id) DO UPDATE SET
    sessions = EXCLUDED.sessions,
    points = EXCLUDED.points,
    hands_won = EXCLUDED.hands_won,
    sessions_won = EXCLUDED.sessions_won,
    placing_points = EXCLUDED.placing_points,
    last_played_at = EXCLUDED.last_played_at,
    last_place = EXCLUDED.last_place
"""


def refresh_standings_in_one_statement(*, league: League, player_ids: list[int] | None) -> None:
    """The PostgreSQL path: see `_ONE_STATEMENT`."""
    start, end = _window(league)
    sql = _ONE_STATEMENT.format(
        results=SessionResult._meta.db_table,
        marks=LeagueSession._meta.db_table,
        standings=Standing._meta.db_table,
    )
    with connection.cursor() as cursor:
        cursor.execute(
            sql,
            {
                "league": league.pk,
                "club": league.club_id,
                "start": start,
                "end": end,
                "scheme": [int(p) for p in league.placing_points],
                "any_variant": not league.variants,
                "variants": list(league.variants),
                "every_player": player_ids is None,
                "players": list(player_ids or []),
                "marked_only": league.marked_only,
            },
        )
