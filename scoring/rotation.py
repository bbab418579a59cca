"""Who deals and who plays first, from the seat order and the game's direction.

Seats are numbered clockwise from 0: each next seat is at the previous player's left. The
main rule text has Indian Rummy (Paplu) dealt and played counter-clockwise, so the deal
passes to the dealer's right and the player at the dealer's right plays first; the other
games go clockwise, to the left.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

COUNTER_CLOCKWISE = frozenset({"indian13"})
# Ranks for the draw, low to high: the ace is high when drawing for seats.
DRAW_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = ("S", "H", "D", "C")


def direction(variant: str) -> int:
    """+1 when the deal and play go clockwise (to the left), -1 counter-clockwise."""
    return -1 if variant in COUNTER_CLOCKWISE else 1


def direction_name(variant: str) -> str:
    return "counter-clockwise" if variant in COUNTER_CLOCKWISE else "clockwise"


def dealer_for(*, variant: str, first_dealer: int, seats: int, hands_dealt: int) -> int:
    """The dealer of the next hand after `hands_dealt` hands have been dealt."""
    return (first_dealer + direction(variant) * hands_dealt) % seats


def next_in_turn(
    variant: str, places: Sequence[int], start: int, *, inclusive: bool = False
) -> int:
    """The place of the next player round the table from `start` in the game's direction,
    among the places taken now (`start` itself counts when `inclusive`): the deal and the
    first turn pass over empty places and players who are out."""
    step = direction(variant)
    ordered = sorted(places, reverse=step < 0)
    for place in ordered:
        if (place - start) * step > 0 or (inclusive and place == start):
            return place
    return ordered[0]


def first_to_play(*, variant: str, dealer: int, seats: int) -> int:
    return (dealer + direction(variant)) % seats


@dataclass(frozen=True)
class DealerDraw:
    dealer: int
    high_seat: int  # who drew the highest card
    cards: dict[int, list[str]]  # every card each seat drew, redraws included


def draw_for_dealer(*, variant: str, seats: int, rng: random.Random) -> DealerDraw:
    """Draw one card each from a shuffled deck; players who tie on rank draw again.

    Indian Rummy (main rule text): the highest card plays first, so the dealer is the seat
    just before them in the direction of play. The other games' texts make the highest card
    the first dealer.
    """
    deck = [rank + suit for rank in DRAW_RANKS for suit in SUITS]
    rng.shuffle(deck)
    cards: dict[int, list[str]] = {seat: [] for seat in range(seats)}
    drawing = list(range(seats))
    high_seat = drawing[0]
    while drawing:
        if len(deck) < len(drawing):
            deck = [rank + suit for rank in DRAW_RANKS for suit in SUITS]
            rng.shuffle(deck)
        for seat in drawing:
            cards[seat].append(deck.pop())
        best = max(DRAW_RANKS.index(cards[seat][-1][:-1]) for seat in drawing)
        leaders = [seat for seat in drawing if DRAW_RANKS.index(cards[seat][-1][:-1]) == best]
        if len(leaders) == 1:
            high_seat = leaders[0]
            break
        # Only the players tied for the highest card draw again; the others are settled.
        drawing = leaders
    if variant in COUNTER_CLOCKWISE:
        dealer = (high_seat - direction(variant)) % seats
    else:
        dealer = high_seat
    return DealerDraw(dealer=dealer, high_seat=high_seat, cards=cards)
