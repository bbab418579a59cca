"""Setting up a league and changing its rules (organisers and owners)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from clubs.access import ClubAccess, club_access
from clubs.roles import Role
from clubs.views.guard import login_if_anonymous
from common.errors import UserError
from leagues import selectors
from leagues.forms import LeagueForm
from leagues.models import League
from leagues.services.setup import create_league, update_league


def _form_page(
    request: HttpRequest, access: ClubAccess, form: LeagueForm, league: League | None
) -> HttpResponse:
    return render(
        request,
        "leagues/league_form.html",
        {"access": access, "club": access.club, "form": form, "league": league},
        status=400 if form.is_bound else 200,
    )


@require_http_methods(["GET", "POST"])
@login_if_anonymous
def league_new(request: HttpRequest, slug: str) -> HttpResponse:
    access = club_access(request.user, slug, needs=Role.ORGANISER)
    if request.method == "GET":
        return _form_page(request, access, LeagueForm.blank(), None)
    form = LeagueForm(request.POST)
    if form.is_valid():
        try:
            league = create_league(club=access.club, **form.league_fields())
        except UserError as error:
            form.add_service_error(error.field, error.message)
        else:
            messages.success(request, _("%(league)s is set up.") % {"league": league.name})
            return redirect("league-detail", slug=access.club.slug, league_slug=league.slug)
    return _form_page(request, access, form, None)


@require_http_methods(["GET", "POST"])
@login_if_anonymous
def league_edit(request: HttpRequest, slug: str, league_slug: str) -> HttpResponse:
    access = club_access(request.user, slug, needs=Role.ORGANISER)
    league = selectors.club_league(access.club, league_slug)
    if request.method == "GET":
        return _form_page(request, access, LeagueForm.for_league(league), league)
    form = LeagueForm(request.POST)
    if form.is_valid():
        try:
            update_league(league=league, **form.league_fields())
        except UserError as error:
            # The service refused before saving; the page shows the stored league's name.
            league.refresh_from_db()
            form.add_service_error(error.field, error.message)
        else:
            said = _("%(league)s: the rules are saved and the table redone.")
            messages.success(request, said % {"league": league.name})
            return redirect("league-detail", slug=access.club.slug, league_slug=league.slug)
    return _form_page(request, access, form, league)
