"""A club's leaderboard per game: the readable rating (`leagues.rating_scale`), provisional
until enough games, without players who have not played the game within the club's window."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_GET

from clubs.access import club_access
from leagues import selectors
from leagues.rating_scale import START, rating_text
from leagues.selectors import is_updating, leaderboard
from leagues.services.ratings import PROVISIONAL_GAMES
from leagues.views import display
from leagues.views.polling import render_polled


@require_GET
def leaderboard_page(request: HttpRequest, slug: str) -> HttpResponse:
    """One tab per game that has ratings; `?variant=` picks one (the first by default)."""
    access = club_access(request.user, slug)
    club = access.club
    variants = selectors.rated_variants(club)
    variant = request.GET.get("variant", "")
    if variant not in variants:
        variant = variants[0] if variants else ""
    context = {
        "access": access,
        "club": club,
        "tabs": [(v, display.game_name(v)) for v in variants],
        "variant": variant,
        "game_name": display.game_name(variant) if variant else "",
        "rows": [
            (row, rating_text(row.rating.ordinal))
            for row in (leaderboard(club, variant) if variant else [])
        ],
        "updating": is_updating(club),
        "provisional_games": PROVISIONAL_GAMES,
        "start_rating": START,
        "window_days": club.leaderboard_days or 0,
    }
    return render_polled(
        request,
        page="leagues/leaderboard.html",
        part="leagues/partials/leaderboard_table.html",
        context=context,
    )
