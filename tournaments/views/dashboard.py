"""The director's tournament page: entries, the rounds so far and the next step; and the
steps taken from it (release the public pages, draw a round, cut to the final table)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_POST

from clubs.access import ClubAccess
from clubs.views.guard import login_if_anonymous
from common.qr import qr_svg
from tournaments import selectors
from tournaments.access import directed_tournament
from tournaments.forms import DrawForm, EntryForm
from tournaments.models import Round, Tournament, TournamentStatus
from tournaments.services.draws import draw_round
from tournaments.services.entries import checkin_code_of
from tournaments.services.final import cut_to_final
from tournaments.services.setup import set_published
from tournaments.views.actions import Outcome, run_action
from tournaments.views.next_step import next_step


def dashboard_url(tournament: Tournament) -> str:
    return reverse("tournament-detail", args=[tournament.club.slug, tournament.slug])


def round_url(tournament: Tournament, number: int) -> str:
    return reverse("tournament-round", args=[tournament.club.slug, tournament.slug, number])


def dashboard_page(
    request: HttpRequest,
    access: ClubAccess,
    tournament: Tournament,
    *,
    entry_form: EntryForm | None = None,
    status: int = 200,
) -> HttpResponse:
    rounds = selectors.rounds(tournament)
    context = {
        "access": access,
        "club": access.club,
        "tournament": tournament,
        **check_in_counts(tournament, rounds),
        "entry_form": entry_form or EntryForm(players=selectors.free_players(tournament)),
        "rounds": rounds,
        "draw_form": DrawForm(),
        "venue": venue_box(request, tournament),
    }
    return render(request, "tournaments/detail.html", context, status=status)


def venue_box(request: HttpRequest, tournament: Tournament) -> dict[str, object] | None:
    """The venue's check-in code, its address and QR code, while players can check in."""
    if tournament.status not in (TournamentStatus.REGISTRATION, TournamentStatus.RUNNING):
        return None
    code = checkin_code_of(tournament)
    address = request.build_absolute_uri(reverse("tournament-venue-check-in", args=(code,)))
    return {"code": code, "address": address, "qr": qr_svg(address, _("The code to check in"))}


def check_in_counts(tournament: Tournament, rounds: list[Round]) -> dict[str, object]:
    """The entries, how many active ones are checked in, and the next step: what the page's
    "N checked in" lines read (`partials/checked_in_count.html`)."""
    entries = selectors.entries(tournament)
    return {
        "entries": entries,
        "checked_in": sum(1 for e in entries if e.checked_in and e.active),
        "next": next_step(tournament, rounds),
    }


@require_GET
@login_if_anonymous
def tournament_detail(request: HttpRequest, slug: str, tournament_slug: str) -> HttpResponse:
    access, tournament = directed_tournament(request.user, slug, tournament_slug)
    return dashboard_page(request, access, tournament)


@require_POST
@login_if_anonymous
def tournament_publish(request: HttpRequest, slug: str, tournament_slug: str) -> HttpResponse:
    _access, tournament = directed_tournament(request.user, slug, tournament_slug)
    published = request.POST.get("published") == "1"

    def action() -> Outcome:
        set_published(tournament=tournament, published=published)
        said = (
            _("The public pages are released: anyone with the link can follow the tournament.")
            if published
            else _("The public pages are hidden again.")
        )
        return said, dashboard_url(tournament)

    return run_action(request, action, back=dashboard_url(tournament))


@require_POST
@login_if_anonymous
def tournament_draw(request: HttpRequest, slug: str, tournament_slug: str) -> HttpResponse:
    _access, tournament = directed_tournament(request.user, slug, tournament_slug)
    form = DrawForm(request.POST)
    swiss = form.is_valid() and form.cleaned_data["swiss"]

    def action() -> Outcome:
        round_ = draw_round(tournament=tournament, swiss=swiss)
        tables = round_.tables.count()
        said = ngettext(
            "Round %(number)s is drawn at %(count)s table.",
            "Round %(number)s is drawn at %(count)s tables.",
            tables,
        ) % {"number": round_.number, "count": tables}
        return said, round_url(tournament, round_.number)

    return run_action(request, action, back=dashboard_url(tournament))


@require_POST
@login_if_anonymous
def tournament_cut(request: HttpRequest, slug: str, tournament_slug: str) -> HttpResponse:
    _access, tournament = directed_tournament(request.user, slug, tournament_slug)

    def action() -> Outcome:
        final = cut_to_final(tournament=tournament)
        return _("The final table is drawn."), round_url(tournament, final.number)

    return run_action(request, action, back=dashboard_url(tournament))
