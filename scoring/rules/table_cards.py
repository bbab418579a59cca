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
from .phrases import Phrase, phrase, plural
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
            phrase(
                # Translators: %(players)s are two or more players ("Asha and Bala"), %(times)s
                # "twice" or "3 times", %(in_play)s "the decks in play hold it once".
                "%(players)s hold %(card)s %(times)s between them, but %(in_play)s: check the "
                "cards picked for them.",
                players=_listed(holders),
                card=name(card),
                times=_times(seen),
                in_play=_in_play(card, in_play),
            ),
            seat=holders[0],
            field="hand",
        )


def _codes(player: Player) -> list[int]:
    """Every card the player shows: the hand, and a vazhushal player's table melds."""
    cards = list(player.hand or ())
    for meld in player.melds or ():
        cards += list(meld)
    return [parse_card(card) for card in cards]


def _listed(items: Sequence[str]) -> Phrase | str:
    if len(items) == 1:
        return items[0]
    return phrase("%(players)s and %(last)s", players=items[:-1], last=items[-1])


def _times(count: int) -> Phrase:
    if count == 2:
        return phrase("twice")
    return plural("once", "%(count)s times", count)


def _in_play(card: int, in_play: int) -> Phrase:
    if card == JOKER:
        return plural(
            "only %(count)s printed joker is in play",
            "only %(count)s printed jokers are in play",
            in_play,
        )
    return phrase("the decks in play hold it %(times)s", times=_times(in_play))
