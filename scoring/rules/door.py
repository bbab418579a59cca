"""The typed door: the engine's ops as Python functions over frozen dataclasses.

Each function writes its arguments as the contract's request (`Game.as_request`,
`Player.as_request`) and answers it through the same steps as the JSON door
(`operations.answer`): the same checks in the same order, the same sentences, the same
search. It returns the op's dataclass, and a refused request raises `RulesError`, whose
`seat` names the player it is about (None for the table or the request as a whole) and
`field` the input. `time_limit` (seconds) works as it does for `evaluate`: past it the
answer is a `RulesError` with code `too_complex`.
"""

from __future__ import annotations

import gc
from collections.abc import Sequence
from types import TracebackType
from typing import Any, TypeVar

from . import budget
from .errors import RulesError, bad_request
from .operations import answer
from .phrases import phrase
from .typed import (
    Answer,
    BonusAnswer,
    Game,
    Groups,
    Ledger,
    PenaltyAnswer,
    Player,
    ShowVerdict,
    WildCards,
)

_A = TypeVar("_A", bound=Answer)

NESTED_TOO_DEEPLY = phrase("The request is nested too deeply to be a rules request.")


class EngineCall:
    """Around every request, whichever door it came through: its deadline, and the cycle
    collector paused (the search makes many small tuples and no reference cycles; pausing
    the collector removes pauses that otherwise dominate the slowest requests)."""

    def __init__(self, time_limit: float | None) -> None:
        self.time_limit = time_limit

    def __enter__(self) -> None:
        self.collecting = gc.isenabled()
        gc.disable()
        self.token = budget.start(self.time_limit)

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        budget.finish(self.token)
        if self.collecting:
            gc.enable()
        if isinstance(error, RecursionError):
            # Only a request nested far deeper than the contract's shapes gets here.
            raise bad_request(NESTED_TOO_DEEPLY) from None


def _ask(request: dict[str, Any], kind: type[_A], time_limit: float | None) -> _A:
    with EngineCall(time_limit):
        found = answer(request)
    assert isinstance(found, kind)
    return found


def wild_cards(game: Game, *, time_limit: float | None = None) -> WildCards:
    """Every card that is wild this hand, with its role (the `wilds` op)."""
    return _ask(game.as_request("wilds"), WildCards, time_limit)


def check_show(
    game: Game,
    hand: Sequence[str],
    *,
    melds: Groups | None = None,
    time_limit: float | None = None,
) -> ShowVerdict:
    """Whether `hand` is a legal show (the `show` op); given `melds`, that arrangement is
    judged instead of searched."""
    request = game.as_request("show") | {"hand": list(hand)}
    if melds is not None:
        request["melds"] = [list(group) for group in melds]
    return _ask(request, ShowVerdict, time_limit)


def hand_penalty(
    game: Game,
    hand: Sequence[str],
    *,
    first_turn_pending: bool = False,
    time_limit: float | None = None,
) -> PenaltyAnswer:
    """What a losing hand pays (the `penalty` op)."""
    request = game.as_request("penalty") | {"hand": list(hand)}
    if first_turn_pending:
        request["first_turn_pending"] = True
    return _ask(request, PenaltyAnswer, time_limit)


def hand_bonus(
    game: Game,
    hand: Sequence[str],
    *,
    initial_tunnelas: Groups | None = None,
    time_limit: float | None = None,
) -> BonusAnswer:
    """What the value cards of `hand` collect from each opponent (the `bonus` op). Any
    number of cards is read, so it also checks the cards of a hand not yet complete."""
    request = game.as_request("bonus") | {"hand": list(hand)}
    if initial_tunnelas is not None:
        request["initial_tunnelas"] = [list(group) for group in initial_tunnelas]
    return _ask(request, BonusAnswer, time_limit)


def score_hand(
    game: Game,
    players: Sequence[Player],
    *,
    void: bool = False,
    depleted: bool = False,
    time_limit: float | None = None,
) -> Ledger:
    """One played hand turned into a ledger (the `score_hand` op): the seats in table order,
    `void` for a hand that counts for nothing, `depleted` for a vazhushal stock run dry.
    The table's size is the number of seats (`game.players` is not read)."""
    request = game.as_request("score_hand")
    request["players"] = [player.as_request() for player in players]
    request["void"] = void
    if depleted:
        request["depleted"] = True
    return _ask(request, Ledger, time_limit)


__all__ = [
    "EngineCall",
    "RulesError",
    "check_show",
    "hand_bonus",
    "hand_penalty",
    "score_hand",
    "wild_cards",
]
