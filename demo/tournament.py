"""The demo club's tournament, so `make run` shows a draw, live standings and public pages.

Eight players at two tables of four: round 1 played, round 2 in play with one hand in,
public pages released. Played through the services a director and scorers use, with the
demo's seeded shuffle, so every run loads the same tournament.
"""

from __future__ import annotations

import random
import uuid

from django.contrib.auth.models import User
from django.utils import timezone

from clubs.models import Club, Player
from clubs.services import add_guest, default_options
from demo.hands import random_hand
from scoring.models import GameSession
from scoring.services import hands
from tournaments.models import Round, RoundTable, Tournament
from tournaments.services.draws import draw_round
from tournaments.services.entries import check_in, register
from tournaments.services.play import finish_round, start_round
from tournaments.services.setup import create_tournament, set_published

EIGHTH_PLAYER = "Hari"


def load_demo_tournament(
    *, club: Club, director: User, scorer: User, rng: random.Random
) -> Tournament:
    cup = create_tournament(
        club=club,
        name="Demo Cup",
        starts_on=timezone.localdate(),
        variant="indian21",
        options=default_options(club=club, variant="indian21"),
        min_table_size=4,
        max_table_size=4,
        rounds=2,
        round_ending="hands",
        round_target=2,
        scoring="placing",
        placing_points=[5, 3, 2, 1],
        tie_breakers=["wins", "head_to_head"],
        final_table_size=4,
        carry="half",
        user=director,
    )
    add_guest(club=club, name=EIGHTH_PLAYER)
    for player in Player.objects.filter(club=club).order_by("pk"):
        register(tournament=cup, player=player)
        check_in(tournament=cup, player=player)
    first = _start(cup, director, rng)
    for table in first.tables.select_related("session"):
        for _ in range(cup.round_target):
            _play_hand(_session(table), scorer, rng)
    finish_round(round_=first)
    second = _start(cup, director, rng)
    one = second.tables.select_related("session").first()
    assert one is not None  # a started round has its tables
    _play_hand(_session(one), scorer, rng)
    set_published(tournament=cup, published=True)
    return cup


def _start(cup: Tournament, director: User, rng: random.Random) -> Round:
    round_ = draw_round(tournament=cup, rng=rng)
    return start_round(round_=round_, user=director, rng=rng)


def _session(table: RoundTable) -> GameSession:
    assert table.session is not None  # start_round opened every table's session
    return table.session


def _play_hand(session: GameSession, scorer: User, rng: random.Random) -> None:
    session.refresh_from_db()
    hands.record_hand(
        session_id=session.pk,
        entry=random_hand(session, session.seats.count(), rng),
        client_key=uuid.uuid4(),
        revision=session.revision,
        user=scorer,
    )
