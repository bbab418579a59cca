"""Objects for tests, made through the services the app itself uses."""

from __future__ import annotations

import uuid
from collections.abc import Sequence

from django.contrib.auth.models import User

from clubs import services as club_services
from clubs.models import Club, Membership
from clubs.roles import Role
from scoring.hand_entry import HandEntry, SeatEntry
from scoring.models import GameSession, HandVersion
from scoring.services import hands, sessions


def make_user(username: str = "asha", **extra: object) -> User:
    return User.objects.create_user(username=username, password="a-long-test-password", **extra)


def make_club(
    name: str = "Tuesday Club", *, owner: User | None = None, is_public: bool = False
) -> Club:
    owner = owner or make_user(f"owner-{uuid.uuid4().hex[:6]}")
    return club_services.create_club(name=name, owner=owner, is_public=is_public)


def join(club: Club, user: User, role: str = Role.MEMBER) -> Membership:
    return Membership.objects.create(club=club, user=user, role=role)


def make_session(
    club: Club,
    *,
    variant: str = "indian13",
    names: Sequence[str] = ("Asha", "Bala", "Chitra"),
    options: dict | None = None,
    ending: str = "open",
    ending_target: int | None = None,
    stake: int = 0,
    first_dealer: int | str = 0,
    user: User | None = None,
) -> GameSession:
    players = [
        club.players.filter(name__iexact=name).first()
        or club_services.add_guest(club=club, name=name)
        for name in names
    ]
    session, _ = sessions.start_session(
        club=club,
        variant=variant,
        options=options or {},
        player_ids=[p.pk for p in players],
        first_dealer=first_dealer,
        ending=ending,
        ending_target=ending_target,
        stake_per_point=stake,
        user=user or club.memberships.first().user,
    )
    return session


def typed_entry(winner: int, penalties: dict[int, int], **hand: object) -> HandEntry:
    """A hand where `winner` won and each other seat lost the typed points."""
    seats = [SeatEntry(winner, "won")]
    seats += [SeatEntry(pos, "lost", penalty=points) for pos, points in penalties.items()]
    return HandEntry(seats=tuple(sorted(seats, key=lambda s: s.position)), **hand)


def record(session: GameSession, entry: HandEntry, *, user: User | None = None) -> HandVersion:
    session.refresh_from_db()
    return hands.record_hand(
        session_id=session.pk,
        entry=entry,
        client_key=uuid.uuid4(),
        revision=session.revision,
        user=user or session.created_by,
    )
