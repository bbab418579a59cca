"""The club's leagues, one league's table, and the table as a CSV file."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import pgettext
from django.views.decorators.http import require_GET

from clubs.access import club_access
from common.csv_export import csv_response, safe_text
from leagues import selectors
from leagues.selectors import league_table
from leagues.views import display
from leagues.views.polling import render_polled


@require_GET
def league_list(request: HttpRequest, slug: str) -> HttpResponse:
    access = club_access(request.user, slug)
    leagues = selectors.club_leagues(access.club)
    return render(
        request,
        "leagues/league_list.html",
        {
            "access": access,
            "club": access.club,
            "leagues": [(league, display.games_line(league)) for league in leagues],
        },
    )


@require_GET
def league_detail(request: HttpRequest, slug: str, league_slug: str) -> HttpResponse:
    """The table. While an update is pending the page says so and (with htmx) asks again
    every few seconds for the table alone, until the update has landed."""
    access = club_access(request.user, slug)
    league = selectors.club_league(access.club, league_slug)
    context = {
        "access": access,
        "club": access.club,
        "league": league,
        "table": display.league_table_display(league_table(league)),
        "rules": display.rules_line(league),
        "games": display.games_line(league),
    }
    return render_polled(
        request,
        page="leagues/league_detail.html",
        part="leagues/partials/league_table.html",
        context=context,
    )


@require_GET
def league_csv(request: HttpRequest, slug: str, league_slug: str) -> HttpResponse:
    access = club_access(request.user, slug)
    league = selectors.club_league(access.club, league_slug)
    rows = [
        [
            row.rank or "",
            safe_text(row.player.name),
            row.standing.sessions,
            row.standing.points,
            row.standing.hands_won,
            row.standing.sessions_won,
            row.standing.placing_points,
            f"{row.standing.average:.1f}",
        ]
        for row in league_table(league).rows
    ]
    return csv_response(
        filename=f"{access.club.slug}-{league.slug}-standings.csv",
        header=[
            pgettext("a CSV column", "rank"),
            pgettext("a CSV column", "player"),
            pgettext("a CSV column", "sessions"),
            pgettext("a CSV column", "points"),
            pgettext("a CSV column", "hands won"),
            pgettext("a CSV column", "sessions won"),
            pgettext("a CSV column", "placing points"),
            pgettext("a CSV column", "average"),
        ],
        rows=rows,
    )
