"""The club's tournaments, and setting up a new one (organisers and owners).

There is no edit screen: a tournament's set-up has no update service yet, and the rules
(table sizes, scoring, the final table) shape every draw and result once play begins.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods

from clubs.access import ClubAccess, club_access
from clubs.errors import UserError
from clubs.roles import Role
from clubs.services import default_options
from clubs.views.guard import login_if_anonymous
from tournaments.services.tournaments import create_tournament
from tournaments.tournament_forms import TournamentForm
from tournaments.views import tournament_reads as reads


@require_GET
def tournament_list(request: HttpRequest, slug: str) -> HttpResponse:
    access = club_access(request.user, slug)
    return render(
        request,
        "tournaments/tournament_list.html",
        {
            "access": access,
            "club": access.club,
            "tournaments": reads.club_tournaments(access.club, released_only=not access.is_member),
        },
    )


def _form_page(request: HttpRequest, access: ClubAccess, form: TournamentForm) -> HttpResponse:
    return render(
        request,
        "tournaments/tournament_form.html",
        {"access": access, "club": access.club, "form": form},
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
                user=request.user,
                **fields,
            )
        except UserError as error:
            form.add_service_error(error.field, error.message)
        else:
            messages.success(request, f"{tournament.name} is set up: enter the players.")
            return redirect(
                "tournament-detail", slug=access.club.slug, tournament_slug=tournament.slug
            )
    return _form_page(request, access, form)
