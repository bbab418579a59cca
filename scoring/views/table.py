"""Who is at the table: seating a newcomer, a player leaving, a substitute, a pool rejoin.

Changes happen between hands and apply from the next one. Leaving and rejoining ask first
(a rejoin pays the entry fee again); each change is posted with the revision the page
showed, so a change from a stale page is refused with the table as it is now.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from clubs.access import ClubAccess, club_access
from clubs.roles import Role
from common.errors import UserError
from common.http import signed_in_user
from scoring.access import load_session
from scoring.display.table import TableView, table_view
from scoring.selectors import seatable_players, session_board
from scoring.services import seats

ASK_FIRST = {"leave", "rejoin"}


@login_required
@require_http_methods(["GET", "POST"])
def session_table(request: HttpRequest, slug: str, session_id: int) -> HttpResponse:
    access = club_access(request.user, slug, needs=Role.SCORER)
    session = load_session(access, session_id)
    if request.method == "GET":
        return _page(
            request, access, table_view(session_board(session), seatable_players(access.club))
        )
    action = request.POST.get("action", "")
    position = _number(request.POST.get("seat"))
    player = _number(request.POST.get("player"))
    revision = _number(request.POST.get("revision"))
    view = table_view(session_board(session), seatable_players(access.club))
    if action not in seats.ACTIONS or revision is None:
        return _page(
            request, access, view, error=_("Choose what changes at the table."), status=400
        )
    if action in ASK_FIRST and request.POST.get("confirm") != "yes":
        question = view.question(action, position)
        if question is None:
            return _page(
                request, access, view, error=_("That player is not at the table."), status=400
            )
        return _page(request, access, view, ask=question)
    try:
        seats.seat_change(
            session_id=session.pk,
            action=action,
            player_id=player,
            position=position,
            revision=revision,
            user=signed_in_user(request),
        )
    except UserError as error:
        session.refresh_from_db()
        fresh = table_view(session_board(session), seatable_players(access.club))
        return _page(request, access, fresh, error=error.message, status=error.status_code)
    messages.success(request, _("The table is changed; it deals from the next hand on."))
    return redirect("session-detail", slug=slug, session_id=session.pk)


def _number(value: str | None) -> int | None:
    try:
        return int(value or "")
    except ValueError:
        return None


def _page(
    request: HttpRequest,
    access: ClubAccess,
    view: TableView,
    *,
    error: str = "",
    ask: Any = None,
    status: int = 200,
) -> HttpResponse:
    context = {
        "club": access.club,
        "session": view.session,
        "table": view,
        "error": error,
        "ask": ask,
    }
    return render(request, "scoring/table.html", context, status=status)
