"""A tournament's public pages: the overview, one round's draw, and the standings.

No login: each page reaches its tournament through `public_tournament`, which answers
"not found" until the organiser releases the pages, except to the club's organisers, who
see them as a preview. Read-only; the standings come from `tournament_standings`.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from leagues.views.polling import render_polled
from tournaments.access import public_tournament
from tournaments.selectors import (
    public_view,
    round_title,
    round_view,
    tournament_rounds,
)
from tournaments.standings import tournament_standings


@require_GET
def public_overview(request: HttpRequest, slug: str, tournament_slug: str) -> HttpResponse:
    """The news first: the round being played and the live standings, or the final table
    and the winner. While standings catch up with the hands, the live part asks again."""
    access = public_tournament(request.user, slug, tournament_slug)
    view = public_view(access.tournament)
    context = {
        "access": access,
        "tournament": access.tournament,
        "club": access.tournament.club,
        "view": view,
        "here": "overview",
    }
    return render_polled(
        request,
        page="tournaments/public_overview.html",
        part="tournaments/partials/public_overview_live.html",
        context=context,
    )


@require_GET
def public_round(
    request: HttpRequest, slug: str, tournament_slug: str, number: int
) -> HttpResponse:
    access = public_tournament(request.user, slug, tournament_slug)
    rounds = tournament_rounds(access.tournament)
    round_ = next((r for r in rounds if r.number == number), None)
    if round_ is None:
        raise Http404("No such round.")
    return render(
        request,
        "tournaments/public_round.html",
        {
            "access": access,
            "tournament": access.tournament,
            "club": access.tournament.club,
            "rounds": rounds,
            "shown": round_view(round_),
            "title": round_title(round_),
            "here": "rounds",
        },
    )


@require_GET
def public_standings(request: HttpRequest, slug: str, tournament_slug: str) -> HttpResponse:
    access = public_tournament(request.user, slug, tournament_slug)
    standings = tournament_standings(access.tournament)
    context = {
        "access": access,
        "tournament": access.tournament,
        "club": access.tournament.club,
        "standings": standings,
        "winners": standings.winners,
        # Latest round first: the one people come to check.
        "round_standings": sorted(standings.rounds.items(), reverse=True),
        "here": "standings",
    }
    return render_polled(
        request,
        page="tournaments/public_standings.html",
        part="tournaments/partials/public_standings_live.html",
        context=context,
    )
