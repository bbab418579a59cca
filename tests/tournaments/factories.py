"""Tournaments for tests, set up and played through the services the app uses."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from datetime import date

from clubs.models import Club, Player
from tests.factories import owner_of, record, typed_entry
from tournaments.models import Round, RoundTable, Tournament
from tournaments.services import entries as entry_services
from tournaments.services.entries import register
from tournaments.services.play import finish_round, start_round
from tournaments.services.setup import create_tournament

Capture = Callable[..., AbstractContextManager]

NAMES = ("Asha Bala Chitra Dev Esha Farid Gita Hari Indu Jai Kavya Lata Mani Nila Om Priya").split()


def make_tournament(club: Club, **overrides: object) -> Tournament:
    """Indian 21 by default: its losers lose what they are charged (in Indian 13 every loser
    scores 0), so one hand can put a whole table in a chosen order."""
    arguments: dict[str, object] = {
        "club": club,
        "name": "Diwali Cup",
        "starts_on": date(2026, 11, 8),
        "variant": "indian21",
        "min_table_size": 3,
        "max_table_size": 4,
        "rounds": 3,
        "round_ending": "hands",
        "round_target": 1,
        "scoring": "placing",
        "placing_points": [5, 3, 2, 1],
        "tie_breakers": ["wins", "head_to_head"],
        "final_table_size": 4,
        "carry": "full",
        "user": owner_of(club),
    }
    return create_tournament(**(arguments | overrides))


def enter(tournament: Tournament, names: Sequence[str], *, check_in: bool = True) -> list[Player]:
    """Guests entered by name (and checked in): the players, in the order given."""
    players = []
    for name in names:
        entry = register(tournament=tournament, guest_name=name)
        if check_in:
            entry_services.check_in(tournament=tournament, player=entry.player)
        players.append(entry.player)
    return players


def seated(round_: Round) -> list[list[int]]:
    return [list(t.seats) for t in round_.tables.order_by("number")]


def play_in_order(table: RoundTable, order: Sequence[int], capture: Capture) -> None:
    """Record one hand that leaves the table's players in `order` (player ids, best first):
    the first wins, the others lose 10, 20, 30 ... points."""
    table.refresh_from_db()
    seat = {player: pos for pos, player in enumerate(table.seats)}
    penalties = {seat[player]: 10 * n for n, player in enumerate(order[1:], 1)}
    with capture(execute=True):
        record(table.session, typed_entry(seat[order[0]], penalties, wild="7H"))


def play_round(round_: Round, capture: Capture, rng: random.Random) -> None:
    """Start the round, play each table to a random order, and close the round."""
    start_round(round_=round_, user=owner_of(round_.tournament.club))
    for table in round_.tables.order_by("number"):
        order = list(table.seats)
        rng.shuffle(order)
        play_in_order(table, order, capture)
    finish_round(round_=round_)
