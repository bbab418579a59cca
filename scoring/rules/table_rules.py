"""What a meld is in each game, and which cards are wild, as the search needs them."""

from __future__ import annotations

from .cards import JOKER, penalty_value
from .search import MeldRules
from .variants import Table
from .wilds import wild_roles


def meld_rules(table: Table) -> MeldRules:
    variant = table.variant
    if variant == "indian13":
        # Tunnelas exist only with three decks, and there they stand in for a pure sequence.
        three_decks = table.decks >= 3
        return MeldRules(
            tunnela=three_decks, tunnela_is_pure=three_decks, tunnela_is_sequence=three_decks
        )
    if variant in ("indian21", "rummy27"):
        return MeldRules(
            set_mode="rummy27" if variant == "rummy27" else "standard",
            tunnela=True,
            joker_tunnela=True,
            joker_dublee=True,
        )
    if variant == "marriage":
        # Every meld is three cards with at most two wild cards; the show counts tunnelas
        # and pure sequences together, so a tunnela meets the "pure" requirement.
        return MeldRules(
            exact3=True,
            max_wild=2,
            set_mode="marriage",
            tunnela=True,
            tunnela_is_pure=True,
            joker_only_sequence=False,
        )
    both_ends = bool(table.option("ace_both_ends"))
    # Vazhushal: no tunnelas, and a meld of wild cards alone is never needed: a plain wild
    # card in it can stand for itself with the same effect, and printed jokers alone are
    # illegal.
    return MeldRules(
        seq_max=14 if both_ends else 13, both_ends=both_ends, joker_only_sequence=False
    )


def wild_flags(table: Table) -> list[bool]:
    """For each plain card, whether it is wild this hand (printed jokers always are)."""
    flags = [False] * 52
    for card in wild_roles(table):
        if card != JOKER:
            flags[card] = True
    return flags


def card_values(table: Table, flags: list[bool]) -> list[int]:
    """What each plain card costs in a penalty: wild cards nothing, aces 10 or 11."""
    ace = table.options.get("ace_value", 10)
    assert isinstance(ace, int)
    return [0 if flags[card] else penalty_value(card, ace) for card in range(52)]
