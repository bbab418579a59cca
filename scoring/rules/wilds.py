"""Which cards are wild in a hand, and the role each one plays (the `wilds` op).

The roles also name the value cards of the bonus tables, so `bonus.py` reads them from here.
"""

from __future__ import annotations

from .cards import JOKER, SUITS, card_id, is_red, rank_of, suit_of
from .variants import DESIGNATOR_OUT_OF_PLAY, Table


def uses_designator(table: Table) -> bool:
    """Whether this game, with these options, turns a card that decides the wild cards."""
    if table.variant == "indian13":
        return table.option("joker_mode") in ("standard", "ace_jokers")
    if table.variant == "vazhushal":
        return bool(table.option("negative_joker"))
    return True


def _up(rank: int, steps: int = 1) -> int:
    """The rank `steps` above, wrapping K -> A -> 2."""
    return (rank - 1 + steps) % 13 + 1


def _down(rank: int, steps: int = 1) -> int:
    return (rank - 1 - steps) % 13 + 1


def printed_in_play(table: Table) -> int:
    """Printed jokers left in the game: an exposed printed joker takes one away."""
    out = 1 if table.wild == JOKER and table.variant in DESIGNATOR_OUT_OF_PLAY else 0
    return max(0, table.jokers - out)


def copies_in_play(table: Table, card: int) -> int:
    """How many copies of `card` the decks hold for play this hand."""
    if card == JOKER:
        return printed_in_play(table)
    out = 1 if card == table.wild and table.variant in DESIGNATOR_OUT_OF_PLAY else 0
    return table.decks - out


def wild_roles(table: Table) -> dict[int, str]:
    """Every card that is wild this hand, with its role (contract: `op: wilds`)."""
    roles: dict[int, str] = {}
    if printed_in_play(table) > 0:
        roles[JOKER] = "printed"
    wild = table.wild if uses_designator(table) else None
    if wild is None:
        return roles
    variant = table.variant
    if variant == "indian13":
        if wild == JOKER:
            if table.option("joker_mode") == "ace_jokers":
                roles.update({card_id(1, suit): "ace" for suit in range(4)})
        else:
            roles.update({card_id(rank_of(wild), suit): "rank" for suit in range(4)})
    elif variant in ("indian21", "rummy27"):
        if wild == JOKER:
            # An exposed printed joker makes the ace of spades the same-suit joker and
            # counts the other value cards from it; every other ace is plainly wild.
            roles.update({card_id(1, suit): "wild" for suit in range(1, 4)})
            rank, suit = 1, SUITS.index("S")
        else:
            rank, suit = rank_of(wild), suit_of(wild)
        roles[card_id(rank, suit)] = "same_suit"
        if variant == "indian21":
            roles[card_id(_up(rank), suit)] = "upper"
            roles[card_id(_down(rank), suit)] = "lower"
        else:
            roles[card_id(_up(rank), suit)] = "one_up"
            roles[card_id(_up(rank, 2), suit)] = "two_up"
            roles[card_id(_down(rank), suit)] = "one_down"
            roles[card_id(_down(rank, 2), suit)] = "two_down"
    elif variant == "marriage":
        roles.update(_marriage_roles(table, wild))
    elif variant == "vazhushal" and wild != JOKER:
        roles.update(
            {
                card_id(rank_of(wild), other): "opposite_color"
                for other in range(4)
                if is_red(card_id(1, other)) != is_red(wild)
            }
        )
    return roles


def alter_suit(suit: int) -> int:
    """The other suit of the same colour (S and C, H and D; suits count S H D C)."""
    return 3 - suit


def _marriage_roles(table: Table, tiplu: int) -> dict[int, str]:
    """The tiplu's rank is wild in every suit, unless `wild_ranks` is "alter": then only the
    tiplu and the alter are, and the other colour's two cards of that rank are plain. The
    alter has a role of its own wherever it is more than an ordinary joker: under "alter",
    or when it earns maal."""
    rank, suit = rank_of(tiplu), suit_of(tiplu)
    alter_only = table.option("wild_ranks") == "alter"
    alter_named = alter_only or table.number("alter_value") > 0
    roles = {card_id(rank, suit): "tiplu"}
    for other in range(4):
        if other == alter_suit(suit):
            roles[card_id(rank, other)] = "alter" if alter_named else "ordinary"
        elif other != suit and not alter_only:
            roles[card_id(rank, other)] = "ordinary"
    roles[card_id(_up(rank), suit)] = "poplu"
    roles[card_id(_down(rank), suit)] = "jhiplu"
    return roles
