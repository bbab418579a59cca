"""The typed door's values: what a service hands the engine and what it gets back.

Every class is a frozen dataclass. The inputs (`Game`, `Player`) are the contract's request
fields with Python types; `as_request()` writes them in the request's own shape, which the
engine reads with the same steps, checks and sentences as a JSON request (so a typed caller
and the JSON door can never disagree). The answers (`WildCards`, `ShowVerdict`,
`PenaltyAnswer`, `BonusAnswer`, `Ledger`) are what the engine builds; `as_json()` is the JSON
door's response for each, field for field.

Cards are written as the contract writes them (`"10H"`, `"QS"`, `"JK"`); the engine reads
them, so a card that is not a card is a `RulesError` like any other.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .phrases import Phrase

Cards = tuple[str, ...]
Groups = tuple[Cards, ...]


def _groups(groups: Groups) -> list[list[str]]:
    return [list(group) for group in groups]


# -- inputs --------------------------------------------------------------------------------
@dataclass(frozen=True)
class Game:
    """The table one request is about: the variant, its options, the wild designator (the
    exposed card, tiplu or negative joker; None where none is used) and, where it decides the
    decks, the number of players."""

    variant: str
    options: Mapping[str, object] = field(default_factory=dict)
    wild: str | None = None
    players: int | None = None

    def as_request(self, op: str) -> dict[str, Any]:
        request: dict[str, Any] = {"op": op, "variant": self.variant}
        if self.options:
            request["options"] = dict(self.options)
        if self.players is not None:
            request["players"] = self.players
        request["wild"] = self.wild
        return request


@dataclass(frozen=True)
class Player:
    """One seat of a played hand (`score_hand`). `id` names the player in the engine's
    sentences and in the ledger; the other fields are the contract's, left None (or False)
    where the player does not give them."""

    id: str
    result: str | None = None  # won, lost or dropped; None in a depleted vazhushal hand
    drop: str | None = None  # first or later, for a dropped player
    hand: Cards | None = None  # a loser's deal, a winner's value cards, vazhushal's hand left
    melds: Groups | None = None  # vazhushal, depleted stock: the table melds
    penalty: int | None = None  # a loser's count typed by the scorer
    bonus: int | None = None  # a value-card bonus typed by the scorer
    first_turn_pending: bool = False
    seen: bool = False  # marriage
    show: str | None = None  # marriage winner: complete or eight_dublees
    declared: str | None = None  # indian13 winner: first_turn_after_draw or _before_draw
    initial_tunnelas: Groups | None = None  # marriage

    def as_request(self) -> dict[str, Any]:
        seat: dict[str, Any] = {"id": self.id}
        if self.result is not None:
            seat["result"] = self.result
        if self.drop is not None:
            seat["drop"] = self.drop
        if self.hand is not None:
            seat["hand"] = list(self.hand)
        if self.melds is not None:
            seat["melds"] = _groups(self.melds)
        if self.penalty is not None:
            seat["penalty"] = self.penalty
        if self.bonus is not None:
            seat["bonus"] = self.bonus
        if self.first_turn_pending:
            seat["first_turn_pending"] = True
        if self.seen:
            seat["seen"] = True
        if self.show is not None:
            seat["show"] = self.show
        if self.declared is not None:
            seat["declared"] = self.declared
        if self.initial_tunnelas is not None:
            seat["initial_tunnelas"] = _groups(self.initial_tunnelas)
        return seat


# -- answers -------------------------------------------------------------------------------
@dataclass(frozen=True)
class WildCards:
    """The `wilds` op: every card that is wild this hand, with its role."""

    roles: Mapping[str, str]

    def as_json(self) -> dict[str, Any]:
        return {"wild_cards": dict(self.roles)}


@dataclass(frozen=True)
class MeldShown:
    """One meld of an answer: its kind (`pure_sequence`, `set`, ...) and its cards."""

    kind: str
    cards: Cards

    def as_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "cards": list(self.cards)}


@dataclass(frozen=True)
class ShowVerdict:
    """The `show` op: whether the hand is a show, which kind, the melds that prove it (or the
    pure sequences of a refused one), the cards left out and why: `reason` in English, as
    the doors answer it, and `reason_phrase` the same sentence as a phrase, for a screen to
    say in its reader's language (phrases.py). Given no phrase, it is `reason` as it is."""

    valid: bool
    show: str | None
    melds: tuple[MeldShown, ...]
    unmatched: Cards
    reason: str
    reason_phrase: Phrase = field(default=Phrase(""), compare=False, repr=False)

    def __post_init__(self) -> None:
        if not self.reason_phrase.template and self.reason:
            object.__setattr__(self, "reason_phrase", Phrase(self.reason))

    def as_json(self) -> dict[str, Any]:
        return {
            "valid": self.valid,
            "show": self.show,
            "melds": [meld.as_json() for meld in self.melds],
            "unmatched": list(self.unmatched),
            "reason": self.reason,
        }


@dataclass(frozen=True)
class PenaltyAnswer:
    """The `penalty` op: what a losing hand pays, under which rule, the cards counted and
    the melds that were not."""

    points: int
    rule: str
    counted: Cards
    melds: tuple[MeldShown, ...]

    def as_json(self) -> dict[str, Any]:
        return {
            "points": self.points,
            "rule": self.rule,
            "counted": list(self.counted),
            "melds": [meld.as_json() for meld in self.melds],
        }


@dataclass(frozen=True)
class BonusLine:
    category: str
    count: int
    points: int

    def as_json(self) -> dict[str, Any]:
        return {"category": self.category, "count": self.count, "points": self.points}


@dataclass(frozen=True)
class BonusAnswer:
    """The `bonus` op: what the player collects from each opponent, category by category."""

    points: int
    breakdown: tuple[BonusLine, ...]

    def as_json(self) -> dict[str, Any]:
        return {"points": self.points, "breakdown": [line.as_json() for line in self.breakdown]}


@dataclass(frozen=True)
class Transfer:
    """One payment of a ledger: `payer` pays `payee` (player ids)."""

    payer: str
    payee: str
    points: int
    reason: str  # penalty, drop, wrong_show, bonus, win or eight_dublees

    def as_json(self) -> dict[str, Any]:
        return {"from": self.payer, "to": self.payee, "points": self.points, "reason": self.reason}


@dataclass(frozen=True)
class SeatDetail:
    """What the ledger says about one seat; only the fields its game gives are set."""

    penalty: int | None = None
    rule: str | None = None  # the penalty rule, `entered` for a typed count, `drop`
    bonus: int | None = None
    seen: bool | None = None  # marriage
    card_score: int | None = None  # vazhushal, depleted stock
    wrong_show: int | None = None  # what a wrong show paid (the seat's only detail)

    def as_json(self) -> dict[str, Any]:
        fields = (
            ("penalty", self.penalty),
            ("rule", self.rule),
            ("bonus", self.bonus),
            ("seen", self.seen),
            ("card_score", self.card_score),
            ("wrong_show", self.wrong_show),
        )
        return {key: value for key, value in fields if value is not None}


@dataclass(frozen=True)
class Ledger:
    """The `score_hand` op: each player's change for the hand (by player id), every payment
    and what the engine found for each seat."""

    scores: Mapping[str, int]
    transfers: tuple[Transfer, ...] = ()
    details: Mapping[str, SeatDetail] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        return {
            "scores": dict(self.scores),
            "transfers": [transfer.as_json() for transfer in self.transfers],
            "details": {seat: detail.as_json() for seat, detail in self.details.items()},
        }


Answer = WildCards | ShowVerdict | PenaltyAnswer | BonusAnswer | Ledger
