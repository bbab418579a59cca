"""The projector view: a dark, large-type page for the wall that refreshes itself.

The page polls for its content part every few seconds with htmx. htmx swaps nothing for
an error answer, and the polling element stays on the page, so a server that is briefly
down (or a tournament taken back from release) leaves the last good screen up until the
next answer that works.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_GET

from leagues.views.polling import render_polled
from tournaments.access import public_tournament
from tournaments.selectors import public_view

REFRESH_SECONDS = 15
REFRESH_RANGE = (5, 120)  # ?every= is kept in these bounds: not hammering, not stale
SCREEN_LINES = 16  # standings lines that fit a screen read from the back of a room
COLUMN_LINES = 8  # past this, the lines go in two columns


def refresh_seconds(raw: str | None) -> int:
    """The `?every=` seconds, clamped; the default for anything that is not a number."""
    try:
        seconds = int(raw or "")
    except ValueError:
        return REFRESH_SECONDS
    low, high = REFRESH_RANGE
    return max(low, min(high, seconds))


def columns(lines: list, size: int = COLUMN_LINES) -> list[list]:
    return [lines[i : i + size] for i in range(0, len(lines), size)] or [[]]


@require_GET
def public_screen(request: HttpRequest, slug: str, tournament_slug: str) -> HttpResponse:
    access = public_tournament(request.user, slug, tournament_slug)
    view = public_view(access.tournament)
    lines = view.standings.final if view.at_final else view.standings.overall
    context = {
        "access": access,
        "tournament": access.tournament,
        "club": access.tournament.club,
        "view": view,
        "refresh_seconds": refresh_seconds(request.GET.get("every")),
        "standing_columns": columns(list(lines[:SCREEN_LINES])),
        "more_lines": max(0, len(lines) - SCREEN_LINES),
    }
    return render_polled(
        request,
        page="tournaments/public_screen.html",
        part="tournaments/partials/public_screen_content.html",
        context=context,
    )
