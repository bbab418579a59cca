"""Clubs, people and sessions for the club tests, made through the services."""

from __future__ import annotations

from django.contrib.auth.models import User

from clubs import services
from clubs.models import Club, Membership, Player
from clubs.roles import Role
from scoring.models import GameSession
from scoring.services.sessions import finish_session, start_session
from tests.factories import PASSWORD, make_user, owner_of
from tests.factories import make_club as _make_club

__all__ = [
    "PASSWORD",
    "add_member",
    "finish",
    "make_club",
    "make_user",
    "membership",
    "owner_of",
    "player_of",
    "start",
]


def make_club(name: str = "Hill Club", **options: object) -> Club:
    """The club tests' clubs are in India unless they say otherwise."""
    return _make_club(name, **{"timezone_name": "Asia/Kolkata", **options})


def add_member(club: Club, username: str, role: str = Role.MEMBER, name: str = "") -> User:
    """A new account that joined through an invitation link; owners are made by an owner."""
    user = make_user(username, name)
    invited_as = Role.ORGANISER if role == Role.OWNER else role
    invitation = services.create_invitation(club=club, role=invited_as, created_by=owner_of(club))
    membership = services.accept_invitation(token=invitation.token, user=user)
    if role == Role.OWNER:
        services.set_role(
            club=club, membership_id=membership.pk, role=Role.OWNER, by_role=Role.OWNER
        )
    return user


def membership(club: Club, user: User) -> Membership:
    return Membership.objects.get(club=club, user=user)


def player_of(club: Club, user: User) -> Player:
    return Player.objects.get(club=club, user=user)


def start(club: Club, players: list[Player], *, variant: str = "indian13") -> GameSession:
    session, _ = start_session(
        club=club,
        variant=variant,
        options={},
        player_ids=[p.pk for p in players],
        first_dealer=0,
        ending="open",
        ending_target=None,
        stake_per_point=0,
        user=owner_of(club),
    )
    return session


def finish(session: GameSession) -> GameSession:
    return finish_session(session_id=session.pk, revision=session.revision)
