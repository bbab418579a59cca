"""Leaderboards through the API: the conservative rating, provisional players, per game."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from clubs.roles import Role
from leagues.models import PendingUpdate, Rating
from leagues.selectors import leaderboard
from leagues.services.ratings import PROVISIONAL_GAMES
from tests.api.helpers import anonymous, club_url, with_token
from tests.factories import make_club, make_session, make_user, member, record, typed_entry

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _tasks_in_process(tasks_run_in_process) -> None:
    """Standings are applied in process (see tests/conftest.py)."""


def play(capture, club, names, winner=0, *, variant="indian13"):
    """A one-hand session won by seat `winner`, finished, so its players are rated."""
    session = make_session(club, variant=variant, names=names, ending="hands", ending_target=1)
    losers = {seat: 5 for seat in range(len(names)) if seat != winner}
    with capture(execute=True):
        record(session, typed_entry(winner, losers, wild="7H"))
    return session


def board_url(club, variant: str = "indian13") -> str:
    return club_url(club, f"leaderboards/{variant}/")


def results(response) -> list[dict]:
    assert response.status_code == 200, response.content
    return response.json()["results"]


def names(response) -> list[str]:
    return [row["name"] for row in results(response)]


def error_of(response, status: int) -> dict:
    assert response.status_code == status, response.content
    error = response.json()["error"]
    assert error["message"].endswith("."), error
    return error


@pytest.fixture
def club():
    return make_club("Open Club", is_public=True)


def test_players_are_ranked_by_their_conservative_rating_as_the_leaderboard_ranks_them(
    club, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    play(capture, club, ("Asha", "Bala", "Chitra"), winner=1)
    play(capture, club, ("Asha", "Dev"), winner=0)
    rows = results(anonymous().get(board_url(club)))
    expected = leaderboard(club, "indian13")
    assert [(row["rank"], row["player_id"]) for row in rows] == [
        (row.rank, row.rating.player_id) for row in expected
    ]
    ordinals = [row["ordinal"] for row in rows]
    assert ordinals == sorted(ordinals, reverse=True)
    top = expected[0].rating
    assert rows[0] == {
        "rank": 1,
        "player_id": top.player_id,
        "name": top.player.name,
        "ordinal": top.ordinal,
        "mu": top.mu,
        "sigma": top.sigma,
        "games": top.games,
        "provisional": True,
        "stats_url": f"http://testserver/api/v1/clubs/{club.slug}/players/{top.player_id}/stats/",
        "rating": round(1000 + 50 * top.ordinal),
    }


def test_a_rating_is_provisional_until_enough_rated_sessions(
    club, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    for _ in range(PROVISIONAL_GAMES):
        play(capture, club, ("Asha", "Bala"), winner=0)
    play(capture, club, ("Asha", "Chitra"), winner=0)
    rows = {row["name"]: row for row in results(anonymous().get(board_url(club)))}
    assert (rows["Asha"]["games"], rows["Asha"]["provisional"]) == (PROVISIONAL_GAMES + 1, False)
    assert (rows["Bala"]["games"], rows["Bala"]["provisional"]) == (PROVISIONAL_GAMES, False)
    assert (rows["Chitra"]["games"], rows["Chitra"]["provisional"]) == (1, True)

    url = board_url(club)
    assert names(anonymous().get(url, {"provisional": "true"})) == ["Chitra"]
    assert set(names(anonymous().get(url, {"provisional": "false"}))) == {"Asha", "Bala"}


def test_each_game_has_its_own_board_and_an_unplayed_game_has_an_empty_one(
    club, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    play(capture, club, ("Asha", "Bala"), winner=0, variant="rummy27")
    play(capture, club, ("Chitra", "Dev"), winner=0)
    assert set(names(anonymous().get(board_url(club, "rummy27")))) == {"Asha", "Bala"}
    assert set(names(anonymous().get(board_url(club, "indian13")))) == {"Chitra", "Dev"}
    empty = anonymous().get(board_url(club, "marriage")).json()
    assert (empty["count"], empty["results"], empty["updating"]) == (0, [], False)


def test_an_unknown_game_is_not_found_with_a_sentence_naming_the_games(club):
    error = error_of(anonymous().get(board_url(club, "poker")), 404)
    assert error["code"] == "not_found"
    assert "'poker'" in error["message"] and "indian13" in error["message"]


def test_a_private_clubs_board_is_not_found_for_outsiders_and_read_by_members(
    django_capture_on_commit_callbacks,
):
    quiet = make_club("Quiet Club")
    play(django_capture_on_commit_callbacks, quiet, ("Asha", "Bala"), winner=0)
    for outsider in (anonymous(), with_token(make_user("stranger"))):
        assert error_of(outsider.get(board_url(quiet)), 404)["code"] == "not_found"
        # An unknown game says nothing more about a club the caller may not see.
        assert (
            outsider.get(board_url(quiet, "poker")).json() == outsider.get(board_url(quiet)).json()
        )
    reader = with_token(member(quiet, "dev", Role.MEMBER))
    assert names(reader.get(board_url(quiet))) == ["Asha", "Bala"]


def test_the_board_is_read_only(club):
    owner = with_token(member(club, "bala", Role.OWNER))
    assert error_of(owner.post(board_url(club), {}, format="json"), 405)["code"] == (
        "method_not_allowed"
    )


def test_the_board_pages_searches_and_reverses_keeping_each_players_rank(
    club, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    play(capture, club, ("Asha", "Bala", "Chitra", "Dev"), winner=2)
    play(capture, club, ("Esha", "Farid", "Gita"), winner=1)
    client = anonymous()
    url = board_url(club)
    whole = [(row["rank"], row["name"]) for row in results(client.get(url))]
    assert [rank for rank, _ in whole] == list(range(1, 8))

    first = client.get(url, {"page_size": 3}).json()
    assert first["count"] == 7 and first["updating"] is False
    assert list(first) == ["count", "next", "previous", "updating", "results"]
    assert [(row["rank"], row["name"]) for row in first["results"]] == whole[:3]
    third = client.get(url, {"page_size": 3, "page": 3}).json()
    assert [(row["rank"], row["name"]) for row in third["results"]] == whole[6:]

    assert [(r["rank"], r["name"]) for r in results(client.get(url, {"search": "far"}))] == [
        entry for entry in whole if entry[1] == "Farid"
    ]
    reversed_board = client.get(url, {"ordering": "-rank"})
    assert [(r["rank"], r["name"]) for r in results(reversed_board)] == whole[::-1]
    assert error_of(client.get(url, {"ordering": "ordinal"}), 400)["code"] == "bad_request"
    assert "provisional" in error_of(client.get(url, {"provisional": "often"}), 400)["fields"]


def test_the_board_says_updating_while_an_update_is_pending(club):
    session = make_session(club)
    PendingUpdate.objects.create(session=session, club=club)
    assert anonymous().get(board_url(club)).json()["updating"] is True


def test_the_board_costs_the_same_number_of_queries_for_any_page_size(
    club, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    for names_ in (("Asha", "Bala", "Chitra"), ("Dev", "Esha", "Farid"), ("Gita", "Hari", "Asha")):
        play(capture, club, names_, winner=1)
    assert Rating.objects.filter(club=club).count() == 8
    client = with_token(member(club, "dev-reader"))

    def queries(page_size: int) -> int:
        with CaptureQueriesContext(connection) as captured:
            rows = results(client.get(board_url(club), {"page_size": page_size}))
        assert len(rows) == min(page_size, 8)
        return len(captured)

    assert queries(2) == queries(20)
