"""Clubs, sessions and hands for the summary, settlement and history tests.

Everything is made through the services the app itself uses, so the hands carry the ledgers
the rules engine really gives.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence

from django.contrib.auth.models import User

from clubs.models import Club, Membership, Player
from clubs.roles import Role
from clubs.services import add_guest, create_club
from scoring.hand_entry import HandEntry, SeatEntry
from scoring.models import GameSession, HandVersion
from scoring.services.hands import correct_hand, record_hand, undo_last_hand, void_hand
from scoring.services.sessions import start_session

PASSWORD = "a-long-test-password"


def user(username: str, **extra: object) -> User:
    return User.objects.create_user(username=username, password=PASSWORD, **extra)


def club(
    name: str = "Tuesday Club",
    *,
    owner: User | None = None,
    is_public: bool = False,
    timezone_name: str = "UTC",
) -> Club:
    owner = owner or user(f"owner-{uuid.uuid4().hex[:8]}")
    return create_club(name=name, owner=owner, timezone_name=timezone_name, is_public=is_public)


def member(of: Club, username: str, role: str = Role.MEMBER) -> User:
    account = user(username)
    Membership.objects.create(club=of, user=account, role=role)
    return account


def owner_of(of: Club) -> User:
    return of.memberships.get(role=Role.OWNER).user


def session(
    of: Club,
    *,
    names: Sequence[str] = ("Asha", "Bala", "Chitra"),
    variant: str = "indian21",
    options: dict | None = None,
    stake: int = 0,
    ending: str = "open",
    ending_target: int | None = None,
) -> GameSession:
    players = []
    for name in names:
        existing = Player.objects.filter(club=of, name__iexact=name).first()
        players.append(existing or add_guest(club=of, name=name))
    started, _ = start_session(
        club=of,
        variant=variant,
        options=options or {},
        player_ids=[p.pk for p in players],
        first_dealer=0,
        ending=ending,
        ending_target=ending_target,
        stake_per_point=stake,
        user=owner_of(of),
    )
    return started


def won_by(winner: int, penalties: dict[int, int], *, drops: dict[int, str] | None = None):
    """A hand `winner` won; each seat in `penalties` lost that many typed points, each seat in
    `drops` dropped (first or later)."""
    seats = [SeatEntry(winner, "won")]
    seats += [SeatEntry(pos, "lost", penalty=points) for pos, points in penalties.items()]
    seats += [SeatEntry(pos, "dropped", drop=when) for pos, when in (drops or {}).items()]
    return HandEntry(seats=tuple(sorted(seats, key=lambda s: s.position)), wild="5H")


def game_point_to(winner: int, players: int) -> HandEntry:
    """A vazhushal hand: the winner earns one game point."""
    seats = tuple(SeatEntry(pos, "won" if pos == winner else "lost") for pos in range(players))
    return HandEntry(seats=seats)


def _fresh(game: GameSession) -> GameSession:
    game.refresh_from_db()
    return game


def record(game: GameSession, entry: HandEntry, *, by: User | None = None) -> HandVersion:
    game = _fresh(game)
    return record_hand(
        session_id=game.pk,
        entry=entry,
        client_key=uuid.uuid4(),
        revision=game.revision,
        user=by or game.created_by,
    )


def correct(
    game: GameSession, number: int, entry: HandEntry, *, reason: str, by: User | None = None
) -> HandVersion:
    game = _fresh(game)
    return correct_hand(
        session_id=game.pk,
        number=number,
        entry=entry,
        client_key=uuid.uuid4(),
        revision=game.revision,
        user=by or game.created_by,
        reason=reason,
    )


def void(game: GameSession, number: int, *, reason: str, by: User | None = None) -> HandVersion:
    game = _fresh(game)
    return void_hand(
        session_id=game.pk,
        number=number,
        client_key=uuid.uuid4(),
        revision=game.revision,
        user=by or game.created_by,
        reason=reason,
    )


def undo(game: GameSession, *, by: User | None = None) -> HandVersion:
    game = _fresh(game)
    return undo_last_hand(
        session_id=game.pk,
        client_key=uuid.uuid4(),
        revision=game.revision,
        user=by or game.created_by,
    )
