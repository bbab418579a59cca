"""Invitation links: organisers make and withdraw them; whoever has one can join."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from clubs import services
from clubs.access import club_access
from clubs.forms import InvitationForm, JoinForm
from clubs.models import Invitation, Membership
from clubs.roles import Role
from clubs.selectors import invitation_by_token, unlinked_guests, valid_invitations
from clubs.views.guard import login_if_anonymous, show_error
from common.errors import UserError
from common.http import signed_in_user


@require_http_methods(["GET", "POST"])
@login_if_anonymous
def invitations(request: HttpRequest, slug: str) -> HttpResponse:
    access = club_access(request.user, slug, needs=Role.ORGANISER)
    form = InvitationForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        try:
            invitation = services.create_invitation(
                club=access.club, role=form.cleaned_data["role"], created_by=signed_in_user(request)
            )
        except UserError as error:
            show_error(form, error)
        else:
            messages.success(request, _("A new link is ready: copy it and send it to the player."))
            return redirect(
                f"{reverse('club-invitations', args=[slug])}#invitation-{invitation.pk}"
            )
    links = [
        (invitation, request.build_absolute_uri(reverse("club-join", args=[invitation.token])))
        for invitation in valid_invitations(access.club)
    ]
    return render(
        request,
        "clubs/invitations.html",
        {"access": access, "club": access.club, "form": form, "links": links},
    )


@require_http_methods(["GET", "POST"])
@login_if_anonymous
def invitation_revoke(request: HttpRequest, slug: str, invitation_id: int) -> HttpResponse:
    """Withdrawing asks first: people may already have the link in their messages."""
    access = club_access(request.user, slug, needs=Role.ORGANISER)
    invitation = get_object_or_404(Invitation, pk=invitation_id, club=access.club)
    if request.method == "POST":
        services.revoke_invitation(club=access.club, invitation_id=invitation.pk)
        messages.success(request, _("The link no longer works."))
        return redirect("club-invitations", slug=access.club.slug)
    return render(
        request,
        "clubs/invitation_revoke.html",
        {"access": access, "club": access.club, "invitation": invitation},
    )


@require_http_methods(["GET", "POST"])
def join(request: HttpRequest, token: str) -> HttpResponse:
    """The page behind an invitation link. Holding a valid link is what lets you see it."""
    invitation = invitation_by_token(token)
    if invitation is None or not invitation.is_valid():
        return render(request, "clubs/join_invalid.html", status=404 if invitation is None else 410)
    if not request.user.is_authenticated:
        if request.method == "POST":
            return redirect_to_login(request.path)
        return render(
            request, "clubs/join.html", {"invitation": invitation, "club": invitation.club}
        )

    club = invitation.club
    membership = Membership.objects.filter(club=club, user=request.user).first()
    # Someone already in the club keeps their player; linking a guest is the organiser's job.
    guests = unlinked_guests(club) if membership is None else unlinked_guests(club).none()
    form = JoinForm(request.POST if request.method == "POST" else None, guests=guests)
    if request.method == "POST" and form.is_valid():
        guest = form.cleaned_data["guest"]
        try:
            services.accept_invitation(
                token=token, user=request.user, guest_id=guest.pk if guest else None
            )
        except UserError as error:
            show_error(form, error)
        else:
            if guest:
                messages.success(
                    request,
                    _(
                        "Welcome to %(club)s. Your claim to be %(name)s waits for an "
                        "organiser: once they approve it, their results are yours."
                    )
                    % {"club": club.name, "name": guest.name},
                )
                return redirect("club-players", slug=club.slug)
            messages.success(request, _("Welcome to %(club)s.") % {"club": club.name})
            return redirect("club-detail", slug=club.slug)
    return render(
        request,
        "clubs/join.html",
        {"invitation": invitation, "club": club, "membership": membership, "form": form},
    )
