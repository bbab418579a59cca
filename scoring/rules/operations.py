"""Each op's steps in the contract's order, from the raw request to the response."""

from __future__ import annotations

from . import budget
from .bonus import bonus, check_initial_tunnelas
from .cards import name
from .errors import HAND_SIZE, RulesError, bad_request
from .hand import Hand
from .ledger import check_seat_hands, needs_cards, read_seat_cards, read_seats, score_hand
from .penalty import penalty
from .request import (
    check_copies,
    check_groups_use_hand,
    check_op,
    check_size,
    read_cards,
    read_groups,
    read_table,
)
from .shows import SHOW_SIZES, show
from .variants import GAME_NAMES
from .wilds import wild_roles

VAZHUSHAL_SEARCH_LIMIT = 27


def run(raw: object) -> dict:
    op = check_op(raw)
    assert isinstance(raw, dict)
    if op != "wilds":
        # A door that left no time at all gets the same answer as one whose limit passed
        # mid-search, however quick the search would have been (`wilds` searches nothing).
        budget.check(budget.deadline())
    return _OPS[op](raw)


def _wilds(raw: dict) -> dict:
    table = read_table(raw, "wilds", needs_wild=True)
    check_copies(table, [])
    return {"wild_cards": {name(card): role for card, role in wild_roles(table).items()}}


def _show(raw: dict) -> dict:
    table = read_table(raw, "show", needs_wild=True)
    hand = read_cards(raw)
    assert hand is not None
    groups = read_groups(raw["melds"], "melds") if raw.get("melds") is not None else None
    if table.variant == "vazhushal":
        # Any size from 3 when the player lays out the melds; a search is bounded, since
        # the number of arrangements grows steeply past what one player ever holds.
        largest = None if groups is not None else VAZHUSHAL_SEARCH_LIMIT
        if len(hand) < 3 or (largest is not None and len(hand) > largest):
            expected = "3 or more" if largest is None else f"3 to {largest}"
            raise RulesError(
                HAND_SIZE,
                f"A Vazhushal show has {expected} cards; this one has {len(hand)}."
                + (
                    ""
                    if largest is None or len(hand) < 3
                    else " Give the player's table melds in `melds` to judge a larger one."
                ),
            )
    else:
        check_size(table, hand, SHOW_SIZES[table.variant], "A show")
    check_copies(table, hand)
    if groups is not None:
        check_groups_use_hand(groups, hand, "melds")
    return show(Hand(table, hand), groups)


def _penalty(raw: dict) -> dict:
    table = read_table(raw, "penalty", needs_wild=True)
    if table.variant in ("marriage", "vazhushal"):
        raise bad_request(
            f"{GAME_NAMES[table.variant]} has no penalty op: score the hand with `score_hand`."
        )
    pending = raw.get("first_turn_pending", False)
    if not isinstance(pending, bool):
        raise bad_request("`first_turn_pending` must be true or false.")
    hand = read_cards(raw)
    assert hand is not None
    check_size(table, hand, (table.hand_size,), "A losing hand")
    check_copies(table, hand)
    return penalty(Hand(table, hand), pending).as_response()


def _bonus(raw: dict) -> dict:
    variant = raw.get("variant")
    needs_wild = variant not in ("indian13", "vazhushal")
    table = read_table(raw, "bonus", needs_wild=needs_wild)
    hand = read_cards(raw)
    assert hand is not None
    tunnelas = None
    if raw.get("initial_tunnelas") is not None:
        if table.variant != "marriage":
            raise bad_request("`initial_tunnelas` belong to Indian Marriage.")
        tunnelas = read_groups(raw["initial_tunnelas"], "initial_tunnelas")
    check_copies(table, hand)
    if tunnelas:
        check_initial_tunnelas(hand, tunnelas)
    return bonus(table, hand, tunnelas)


def _score_hand(raw: dict) -> dict:
    players = raw.get("players")
    variant_probe = raw.get("variant")
    table = read_table(raw, "score_hand", needs_wild=needs_cards(raw))
    del players, variant_probe
    seats, void, depleted = read_seats(raw, table.variant)
    read_seat_cards(seats, table, depleted)
    check_seat_hands(seats, table)
    return score_hand(table, seats, void, depleted)


_OPS = {
    "wilds": _wilds,
    "show": _show,
    "penalty": _penalty,
    "bonus": _bonus,
    "score_hand": _score_hand,
}
