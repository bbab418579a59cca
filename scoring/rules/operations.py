"""Each op's steps in the contract's order, from the request to its typed answer.

Both doors come through here: the JSON door with the request it was given, the typed door
(door.py) with the request its dataclasses write. `answer` returns the op's dataclass;
`run` is the JSON door's response, `answer(...).as_json()`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from . import budget
from .bonus import bonus, check_initial_tunnelas
from .cards import name
from .errors import HAND_SIZE, RulesError, bad_request
from .hand import Hand
from .ledger import check_seat_hands, needs_cards, read_seat_cards, read_seats, score_hand
from .penalty import penalty
from .phrases import Phrase, phrase
from .request import (
    Request,
    check_copies,
    check_groups_use_hand,
    check_op,
    check_size,
    read_cards,
    read_groups,
    read_table,
)
from .shows import SHOW_SIZES, VAZHUSHAL_SEARCH_LIMIT, show
from .typed import Answer, BonusAnswer, Ledger, PenaltyAnswer, ShowVerdict, WildCards
from .variants import GAME_PHRASES, PENALTY_VARIANTS
from .wilds import wild_roles

# The subjects of the size sentences (request.check_size), made once.
_A_SHOW = phrase("A show")
_A_LOSING_HAND = phrase("A losing hand")


def run(raw: object) -> dict[str, Any]:
    """The JSON door: the response to one request (a `RulesError` for a refused one)."""
    return answer(raw).as_json()


def answer(raw: object) -> Answer:
    op = check_op(raw)
    assert isinstance(raw, Mapping)
    if op != "wilds":
        # A door that left no time at all gets the same answer as one whose limit passed
        # mid-search, however quick the search would have been (`wilds` searches nothing).
        budget.check(budget.deadline())
    return _OPS[op](raw)


def _wilds(raw: Request) -> WildCards:
    table = read_table(raw, "wilds", needs_wild=True)
    check_copies(table, [])
    return WildCards({name(card): role for card, role in wild_roles(table).items()})


def _show(raw: Request) -> ShowVerdict:
    table = read_table(raw, "show", needs_wild=True)
    hand = read_cards(raw)
    assert hand is not None
    melds = raw.get("melds")
    groups = read_groups(melds, "melds") if melds is not None else None
    if table.variant == "vazhushal":
        # Any size from 3 when the player lays out the melds; a search is bounded, since
        # the number of arrangements grows steeply past what one player ever holds.
        largest = None if groups is not None else VAZHUSHAL_SEARCH_LIMIT
        if len(hand) < 3 or (largest is not None and len(hand) > largest):
            raise RulesError(HAND_SIZE, _vazhushal_size(len(hand), largest), field="hand")
    else:
        check_size(table, hand, SHOW_SIZES[table.variant], _A_SHOW)
    check_copies(table, hand)
    if groups is not None:
        check_groups_use_hand(groups, hand, "melds")
    return show(Hand(table, hand), groups)


def _vazhushal_size(size: int, largest: int | None) -> Phrase:
    """A Vazhushal show of `size` cards is too small, or too large (over `largest`) to search."""
    if largest is None:
        return phrase(
            "A Vazhushal show has %(low)s or more cards; this one has %(count)s.", low=3, count=size
        )
    if size < 3:
        return phrase(
            "A Vazhushal show has %(low)s to %(high)s cards; this one has %(count)s.",
            low=3,
            high=largest,
            count=size,
        )
    return phrase(
        "A Vazhushal show has %(low)s to %(high)s cards; this one has %(count)s. Give the "
        "player's table melds in `melds` to judge a larger one.",
        low=3,
        high=largest,
        count=size,
    )


def _penalty(raw: Request) -> PenaltyAnswer:
    table = read_table(raw, "penalty", needs_wild=True)
    if table.variant not in PENALTY_VARIANTS:
        raise bad_request(
            phrase(
                "%(game)s has no penalty op: score the hand with `score_hand`.",
                game=GAME_PHRASES[table.variant],
            ),
            field="op",
        )
    pending = raw.get("first_turn_pending", False)
    if not isinstance(pending, bool):
        raise bad_request(
            phrase("`%(field)s` must be true or false.", field="first_turn_pending"),
            field="first_turn_pending",
        )
    hand = read_cards(raw)
    assert hand is not None
    check_size(table, hand, (table.hand_size,), _A_LOSING_HAND)
    check_copies(table, hand)
    return penalty(Hand(table, hand), pending).as_answer()


def _bonus(raw: Request) -> BonusAnswer:
    # Like every op that looks at cards, a game that turns a designator needs it, even
    # where its answer is 0 (Indian Rummy and Vazhushal pay no value cards).
    table = read_table(raw, "bonus", needs_wild=True)
    hand = read_cards(raw)
    assert hand is not None
    tunnelas = None
    initial = raw.get("initial_tunnelas")
    if initial is not None:
        if table.variant != "marriage":
            raise bad_request(
                phrase("`initial_tunnelas` belong to Indian Marriage."), field="initial_tunnelas"
            )
        tunnelas = read_groups(initial, "initial_tunnelas")
    check_copies(table, hand)
    if tunnelas:
        check_initial_tunnelas(hand, tunnelas)
    return bonus(table, hand, tunnelas)


def _score_hand(raw: Request) -> Ledger:
    table = read_table(raw, "score_hand", needs_wild=needs_cards(raw))
    seats, void, depleted = read_seats(raw, table.variant)
    read_seat_cards(seats, table, depleted)
    check_seat_hands(seats, table)
    return score_hand(table, seats, void, depleted)


_OPS: dict[str, Callable[[Request], Answer]] = {
    "wilds": _wilds,
    "show": _show,
    "penalty": _penalty,
    "bonus": _bonus,
    "score_hand": _score_hand,
}
