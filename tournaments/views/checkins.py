"""The venue's check-in: the director shows one code (and its QR code); a registered player
opens it on their phone, finds their name and checks themselves in
(tournaments/services/entries.py, `check_in_myself`)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_http_methods

from common.errors import UserError
from common.join_codes import normal_code
from tournaments import selectors
from tournaments.models import Tournament
from tournaments.services.entries import check_in_myself


@require_http_methods(["GET", "POST"])
def venue_check_in(request: HttpRequest, code: str) -> HttpResponse:
    tournament = (
        Tournament.objects.filter(checkin_code=normal_code(code)).select_related("club").first()
    )
    if tournament is None:
        raise Http404("No tournament has this code.")
    done, error = None, ""
    if request.method == "POST":
        player = request.POST.get("player", "")
        try:
            done = check_in_myself(
                tournament=tournament, player_id=int(player) if player.isdigit() else -1
            )
        except UserError as refused:
            error = refused.message
    entries = [entry for entry in selectors.entries(tournament) if entry.active]
    context = {
        "tournament": tournament,
        "club": tournament.club,
        "entries": entries,  # by name
        "done": done,
        "error": error,
    }
    return render(request, "tournaments/check_in.html", context, status=400 if error else 200)
