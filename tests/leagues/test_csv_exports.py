"""CSV downloads: a league's standings and a session's hand log, readable by `csv` and by
spreadsheets, and only for those who may read the club."""

from __future__ import annotations

import csv
import io
from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from clubs.roles import Role
from leagues.services.setup import create_league
from tests.factories import make_club, make_session, member, owner_of, record, typed_entry, void

pytestmark = pytest.mark.django_db

TODAY = timezone.now().date()
SEASON = {"starts_on": TODAY - timedelta(days=30), "ends_on": TODAY + timedelta(days=30)}


def rows_of(response) -> list[list[str]]:
    assert response["Content-Type"].startswith("text/csv")
    assert response["Content-Disposition"].startswith("attachment; filename=")
    text = response.content.decode("utf-8-sig")  # spreadsheets want the byte-order mark
    return list(csv.reader(io.StringIO(text)))


@pytest.fixture
def club():
    return make_club("Hill Club")


def hand_log_url(session) -> str:
    return reverse("session-csv", args=[session.club.slug, session.pk])


@pytest.fixture
def session(club, django_capture_on_commit_callbacks):
    """Asha deals first (the deal passes to the right: Chitra, then Bala); Bala wins hand 1,
    hand 2 is voided, Chitra wins hand 3."""
    game = make_session(club, names=("Asha", "Bala", "Chitra"), first_dealer=0)
    with django_capture_on_commit_callbacks(execute=True):
        record(game, typed_entry(1, {0: 10, 2: 30}, wild="7H"))
        record(game, typed_entry(0, {1: 5, 2: 5}, wild="QS"))
        void(game, 2, reason="Misdeal")
        record(game, typed_entry(2, {0: 4, 1: 6}, wild="2D"))
    return game


def test_the_hand_log_has_a_row_per_hand_with_each_players_score_and_a_total(client, club, session):
    client.force_login(member(club, "meena", Role.MEMBER))
    response = client.get(hand_log_url(session))
    assert response.status_code == 200
    assert f"{club.slug}-session-{session.pk}-hands.csv" in response["Content-Disposition"]
    header, *hands, total = rows_of(response)

    # The first columns stay as they always were; what each player paid comes after them.
    assert header[:7] == ["hand", "dealer", "wild", "status", "Asha", "Bala", "Chitra"]
    assert [row[:4] for row in hands] == [
        ["1", "Asha", "7H", "played"],
        ["2", "Chitra", "QS", "void"],
        ["3", "Bala", "2D", "played"],
    ]
    assert hands[0][4:7] == ["0", "40", "0"]
    assert hands[1][4:7] == ["0", "0", "0"]
    assert hands[2][4:7] == ["0", "0", "10"]
    assert total[:7] == ["total", "", "", "", "0", "40", "10"]


def test_a_name_that_looks_like_a_formula_stays_text_in_the_hand_log(
    client, club, django_capture_on_commit_callbacks
):
    game = make_session(club, names=("=SUM(A1)", "Bala"))
    with django_capture_on_commit_callbacks(execute=True):
        record(game, typed_entry(1, {0: 10}, wild="7H"))
    client.force_login(owner_of(club))
    header = rows_of(client.get(hand_log_url(game)))[0]
    assert header[4] == "'=SUM(A1)"


def test_an_outsider_cannot_download_a_private_clubs_hand_log(client, session):
    client.force_login(owner_of(make_club("Other Club")))
    assert client.get(hand_log_url(session)).status_code == 404
    client.logout()
    assert client.get(hand_log_url(session)).status_code == 404


def test_a_session_of_another_club_is_not_found_under_this_clubs_address(client, session):
    other = make_club("Other Club")
    client.force_login(owner_of(other))
    url = reverse("session-csv", args=[other.slug, session.pk])
    assert client.get(url).status_code == 404


def test_the_standings_file_lists_ranked_then_unranked_players_with_every_column(
    client, club, django_capture_on_commit_callbacks
):
    league = create_league(club=club, name="Winter league", **SEASON, min_sessions=2)
    capture = django_capture_on_commit_callbacks
    for names, winner in ((("Asha", "Bala"), 0), (("Asha", "Bala", "Chitra"), 1)):
        game = make_session(club, names=names, ending="hands", ending_target=1)
        losers = {seat: 10 for seat in range(len(names)) if seat != winner}
        with capture(execute=True):
            record(game, typed_entry(winner, losers, wild="7H"))
    client.force_login(owner_of(club))
    response = client.get(reverse("league-csv", args=[club.slug, league.slug]))
    assert f"{club.slug}-winter-league-standings.csv" in response["Content-Disposition"]

    assert rows_of(response) == [
        [
            "rank",
            "player",
            "sessions",
            "points",
            "hands won",
            "sessions won",
            "placing points",
            "average",
        ],
        ["1", "Bala", "2", "20", "1", "1", "0", "10.0"],
        ["2", "Asha", "2", "10", "1", "1", "0", "5.0"],
        ["", "Chitra", "1", "0", "0", "0", "0", "0.0"],
    ]


def test_an_outsider_cannot_download_a_private_clubs_standings(client, club):
    league = create_league(club=club, name="Winter league", **SEASON)
    client.force_login(owner_of(make_club("Other Club")))
    assert client.get(reverse("league-csv", args=[club.slug, league.slug])).status_code == 404


def test_the_hand_log_takes_the_same_number_of_queries_for_a_longer_session(
    client, club, django_capture_on_commit_callbacks, django_assert_num_queries
):
    game = make_session(club, names=("Asha", "Bala"))
    with django_capture_on_commit_callbacks(execute=True):
        record(game, typed_entry(0, {1: 5}, wild="7H"))
    client.force_login(owner_of(club))
    url = hand_log_url(game)
    client.get(url)
    with CaptureQueriesContext(connection) as small:
        client.get(url)

    with django_capture_on_commit_callbacks(execute=True):
        for winner in (1, 0, 1, 1):
            record(game, typed_entry(winner, {1 - winner: 7}, wild="7H"))
    with django_assert_num_queries(len(small)):
        response = client.get(url)
    assert len(rows_of(response)) == 7
