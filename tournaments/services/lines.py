"""Storing a tournament's ranked standings, so pages read them instead of ranking.

Run by the Celery update after a table's session results change (`refresh_session`), by
the director's actions that add or carry a line (an entry, the cut), and by the rebuild.
Each run rewrites the tournament's lines from the session results, so running it twice or
out of order leaves the same lines.
"""

from __future__ import annotations

from dataclasses import asdict

from django.db import transaction

from scoring.models import GameSession
from tournaments.models import RoundTable, Stage, StandingsLine, Tournament
from tournaments.standings import Line, compute_standings


@transaction.atomic
def refresh_tournament_standings(*, tournament_id: int) -> None:
    # The tournament row's lock makes two workers finishing two tables take turns: each
    # rewrites every line, and interleaved they would trip over each other's positions.
    tournament = (
        Tournament.objects.select_for_update(of=("self",))
        .select_related("club")
        .filter(pk=tournament_id)
    ).first()
    if tournament is None:
        return
    standings = compute_standings(tournament)
    rows = _rows(tournament, Stage.OVERALL, 0, standings.overall)
    rows += _rows(tournament, Stage.FINAL, 0, standings.final)
    for number, lines in standings.rounds.items():
        rows += _rows(tournament, Stage.ROUND, number, lines)
    StandingsLine.objects.filter(tournament=tournament).delete()
    StandingsLine.objects.bulk_create(rows)


def refresh_for_session(session: GameSession) -> None:
    """Refresh the standings of the tournament whose table `session` is, if any.

    A session loaded with `select_related("tournament_table__round")` costs no query here.
    """
    try:
        table = session.tournament_table
    except RoundTable.DoesNotExist:
        return
    refresh_tournament_standings(tournament_id=table.round.tournament_id)


def refresh_club_tournaments(*, club_id: int) -> int:
    """Every tournament of the club afresh (the club's rebuild); how many there were."""
    ids = list(Tournament.objects.filter(club_id=club_id).values_list("pk", flat=True))
    for tournament_id in ids:
        refresh_tournament_standings(tournament_id=tournament_id)
    return len(ids)


def _rows(
    tournament: Tournament, stage: str, round_number: int, lines: list[Line]
) -> list[StandingsLine]:
    return [
        StandingsLine(
            tournament=tournament,
            stage=stage,
            round_number=round_number,
            position=position,
            rank=line.rank,
            entry=line.entry,
            carried=line.carried,
            tables=[asdict(score) for score in line.scores],
        )
        for position, line in enumerate(lines)
    ]
