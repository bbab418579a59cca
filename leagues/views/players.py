"""A player's page: games, wins, averages, best hands, ratings and their history."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from clubs.access import club_access
from common.numbers import signed
from leagues import selectors
from leagues.models import SessionResult
from leagues.rating_scale import START, rating_text
from leagues.selectors import is_updating, player_stats
from leagues.services.ratings import PROVISIONAL_GAMES
from leagues.views import display, player_display


def _best_hand(result: SessionResult) -> str:
    assert result.best_hand is not None  # player_stats keeps only results with a best hand
    return signed(result.best_hand)


@require_GET
def player_detail(request: HttpRequest, slug: str, player_id: int) -> HttpResponse:
    access = club_access(request.user, slug)
    player = selectors.club_player(access.club, player_id)
    stats = player_stats(player)
    return render(
        request,
        "leagues/player_detail.html",
        {
            "access": access,
            "club": access.club,
            "player": player,
            "by_variant": [
                (display.game_name(s.variant), display.one_decimal(s.average), s)
                for s in stats.by_variant
            ],
            "best_hands": [
                (display.game_name(r.variant), _best_hand(r), r) for r in stats.best_hands
            ],
            "ratings": [
                (
                    display.game_name(r.variant),
                    rating_text(r.ordinal),
                    r,
                    r.games < PROVISIONAL_GAMES,
                    stats.listed.get(r.variant, False),
                )
                for r in stats.ratings
            ],
            "chart": player_display.rating_chart(stats.history),
            "chart_description": player_display.chart_description(stats.history),
            "history": player_display.history_lines(stats.history),
            "recent": [
                (display.game_name(r.variant), display.ordinal(r.place), signed(r.points), r)
                for r in selectors.recent_results(player)
            ],
            "updating": is_updating(access.club),
            "provisional_games": PROVISIONAL_GAMES,
            "window_days": access.club.leaderboard_days or 0,
            "start_rating": START,
        },
    )
