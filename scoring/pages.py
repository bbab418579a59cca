"""What other apps add to the session screen, without scoring importing them.

A tournament's final table carries each finalist's score into its session; the carried
scores belong to `tournaments`, which registers its read here when it starts
(`tournaments/apps.py`). Scoring imports neither leagues nor tournaments (an import
contract).
"""

from __future__ import annotations

from collections.abc import Callable

from scoring.models import GameSession

# Each read answers, for one session, a short note per seat position ("carried +45").
_SEAT_NOTES: list[Callable[[GameSession], dict[int, str]]] = []


def add_seat_notes(read: Callable[[GameSession], dict[int, str]]) -> None:
    _SEAT_NOTES.append(read)


def seat_notes(session: GameSession) -> dict[int, str]:
    notes: dict[int, str] = {}
    for read in _SEAT_NOTES:
        for position, note in read(session).items():
            notes[position] = f"{notes[position]} · {note}" if position in notes else note
    return notes
