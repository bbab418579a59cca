"""Objects for tests, made through the services the app itself uses.

Every test package builds on these, so a hand in a test carries the ledger the rules
engine really gives, and a club has the owner and player a real one gets.
"""

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

PASSWORD = "a-long-test-password"


def make_user(username: str = "asha", name: str = "", **extra: object) -> User:
    return User.objects.create_user(username=username, password=PASSWORD, first_name=name, **extra)


def make_club(
    name: str = "Tuesday Club",
    *,
    owner: User | None = None,
    is_public: bool = False,
    timezone_name: str = "UTC",
) -> Club:
    owner = owner or make_user(f"owner-{uuid.uuid4().hex[:8]}")
    return club_services.create_club(
        name=name, owner=owner, timezone_name=timezone_name, is_public=is_public
    )


def owner_of(club: Club) -> User:
    return club.memberships.filter(role=Role.OWNER).first().user


def join(club: Club, user: User, role: str = Role.MEMBER) -> Membership:
    return Membership.objects.create(club=club, user=user, role=role)


def member(club: Club, username: str, role: str = Role.MEMBER) -> User:
    """A new account with a role in the club."""
    user = make_user(username)
    join(club, user, role)
    return user


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
    **format_fields: object,
) -> GameSession:
    """A session seating `names` in order; a name the club lacks becomes a guest.
    `format_fields`: start_session's `format`, `pool` and `chips`."""
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
        user=user or owner_of(club),
        **format_fields,  # type: ignore[arg-type]
    )
    return session


def typed_entry(
    winner: int,
    penalties: dict[int, int],
    *,
    drops: dict[int, str] | None = None,
    **hand: object,
) -> HandEntry:
    """A hand `winner` won; each seat in `penalties` lost that many typed points, each seat
    in `drops` dropped (first or later)."""
    seats = [SeatEntry(winner, "won")]
    seats += [SeatEntry(pos, "lost", penalty=points) for pos, points in penalties.items()]
    seats += [SeatEntry(pos, "dropped", drop=when) for pos, when in (drops or {}).items()]
    return HandEntry(seats=tuple(sorted(seats, key=lambda s: s.position)), **hand)


def _fresh(session: GameSession) -> GameSession:
    session.refresh_from_db()
    return session


def record(session: GameSession, entry: HandEntry, *, user: User | None = None) -> HandVersion:
    session = _fresh(session)
    return hands.record_hand(
        session_id=session.pk,
        entry=entry,
        client_key=uuid.uuid4(),
        revision=session.revision,
        user=user or session.created_by,
    )


def correct(
    session: GameSession,
    number: int,
    entry: HandEntry,
    *,
    reason: str,
    user: User | None = None,
) -> HandVersion:
    session = _fresh(session)
    return hands.correct_hand(
        session_id=session.pk,
        number=number,
        entry=entry,
        client_key=uuid.uuid4(),
        revision=session.revision,
        user=user or session.created_by,
        reason=reason,
    )


def void(
    session: GameSession, number: int, *, reason: str, user: User | None = None
) -> HandVersion:
    session = _fresh(session)
    return hands.void_hand(
        session_id=session.pk,
        number=number,
        client_key=uuid.uuid4(),
        revision=session.revision,
        user=user or session.created_by,
        reason=reason,
    )


def undo(session: GameSession, *, user: User | None = None) -> HandVersion:
    session = _fresh(session)
    return hands.undo_last_hand(
        session_id=session.pk,
        client_key=uuid.uuid4(),
        revision=session.revision,
        user=user or session.created_by,
    )
