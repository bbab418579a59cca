"""A player's answer to a hand from their own phone: confirm it, or dispute it with a reason
(scoring/services/checks.py); a plain form post comes back to the session screen, a script
asking for JSON gets what became of the answer and the session as it is now. And the
organisers' page of disputed hands, where each is kept as entered or corrected."""

from __future__ import annotations

import uuid

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from clubs.access import club_access
from clubs.roles import Role
from common.errors import UserError
from common.http import signed_in_user, wants_json
from scoring.access import session_access
from scoring.display.summary import result_words
from scoring.hand_checks import club_disputes as club_disputes_of
from scoring.models import Verdict
from scoring.selectors import seat_of
from scoring.services import checks
from scoring.views import answers


def key_of(value: str | None) -> uuid.UUID:
    try:
        return uuid.UUID(value or "")
    except ValueError:
        return uuid.uuid4()  # no key: a new answer, matched with no earlier one


def number_of(value: str | None) -> int:
    return int(value) if value and value.isdigit() else -1


@login_required
@require_POST
def hand_answer(request: HttpRequest, slug: str, session_id: int, number: int) -> HttpResponse:
    access, session = session_access(request.user, slug, session_id)
    position = seat_of(session, request.user)
    as_json = wants_json(request)
    try:
        if position is None:
            raise UserError(_("You have no seat at this table, so no hand waits for your answer."))
        check = checks.answer_hand(
            session_id=session.pk,
            number=number,
            version=number_of(request.POST.get("version")),
            position=position,
            verdict=request.POST.get("verdict", ""),
            reason=request.POST.get("reason", ""),
            client_key=key_of(request.POST.get("client_key")),
            user=signed_in_user(request),
            phone=f"account {request.user.pk}",
        )
    except UserError as error:
        if as_json:
            body = {"outcome": "refused", "code": error.code, "detail": error.message}
            return JsonResponse(body, status=error.status_code)
        messages.error(request, error.message)
        return redirect("session-detail", slug=slug, session_id=session.pk)
    if as_json:
        session.refresh_from_db()
        return answers.answered(access, session)
    if check.verdict == Verdict.DISPUTED:
        messages.success(request, _("Your dispute is sent: the scorer and the organisers see it."))
    else:
        messages.success(request, _("Thank you: hand confirmed."))
    return redirect("session-detail", slug=slug, session_id=session.pk)


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
