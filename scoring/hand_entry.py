"""What a scorer enters for one hand, and how it becomes a `score_hand` request.

The same entry is stored with every version of a hand, so a correction can start from what
was entered before, and the ledger can always be computed again by the rules engine.
Players are named to the engine by their names (so its sentences read "Bala's hand ..."),
and its answer is turned back into seat positions, which never change.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

RESULTS = ("won", "lost", "dropped")
DROPS = ("first", "later")
DECLARED = ("first_turn_after_draw", "first_turn_before_draw")
MARRIAGE_SHOWS = ("complete", "eight_dublees")


@dataclass(frozen=True)
class SeatEntry:
    position: int
    result: str = "lost"  # won, lost or dropped; "" for everyone in a depleted vazhushal hand
    drop: str | None = None  # first or later, for a dropped player
    penalty: int | None = None  # points typed by the scorer
    bonus: int | None = None  # value-card bonus typed by the scorer
    cards: list[str] | None = None  # the player's cards, picked or typed
    melds: list[list[str]] | None = None  # vazhushal depleted stock: the table melds
    first_turn_pending: bool = False
    seen: bool = False  # marriage
    show: str | None = None  # marriage winner: complete or eight_dublees

    def engine_player(self, name: str) -> dict[str, Any]:
        player: dict[str, Any] = {"id": name}
        if self.result:
            player["result"] = self.result
        if self.result == "dropped":
            player["drop"] = self.drop
            return player
        if self.cards is not None:
            player["hand"] = list(self.cards)
        if self.melds is not None:
            player["melds"] = [list(group) for group in self.melds]
        if self.penalty is not None and self.cards is None:
            player["penalty"] = self.penalty
        if self.bonus is not None and self.cards is None:
            player["bonus"] = self.bonus
        if self.first_turn_pending:
            player["first_turn_pending"] = True
        if self.seen:
            player["seen"] = True
        if self.show:
            player["show"] = self.show
        return player


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

    def engine_request(
        self, *, variant: str, options: dict[str, Any], names: dict[int, str]
    ) -> dict[str, Any]:
        players = []
        for seat in self.seats:
            player = seat.engine_player(names[seat.position])
            if seat.result == "won" and self.declared:
                player["declared"] = self.declared
            players.append(player)
        request: dict[str, Any] = {
            "op": "score_hand",
            "variant": variant,
            "options": dict(options),
            "wild": self.wild,
            "void": self.void,
            "players": players,
        }
        if self.depleted:
            request["depleted"] = True
        return request


def ledger_by_position(response: dict[str, Any], names: dict[int, str]) -> dict[str, Any]:
    """The engine's answer with players named by seat position ("0", "1", ...)."""
    position = {name: str(pos) for pos, name in names.items()}
    return {
        "scores": {position[name]: points for name, points in response["scores"].items()},
        "transfers": [
            {
                "from": position[t["from"]],
                "to": position[t["to"]],
                "points": t["points"],
                "reason": t["reason"],
            }
            for t in response.get("transfers", [])
        ],
        "details": {position[name]: detail for name, detail in response["details"].items()},
    }
