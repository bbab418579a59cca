"""A round's page (its tables, for every member) and the director's steps on it: swap two
players, draw it again, start it, finish it."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from clubs.access import ClubAccess
from clubs.views.guard import login_if_anonymous, show_error
from common.errors import UserError
from common.http import signed_in_user
from leagues.views.polling import render_polled
from tournaments import selectors
from tournaments.access import directed_tournament, member_tournament
from tournaments.forms import SwapForm
from tournaments.models import Round, RoundKind, RoundStatus, Tournament
from tournaments.selectors import round_view
from tournaments.services.draws import redraw_round, swap_players
from tournaments.services.play import finish_round, start_round
from tournaments.views.actions import Outcome, confirmed_action, run_action
from tournaments.views.dashboard import dashboard_url, round_url
from tournaments.views.next_step import round_name

# How often a started round's page asks for its tables again: a table plays for many
# minutes, so the director sees it finish soon enough without the club's server being asked
# every few seconds by every phone in the room.
TABLES_POLL_SECONDS = 10


def round_page(
    request: HttpRequest,
    access: ClubAccess,
    tournament: Tournament,
    round_: Round,
    *,
    swap_form: SwapForm | None = None,
    status: int = 200,
) -> HttpResponse:
    view = round_view(round_)
    started = round_.status == RoundStatus.STARTED
    drawn = round_.status == RoundStatus.DRAWN

    context = {
        "access": access,
        "club": access.club,
        "tournament": tournament,
        "round": round_,
        "name": round_name(round_),
        "view": view,
        "confirmable": selectors.confirmable(view, request.user),
        "drawn": drawn,
        "started": started,
        # Only a started round's tables change by themselves (hands, finished tables), and
        # then the page holds no form being typed into that a swap could wipe: the swap and
        # redraw forms exist only before the start.
        "polling": started and bool(view.playing),
        "swap_form": swap_form or _swap_form(round_, drawn=drawn),
    }
    response = render_polled(
        request,
        page="tournaments/round.html",
        part="tournaments/partials/round_tables.html",
        context=context,
        seconds=TABLES_POLL_SECONDS,
    )
    response.status_code = status
    return response


def _swap_form(round_: Round, *, drawn: bool) -> SwapForm | None:
    """The swap form exists only before the start."""
    return SwapForm(players=selectors.seated_players(round_)) if drawn else None


@require_GET
def tournament_round(
    request: HttpRequest, slug: str, tournament_slug: str, number: int
) -> HttpResponse:
    access, tournament = member_tournament(request.user, slug, tournament_slug)
    return round_page(request, access, tournament, selectors.round_of(tournament, number))


@require_POST
@login_if_anonymous
def tournament_swap(
    request: HttpRequest, slug: str, tournament_slug: str, number: int
) -> HttpResponse:
    access, tournament = directed_tournament(request.user, slug, tournament_slug)
    round_ = selectors.round_of(tournament, number)
    form = SwapForm(request.POST, players=selectors.seated_players(round_))
    if form.is_valid():
        first, second = form.pair()
        try:
            swap_players(round_=round_, first=first, second=second)
        except UserError as error:
            show_error(form, error)
        else:
            said = _("%(first)s and %(second)s have changed seats.") % {
                "first": first.name,
                "second": second.name,
            }
            messages.success(request, said)
            return redirect(round_url(tournament, number))
    return round_page(request, access, tournament, round_, swap_form=form, status=400)


@require_http_methods(["GET", "POST"])
@login_if_anonymous
def tournament_redraw(
    request: HttpRequest, slug: str, tournament_slug: str, number: int
) -> HttpResponse:
    """A confirmation page, then a new draw of the round from who is checked in now."""
    access, tournament = directed_tournament(request.user, slug, tournament_slug)
    round_ = selectors.round_of(tournament, number)

    def action() -> str:
        redraw_round(round_=round_)
        if round_.kind == RoundKind.FINAL:
            return _("The final table is drawn again.")
        return _("Round %(number)s is drawn again.") % {"number": round_.number}

    return confirmed_action(
        request,
        action,
        back=round_url(tournament, number),
        template="tournaments/redraw.html",
        context=lambda: {
            "access": access,
            "club": access.club,
            "tournament": tournament,
            "round": round_,
            "name": round_name(round_),
        },
    )


@require_POST
@login_if_anonymous
def tournament_start(
    request: HttpRequest, slug: str, tournament_slug: str, number: int
) -> HttpResponse:
    _access, tournament = directed_tournament(request.user, slug, tournament_slug)
    round_ = selectors.round_of(tournament, number)

    def action() -> Outcome:
        start_round(round_=round_, user=signed_in_user(request))
        if round_.kind == RoundKind.FINAL:
            said = _(
                "The final table has started: each table's scorer records its hands on the "
                "table's session screen."
            )
        else:
            said = _(
                "Round %(number)s has started: each table's scorer records its hands on the "
                "table's session screen."
            ) % {"number": round_.number}
        return said, round_url(tournament, number)

    return run_action(request, action, back=round_url(tournament, number))


@require_POST
@login_if_anonymous
def tournament_finish_round(
    request: HttpRequest, slug: str, tournament_slug: str, number: int
) -> HttpResponse:
    _access, tournament = directed_tournament(request.user, slug, tournament_slug)
    round_ = selectors.round_of(tournament, number)

    def action() -> Outcome:
        finish_round(round_=round_)
        if round_.kind == RoundKind.FINAL:
            standings = reverse("tournament-standings", args=[slug, tournament.slug])
            return _("The final table is finished: here are the final standings."), standings
        said = _("Round %(number)s is finished.") % {"number": round_.number}
        return said, dashboard_url(tournament)

    return run_action(request, action, back=round_url(tournament, number))
