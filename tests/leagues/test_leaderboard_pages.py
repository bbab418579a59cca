"""The leaderboard: one tab per rated game, the readable rating, a provisional badge."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from clubs.roles import Role
from leagues.models import PendingUpdate, Rating
from leagues.services.ratings import PROVISIONAL_GAMES
from tests.factories import make_club, make_session, member, owner_of, record, typed_entry

pytestmark = pytest.mark.django_db


def text_of(response) -> str:
    html = response.content.decode()
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def play(capture, club, names, winner=0, *, variant="indian13"):
    """A one-hand session won by seat `winner`, finished, so its players are rated."""
    session = make_session(club, variant=variant, names=names, ending="hands", ending_target=1)
    losers = {seat: 5 for seat in range(len(names)) if seat != winner}
    with capture(execute=True):
        record(session, typed_entry(winner, losers, wild="7H"))
    return session


@pytest.fixture
def club():
    return make_club("Hill Club")


@pytest.fixture
def url(club):
    return reverse("leaderboard", args=[club.slug])


def test_players_are_ranked_by_their_conservative_rating_shown_on_the_readable_scale(
    client, club, url, django_capture_on_commit_callbacks
):
    play(django_capture_on_commit_callbacks, club, ("Asha", "Bala", "Chitra"), winner=1)
    client.force_login(owner_of(club))
    response = client.get(url)
    text = text_of(response)
    ratings = {r.player.name: r for r in Rating.objects.select_related("player")}
    bala, asha = ratings["Bala"], ratings["Asha"]
    assert bala.ordinal > asha.ordinal
    shown = round(1000 + 50 * bala.ordinal)
    assert re.search(rf"1 Bala provisional {shown} 1 ", text)
    assert text.index("Bala") < text.index("Asha") < text.index("Chitra")
    link = reverse("player-detail", args=[club.slug, bala.player_id])
    assert link in response.content.decode()


def test_a_player_is_provisional_until_enough_rated_sessions(
    client, club, url, django_capture_on_commit_callbacks
):
    for _ in range(PROVISIONAL_GAMES):
        play(django_capture_on_commit_callbacks, club, ("Asha", "Bala"), winner=0)
    play(django_capture_on_commit_callbacks, club, ("Asha", "Chitra"), winner=0)
    client.force_login(owner_of(club))
    text = text_of(client.get(url))
    assert re.search(rf"1 Asha \d+ {PROVISIONAL_GAMES + 1} ", text)  # no badge
    assert re.search(rf"Bala \d+ {PROVISIONAL_GAMES} ", text)
    assert re.search(r"Chitra provisional \d+ 1 ", text)


def test_each_rated_game_has_a_tab_and_the_first_game_is_shown_by_default(
    client, club, url, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    play(capture, club, ("Asha", "Bala"), variant="rummy27")
    play(capture, club, ("Chitra", "Dev"), variant="indian21")
    client.force_login(owner_of(club))

    first = client.get(url)
    tabs = first.content.decode()
    assert "?variant=indian21" in tabs and "?variant=rummy27" in tabs
    assert "?variant=indian13" not in tabs  # nobody is rated in it
    default = text_of(first)
    # 21 card Indian Rummy comes before 27 card Rummy in the list of games.
    assert "Chitra" in default and "Asha" not in default.split("Leaderboards", 1)[1]

    other = text_of(client.get(url, {"variant": "rummy27"}))
    assert "Asha" in other and "Chitra" not in other


def test_a_club_without_ratings_says_how_they_come(client, club, url):
    client.force_login(owner_of(club))
    assert "players are rated when a session finishes" in text_of(client.get(url))


def test_while_an_update_is_pending_the_leaderboard_says_so(client, club, url):
    session = make_session(club)
    PendingUpdate.objects.create(session=session, club=club)
    client.force_login(member(club, "meena", Role.MEMBER))
    response = client.get(url)
    assert "Updating…" in text_of(response)
    assert "hx-trigger" in response.content.decode()


def test_an_outsider_finds_no_leaderboard_of_a_private_club(client, club, url):
    client.force_login(owner_of(make_club("Other Club")))
    assert client.get(url).status_code == 404
    client.logout()
    assert client.get(url).status_code == 404


def test_the_leaderboard_takes_the_same_number_of_queries_for_more_players(
    client, club, url, django_capture_on_commit_callbacks, django_assert_num_queries
):
    capture = django_capture_on_commit_callbacks
    play(capture, club, ("Asha", "Bala"))
    client.force_login(owner_of(club))
    client.get(url)
    with CaptureQueriesContext(connection) as small:
        client.get(url)

    play(capture, club, ("Chitra", "Dev", "Esha", "Farid"))
    play(capture, club, ("Asha", "Gita", "Hari"))
    with django_assert_num_queries(len(small)):
        response = client.get(url)
    assert "Hari" in text_of(response)
