"""League standings: sums over each league's counted session results.

A standing is recomputed for the players a change touched (the seats of one session), in
every league that counts that session: the work per hand is one statement over those
players' results, never the whole league, and recomputing instead of adding differences
makes running an update twice, or out of order, harmless.

One implementation for every database: the statement below is SQL that PostgreSQL and
SQLite both run (an upsert, a window function, no arrays), so the path the tests take on
SQLite (`make test-fast`) is the path a club's PostgreSQL takes (CI runs the same tests
there).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, time, timedelta
from typing import Any

from django.db import connection, transaction
from django.db.models import Q
from django.utils import timezone

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


# The sums of the counted results of some players (or all), written over their lines in one
# statement: applying a hand refreshes four players' lines, and building that through the ORM
# (an aggregate, a subquery per player for the latest result, an upsert) cost more in Python
# than the database spent answering it. Portable on purpose: PostgreSQL and SQLite both run
# it, so there is no second path to drift (docs/architecture.md, "Standings").
_UPSERT = """
WITH sums AS (
    SELECT r.player_id,
           COUNT(*) AS sessions,
           COALESCE(SUM(r.points), 0) AS points,
           COALESCE(SUM(r.hands_won), 0) AS hands_won,
           SUM(CASE WHEN r.finished AND r.place = 1 THEN 1 ELSE 0 END) AS sessions_won,
           COALESCE(SUM(CASE WHEN r.finished THEN {placing} ELSE 0 END), 0) AS placing_points,
           (SELECT l.id FROM {results} l
            WHERE {where_l} AND l.player_id = r.player_id AND l.finished
            ORDER BY l.played_at DESC, l.session_id DESC
            LIMIT 1) AS latest_id
    FROM {results} r
    WHERE {where}
    GROUP BY r.player_id
)
INSERT INTO {standings} (league_id, player_id, sessions, points, hands_won, sessions_won,
                         placing_points, last_played_at, last_place)
SELECT %(league)s, s.player_id, s.sessions, s.points, s.hands_won, s.sessions_won,
       s.placing_points, latest.played_at, latest.place
FROM sums s
LEFT JOIN {results} latest ON latest.id = s.latest_id
WHERE TRUE
ON CONFLICT (league_id, player_id) DO UPDATE SET
    sessions = excluded.sessions,
    points = excluded.points,
    hands_won = excluded.hands_won,
    sessions_won = excluded.sessions_won,
    placing_points = excluded.placing_points,
    last_played_at = excluded.last_played_at,
    last_place = excluded.last_place
"""

# Players whose every counted result went away (a voided or undone session) drop out.
_PRUNE = """
DELETE FROM {standings}
WHERE league_id = %(league)s{only_players}
  AND NOT EXISTS (SELECT 1 FROM {results} r WHERE {where} AND r.player_id = {standings}.player_id)
"""


@transaction.atomic(savepoint=False)
def refresh_standings(*, league: League, player_ids: Iterable[int] | None = None) -> None:
    """Recompute the standings of `player_ids` (every player when None) in `league`."""
    players = None if player_ids is None else sorted(set(player_ids))
    if players == []:
        return
    params: dict[str, Any] = {"league": league.pk}
    tables = {"results": SessionResult._meta.db_table, "standings": Standing._meta.db_table}
    where = _counted_where(league, players, params)
    # The latest finished result is looked up per player already chosen by `where`.
    where_l = _counted_where(league, None, params, alias="l")
    placing = _placing_case(league, params)
    only_players = "" if players is None else f" AND player_id IN ({_names('p', players, params)})"
    # RETURNING names the lines written, so a refresh of players who all still have results
    # (every hand recorded) is this one statement.
    returning = _can_return_rows()
    with connection.cursor() as cursor:
        upsert = _UPSERT.format(where=where, where_l=where_l, placing=placing, **tables)
        cursor.execute(upsert + (" RETURNING player_id" if returning else ""), params)
        written = {row[0] for row in cursor.fetchall()} if returning else set()
        if players is None or not returning or set(players) - written:
            prune = _PRUNE.format(where=where, only_players=only_players, **tables)
            cursor.execute(prune, params)


def _can_return_rows() -> bool:
    """Whether the database answers an INSERT's RETURNING: SQLite before 3.35 does not, and
    then the prune always runs."""
    return bool(connection.features.can_return_columns_from_insert)


def _names(prefix: str, values: Iterable[object], params: dict[str, Any]) -> str:
    """Named parameters for an IN list: `%(p0)s, %(p1)s`, each value put in `params`."""
    names = []
    for index, value in enumerate(values):
        params[f"{prefix}{index}"] = value
        names.append(f"%({prefix}{index})s")
    return ", ".join(names)


def _counted_where(
    league: League, players: list[int] | None, params: dict[str, Any], *, alias: str = "r"
) -> str:
    """`counted_results(league)` as SQL on the results table as `alias`, for `players` (or
    all); the values go into `params`."""
    start, end = _window(league)
    params["club"] = league.club_id
    # As the ORM would store them: SQLite keeps instants as UTC text, PostgreSQL as timestamps.
    params["start"] = connection.ops.adapt_datetimefield_value(start)
    params["end"] = connection.ops.adapt_datetimefield_value(end)
    r = alias
    where = f"{r}.club_id = %(club)s AND {r}.played_at >= %(start)s AND {r}.played_at < %(end)s"
    if league.variants:
        where += f" AND {r}.variant IN ({_names('v', league.variants, params)})"
    if players is not None:
        where += f" AND {r}.player_id IN ({_names('p', players, params)})"
    if league.marked_only:
        where += (
            f" AND EXISTS (SELECT 1 FROM {LeagueSession._meta.db_table} m"
            f" WHERE m.session_id = {r}.session_id AND m.league_id = %(league)s)"
        )
    return where


def _placing_case(league: League, params: dict[str, Any]) -> str:
    """The league's points for a finished result's place (`r.place`), 0 past the scheme."""
    scheme = [int(points) for points in league.placing_points]
    if not scheme:
        return "0"
    whens = []
    for place, points in enumerate(scheme, 1):
        params[f"place{place}"] = points
        whens.append(f"WHEN {place} THEN %(place{place})s")
    return f"CASE r.place {' '.join(whens)} ELSE 0 END"
