"""A player's statistics through the API: games, best hands, ratings and their history."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from clubs.models import Player
from leagues.models import PendingUpdate, Rating, RatingChange
from leagues.services.ratings import PROVISIONAL_GAMES
from tests.api.helpers import anonymous, club_url, with_token
from tests.factories import make_club, make_session, make_user, member, record, typed_entry

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _tasks_in_process(tasks_run_in_process) -> None:
    """Standings are applied in process (see tests/conftest.py)."""


def play(capture, club, names, hands, *, variant="indian13", finish=True):
    """A session; each hand is (winner seat, points every other seat loses)."""
    session = make_session(
        club,
        variant=variant,
        names=names,
        ending="hands" if finish else "open",
        ending_target=len(hands) if finish else None,
    )
    for winner, points in hands:
        losers = {seat: points for seat in range(len(names)) if seat != winner}
        with capture(execute=True):
            record(session, typed_entry(winner, losers, wild="7H"))
    return session


def stats_url(club, name: str) -> str:
    player = Player.objects.get(club=club, name=name)
    return club_url(club, f"players/{player.pk}/stats/")


def stats(client, club, name: str) -> dict:
    response = client.get(stats_url(club, name))
    assert response.status_code == 200, response.content
    return response.json()


@pytest.fixture
def club():
    return make_club("Open Club", is_public=True)


def test_the_stats_sum_each_game_and_list_the_best_hands_with_their_sessions(
    club, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    big = play(capture, club, ("Asha", "Bala"), [(1, 10), (0, 40)])  # Asha +40 in hand 2
    small = play(capture, club, ("Asha", "Bala"), [(0, 15)])
    play(capture, club, ("Asha", "Chitra", "Dev"), [(1, 20)], variant="rummy27")
    body = stats(anonymous(), club, "Asha")

    asha = Player.objects.get(club=club, name="Asha")
    assert body["player"]["id"] == asha.pk and body["player"]["name"] == "Asha"
    assert body["player"]["url"].endswith(f"/players/{asha.pk}/")
    assert body["updating"] is False and body["provisional_games"] == PROVISIONAL_GAMES
    assert body["by_variant"] == [
        {
            "variant": "indian13",
            "variant_name": "Indian Rummy",
            "sessions": 2,
            "wins": 2,
            "points": 55,
            "hands_won": 2,
            "average": 27.5,
        },
        {
            "variant": "rummy27",
            "variant_name": "27 card Rummy",
            "sessions": 1,
            "wins": 0,
            "points": -20,
            "hands_won": 0,
            "average": -20.0,
        },
    ]
    best = body["best_hands"]
    assert [(b["session_id"], b["hand_number"], b["points"]) for b in best[:2]] == [
        (big.pk, 2, 40),
        (small.pk, 1, 15),
    ]
    assert best[0]["variant"] == "indian13"
    assert best[0]["session_url"].endswith(f"/clubs/{club.slug}/sessions/{big.pk}/")
    assert best[0]["played_at"]


def test_ratings_come_per_game_with_a_provisional_flag_and_their_history(
    club, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    first = play(capture, club, ("Asha", "Bala"), [(0, 10)])
    second = play(capture, club, ("Asha", "Bala"), [(0, 10)])
    other = play(capture, club, ("Asha", "Bala"), [(1, 10)], variant="indian21")
    body = stats(anonymous(), club, "Asha")

    rating = Rating.objects.get(player__name="Asha", variant="indian13")
    ratings = {r["variant"]: r for r in body["ratings"]}
    assert set(ratings) == {"indian13", "indian21"}
    assert ratings["indian13"] == {
        "variant": "indian13",
        "ordinal": rating.ordinal,
        "mu": rating.mu,
        "sigma": rating.sigma,
        "games": 2,
        "provisional": True,
        "leaderboard_url": f"http://testserver/api/v1/clubs/{club.slug}/leaderboards/indian13/",
        "rating": round(1000 + 50 * rating.ordinal),
        "on_leaderboard": True,
    }
    history = body["rating_history"]
    assert [(h["variant"], h["session_id"]) for h in history] == [
        ("indian13", first.pk),
        ("indian13", second.pk),
        ("indian21", other.pk),
    ]
    latest = RatingChange.objects.get(session=second, player__name="Asha")
    assert history[1]["ordinal"] == latest.ordinal == rating.ordinal
    assert {"rated_at", "mu", "sigma"} <= set(history[1])
    assert history[1]["rating"] == round(1000 + 50 * latest.ordinal)


def test_a_player_who_has_not_played_gets_empty_statistics(club):
    body = stats(anonymous(), club, Player.objects.get(club=club).name)
    assert body["by_variant"] == body["best_hands"] == body["ratings"] == []
    assert body["rating_history"] == []


def test_the_stats_say_updating_while_an_update_is_pending(club):
    session = make_session(club, names=("Asha", "Bala"))
    PendingUpdate.objects.create(session=session, club=club)
    assert stats(anonymous(), club, "Asha")["updating"] is True


def test_a_player_of_another_club_is_not_found_through_this_club(club):
    other = make_club("Other Club", is_public=True)
    stranger = Player.objects.create(club=other, name="Zed")
    response = anonymous().get(club_url(club, f"players/{stranger.pk}/stats/"))
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"


def test_a_private_clubs_player_stats_are_for_its_members_only():
    quiet = make_club("Quiet Club")
    Player.objects.create(club=quiet, name="Esha")
    url = stats_url(quiet, "Esha")
    for outsider in (anonymous(), with_token(make_user("stranger"))):
        response = outsider.get(url)
        assert response.status_code == 404
        assert response.json()["error"]["message"].endswith(".")
    assert with_token(member(quiet, "dev")).get(url).status_code == 200


def test_the_stats_cost_the_same_number_of_queries_however_much_was_played(
    club, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    play(capture, club, ("Asha", "Bala"), [(0, 10)])
    client = anonymous()

    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            stats(client, club, "Asha")
        return len(captured)

    little = queries()
    for variant in ("indian21", "rummy27", "indian13"):
        play(capture, club, ("Asha", "Bala", "Chitra"), [(0, 5), (1, 5)], variant=variant)
    assert queries() == little
