"""A player's answer to a hand from their own phone: confirm it, or dispute it with a reason
(scoring/services/checks.py); a plain form post comes back to the session screen, a script
asking for JSON gets what became of the answer and the session as it is now. And the
organisers' page of disputed hands, where each is kept as entered or corrected."""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from clubs.access import ClubAccess, club_access
from clubs.roles import Role
from common.errors import UserError
from common.http import signed_in_user, wants_json
from scoring.access import session_access
from scoring.display.summary import result_words
from scoring.hand_checks import club_disputes as club_disputes_of
from scoring.models import GameSession, Verdict
from scoring.selectors import seat_of
from scoring.services import checks
from scoring.views import answers
from scoring.views.hands import key_of, number_of


@login_required
@require_POST
def hand_answer(request: HttpRequest, slug: str, session_id: int, number: int) -> HttpResponse:
    access, session = session_access(request.user, slug, session_id)
    back = reverse("session-detail", args=(slug, session.pk))
    position = seat_of(session, request.user)
    if position is None:
        refused = UserError(_("You have no seat at this table, so no hand waits for your answer."))
        return refused_answer(request, refused, back)
    seat = Answering(position, signed_in_user(request), f"account {request.user.pk}")
    return answer(request, access, session, number, seat, back)


@dataclass(frozen=True)
class Answering:
    """Who answers: the seat, the account (None for a guest's link) and the phone."""

    position: int
    user: User | None
    phone: str


def answer(
    request: HttpRequest,
    access: ClubAccess,
    session: GameSession,
    number: int,
    seat: Answering,
    back: str,
) -> HttpResponse:
    """The posted answer to hand `number`, stored for `seat`: what a script or a form is
    told of it, the form sent back to `back`."""
    try:
        check = checks.answer_hand(
            session_id=session.pk,
            number=number,
            version=number_of(request.POST.get("version")),
            position=seat.position,
            verdict=request.POST.get("verdict", ""),
            reason=request.POST.get("reason", ""),
            client_key=key_of(request.POST.get("client_key")),
            user=seat.user,
            phone=seat.phone,
        )
    except UserError as error:
        return refused_answer(request, error, back)
    if wants_json(request):
        session.refresh_from_db()
        return answers.answered(access, session)
    if check.verdict == Verdict.DISPUTED:
        messages.success(request, _("Your dispute is sent: the scorer and the organisers see it."))
    else:
        messages.success(request, _("Thank you: hand confirmed."))
    return redirect(back)


def refused_answer(request: HttpRequest, error: UserError, back: str) -> HttpResponse:
    if wants_json(request):
        body = {"outcome": "refused", "code": error.code, "detail": error.message}
        return JsonResponse(body, status=error.status_code)
    messages.error(request, error.message)
    return redirect(back)


@login_required
@require_GET
def club_disputes(request: HttpRequest, slug: str) -> HttpResponse:
    """The organisers' list of disputed hands: each kept as entered or corrected here."""
    access = club_access(request.user, slug, needs=Role.ORGANISER)
    disputes = [
        (
            dispute,
            [(name, result_words(result, paid)) for name, result, paid in dispute.seats],
            str(uuid.uuid4()),  # a fresh key per "keep" form: a double tap is one
        )
        for dispute in club_disputes_of(access.club.pk)
    ]
    context = {"club": access.club, "access": access, "disputes": disputes}
    return render(request, "scoring/disputes.html", context)


@login_required
@require_POST
def hand_decide(request: HttpRequest, slug: str, session_id: int, number: int) -> HttpResponse:
    """An organiser keeps a disputed hand as entered, with a reason."""
    access, session = session_access(request.user, slug, session_id, needs=Role.ORGANISER)
    try:
        checks.decide_hand(
            session_id=session.pk,
            number=number,
            version=number_of(request.POST.get("version")),
            reason=request.POST.get("reason", ""),
            client_key=key_of(request.POST.get("client_key")),
            user=signed_in_user(request),
        )
    except UserError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("Hand decided: kept as entered."))
    return redirect("club-disputes", slug=access.club.slug)
