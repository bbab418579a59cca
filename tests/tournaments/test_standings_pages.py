"""A tournament's standings page: each round, overall, the final table and the winner."""

from __future__ import annotations

import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from leagues.models import PendingUpdate
from tests.factories import make_club, make_user, member, owner_of
from tests.tournaments.factories import (
    NAMES,
    enter,
    make_tournament,
    play_in_order,
    play_round,
)
from tests.tournaments.page_helpers import table_rows, text_of, url
from tournaments.services.draws import draw_round
from tournaments.services.entries import withdraw
from tournaments.services.final import cut_to_final
from tournaments.services.play import finish_round, start_round

pytestmark = pytest.mark.django_db

FOUR = ("Asha", "Bala", "Chitra", "Dev")


@pytest.fixture
def club():
    return make_club("Hill Club")


def _one_table_cup(club, capture, orders, **options):
    """Four players at one table for each round, finishing in each of `orders` (names)."""
    arguments = {
        "min_table_size": 4,
        "max_table_size": 4,
        "rounds": len(orders),
        "placing_points": [3, 2, 1, 0],
        "final_table_size": 0,
    }
    cup = make_tournament(club, **(arguments | options))
    ids = {p.name: p.pk for p in enter(cup, FOUR)}
    for order in orders:
        round_ = draw_round(tournament=cup, rng=random.Random(1))
        start_round(round_=round_, user=owner_of(club))
        play_in_order(round_.tables.get(), [ids[name] for name in order], capture)
        finish_round(round_=round_)
    return cup, ids


def test_a_member_reads_the_overall_and_round_standings(
    club, client, django_capture_on_commit_callbacks
):
    # Asha 3 + 0, Bala 2 + 3, Chitra 1 + 2, Dev 0 + 1; Asha won a table, Chitra none.
    cup, _ = _one_table_cup(
        club,
        django_capture_on_commit_callbacks,
        [("Asha", "Bala", "Chitra", "Dev"), ("Bala", "Chitra", "Dev", "Asha")],
        tie_breakers=["wins"],
    )
    client.force_login(member(club, "meena"))

    response = client.get(url("tournament-standings", cup))

    assert response.status_code == 200
    # rank, name, score, played, wins, game points (the winner takes 10 + 20 + 30)
    assert table_rows(response, "overall-standings") == [
        ["1", "Bala", "5", "2", "1", "50"],
        ["2", "Asha", "3", "2", "1", "30"],
        ["3", "Chitra", "3", "2", "0", "\u221230"],
        ["4", "Dev", "1", "2", "0", "\u221250"],
    ]
    text = text_of(response)
    assert text.index("Round 2") < text.index("Round 1")  # the latest round first
    assert "Updating" not in text
    # The last round is played and there is no final table: the tournament is over.
    assert "Bala wins Diwali Cup." in text


def test_a_withdrawn_player_stays_in_the_standings_marked_withdrawn(
    club, client, django_capture_on_commit_callbacks
):
    cup = make_tournament(club, rounds=2)
    players = enter(cup, NAMES[:8])
    play_round(
        draw_round(tournament=cup, rng=random.Random(3)),
        django_capture_on_commit_callbacks,
        random.Random(3),
    )
    withdraw(tournament=cup, player=players[0])
    client.force_login(owner_of(club))

    response = client.get(url("tournament-standings", cup))

    (row,) = [r for r in table_rows(response, "overall-standings") if players[0].name in r[1]]
    assert row[1] == f"{players[0].name} withdrawn"
    assert row[3] == "1"  # the round played stays


def test_the_final_table_shows_the_carried_score_and_the_winner_once_it_is_finished(
    club, client, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    cup, ids = _one_table_cup(
        club,
        capture,
        [("Asha", "Bala", "Chitra", "Dev")],
        final_table_size=4,
        carry="full",
        tie_breakers=["wins"],
    )
    final = cut_to_final(tournament=cup, rng=random.Random(3))
    start_round(round_=final, user=owner_of(club))
    client.force_login(owner_of(club))
    before = client.get(url("tournament-standings", cup))
    assert "wins Diwali Cup" not in text_of(before)

    # Carried: Asha 3, Bala 2, Chitra 1, Dev 0. Dev wins the final table, but Bala's
    # second place there makes the best total; Asha and Dev are level, and Asha qualified
    # higher.
    play_in_order(final.tables.get(), [ids[n] for n in ("Dev", "Bala", "Chitra", "Asha")], capture)
    finish_round(round_=final)
    response = client.get(url("tournament-standings", cup))

    # rank, name, carried, at the final, total
    assert table_rows(response, "final-standings") == [
        ["1", "Bala", "2", "2", "4"],
        ["2", "Asha", "3", "0", "3"],
        ["3", "Dev", "0", "3", "3"],
        ["4", "Chitra", "1", "1", "2"],
    ]
    assert "Bala wins Diwali Cup." in text_of(response)


def test_while_hands_are_being_applied_the_standings_say_so_and_ask_again(
    club, client, django_capture_on_commit_callbacks
):
    cup = make_tournament(club, rounds=1)
    enter(cup, NAMES[:8])
    round_ = draw_round(tournament=cup, rng=random.Random(4))
    start_round(round_=round_, user=owner_of(club))
    table = round_.tables.get(number=1)
    PendingUpdate.objects.create(session=table.session, club=club)
    client.force_login(owner_of(club))

    response = client.get(url("tournament-standings", cup))

    assert "Updating…" in text_of(response)
    assert 'hx-trigger="every 3s"' in response.content.decode()
    poll = client.get(url("tournament-standings", cup), headers={"HX-Request": "true"})
    assert "<html" not in poll.content.decode()
    assert 'id="tournament-standings"' in poll.content.decode()

    PendingUpdate.objects.all().delete()
    settled = client.get(url("tournament-standings", cup), headers={"HX-Request": "true"})
    assert "Updating" not in settled.content.decode()
    assert "hx-trigger" not in settled.content.decode()


def test_an_outsider_finds_no_standings_of_a_private_clubs_tournament(club, client):
    cup = make_tournament(club)
    client.force_login(make_user("stranger"))

    assert client.get(url("tournament-standings", cup)).status_code == 404


def test_the_standings_page_reads_a_fixed_number_of_queries_whatever_the_field(
    client, django_assert_max_num_queries, django_capture_on_commit_callbacks
):
    counts = []
    for players in (8, 16):
        club = make_club(f"Club of {players}")
        cup = make_tournament(club, rounds=2)
        enter(cup, NAMES[:players])
        rng = random.Random(players)
        for _ in range(2):
            play_round(
                draw_round(tournament=cup, rng=rng),
                django_capture_on_commit_callbacks,
                rng,
            )
        client.force_login(owner_of(club))
        with django_assert_max_num_queries(6):
            response = client.get(url("tournament-standings", cup))
        assert len(table_rows(response, "overall-standings")) == players
        with CaptureQueriesContext(connection) as queries:
            client.get(url("tournament-standings", cup))
        counts.append(len(queries))

    assert counts[0] == counts[1]
