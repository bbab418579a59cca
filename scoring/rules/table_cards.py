"""The cards of every player of one hand, together, against the decks in play.

`score_hand` checks each player's cards on their own, as the contract has it: a request
may come from anywhere and name only what one player held. A scorer's phone has every
seat's cards at once, so the app's services also ask this: three players each holding the
one 2S of a single deck cannot all be right, even though each hand alone is possible.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from .cards import JOKER, name, parse_card
from .errors import IMPOSSIBLE_HAND, RulesError
from .request import read_table
from .typed import Game, Player
from .wilds import copies_in_play


def check_cards_together(game: Game, players: Sequence[Player]) -> None:
    """Refuse cards picked for several players that the decks cannot hold between them.

    A card one player alone holds too often is left to `score_hand`, which names that
    player; this answers only for what no single hand shows. The error's `seat` is the
    first player holding the card, in table order.
    """
    request = game.as_request("score_hand")
    request["players"] = [player.as_request() for player in players]
    try:
        table = read_table(request, "score_hand", needs_wild=False)
        held_by = [Counter(_codes(player)) for player in players]
    except RulesError:
        return  # a bad table or card: score_hand says so, naming the player at fault
    together: Counter[int] = Counter()
    for counts in held_by:
        together.update(counts)
    for card, seen in sorted(together.items()):
        in_play = copies_in_play(table, card)
        if seen <= in_play or any(counts[card] > in_play for counts in held_by):
            continue
        holders = [
            player.id for player, counts in zip(players, held_by, strict=True) if counts[card]
        ]
        raise RulesError(
            IMPOSSIBLE_HAND,
            f"{_listed(holders)} hold {name(card)} {_times(seen)} between them, but "
            f"{_in_play(card, in_play)}: check the cards picked for them.",
            seat=holders[0],
            field="hand",
        )


def _codes(player: Player) -> list[int]:
    """Every card the player shows: the hand, and a vazhushal player's table melds."""
    cards = list(player.hand or ())
    for meld in player.melds or ():
        cards += list(meld)
    return [parse_card(card) for card in cards]


def _listed(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _times(count: int) -> str:
    return {1: "once", 2: "twice"}.get(count, f"{count} times")


def _in_play(card: int, in_play: int) -> str:
    if card == JOKER:
        return f"only {in_play} printed joker{'s are' if in_play != 1 else ' is'} in play"
    return f"the decks in play hold it {_times(in_play)}"
