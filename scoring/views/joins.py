"""Joining the table on one's own phone: the join page a table's QR code opens (which seat
is yours?), a guest's own view of the session as their seat, and the scorer freeing a seat
(scoring/services/joins.py)."""

from __future__ import annotations

import uuid

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from clubs.access import ClubAccess
from clubs.roles import Role
from common.errors import UserError
from common.http import signed_in_user
from common.join_codes import normal_code
from scoring.access import session_access
from scoring.models import GameSession, Seat, SeatLink
from scoring.selectors import seat_of
from scoring.services import joins
from scoring.views import answers
from scoring.views.checks import Answering, answer
from scoring.views.hands import key_of, number_of
from scoring.views.sessions import render_board


def _session_by_code(code: str) -> GameSession:
    session = GameSession.objects.filter(join_code=normal_code(code)).select_related("club").first()
    if session is None:
        raise Http404("No table has this code.")
    return session


@require_http_methods(["GET", "POST"])
def join_page(request: HttpRequest, code: str) -> HttpResponse:
    """Which seat is yours? A member whose player sits there goes to the table as themselves;
    anyone else gets their seat's own address."""
    session = _session_by_code(code)
    if seat_of(session, request.user) is not None:
        return redirect("session-detail", slug=session.club.slug, session_id=session.pk)
    error = ""
    if request.method == "POST":
        position = number_of(request.POST.get("position"))
        try:
            link = joins.join_seat(
                session_id=session.pk,
                position=position,
                client_key=key_of(request.POST.get("client_key")),
            )
        except UserError as refused:
            error = refused.message
        else:
            return redirect("player-view", signed=joins.signed(link))
    seats = Seat.objects.filter(session=session, seated=True).select_related("player")
    taken = set(
        SeatLink.objects.filter(session=session, revoked_at=None).values_list("position", flat=True)
    )
    context = {
        "session": session,
        "club": session.club,
        "seats": sorted(seats, key=lambda seat: seat.place),
        "taken": taken,
        "error": error,
        "client_key": uuid.uuid4(),  # a double tap on a name is one join
    }
    return render(request, "scoring/join.html", context, status=400 if error else 200)


def _link(signed: str) -> SeatLink:
    link = joins.link_of(signed)
    if link is None:
        # Freed by the scorer, or never made: the same answer, saying what to do.
        raise Http404("This seat's link was freed; scan the table's code again.")
    return link


def _guest_access(link: SeatLink) -> ClubAccess:
    # The link opens this session alone: no role in the club, whatever the club's privacy.
    return ClubAccess(club=link.session.club, role=None)


@require_GET
def player_view(request: HttpRequest, signed: str) -> HttpResponse:
    """The session screen as the seat's player sees it on their own phone."""
    link = _link(signed)
    return render_board(
        request,
        access=_guest_access(link),
        session=link.session,
        as_seat=(link.position, signed),
    )


@require_GET
def player_live(request: HttpRequest, signed: str) -> HttpResponse:
    """What the player's phone asks every few seconds, as the session screen's live address."""
    link = _link(signed)
    asked = request.GET.get("revision", "")
    if asked == str(link.session.revision):
        return HttpResponse(status=204)
    since = int(asked) if asked.isdigit() else None
    return answers.session(_guest_access(link), link.session, since=since)


@require_POST
def player_answer(request: HttpRequest, signed: str, number: int) -> HttpResponse:
    """The seat's player confirms or disputes a hand from the phone that joined the seat."""
    link = _link(signed)
    seat = Answering(link.position, None, f"guest link {link.pk}")
    back = reverse("player-view", args=(signed,))
    return answer(request, _guest_access(link), link.session, number, seat, back)


@login_required
@require_POST
def seat_free(request: HttpRequest, slug: str, session_id: int, position: int) -> HttpResponse:
    """The scorer frees a seat a phone joined (after the screen asked them to be sure)."""
    session = session_access(request.user, slug, session_id, needs=Role.SCORER)[1]
    if joins.free_seat(session_id=session.pk, position=position, user=signed_in_user(request)):
        messages.success(request, _("Seat freed: the phone that joined it sees the table no more."))
    return redirect(reverse("session-detail", args=(slug, session.pk)) + "#join")
