"""Members and guests: roles, removing a member, adding, renaming and linking players,
and deciding members' claims to have played as a guest.

Members may look; changes need an organiser. Ids in URLs and forms are always looked up
inside the club of the URL, so another club's people can never be touched from here.
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from clubs import services
from clubs.access import ClubAccess, club_access
from clubs.forms import LinkGuestForm, PlayerNameForm, RoleForm
from clubs.models import GuestClaim, Membership, Player
from clubs.roles import Role
from clubs.selectors import club_people, pending_claims
from clubs.views.guard import login_if_anonymous, show_error
from common.errors import UserError
from common.http import signed_in_user


def _players_page(
    request: HttpRequest,
    access: ClubAccess,
    *,
    guest_form: PlayerNameForm | None = None,
    role_error: tuple[int, str] | None = None,
    claim_error: tuple[int, str] | None = None,
) -> HttpResponse:
    role_field = RoleForm(by_owner=access.is_owner).fields["role"]
    assert isinstance(role_field, forms.ChoiceField)
    # Organisers see every claim waiting; a member sees only their own.
    claims = pending_claims(access.club)
    my_claim = next((c for c in claims if c.user_id == request.user.pk), None)
    return render(
        request,
        "clubs/players.html",
        {
            "access": access,
            "club": access.club,
            "people": club_people(access.club),
            "guest_form": guest_form or PlayerNameForm(),
            "role_choices": role_field.choices,
            "role_error": role_error,
            "claims": claims if access.can_organise else [],
            "my_claim": my_claim,
            "claim_error": claim_error,
        },
    )


@require_GET
@login_if_anonymous
def players(request: HttpRequest, slug: str) -> HttpResponse:
    return _players_page(request, club_access(request.user, slug))


@require_POST
@login_if_anonymous
def guest_add(request: HttpRequest, slug: str) -> HttpResponse:
    access = club_access(request.user, slug, needs=Role.ORGANISER)
    form = PlayerNameForm(request.POST)
    if form.is_valid():
        try:
            guest = services.add_guest(club=access.club, name=form.cleaned_data["name"])
        except UserError as error:
            show_error(form, error)
        else:
            messages.success(
                request, _("%(name)s can now be seated as a guest.") % {"name": guest.name}
            )
            return redirect("club-players", slug=access.club.slug)
    return _players_page(request, access, guest_form=form)


@require_POST
@login_if_anonymous
def member_role(request: HttpRequest, slug: str, membership_id: int) -> HttpResponse:
    access = club_access(request.user, slug, needs=Role.ORGANISER)
    membership = get_object_or_404(Membership, pk=membership_id, club=access.club)
    form = RoleForm(request.POST, by_owner=access.is_owner)
    if not form.is_valid():
        return _players_page(request, access, role_error=(membership.pk, _("Choose a role.")))
    assert access.role is not None  # club_access let only an organiser through
    try:
        services.set_role(
            club=access.club,
            membership_id=membership.pk,
            role=form.cleaned_data["role"],
            by_role=access.role,
        )
    except UserError as error:
        return _players_page(request, access, role_error=(membership.pk, error.message))
    messages.success(
        request,
        # Translators: the role is "Member", "Scorer", "Organiser" or "Owner"
        _("%(username)s is now %(role)s.")
        % {
            "username": membership.user.get_username(),
            "role": Role(form.cleaned_data["role"]).label,
        },
    )
    return redirect("club-players", slug=access.club.slug)


@require_http_methods(["GET", "POST"])
@login_if_anonymous
def member_remove(request: HttpRequest, slug: str, membership_id: int) -> HttpResponse:
    """A confirmation page, then the removal; the member's results stay with their player."""
    access = club_access(request.user, slug, needs=Role.ORGANISER)
    membership = get_object_or_404(
        Membership.objects.select_related("user"), pk=membership_id, club=access.club
    )
    error = None
    if request.method == "POST":
        assert access.role is not None  # club_access let only an organiser through
        try:
            services.remove_member(
                club=access.club, membership_id=membership.pk, by_role=access.role
            )
        except UserError as exc:
            error = exc.message
        else:
            messages.success(
                request,
                _("%(username)s is no longer a member.")
                % {"username": membership.user.get_username()},
            )
            if membership.user_id == request.user.pk:
                return redirect("home")
            return redirect("club-players", slug=access.club.slug)
    return render(
        request,
        "clubs/member_remove.html",
        {"access": access, "club": access.club, "membership": membership, "error": error},
    )


def _player_page(
    request: HttpRequest,
    access: ClubAccess,
    player: Player,
    *,
    name_form: PlayerNameForm | None = None,
    link_form: LinkGuestForm | None = None,
) -> HttpResponse:
    return render(
        request,
        "clubs/player_edit.html",
        {
            "access": access,
            "club": access.club,
            "player": player,
            "name_form": name_form or PlayerNameForm(initial={"name": player.name}),
            "link_form": link_form or LinkGuestForm(club=access.club),
        },
    )


@require_http_methods(["GET", "POST"])
@login_if_anonymous
def player_edit(request: HttpRequest, slug: str, player_id: int) -> HttpResponse:
    """Rename a player (guest or member); a guest's page also offers linking an account."""
    access = club_access(request.user, slug, needs=Role.ORGANISER)
    player = get_object_or_404(Player, pk=player_id, club=access.club)
    if request.method == "GET":
        return _player_page(request, access, player)
    form = PlayerNameForm(request.POST)
    if form.is_valid():
        old_name = player.name
        try:
            services.rename_player(club=access.club, player=player, name=form.cleaned_data["name"])
        except UserError as error:
            show_error(form, error)
        else:
            messages.success(
                request,
                _("%(old_name)s is now called %(name)s.")
                % {"old_name": old_name, "name": player.name},
            )
            return redirect("club-players", slug=access.club.slug)
    return _player_page(request, access, player, name_form=form)


@require_POST
@login_if_anonymous
def guest_link(request: HttpRequest, slug: str, player_id: int) -> HttpResponse:
    access = club_access(request.user, slug, needs=Role.ORGANISER)
    player = get_object_or_404(Player, pk=player_id, club=access.club)
    form = LinkGuestForm(request.POST, club=access.club)
    if form.is_valid():
        user = form.cleaned_data["member"].user
        try:
            services.link_guest(club=access.club, guest_id=player.pk, user=user)
        except UserError as error:
            form.add_error("member", error.message)
        else:
            messages.success(
                request,
                _("%(name)s's results now belong to %(username)s.")
                % {"name": player.name, "username": user.get_username()},
            )
            return redirect("club-players", slug=access.club.slug)
    return _player_page(request, access, player, link_form=form)


@require_POST
@login_if_anonymous
def claim_approve(request: HttpRequest, slug: str, claim_id: int) -> HttpResponse:
    """One tap: the guest's results become the member's."""
    access = club_access(request.user, slug, needs=Role.ORGANISER)
    claim = get_object_or_404(
        GuestClaim.objects.select_related("player", "user"), pk=claim_id, club=access.club
    )
    try:
        services.approve_claim(club=access.club, claim_id=claim.pk, by=signed_in_user(request))
    except UserError as error:
        return _players_page(request, access, claim_error=(claim.pk, error.message))
    messages.success(
        request,
        _("%(name)s's results now belong to %(username)s.")
        % {"name": claim.player.name, "username": claim.user.get_username()},
    )
    return redirect("club-players", slug=access.club.slug)


@require_http_methods(["GET", "POST"])
@login_if_anonymous
def claim_refuse(request: HttpRequest, slug: str, claim_id: int) -> HttpResponse:
    """Refusing asks first: the member is told their results stay with the guest."""
    access = club_access(request.user, slug, needs=Role.ORGANISER)
    claim = get_object_or_404(
        GuestClaim.objects.select_related("player", "user"), pk=claim_id, club=access.club
    )
    error = None
    if request.method == "POST":
        try:
            services.refuse_claim(club=access.club, claim_id=claim.pk, by=signed_in_user(request))
        except UserError as exc:
            error = exc.message
        else:
            messages.success(
                request,
                _("%(name)s stays a guest; %(username)s plays as themselves from now on.")
                % {"name": claim.player.name, "username": claim.user.get_username()},
            )
            return redirect("club-players", slug=access.club.slug)
    return render(
        request,
        "clubs/claim_refuse.html",
        {"access": access, "club": access.club, "claim": claim, "error": error},
    )
