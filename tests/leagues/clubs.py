"""Several clubs' seasons played through the services, for the rebuild's tests: leagues,
finished and open sessions, a correction, a void and a tournament table."""

from __future__ import annotations

import random
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from datetime import date

from clubs.models import Club
from leagues.services.setup import create_league
from tests.factories import correct, make_club, make_session, owner_of, record, typed_entry, void
from tests.tournaments.factories import NAMES, enter, make_tournament
from tournaments.models import StandingsLine
from tournaments.services.draws import draw_round
from tournaments.services.play import start_round

SEASON = {"starts_on": date(2026, 1, 1), "ends_on": date(2026, 12, 31)}
Applied = Callable[[], AbstractContextManager[object]]


def play_clubs(count: int, *, applied: Applied = nullcontext, seed: int = 5) -> list[Club]:
    """`count` clubs, each with a league and a few sessions; the first runs a tournament.

    `applied`: around each change, what makes its standings update run (the tests' on-commit
    capture); by default the updates are left to whoever runs them (a worker)."""
    rng = random.Random(seed)
    clubs = []
    for n in range(count):
        club = make_club(f"Club {n}")
        create_league(club=club, name="Season", **SEASON)
        create_league(
            club=club,
            name="Placings",
            **SEASON,
            variants=["indian21"],
            basis="placing",
            placing_points=[5, 3, 1],
        )
        names = ("Asha", "Bala", "Chitra", "Dev")
        sessions = []
        for _ in range(3):
            seated = rng.sample(names, 3)
            variant = rng.choice(("indian13", "indian21"))
            session = make_session(
                club, variant=variant, names=seated, ending="hands", ending_target=2
            )
            sessions.append(session)
            for _ in range(2):
                with applied():
                    record(session, _hand(rng))
        open_session = make_session(club, names=names)
        with applied():
            record(open_session, _hand(rng, seats=4))
        with applied():
            correct(sessions[0], 1, _hand(rng), reason="Wrong winner")
        with applied():
            void(sessions[1], 2, reason="Misdeal")
        clubs.append(club)
    if clubs:
        _play_a_tournament(clubs[0], applied)
    return clubs


def _hand(rng: random.Random, *, seats: int = 3):
    winner = rng.randrange(seats)
    return typed_entry(
        winner, {p: rng.randint(2, 80) for p in range(seats) if p != winner}, wild="7H"
    )


def _play_a_tournament(club: Club, applied: Applied) -> None:
    cup = make_tournament(club, rounds=1, final_table_size=0, round_target=2)
    enter(cup, NAMES[4:12])  # newcomers: the club has the first four
    round_ = draw_round(tournament=cup, rng=random.Random(3))
    start_round(round_=round_, user=owner_of(club))
    for table in round_.tables.select_related("session").order_by("number"):
        losers = {pos: 10 * pos for pos in range(1, len(table.seats))}
        with applied():
            record(table.session, typed_entry(0, losers, wild="7H"))


def tournament_lines() -> list[tuple]:
    """Every stored tournament line, to compare two ways of computing them."""
    return sorted(
        StandingsLine.objects.values_list(
            "tournament_id", "stage", "round_number", "position", "rank", "entry_id", "carried"
        )
    )
