"""A tournament's standings for the club's members: each round, overall, the final table
and the winner. While hands are still being applied, the page says so and asks again."""

from __future__ import annotations

from dataclasses import dataclass

from django.http import HttpRequest, HttpResponse
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import pgettext
from django.views.decorators.http import require_GET

from clubs.models import Player
from common.numbers import unsigned_plus
from leagues.views.polling import render_polled
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


def winner_names(players: list[Player]) -> SafeString:
    """The winners' names for the standings' closing sentence, each in bold: "Asha", or
    "Asha and Bala" (and so on, one "and" between each two names)."""
    names = SafeString("")
    for player in players:
        name = format_html('<strong class="winner-name">{}</strong>', player.name)
        if not names:
            names = name
        else:
            # Translators: joins the names of players who share first place, e.g.
            # "Asha and Bala"; with three, "Asha and Bala and Chitra".
            joined = pgettext("names of joint winners", "%(names)s and %(name)s")
            names = mark_safe(conditional_escape(joined) % {"names": names, "name": name})
    return names


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
        "winner_names": winner_names([line.player for line in standings.winners]),
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
