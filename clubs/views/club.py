"""Making a club, and the club's own page."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from clubs import services
from clubs.access import club_access
from clubs.forms import ClubForm, timezone_names
from clubs.pages import club_page_parts
from clubs.selectors import player_rows
from clubs.views.guard import show_error
from common.errors import UserError
from common.http import signed_in_user


@login_required
@require_http_methods(["GET", "POST"])
def club_new(request: HttpRequest) -> HttpResponse:
    form = ClubForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        try:
            club = services.create_club(
                name=form.cleaned_data["name"],
                owner=signed_in_user(request),
                timezone_name=form.cleaned_data["timezone"].strip(),
                is_public=form.cleaned_data["is_public"],
            )
        except UserError as error:
            show_error(form, error)
        else:
            messages.success(
                request, _("%(club)s is ready. Invite your players next.") % {"club": club.name}
            )
            return redirect("club-detail", slug=club.slug)
    return render(
        request, "clubs/club_new.html", {"form": form, "timezone_names": timezone_names()}
    )


@require_GET
def club_detail(request: HttpRequest, slug: str) -> HttpResponse:
    access = club_access(request.user, slug)
    return render(
        request,
        "clubs/club_detail.html",
        {
            "access": access,
            "club": access.club,
            "players": player_rows(access.club),
            **club_page_parts(access.club),  # `sessions`, from scoring
        },
    )
