"""Club services: each is one transaction, keyword-only, and raises `UserError` with a
sentence when the request cannot be done (DESIGN.md)."""

from __future__ import annotations

import zoneinfo
from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.models import (
    Club,
    Confirmation,
    GuestClaim,
    Invitation,
    Membership,
    Player,
    VariantRules,
)
from clubs.roles import RANK, Role, at_least
from clubs.slugs import free_slug
from common.errors import OptionRefused, UserError
from common.rules_words import error_text
from scoring.rules import RulesError
from scoring.rules.variants import VARIANTS, check_options

# Roles an invitation may carry: ownership is handed over deliberately, not by a link.
INVITABLE_ROLES = (Role.MEMBER, Role.SCORER, Role.ORGANISER)


def display_name(user: AbstractBaseUser) -> str:
    """The name a user goes by at the table; any user model (scoring passes its own)."""
    full = user.get_full_name() if hasattr(user, "get_full_name") else ""
    return (full or user.get_username()).strip()[:60]


def check_timezone(name: str) -> str:
    try:
        zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        raise UserError(
            # Translators: keep the zone names as they are: they are what the field takes
            _("%(name)s is not a time zone; use a name like Asia/Kolkata or Europe/London.")
            % {"name": repr(name)},
            field="timezone",
        ) from None
    return name


# Words used by the club URLs themselves (clubs/new/): a club called "New" gets "new-2".
@transaction.atomic
def create_club(
    *, name: str, owner: User, timezone_name: str = "UTC", is_public: bool = False
) -> Club:
    name = name.strip()
    if not name:
        raise UserError(_("Give the club a name."), field="name")
    club = Club.objects.create(
        name=name,
        slug=free_slug(name, Club.objects.all(), fallback="club"),
        timezone=check_timezone(timezone_name),
        is_public=is_public,
    )
    Membership.objects.create(club=club, user=owner, role=Role.OWNER)
    _player_for_member(club=club, user=owner)
    return club


def _clean_player_name(club: Club, name: str, *, exclude: int | None = None) -> str:
    name = " ".join(name.split())
    if not name:
        raise UserError(_("Give the player a name."), field="name")
    if len(name) > 60:
        raise UserError(_("A player's name can be at most 60 characters."), field="name")
    taken = Player.objects.filter(club=club, name__iexact=name)
    if exclude is not None:
        taken = taken.exclude(pk=exclude)
    if taken.exists():
        raise UserError(
            _("%(club)s already has a player called %(name)s; add an initial to tell them apart.")
            % {"club": club.name, "name": name},
            field="name",
        )
    return name


def _player_for_member(*, club: Club, user: User) -> Player:
    existing = Player.objects.filter(club=club, user=user).first()
    if existing:
        return existing
    name = display_name(user)
    candidate, n = name, 2
    while Player.objects.filter(club=club, name__iexact=candidate).exists():
        candidate, n = f"{name} {n}", n + 1
    return Player.objects.create(club=club, name=candidate, user=user)


@transaction.atomic
def add_guest(*, club: Club, name: str) -> Player:
    return Player.objects.create(club=club, name=_clean_player_name(club, name))


@transaction.atomic
def rename_player(*, club: Club, player: Player, name: str) -> Player:
    player.name = _clean_player_name(club, name, exclude=player.pk)
    player.save(update_fields=["name"])
    return player


@transaction.atomic
def create_invitation(*, club: Club, role: str, created_by: User) -> Invitation:
    if role not in INVITABLE_ROLES:
        raise UserError(
            _("An invitation can make a member, a scorer or an organiser."), field="role"
        )
    return Invitation.objects.create(club=club, role=role, created_by=created_by)


@transaction.atomic
def revoke_invitation(*, club: Club, invitation_id: int) -> None:
    Invitation.objects.filter(club=club, pk=invitation_id, revoked_at__isnull=True).update(
        revoked_at=timezone.now()
    )


@transaction.atomic
def accept_invitation(*, token: str, user: User, guest_id: int | None = None) -> Membership:
    """Join the club of a valid invitation; `guest_id` claims the guest the user played as.

    The claim waits for an organiser (`approve_claim`); until then the member has no player
    of their own, so a scorer seats them as the guest, whose results the claim is about.
    """
    invitation = (
        Invitation.objects.select_for_update(of=("self",))
        .select_related("club")
        .filter(token=token)
        .first()
    )
    if invitation is None or not invitation.is_valid():
        raise UserError(
            _("This invitation link has expired or was withdrawn; ask the organiser for a new one.")
        )
    club = invitation.club
    membership, created = Membership.objects.get_or_create(
        club=club, user=user, defaults={"role": invitation.role}
    )
    # Joining again through a link for a higher role raises the role; it never lowers it.
    if not created and RANK[invitation.role] > RANK[membership.role]:
        membership.role = invitation.role
        membership.save(update_fields=["role"])
    if guest_id is not None:
        claim_guest(club=club, guest_id=guest_id, user=user)
    else:
        _player_for_member(club=club, user=user)
    Invitation.objects.filter(pk=invitation.pk).update(uses=invitation.uses + 1)
    return membership


@transaction.atomic
def claim_guest(*, club: Club, guest_id: int, user: User) -> GuestClaim:
    """A member says they played as this guest; nothing is linked until an organiser approves.

    Claiming the same guest again while the claim waits changes nothing.
    """
    guest = Player.objects.select_for_update().filter(club=club, pk=guest_id).first()
    if guest is None:
        raise UserError(_("That player is not a guest of this club."), field="guest")
    if not guest.is_guest:
        raise UserError(
            _(
                "%(name)s is already linked to an account; "
                "if that is wrong, tell an organiser of the club."
            )
            % {"name": guest.name},
            field="guest",
        )
    if not Membership.objects.filter(club=club, user=user).exists():
        raise UserError(_("Only a member of the club can claim a guest's results."))
    # The guest's row is locked above; the constraints catch a claim made at the same moment.
    pending = GuestClaim.objects.filter(club=club, status=GuestClaim.Status.PENDING)
    mine = pending.filter(user=user).select_related("player").first()
    if mine is not None:
        if mine.player_id == guest.pk:
            return mine
        raise UserError(
            _(
                "You have already claimed %(name)s; "
                "an organiser decides that claim before you can make another."
            )
            % {"name": mine.player.name},
            field="guest",
        )
    if pending.filter(player=guest).exists():
        raise UserError(
            _(
                "Someone else has already claimed %(name)s and an organiser has not decided "
                "yet; if you played as them, tell an organiser of the club."
            )
            % {"name": guest.name},
            field="guest",
        )
    try:
        with transaction.atomic():
            return GuestClaim.objects.create(club=club, player=guest, user=user)
    except IntegrityError:
        # Two claims at the same moment: the other one was stored first.
        raise UserError(
            _("Someone else has just claimed %(name)s; tell an organiser of the club.")
            % {"name": guest.name},
            field="guest",
        ) from None


def _decide(*, club: Club, claim_id: int, by: User) -> GuestClaim:
    """The pending claim, locked, once `by` is allowed to decide it."""
    role = Membership.objects.filter(club=club, user=by).values_list("role", flat=True).first()
    if not at_least(role, Role.ORGANISER):
        raise UserError(_("Only an organiser or owner of the club can decide a claim."))
    claim = (
        GuestClaim.objects.select_for_update(of=("self",))
        .select_related("player", "user")
        .filter(club=club, pk=claim_id)
        .first()
    )
    if claim is None:
        raise UserError(_("That claim is not one of this club's."))
    if claim.status == GuestClaim.Status.APPROVED:
        raise UserError(
            _("That claim was already approved; reload the players page to see where things stand.")
        )
    if claim.status != GuestClaim.Status.PENDING:
        raise UserError(
            _("That claim was already refused; reload the players page to see where things stand.")
        )
    return claim


@transaction.atomic
def approve_claim(*, club: Club, claim_id: int, by: User) -> GuestClaim:
    """The guest's seats and results become the claiming member's (`link_guest`)."""
    claim = _decide(club=club, claim_id=claim_id, by=by)
    link_guest(club=club, guest_id=claim.player_id, user=claim.user)
    claim.status = GuestClaim.Status.APPROVED
    claim.decided_by = by
    claim.decided_at = timezone.now()
    claim.save(update_fields=["status", "decided_by", "decided_at"])
    return claim


@transaction.atomic
def refuse_claim(*, club: Club, claim_id: int, by: User) -> GuestClaim:
    """The guest stays a guest; the member gets a player of their own to be seated as."""
    claim = _decide(club=club, claim_id=claim_id, by=by)
    claim.status = GuestClaim.Status.REFUSED
    claim.decided_by = by
    claim.decided_at = timezone.now()
    claim.save(update_fields=["status", "decided_by", "decided_at"])
    if Membership.objects.filter(club=club, user=claim.user).exists():
        _player_for_member(club=club, user=claim.user)
    return claim


@transaction.atomic
def link_guest(*, club: Club, guest_id: int, user: User) -> Player:
    """Give a guest an account: their past seats and results become the member's."""
    guest = Player.objects.select_for_update().filter(club=club, pk=guest_id).first()
    if guest is None or not guest.is_guest:
        raise UserError(_("That player is not a guest of this club."), field="guest")
    if not Membership.objects.filter(club=club, user=user).exists():
        raise UserError(_("Only a member of the club can take over a guest's results."))
    own = Player.objects.filter(club=club, user=user).first()
    if own is not None:
        # Results or a tournament entry of its own: merging two players' records is not
        # something a link should do silently.
        if own.seats.exists() or own.entries.exists():
            raise UserError(
                _(
                    "%(username)s already plays as %(name)s with results of their own; "
                    "a guest can be linked only to an account that has not played yet."
                )
                % {"username": user.get_username(), "name": own.name},
                field="guest",
            )
        own.delete()
    guest.user = user
    try:
        guest.save(update_fields=["user"])
    except IntegrityError:
        raise UserError(_("That account already plays as another player here.")) from None
    # Claims still waiting on this guest are settled by the link: the member's claim is
    # approved, anyone else's refused (approve_claim records who decided).
    waiting = GuestClaim.objects.filter(player=guest, status=GuestClaim.Status.PENDING)
    decided_at = timezone.now()
    waiting.filter(user=user).update(status=GuestClaim.Status.APPROVED, decided_at=decided_at)
    for other in waiting.exclude(user=user).select_related("user"):
        other.status, other.decided_at = GuestClaim.Status.REFUSED, decided_at
        other.save(update_fields=["status", "decided_at"])
        if Membership.objects.filter(club=club, user=other.user).exists():
            _player_for_member(club=club, user=other.user)
    return guest


@transaction.atomic
def set_role(*, club: Club, membership_id: int, role: str, by_role: str) -> Membership:
    membership = Membership.objects.select_for_update().filter(club=club, pk=membership_id).first()
    if membership is None:
        raise UserError(_("That person is not a member of the club."))
    if role not in RANK:
        raise UserError(_("Choose member, scorer, organiser or owner."), field="role")
    touches_owner = Role.OWNER in (role, membership.role)
    if touches_owner and by_role != Role.OWNER:
        raise UserError(_("Only an owner can make or unmake an owner."), field="role")
    if membership.role == Role.OWNER and role != Role.OWNER:
        _keep_an_owner(club, leaving=membership)
    membership.role = role
    membership.save(update_fields=["role"])
    return membership


@transaction.atomic
def remove_member(*, club: Club, membership_id: int, by_role: str) -> None:
    """The membership goes; the player and every result stay."""
    membership = Membership.objects.select_for_update().filter(club=club, pk=membership_id).first()
    if membership is None:
        return
    if membership.role == Role.OWNER:
        if by_role != Role.OWNER:
            raise UserError(_("Only an owner can remove an owner."))
        _keep_an_owner(club, leaving=membership)
    membership.delete()


def _keep_an_owner(club: Club, *, leaving: Membership) -> None:
    others = Membership.objects.filter(club=club, role=Role.OWNER).exclude(pk=leaving.pk)
    if not others.exists():
        raise UserError(_("A club needs an owner: make someone else owner first."), field="role")


def check_variant_options(variant: str, options: dict[str, Any]) -> dict[str, Any]:
    """Options as the rules engine accepts them, or `UserError` with the engine's sentence."""
    if variant not in VARIANTS:
        raise UserError(_("Choose one of the club's games."), field="variant")
    try:
        check_options(variant, options)
    except RulesError as error:
        # The engine names the option it refused ("options.drop_first").
        option = (error.field or "").removeprefix("options.") or None
        raise OptionRefused(error_text(error), option=option) from None
    return options


@transaction.atomic
def save_variant_rules(
    *, club: Club, variant: str, options: dict[str, Any], by: User
) -> VariantRules:
    rules, _created = VariantRules.objects.update_or_create(
        club=club,
        variant=variant,
        defaults={
            "options": check_variant_options(variant, options),
            "updated_by": by,
            "updated_at": timezone.now(),
        },
    )
    return rules


@transaction.atomic
def set_leaderboard_days(*, club: Club, days: int | None) -> Club:
    """How many days without a rated session leave a player off the club's leaderboards;
    None or 0 keeps everyone on them."""
    if days is not None and days < 0:
        raise UserError(_("Give a number of days, 0 or more."), field="leaderboard_days")
    club.leaderboard_days = days
    club.save(update_fields=["leaderboard_days"])
    return club


@transaction.atomic
def set_pool_rules(*, club: Club, rejoins: int, entry_fee: int) -> Club:
    """The club's pool house rules: how often a player who went out may rejoin, and the
    entry fee (paid again on each rejoin). Sessions already started keep their own."""
    if not 0 <= rejoins <= 10:
        raise UserError(_("A player may rejoin from 0 to 10 times."), field="pool_rejoins")
    if entry_fee < 0:
        raise UserError(_("The entry fee cannot be below zero."), field="pool_entry_fee")
    club.pool_rejoins, club.pool_entry_fee = rejoins, entry_fee
    club.save(update_fields=["pool_rejoins", "pool_entry_fee"])
    return club


def set_confirmation(*, club: Club, confirmation: str) -> Club:
    """Who confirms each hand of the club's new sessions (sessions started keep theirs)."""
    if confirmation not in Confirmation.values:
        raise UserError(
            _("Choose who confirms each hand: no one, any other player or every player."),
            field="confirmation",
        )
    club.confirmation = confirmation
    club.save(update_fields=["confirmation"])
    return club


def default_options(*, club: Club, variant: str) -> dict[str, Any]:
    rules = VariantRules.objects.filter(club=club, variant=variant).first()
    return dict(rules.options) if rules else {}
