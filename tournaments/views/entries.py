"""Entering players, checking them in on the day, and withdrawals between rounds."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from clubs.views.guard import login_if_anonymous
from common.errors import UserError
from common.http import HtmxHttpRequest
from tournaments import selectors
from tournaments.access import directed_tournament
from tournaments.forms import EntryForm
from tournaments.services.entries import check_in, register, withdraw
from tournaments.views.actions import confirmed_action
from tournaments.views.dashboard import check_in_counts, dashboard_page, dashboard_url


@require_POST
@login_if_anonymous
def tournament_register(request: HttpRequest, slug: str, tournament_slug: str) -> HttpResponse:
    access, tournament = directed_tournament(request.user, slug, tournament_slug)
    form = EntryForm(request.POST, players=selectors.free_players(tournament))
    if form.is_valid():
        try:
            entry = register(
                tournament=tournament,
                player=form.chosen_player(),
                guest_name=form.cleaned_data["guest_name"],
            )
        except UserError as error:
            form.add_service_error(error.field, error.message)
        else:
            said = _("%(name)s is entered.") % {"name": entry.player.name}
            if entry.entered_round > 1:
                said = _(
                    "%(name)s is entered late, checked in, and drawn from round %(number)s."
                ) % {"name": entry.player.name, "number": entry.entered_round}
            messages.success(request, said)
            return redirect(dashboard_url(tournament) + "#entries")
    return dashboard_page(request, access, tournament, entry_form=form, status=400)


@require_POST
@login_if_anonymous
def tournament_check_in(
    request: HtmxHttpRequest, slug: str, tournament_slug: str, player_id: int
) -> HttpResponse:
    """One tap: with htmx only the entry's row comes back; without, the whole page."""
    access, tournament = directed_tournament(request.user, slug, tournament_slug)
    entry = selectors.entry_of(tournament, player_id)
    error = ""
    try:
        entry = check_in(
            tournament=tournament, player=entry.player, present=request.POST.get("present") == "1"
        )
    except UserError as refused:
        error = refused.message
    if request.htmx:
        # A refusal comes back as a 200 too: htmx swaps in only successful answers, and
        # the row must show the sentence.
        # The row, and the page's "N checked in" counts out of band.
        context = {
            "club": access.club,
            "tournament": tournament,
            "entry": entry,
            "error": error,
            "counts_oob": True,
            **check_in_counts(tournament, selectors.rounds(tournament)),
        }
        return render(request, "tournaments/partials/entry_row.html", context)
    if error:
        messages.error(request, error)
    else:
        said = (
            _("%(name)s is checked in.")
            if entry.checked_in
            else _("%(name)s is no longer checked in.")
        )
        messages.success(request, said % {"name": entry.player.name})
    return redirect(dashboard_url(tournament) + "#entries")


@require_http_methods(["GET", "POST"])
@login_if_anonymous
def tournament_withdraw(
    request: HttpRequest, slug: str, tournament_slug: str, player_id: int
) -> HttpResponse:
    """A confirmation page, then the withdrawal; the player's results so far stay."""
    access, tournament = directed_tournament(request.user, slug, tournament_slug)
    entry = selectors.entry_of(tournament, player_id)

    def action() -> str:
        withdraw(tournament=tournament, player=entry.player)
        return _("%(name)s is withdrawn and will not be drawn again.") % {"name": entry.player.name}

    return confirmed_action(
        request,
        action,
        back=dashboard_url(tournament) + "#entries",
        template="tournaments/withdraw.html",
        context=lambda: {
            "access": access,
            "club": access.club,
            "tournament": tournament,
            "entry": entry,
        },
    )
