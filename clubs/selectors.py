"""Reads behind the club screens and the club endpoints, each in a fixed number of queries."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import OuterRef, Q, QuerySet, Subquery, Value
from django.db.models.fields import CharField
from django.utils import timezone

from clubs.models import Club, GuestClaim, Invitation, Membership, Player, VariantRules
from clubs.pages import home_parts
from clubs.roles import RANK, Role


@dataclass(frozen=True)
class HomeClub:
    club: Club
    role: str
    # What other apps add (clubs.pages): for scoring, `active_sessions`.
    parts: dict[str, Any] = field(default_factory=dict)

    @property
    def role_label(self) -> str:
        """The role as people read it (translated), not its stored code."""
        return str(Role(self.role).label)


def home_clubs(user: User) -> list[HomeClub]:
    """The user's clubs by name, each with what other apps show of it (one query, and one
    for each such part)."""
    memberships = list(
        Membership.objects.filter(user=user).select_related("club").order_by("club__name")
    )
    parts = home_parts([m.club_id for m in memberships])
    return [
        HomeClub(m.club, m.role, {name: by_club[m.club_id] for name, by_club in parts.items()})
        for m in memberships
    ]


def public_clubs() -> QuerySet[Club]:
    return Club.objects.filter(is_public=True).order_by("name")


@dataclass(frozen=True)
class PlayerRow:
    """A player as the players list shows them: guest, member (with role) or former member."""

    player: Player
    membership: Membership | None

    @property
    def is_guest(self) -> bool:
        return self.player.is_guest

    @property
    def is_former_member(self) -> bool:
        # Removing a member keeps their player and results; the account link stays.
        return not self.player.is_guest and self.membership is None


@dataclass(frozen=True)
class MemberRow:
    membership: Membership
    player: Player | None  # None only if the member's player was deleted some other way

    @property
    def name(self) -> str:
        return self.player.name if self.player else self.membership.user.get_username()


@dataclass(frozen=True)
class ClubPeople:
    members: list[MemberRow]  # owners first, then by name
    players: list[PlayerRow]  # everyone who can sit at a table, by name

    @property
    def guests(self) -> list[Player]:
        return [row.player for row in self.players if row.is_guest]


def club_people(club: Club) -> ClubPeople:
    """Members with their roles, and every player marked guest or member (two queries)."""
    memberships = list(Membership.objects.filter(club=club).select_related("user"))
    players = list(Player.objects.filter(club=club).select_related("user").order_by("name"))
    membership_of_user = {m.user_id: m for m in memberships}
    player_of_user = {p.user_id: p for p in players if p.user_id is not None}
    members = [MemberRow(m, player_of_user.get(m.user_id)) for m in memberships]
    members.sort(key=lambda row: (-RANK[row.membership.role], row.name.lower()))
    rows = [PlayerRow(p, membership_of_user.get(p.user_id) if p.user_id else None) for p in players]
    return ClubPeople(members=members, players=rows)


def player_rows(club: Club) -> list[PlayerRow]:
    """Every player by name, marked guest, member (with role) or former member: the club
    page's list, in two queries of the few columns it shows (no account is read)."""
    roles = {m.user_id: m for m in Membership.objects.filter(club=club).only("user_id", "role")}
    players = Player.objects.filter(club=club).only("name", "user_id").order_by("name")
    return [PlayerRow(p, roles.get(p.user_id) if p.user_id else None) for p in players]


def pending_claims(club: Club) -> list[GuestClaim]:
    """Claims waiting for an organiser, oldest first, with the guest and the account (one
    query)."""
    return list(
        GuestClaim.objects.filter(club=club, status=GuestClaim.Status.PENDING).select_related(
            "player", "user"
        )
    )


def unlinked_guests(club: Club) -> QuerySet[Player]:
    return Player.objects.filter(club=club, user__isnull=True).order_by("name")


def valid_invitations(club: Club) -> QuerySet[Invitation]:
    """Links that still work, newest first."""
    return (
        Invitation.objects.filter(club=club, revoked_at__isnull=True, expires_at__gt=timezone.now())
        .select_related("created_by")
        .order_by("-created_at")
    )


def invitation_by_token(token: str) -> Invitation | None:
    return Invitation.objects.select_related("club").filter(token=token).first()


def stored_rules(club: Club) -> dict[str, dict]:
    """The options each game's defaults change, by variant (games never changed are absent)."""
    return {r.variant: dict(r.options) for r in VariantRules.objects.filter(club=club)}


def visible_clubs(user: User | AnonymousUser) -> QuerySet[Club]:
    """Public clubs, and the user's own clubs, each with `my_role` (None: not a member)."""
    if not user.is_authenticated:
        return Club.objects.filter(is_public=True).annotate(
            my_role=Value(None, output_field=CharField())
        )
    role = Membership.objects.filter(club=OuterRef("pk"), user=user).values("role")[:1]
    return (
        Club.objects.annotate(my_role=Subquery(role))
        .filter(Q(is_public=True) | Q(my_role__isnull=False))
        .order_by("name")
    )
