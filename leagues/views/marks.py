"""Which of the club's finished sessions count for a league of marked sessions."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from clubs.access import club_access
from clubs.roles import Role
from clubs.views.guard import login_if_anonymous
from common.errors import UserError
from leagues import selectors
from leagues.forms import MarkForm
from leagues.services.setup import mark_session
from scoring.models import GameSession


@require_http_methods(["GET", "POST"])
@login_if_anonymous
def league_sessions(request: HttpRequest, slug: str, league_slug: str) -> HttpResponse:
    """A list with one button per session; unmarking loses nothing (mark it again), so it
    needs no confirmation step."""
    access = club_access(request.user, slug, needs=Role.ORGANISER)
    league = selectors.club_league(access.club, league_slug)
    error = None
    if request.method == "POST":
        form = MarkForm(request.POST)
        if not form.is_valid():
            error = _("Choose a session from the list.")
        else:
            session = get_object_or_404(
                GameSession, pk=form.cleaned_data["session"], club=access.club
            )
            counts = form.cleaned_data["counts"]
            try:
                mark_session(league=league, session=session, counts=counts)
            except UserError as exc:
                error = exc.message
            else:
                if counts:
                    # Translators: a session of a game now counts for a league: "Pool 101 #12 now
                    # counts for Winter league."
                    said = _("%(game)s #%(number)s now counts for %(league)s.")
                else:
                    said = _("%(game)s #%(number)s no longer counts for %(league)s.")
                game = session.get_variant_display()
                messages.success(
                    request, said % {"game": game, "number": session.pk, "league": league.name}
                )
                # Back to the same row: on a phone the list is long.
                url = reverse("league-sessions", args=[access.club.slug, league.slug])
                return redirect(f"{url}#session-{session.pk}")
    marked = selectors.marked_session_ids(league) if league.marked_only else set()
    sessions = list(selectors.markable_sessions(league)) if league.marked_only else []
    return render(
        request,
        "leagues/league_sessions.html",
        {
            "access": access,
            "club": access.club,
            "league": league,
            "rows": [(session, session.pk in marked) for session in sessions],
            "error": error,
        },
        status=400 if error else 200,
    )
