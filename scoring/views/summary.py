"""Ending a session, its summary, and the history of one hand.

Every view reaches the club only through `club_access` and the session only within that
club, so a session id from another club is "not found" rather than readable.
"""

from __future__ import annotations

import zoneinfo

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods

from clubs.access import ClubAccess, club_access
from clubs.models import Club
from clubs.roles import Role
from common.errors import UserError
from common.rules_words import game_name
from scoring.access import load_session
from scoring.display import sessions as tables
from scoring.display import summary as summaries
from scoring.models import Format, GameSession
from scoring.selectors import hand_read, session_board
from scoring.services.sessions import finish_session
from scoring.views import pot_split


def _club_zone(club: Club) -> zoneinfo.ZoneInfo:
    try:
        return zoneinfo.ZoneInfo(club.timezone)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        # Names are checked when the club is saved; a zone later dropped from the system's
        # database should not take the page down.
        return zoneinfo.ZoneInfo("UTC")


def _context(access: ClubAccess, session: GameSession, **extra: object) -> dict[str, object]:
    return {
        "access": access,
        "club": access.club,
        "session": session,
        "game_name": game_name(session.variant),
        "club_zone": _club_zone(access.club),
        **extra,
    }


@require_GET
def session_summary(request: HttpRequest, slug: str, session_id: int) -> HttpResponse:
    access = club_access(request.user, slug)
    session = load_session(access, session_id)
    summary = summaries.session_summary(session_board(session))
    return render(request, "scoring/summary.html", _context(access, session, summary=summary))


@require_GET
def session_sheet(request: HttpRequest, slug: str, session_id: int) -> HttpResponse:
    """The score sheet: every hand, the totals and the settlement on one printable page."""
    access = club_access(request.user, slug)
    session = load_session(access, session_id)
    summary = summaries.session_summary(session_board(session))
    board = summary.board
    context = _context(
        access,
        session,
        summary=summary,
        rows=tables.table_rows(board, slug=access.club.slug),
        totals=tables.seat_totals(board),
    )
    return render(request, "scoring/sheet.html", context)


@require_http_methods(["GET", "POST"])
def session_finish(request: HttpRequest, slug: str, session_id: int) -> HttpResponse:
    """Ask first, then end the session before its target (ending it twice is harmless)."""
    access = club_access(request.user, slug, needs=Role.SCORER)
    session = load_session(access, session_id)
    summary_url = redirect("session-summary", slug=access.club.slug, session_id=session.pk)
    if not session.is_active:
        return summary_url
    if session.format == Format.POOL:
        return pot_split.split_page(request, _context(access, session))
    error, status = None, 200
    if request.method == "POST":
        try:
            # A missing or garbled revision cannot match: the scorer sees a fresh page.
            revision = int(request.POST.get("revision", ""))
        except ValueError:
            revision = -1
        try:
            finish_session(session_id=session.pk, revision=revision)
        except UserError as refused:
            # The session moved on (409), or a disputed hand keeps it from ending (400).
            error, status = refused.message, refused.status_code
            session.refresh_from_db()
        else:
            return summary_url
    summary = summaries.session_summary(session_board(session))
    response = render(
        request,
        "scoring/session_finish_confirm.html",
        _context(access, session, summary=summary, error=error),
    )
    response.status_code = status
    return response


@require_GET
def hand_history(request: HttpRequest, slug: str, session_id: int, number: int) -> HttpResponse:
    access = club_access(request.user, slug)
    session = load_session(access, session_id)
    read = hand_read(session, number)
    if read is None:
        raise Http404("This session has no such hand.")
    history = summaries.hand_versions(read)
    return render(request, "scoring/hand_history.html", _context(access, session, history=history))
