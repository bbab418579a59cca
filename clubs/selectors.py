"""Reads behind the club screens, each in a fixed number of queries."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Prefetch, QuerySet
from django.utils import timezone

from clubs.models import Club, Invitation, Membership, Player, VariantRules
from clubs.roles import RANK
from scoring.models import GameSession, Seat, SessionStatus
from scoring.selectors import club_sessions

# How many finished sessions the club page lists under the ones in play.
RECENT_FINISHED = 10


@dataclass(frozen=True)
class HomeClub:
    club: Club
    role: str
    active_sessions: list[GameSession] = field(default_factory=list)


def home_clubs(user: AbstractBaseUser) -> list[HomeClub]:
    """The user's clubs by name, each with its sessions in play (three queries in all)."""
    memberships = list(
        Membership.objects.filter(user=user).select_related("club").order_by("club__name")
    )
    sessions = (
        GameSession.objects.filter(
            club__in=[m.club_id for m in memberships], status=SessionStatus.ACTIVE
        )
        .prefetch_related(
            Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("position"))
        )
        .order_by("-started_at")
    )
    by_club: dict[int, list[GameSession]] = defaultdict(list)
    for session in sessions:
        by_club[session.club_id].append(session)
    return [HomeClub(m.club, m.role, by_club[m.club_id]) for m in memberships]


def public_clubs() -> QuerySet[Club]:
    return Club.objects.filter(is_public=True).order_by("name")


@dataclass(frozen=True)
class ClubSessions:
    active: list[GameSession]
    recent_finished: list[GameSession]


def club_page_sessions(club: Club) -> ClubSessions:
    """Sessions in play and the latest finished ones, with players and hand counts."""
    sessions = club_sessions(club)
    return ClubSessions(
        active=list(sessions.filter(status=SessionStatus.ACTIVE)),
        recent_finished=list(sessions.filter(status=SessionStatus.FINISHED)[:RECENT_FINISHED]),
    )


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
