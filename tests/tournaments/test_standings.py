"""Round, overall and final standings of a tournament, from its tables' results."""

from __future__ import annotations

import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.factories import make_club, owner_of, record, typed_entry
from tests.tournaments.factories import enter, make_tournament, play_in_order
from tournaments.services.draws import draw_round
from tournaments.services.final import cut_to_final
from tournaments.services.play import finish_round, start_round
from tournaments.standings import tournament_standings

pytestmark = pytest.mark.django_db

FOUR = ("Asha", "Bala", "Chitra", "Dev")


def _one_table_cup(capture, orders, **options):
    """Four players at one table for each round, finishing in each of `orders` (names)."""
    arguments = {
        "min_table_size": 4,
        "max_table_size": 4,
        "rounds": len(orders),
        "placing_points": [3, 2, 1, 0],
        "final_table_size": 0,
    }
    cup = make_tournament(make_club(), **(arguments | options))
    ids = {p.name: p.pk for p in enter(cup, FOUR)}
    for order in orders:
        round_ = draw_round(tournament=cup, rng=random.Random(1))
        start_round(round_=round_, user=owner_of(cup.club))
        play_in_order(round_.tables.get(), [ids[name] for name in order], capture)
        finish_round(round_=round_)
    return cup


def _ranks(lines):
    return [(line.rank, line.player.name) for line in lines]


# Asha 3 + 0, Bala 2 + 3, Chitra 1 + 2, Dev 0 + 1: Asha and Chitra level on 3.
ORDERS = [("Asha", "Bala", "Chitra", "Dev"), ("Bala", "Chitra", "Dev", "Asha")]


@pytest.mark.parametrize(
    ("tie_breakers", "expected"),
    [
        ([], [(1, "Bala"), (2, "Asha"), (2, "Chitra"), (4, "Dev")]),
        # Asha won a table, Chitra none.
        (["wins"], [(1, "Bala"), (2, "Asha"), (3, "Chitra"), (4, "Dev")]),
        # Each finished above the other once: still level.
        (["head_to_head"], [(1, "Bala"), (2, "Asha"), (2, "Chitra"), (4, "Dev")]),
        # Chitra was 2nd in the latest round, Asha 4th.
        (["recent"], [(1, "Bala"), (2, "Chitra"), (3, "Asha"), (4, "Dev")]),
        (["head_to_head", "recent"], [(1, "Bala"), (2, "Chitra"), (3, "Asha"), (4, "Dev")]),
    ],
)
def test_overall_standings_break_ties_with_the_chosen_tie_breakers(
    django_capture_on_commit_callbacks, tie_breakers, expected
):
    cup = _one_table_cup(django_capture_on_commit_callbacks, ORDERS, tie_breakers=tie_breakers)

    standings = tournament_standings(cup)

    assert _ranks(standings.overall) == expected
    assert [line.score for line in standings.overall][:1] == [5]


def test_round_standings_give_placing_points_and_tied_places_share_them(
    django_capture_on_commit_callbacks,
):
    cup = make_tournament(
        make_club(), min_table_size=4, max_table_size=4, rounds=1, placing_points=[3, 2, 1, 0]
    )
    players = enter(cup, FOUR)
    round_ = draw_round(tournament=cup, rng=random.Random(2))
    start_round(round_=round_, user=owner_of(cup.club))
    table = round_.tables.get()
    seat = {p: pos for pos, p in enumerate(table.seats)}
    asha, bala, chitra, dev = (seat[p.pk] for p in players)
    with django_capture_on_commit_callbacks(execute=True):
        record(table.session, typed_entry(asha, {bala: 10, chitra: 10, dev: 30}, wild="7H"))

    lines = {line.player.name: line for line in tournament_standings(cup).rounds[1]}

    assert {name: (line.scores[0].place, line.score) for name, line in lines.items()} == {
        "Asha": (1, 3),
        "Bala": (2, 2),
        "Chitra": (2, 2),
        "Dev": (4, 0),
    }
    assert lines["Asha"].rank == 1 and lines["Bala"].rank == lines["Chitra"].rank == 2


def test_game_points_scoring_adds_up_the_points_won_at_the_tables(
    django_capture_on_commit_callbacks,
):
    cup = _one_table_cup(
        django_capture_on_commit_callbacks, ORDERS, scoring="points", placing_points=[]
    )

    scores = {line.player.name: line.score for line in tournament_standings(cup).overall}

    # Round 1: Asha wins 10 + 20 + 30; round 2 she loses 30 to Bala.
    assert scores == {"Asha": 60 - 30, "Bala": -10 + 60, "Chitra": -20 - 10, "Dev": -30 - 20}


def test_the_final_table_adds_the_carried_score_and_a_tie_goes_to_the_better_qualifier(
    django_capture_on_commit_callbacks,
):
    cup = _one_table_cup(
        django_capture_on_commit_callbacks, ORDERS, tie_breakers=["wins"], final_table_size=4
    )
    # Qualifying: Bala 5, Asha 3 (a win), Chitra 3, Dev 1.
    final = cut_to_final(tournament=cup, rng=random.Random(3))
    start_round(round_=final, user=owner_of(cup.club))
    ids = {p.player.name: p.player_id for p in cup.entries.select_related("player")}
    order = ["Dev", "Asha", "Chitra", "Bala"]
    play_in_order(final.tables.get(), [ids[n] for n in order], django_capture_on_commit_callbacks)
    cup.refresh_from_db()
    # The final table has played, but the director has not closed it: a leader, no winner.
    assert tournament_standings(cup).final[0].player.name == "Bala"
    assert tournament_standings(cup).winner is None
    finish_round(round_=final)
    cup.refresh_from_db()

    standings = tournament_standings(cup)

    # Dev 1 + 3, Asha 3 + 2, Chitra 3 + 1, Bala 5 + 0.
    assert [(line.player.name, line.score) for line in standings.final] == [
        ("Bala", 5),
        ("Asha", 5),
        ("Chitra", 4),
        ("Dev", 4),
    ]
    assert standings.winner.name == "Bala"


def test_standings_take_the_same_number_of_queries_however_many_rounds(
    django_capture_on_commit_callbacks,
):
    short = _one_table_cup(django_capture_on_commit_callbacks, ORDERS[:1])
    long = _one_table_cup(django_capture_on_commit_callbacks, ORDERS * 2)

    counts = []
    for cup in (short, long):
        with CaptureQueriesContext(connection) as queries:
            standings = tournament_standings(cup)
            [line.player.name for line in standings.overall]
        counts.append(len(queries))

    assert counts[0] == counts[1] <= 4


def test_the_final_tables_session_screen_shows_what_each_finalist_carried(
    client, django_capture_on_commit_callbacks
):
    cup = _one_table_cup(
        django_capture_on_commit_callbacks, ORDERS, tie_breakers=["wins"], final_table_size=4
    )
    final = cut_to_final(tournament=cup, rng=random.Random(3))
    start_round(round_=final, user=owner_of(cup.club))
    table = final.tables.select_related("session").get()
    client.force_login(owner_of(cup.club))
    page = client.get(f"/clubs/{cup.club.slug}/sessions/{table.session_id}/").content.decode()
    # Qualifying: Bala 5, Asha 3, Chitra 3, Dev 1, carried in full.
    for name, carried in (("Bala", "+5"), ("Asha", "+3"), ("Chitra", "+3"), ("Dev", "+1")):
        assert f'<span class="total-name">{name}</span>' in page
        assert f"carried {carried}" in page
    # An ordinary round's table says nothing of the kind.
    first_round = cup.round_set.get(number=1).tables.get()
    assert (
        "carried"
        not in client.get(
            f"/clubs/{cup.club.slug}/sessions/{first_round.session_id}/"
        ).content.decode()
    )
