"""A player's page: games, wins, averages, best hands, ratings, their history and a chart."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from clubs.models import Player
from clubs.roles import Role
from leagues.models import PendingUpdate, Rating
from tests.factories import make_club, make_session, member, owner_of, record, typed_entry

pytestmark = pytest.mark.django_db


def text_of(response) -> str:
    html = response.content.decode()
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


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


@pytest.fixture
def club():
    return make_club("Hill Club")


def page(club, name: str) -> str:
    player = Player.objects.get(club=club, name=name)
    return reverse("player-detail", args=[club.slug, player.pk])


def test_the_page_sums_each_game_and_lists_the_best_hands_with_their_sessions(
    client, club, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    big = play(capture, club, ("Asha", "Bala"), [(1, 10), (0, 40)])  # Asha +40 in hand 2
    play(capture, club, ("Asha", "Bala"), [(0, 15)])
    play(capture, club, ("Asha", "Chitra", "Dev"), [(1, 20)], variant="rummy27")
    client.force_login(owner_of(club))
    response = client.get(page(club, "Asha"))
    text = text_of(response)

    # Game, sessions, wins, average, hands won.
    assert "Indian Rummy 2 2 27.5 2" in text
    assert "27 card Rummy 1 0 \u221220.0 0" in text  # a zero-sum game: Asha paid 20
    best = text.split("Best hands", 1)[1]
    assert re.search(r"\+40 Hand 2 · Indian Rummy .* \+15 Hand 1 · Indian Rummy", best)
    summary = reverse("session-summary", args=[club.slug, big.pk])
    assert summary in response.content.decode()


def test_ratings_show_per_game_with_a_provisional_badge_and_their_history(
    client, club, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    play(capture, club, ("Asha", "Bala"), [(0, 10)])
    play(capture, club, ("Asha", "Bala"), [(0, 10)])
    play(capture, club, ("Asha", "Bala"), [(1, 10)], variant="indian21")
    client.force_login(owner_of(club))
    response = client.get(page(club, "Asha"))
    text = text_of(response)
    html = response.content.decode()

    rating = Rating.objects.get(player__name="Asha", variant="indian13")
    shown = str(round(1000 + 50 * rating.ordinal))
    assert f"Indian Rummy {shown} after 2 games provisional" in text
    assert "21 card Indian Rummy" in text.split("Ratings", 1)[1]
    # One line per game in the chart, the history newest first.
    assert html.count('<polyline class="chart-line ') == 2
    assert "Rating after each of 3 rated sessions, from 1000." in text
    history = text.split("Latest rated sessions", 1)[1]
    assert history.index("21 card Indian Rummy") < history.index("Indian Rummy " + shown)


def test_recent_results_show_the_last_ten_sessions_newest_first(
    client, club, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    for points in range(1, 12):
        play(capture, club, ("Asha", "Bala"), [(0, points)])
    play(capture, club, ("Asha", "Bala"), [(1, 50)], finish=False)
    client.force_login(owner_of(club))
    recent = text_of(client.get(page(club, "Asha"))).split("Recent results", 1)[1].strip()

    assert recent.startswith("0 in play · Indian Rummy")
    assert "+11 1st · won" in recent and "+3 1st · won" in recent
    assert "+2 1st" not in recent and "+1 1st" not in recent  # the eleventh and twelfth


def test_a_player_who_has_not_played_gets_a_page_that_says_so(client, club):
    player = Player.objects.create(club=club, name="Zara")
    client.force_login(owner_of(club))
    text = text_of(client.get(reverse("player-detail", args=[club.slug, player.pk])))
    assert "Zara has not played a session yet." in text
    assert "Not rated yet" in text


def test_while_an_update_is_pending_the_player_page_says_so(
    client, club, django_capture_on_commit_callbacks
):
    session = play(django_capture_on_commit_callbacks, club, ("Asha", "Bala"), [(0, 5)])
    PendingUpdate.objects.create(session=session, club=club)
    client.force_login(member(club, "meena", Role.MEMBER))
    assert "Updating…" in text_of(client.get(page(club, "Asha")))


def test_a_player_of_another_club_is_not_found_here(client, club):
    other = make_club("Other Club")
    stranger = Player.objects.create(club=other, name="Ravi")
    client.force_login(owner_of(club))
    assert client.get(reverse("player-detail", args=[club.slug, stranger.pk])).status_code == 404


def test_an_outsider_finds_no_player_page_of_a_private_club(client, club):
    player = Player.objects.create(club=club, name="Zara")
    url = reverse("player-detail", args=[club.slug, player.pk])
    client.force_login(owner_of(make_club("Other Club")))
    assert client.get(url).status_code == 404


def test_the_page_takes_the_same_number_of_queries_however_much_was_played(
    client, club, django_capture_on_commit_callbacks, django_assert_num_queries
):
    capture = django_capture_on_commit_callbacks
    play(capture, club, ("Asha", "Bala"), [(0, 5)])
    client.force_login(owner_of(club))
    url = page(club, "Asha")
    client.get(url)
    with CaptureQueriesContext(connection) as small:
        client.get(url)

    for variant in ("indian13", "indian21", "rummy27"):
        play(capture, club, ("Asha", "Bala", "Chitra"), [(0, 5), (1, 9), (0, 3)], variant=variant)
    play(capture, club, ("Asha", "Dev"), [(1, 5)], finish=False)
    with django_assert_num_queries(len(small)):
        response = client.get(url)
    assert "27 card Rummy" in text_of(response)
