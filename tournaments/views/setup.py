"""The club's tournaments, setting one up and changing its set-up (organisers and owners).

The edit screen is the set-up form again. Once round 1 is drawn the rules (table sizes,
scoring, the final table) shape every draw and result, so only the name and dates stay
open; `update_tournament` decides, the form only shows it.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from clubs.access import ClubAccess, club_access
from clubs.roles import Role
from clubs.services import default_options
from clubs.views.guard import login_if_anonymous
from common.errors import UserError
from common.http import signed_in_user
from tournaments import selectors
from tournaments.access import directed_tournament
from tournaments.forms import TournamentForm
from tournaments.models import Tournament
from tournaments.services.setup import create_tournament, update_tournament


@require_GET
def tournament_list(request: HttpRequest, slug: str) -> HttpResponse:
    access = club_access(request.user, slug)
    return render(
        request,
        "tournaments/list.html",
        {
            "access": access,
            "club": access.club,
            "tournaments": selectors.club_tournaments(
                access.club, released_only=not access.is_member
            ),
        },
    )


def _form_page(
    request: HttpRequest,
    access: ClubAccess,
    form: TournamentForm,
    tournament: Tournament | None = None,
) -> HttpResponse:
    return render(
        request,
        "tournaments/form.html",
        {"access": access, "club": access.club, "form": form, "tournament": tournament},
        status=400 if form.is_bound else 200,
    )


@require_http_methods(["GET", "POST"])
@login_if_anonymous
def tournament_new(request: HttpRequest, slug: str) -> HttpResponse:
    access = club_access(request.user, slug, needs=Role.ORGANISER)
    if request.method == "GET":
        return _form_page(request, access, TournamentForm.blank())
    form = TournamentForm(request.POST)
    if form.is_valid():
        fields = form.tournament_fields()
        try:
            tournament = create_tournament(
                club=access.club,
                # Every table plays by the club's saved rules for the game, as a session
                # started at the club would.
                options=default_options(club=access.club, variant=fields["variant"]),
                user=signed_in_user(request),
                **fields,
            )
        except UserError as error:
            form.add_service_error(error.field, error.message)
        else:
            messages.success(
                request, _("%(name)s is set up: enter the players.") % {"name": tournament.name}
            )
            return redirect(
                "tournament-detail", slug=access.club.slug, tournament_slug=tournament.slug
            )
    return _form_page(request, access, form)


@require_http_methods(["GET", "POST"])
@login_if_anonymous
def tournament_edit(request: HttpRequest, slug: str, tournament_slug: str) -> HttpResponse:
    access, tournament = directed_tournament(request.user, slug, tournament_slug)
    if request.method == "GET":
        return _form_page(request, access, TournamentForm.for_tournament(tournament), tournament)
    form = TournamentForm.for_tournament(tournament, request.POST)
    if form.is_valid():
        try:
            # The service works on a fresh, locked copy: `tournament` (the page's heading)
            # keeps the stored name if it refuses.
            saved = update_tournament(
                tournament=tournament, user=signed_in_user(request), **form.changes()
            )
        except UserError as error:
            form.add_service_error(error.field, error.message)
        else:
            messages.success(request, _("%(name)s: the set-up is saved.") % {"name": saved.name})
            return redirect("tournament-detail", slug=access.club.slug, tournament_slug=saved.slug)
    return _form_page(request, access, form, tournament)
