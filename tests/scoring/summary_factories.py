"""The summary, settlement and history tests' vocabulary, on the shared test factories."""

from __future__ import annotations

from collections.abc import Sequence

from clubs.models import Club
from scoring.hand_entry import HandEntry, SeatEntry
from scoring.models import GameSession
from tests.factories import (
    correct,
    make_session,
    member,
    owner_of,
    record,
    typed_entry,
    undo,
    void,
)
from tests.factories import make_club as club
from tests.factories import make_user as user

__all__ = [
    "club",
    "correct",
    "game_point_to",
    "member",
    "owner_of",
    "record",
    "session",
    "undo",
    "user",
    "void",
    "won_by",
]


def session(
    of: Club,
    *,
    names: Sequence[str] = ("Asha", "Bala", "Chitra"),
    variant: str = "indian21",
    **options: object,
) -> GameSession:
    """These tests play 21 card Indian Rummy unless they say otherwise."""
    return make_session(of, names=names, variant=variant, **options)


def won_by(
    winner: int, penalties: dict[int, int], *, drops: dict[int, str] | None = None
) -> HandEntry:
    """A hand `winner` won with 5H exposed; the others lost typed points or dropped."""
    return typed_entry(winner, penalties, drops=drops, wild="5H")


def game_point_to(winner: int, players: int) -> HandEntry:
    """A vazhushal hand: the winner earns one game point."""
    seats = tuple(SeatEntry(pos, "won" if pos == winner else "lost") for pos in range(players))
    return HandEntry(seats=seats)
