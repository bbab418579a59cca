"""A tournament's standings for the club's members: each round, overall, the final table
and the winner. While hands are still being applied, the page says so and asks again."""

from __future__ import annotations

from dataclasses import dataclass

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_GET

from clubs.models import Player
from leagues.views.polling import render_polled
from scoring.display.formatting import unsigned_plus
from tournaments.access import member_tournament
from tournaments.standings import Line, tournament_standings


@dataclass(frozen=True)
class RoundLineView:
    """One line of a round's standings as it reads: points with a real minus sign, and
    where the player sat and how they placed."""

    rank: int
    player: Player
    score: str
    game_points: str
    table: int | None
    place: int | None
    finished: bool


def _view(line: Line) -> RoundLineView:
    first = line.scores[0] if line.scores else None
    return RoundLineView(
        rank=line.rank,
        player=line.player,
        score=unsigned_plus(line.score),
        game_points=unsigned_plus(line.game_points),
        table=first.table_number if first else None,
        place=first.place if first else None,
        finished=bool(first and first.finished),
    )


@require_GET
def tournament_standings_page(
    request: HttpRequest, slug: str, tournament_slug: str
) -> HttpResponse:
    access, tournament = member_tournament(request.user, slug, tournament_slug)
    standings = tournament_standings(tournament)
    context = {
        "access": access,
        "club": access.club,
        "tournament": tournament,
        "updating": standings.updating,
        # Empty until the tournament has finished: the leader of the last tables is only
        # leading.
        "winners": [line.player for line in standings.winners],
        "final": standings.final,
        "overall": standings.overall,
        # Latest round first: that is the one people come to read.
        "rounds": [
            (number, [_view(line) for line in lines])
            for number, lines in sorted(standings.rounds.items(), reverse=True)
        ],
    }
    return render_polled(
        request,
        page="tournaments/standings.html",
        part="tournaments/partials/standings.html",
        context=context,
    )
