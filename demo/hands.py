"""The demo's hands: cards dealt from a seeded shuffle, so every run loads the same club.

A hand is what a scorer would enter (`HandEntry`), so the ledgers are the rules engine's.
"""

from __future__ import annotations

import random

from scoring.hand_entry import HandEntry, SeatEntry
from scoring.models import GameSession
from scoring.rules.variants import DESIGNATOR_OUT_OF_PLAY, HAND_SIZES, check_options, resolve_table

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def deck_for(session: GameSession, seats: int) -> list[str]:
    table = resolve_table(
        session.variant, check_options(session.variant, session.options), seats, None
    )
    cards = [rank + suit for suit in "SHDC" for rank in RANKS] * table.decks
    return cards + ["JK"] * table.jokers


def random_hand(session: GameSession, seats: int, rng: random.Random) -> HandEntry:
    variant = session.variant
    deck = deck_for(session, seats)
    rng.shuffle(deck)
    wild = deck.pop()
    while variant == "marriage" and wild == "JK":
        wild = deck.pop()
    if variant not in DESIGNATOR_OUT_OF_PLAY:
        deck.append(wild)
    winner = rng.randrange(seats)
    entries = []
    for position in range(seats):
        if position == winner:
            cards = None
            if variant == "marriage":
                # The winner's cards leave the deck, like every loser's.
                cards, deck = deck[: HAND_SIZES[variant]], deck[HAND_SIZES[variant] :]
            entries.append(SeatEntry(position, "won", cards=cards, seen=True, show=None))
            continue
        roll = rng.random()
        if variant == "vazhushal":
            entries.append(SeatEntry(position, "lost"))
        elif variant == "marriage":
            hand, deck = deck[:21], deck[21:]
            entries.append(SeatEntry(position, "lost", cards=hand, seen=roll < 0.6))
        elif roll < 0.2:
            entries.append(SeatEntry(position, "dropped", drop=rng.choice(("first", "later"))))
        elif roll < 0.6:
            size = HAND_SIZES[variant]
            hand, deck = deck[:size], deck[size:]
            entries.append(SeatEntry(position, "lost", cards=hand))
        else:
            entries.append(SeatEntry(position, "lost", penalty=rng.randint(4, 80)))
    if all(e.result == "dropped" for e in entries if e.position != winner):
        entries[winner - 1 if winner else 1] = SeatEntry(
            winner - 1 if winner else 1, "lost", penalty=rng.randint(4, 80)
        )
    return HandEntry(seats=tuple(entries), wild=wild)
