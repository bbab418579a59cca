"""What a scorer enters for one hand, and how it becomes the rules engine's typed seats.

The same entry is stored with every version of a hand, so a correction can start from what
was entered before, and the ledger can always be computed again by the rules engine.
Players are named to the engine by their names (so its sentences read "Bala's hand ..."),
and its answer is turned back into seat positions, which never change.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from scoring.rules import Game, Ledger, Player

RESULTS = ("won", "lost", "dropped", "wrong_show")
DROPS = ("first", "later")
DECLARED = ("first_turn_after_draw", "first_turn_before_draw")
MARRIAGE_SHOWS = ("complete", "eight_dublees")


@dataclass(frozen=True)
class SeatEntry:
    position: int
    # won, lost, dropped or wrong_show (declared a show the table found not valid); "" for
    # everyone in a depleted vazhushal hand
    result: str = "lost"
    drop: str | None = None  # first or later, for a dropped player
    penalty: int | None = None  # points typed by the scorer
    bonus: int | None = None  # value-card bonus typed by the scorer
    cards: list[str] | None = None  # the player's cards, picked or typed
    melds: list[list[str]] | None = None  # vazhushal depleted stock: the table melds
    first_turn_pending: bool = False
    seen: bool = False  # marriage
    show: str | None = None  # marriage winner: complete or eight_dublees

    def engine_player(self, name: str, declared: str | None = None) -> Player:
        """This seat for the engine, named `name`; `declared` is the hand's first-turn
        declaration, which the winner carries."""
        if self.result == "dropped":
            return Player(name, "dropped", drop=self.drop)
        if self.result == "wrong_show":
            # Out of the hand like a pack: no cards needed, the wrong-show charge is paid.
            return Player(name, "wrong_show")
        # Cards picked take the place of typed points: the engine counts them.
        typed = self.cards is None
        return Player(
            name,
            self.result or None,
            hand=tuple(self.cards) if self.cards is not None else None,
            melds=tuple(tuple(group) for group in self.melds) if self.melds is not None else None,
            penalty=self.penalty if typed else None,
            bonus=self.bonus if typed else None,
            first_turn_pending=self.first_turn_pending,
            seen=self.seen,
            show=self.show or None,
            declared=(declared or None) if self.result == "won" else None,
        )


@dataclass(frozen=True)
class HandEntry:
    seats: tuple[SeatEntry, ...]
    wild: str | None = None
    void: bool = False
    depleted: bool = False  # vazhushal: the stock ran out, card scores decide
    declared: str | None = None  # indian13: the winner went out on their very first turn

    @property
    def winner(self) -> int | None:
        winners = [seat.position for seat in self.seats if seat.result == "won"]
        return winners[0] if len(winners) == 1 else None

    def as_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> HandEntry:
        seats = tuple(SeatEntry(**seat) for seat in data.get("seats", []))
        return cls(
            seats=seats,
            wild=data.get("wild"),
            void=bool(data.get("void")),
            depleted=bool(data.get("depleted")),
            declared=data.get("declared"),
        )

    def voided(self) -> HandEntry:
        return HandEntry(
            seats=self.seats,
            wild=self.wild,
            void=True,
            depleted=False,
            declared=self.declared,
        )

    def engine_game(self, *, variant: str, options: Mapping[str, object]) -> Game:
        return Game(variant, dict(options), self.wild)

    def engine_players(self, names: Mapping[int, str]) -> tuple[Player, ...]:
        """Every seat for the engine, in table order, named by the players' names."""
        return tuple(seat.engine_player(names[seat.position], self.declared) for seat in self.seats)


def ledger_by_position(ledger: Ledger, names: Mapping[int, str]) -> dict[str, Any]:
    """The engine's ledger as stored, with players named by seat position ("0", "1", ...)."""
    position = {name: str(pos) for pos, name in names.items()}
    stored = ledger.as_json()
    return {
        "scores": {position[name]: points for name, points in stored["scores"].items()},
        "transfers": [
            t | {"from": position[t["from"]], "to": position[t["to"]]} for t in stored["transfers"]
        ],
        "details": {position[name]: detail for name, detail in stored["details"].items()},
    }
