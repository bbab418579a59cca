"""The tab's pages: balances, who owes whom, payments; recording and removing a payment;
the CSV.

The tab is the club's members' business: every page needs the member role, even in a
public club (docs/scoring.md, "Money owed"). Changes go through tab.services, which
decides who may make them; the pages only hide buttons the service would refuse.
"""

from __future__ import annotations

import uuid

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from clubs.access import ClubAccess, club_access
from clubs.models import Player
from clubs.roles import Role
from clubs.views.guard import login_if_anonymous, show_error
from common.csv_export import csv_response, safe_text
from common.errors import UserError
from common.http import HtmxHttpRequest, signed_in_user
from tab import selectors, services
from tab.display import payment_rows
from tab.forms import PaymentForm
from tab.models import Payment


def _form(access: ClubAccess, request: HttpRequest, data: object = None) -> PaymentForm:
    # A member records mostly what they paid: their own player is the payer to start with.
    mine = None
    if not access.can_organise and request.user.is_authenticated:
        mine = Player.objects.filter(club=access.club, user=request.user).first()
    return PaymentForm(data, club=access.club, today=services.club_today(access.club), payer=mine)


def _context(
    request: HttpRequest, access: ClubAccess, form: PaymentForm | None = None
) -> dict[str, object]:
    tab = selectors.club_tab(access.club)
    role, user_id = access.role, request.user.pk
    return {
        "access": access,
        "club": access.club,
        "tab": tab,
        "payments": payment_rows(tab.payments, role=role, user_id=user_id),
        "removed": payment_rows(tab.removed, role=role, user_id=user_id),
        "form": form or _form(access, request),
    }


@require_GET
@login_if_anonymous
def tab_page(request: HttpRequest, slug: str) -> HttpResponse:
    access = club_access(request.user, slug, needs=Role.MEMBER)
    return render(request, "tab/tab.html", _context(request, access))


@require_POST
@login_if_anonymous
def payment_record(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """With htmx the tab's body comes back, the form emptied or showing its mistakes;
    without, the page again (after a redirect when it was stored)."""
    access = club_access(request.user, slug, needs=Role.MEMBER)
    form = _form(access, request, request.POST)
    stored = None
    if form.is_valid():
        data = form.cleaned_data
        try:
            stored = services.record_payment(
                club=access.club,
                by=signed_in_user(request),
                payer_id=data["payer"].pk,
                payee_id=data["payee"].pk,
                amount=data["amount"],
                paid_on=data["paid_on"],
                note=data["note"],
                client_key=data["client_key"] or uuid.uuid4(),
            )
        except UserError as error:
            show_error(form, error)
    said = ""
    if stored:
        # Translators: a payment just recorded, "Dev paid Asha 120.": payer, payee, money.
        said = _("%(payer)s paid %(payee)s %(amount)s.") % {
            "payer": stored.payer.name,
            "payee": stored.payee.name,
            "amount": stored.amount,
        }
    if request.htmx:
        # A refusal comes back as a 200 too: htmx swaps in only successful answers, and
        # the form must show its sentence.
        context = _context(request, access, None if stored else form)
        context["said"] = said
        return render(request, "tab/partials/tab_body.html", context)
    if stored:
        messages.success(request, said)
        return redirect("club-tab", slug=access.club.slug)
    return render(request, "tab/tab.html", _context(request, access, form), status=400)


@require_http_methods(["GET", "POST"])
@login_if_anonymous
def payment_remove(request: HttpRequest, slug: str, payment_id: int) -> HttpResponse:
    """A confirmation page, then the removal: the payment stays on record, marked removed."""
    access = club_access(request.user, slug, needs=Role.MEMBER)
    payment = get_object_or_404(
        Payment.objects.select_related("payer", "payee", "created_by", "removed_by"),
        pk=payment_id,
        club=access.club,
    )
    error = None
    status = 200
    if request.method == "POST":
        try:
            services.remove_payment(
                club=access.club, by=signed_in_user(request), payment_id=payment.pk
            )
        except UserError as refused:
            error, status = refused.message, refused.status_code
            payment.refresh_from_db()
        else:
            said = _(
                "The payment of %(amount)s from %(payer)s to %(payee)s is removed; the tab no "
                "longer counts it."
            ) % {"amount": payment.amount, "payer": payment.payer.name, "payee": payment.payee.name}
            messages.success(request, said)
            return redirect("club-tab", slug=access.club.slug)
    (row,) = payment_rows((payment,), role=access.role, user_id=request.user.pk)
    return render(
        request,
        "tab/payment_remove.html",
        {"access": access, "club": access.club, "row": row, "error": error},
        status=status,
    )


@require_GET
@login_if_anonymous
def tab_csv(request: HttpRequest, slug: str) -> HttpResponse:
    """One row per player: money from sessions, paid, received, balance, then sessions and
    money at each stake played. New columns go at the end."""
    access = club_access(request.user, slug, needs=Role.MEMBER)
    tab = selectors.club_tab(access.club)
    header = [
        pgettext("a CSV column", "player"),
        # Translators: a CSV column: the money won (+) or lost (-) in finished sessions.
        pgettext("a CSV column", "from sessions"),
        # Translators: a CSV column: the money the player paid to others.
        pgettext("a CSV column", "paid"),
        # Translators: a CSV column: the money the player received from others.
        pgettext("a CSV column", "received"),
        # Translators: a CSV column: what the player is owed (+) or owes (-) now.
        pgettext("a CSV column", "balance"),
    ]
    # Translators: a CSV column: the sessions a player played at a stake of 2 money a point.
    at_stake = pgettext("a CSV column", "sessions at %(stake)s per point")
    header += [at_stake % {"stake": stake} for stake in tab.stakes]
    # Translators: a CSV column: the money won (+) or lost (-) at a stake of 2 money a point.
    net_at_stake = pgettext("a CSV column", "net at %(stake)s per point")
    header += [net_at_stake % {"stake": stake} for stake in tab.stakes]
    rows: list[list[object]] = []
    for line in tab.balances:
        by_stake = {s.stake: s for s in line.by_stake}
        rows.append(
            [
                safe_text(line.player.name),
                line.from_sessions,
                line.paid,
                line.received,
                line.balance,
                *(by_stake[s].sessions if s in by_stake else 0 for s in tab.stakes),
                *(by_stake[s].net if s in by_stake else 0 for s in tab.stakes),
            ]
        )
    return csv_response(filename=f"{access.club.slug}-tab.csv", header=header, rows=rows)
