"""Players who have not played a game for the club's window leave its leaderboard, keep
their rating, and come back with their next rated session."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.db.models import F
from django.urls import reverse

from clubs.models import Club
from clubs.roles import Role
from leagues.models import Rating, RatingChange
from leagues.selectors import leaderboard
from scoring.models import GameSession
from tests.api.helpers import anonymous, club_url
from tests.factories import make_club, make_session, member, owner_of, record, typed_entry

pytestmark = pytest.mark.django_db


def text_of(response) -> str:
    html = response.content.decode()
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def play(capture, club, names, winner=0, *, variant="indian13", days_ago=0):
    """A finished one-hand session won by seat `winner`, finished `days_ago` days ago."""
    session = make_session(club, variant=variant, names=names, ending="hands", ending_target=1)
    losers = {seat: 5 for seat in range(len(names)) if seat != winner}
    with capture(execute=True):
        record(session, typed_entry(winner, losers, wild="7H"))
    if days_ago:
        # As if it had finished then: the session and the rating history it left.
        back = timedelta(days=days_ago)
        GameSession.objects.filter(pk=session.pk).update(finished_at=F("finished_at") - back)
        RatingChange.objects.filter(session=session).update(rated_at=F("rated_at") - back)
    return session


def board(club, variant="indian13") -> list[tuple[int, str]]:
    return [(row.rank, row.rating.player.name) for row in leaderboard(club, variant)]


def set_days(club: Club, days: int | None) -> Club:
    Club.objects.filter(pk=club.pk).update(leaderboard_days=days)
    return Club.objects.get(pk=club.pk)


@pytest.fixture
def club():
    return make_club("Open Club", is_public=True)


def test_a_new_club_keeps_players_on_the_leaderboard_for_90_days(club):
    assert club.leaderboard_days == 90


def test_a_player_unrated_for_91_days_leaves_the_board_and_the_others_close_up(
    club, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    play(capture, club, ("Chitra", "Dev"), winner=0, days_ago=91)
    play(capture, club, ("Asha", "Bala"), winner=1, days_ago=89)
    assert board(club) == [(1, "Bala"), (2, "Asha")]
    # The ratings are still stored, untouched.
    assert Rating.objects.filter(club=club, player__name__in=["Chitra", "Dev"]).count() == 2


def test_a_player_is_on_the_board_until_the_window_has_passed(
    club, django_capture_on_commit_callbacks
):
    play(django_capture_on_commit_callbacks, club, ("Asha", "Bala"), winner=0)
    played = RatingChange.objects.filter(player__name="Asha").get().rated_at
    now = played + timedelta(days=90)
    assert [row.rating.player.name for row in leaderboard(club, "indian13", now=now)] == [
        "Asha",
        "Bala",
    ]
    later = now + timedelta(seconds=1)
    assert leaderboard(club, "indian13", now=later) == []


def test_a_player_comes_back_with_their_next_rated_session(
    club, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    play(capture, club, ("Asha", "Bala"), winner=0, days_ago=120)
    old = Rating.objects.get(player__name="Asha")
    assert board(club) == []

    play(capture, club, ("Asha", "Chitra"), winner=0)
    names = [name for _, name in board(club)]
    assert names == ["Asha", "Chitra"]  # Bala has still not played
    rating = Rating.objects.get(player__name="Asha")
    assert rating.games == 2 and rating.ordinal > old.ordinal  # the rating went on from there


def test_a_window_of_0_or_blank_keeps_everyone(club, django_capture_on_commit_callbacks):
    play(django_capture_on_commit_callbacks, club, ("Asha", "Bala"), winner=0, days_ago=2000)
    assert board(club) == []
    assert board(set_days(club, 0)) == [(1, "Asha"), (2, "Bala")]
    assert board(set_days(club, None)) == [(1, "Asha"), (2, "Bala")]
    assert board(set_days(club, 3000)) == [(1, "Asha"), (2, "Bala")]


def test_the_window_counts_only_sessions_of_the_boards_game(
    club, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    play(capture, club, ("Asha", "Bala"), winner=0, days_ago=100)
    play(capture, club, ("Asha", "Bala"), winner=0, variant="rummy27")
    assert board(club, "indian13") == []
    assert board(club, "rummy27") == [(1, "Asha"), (2, "Bala")]


def test_the_board_is_one_query_whatever_the_window_and_the_players(
    club, django_capture_on_commit_callbacks, django_assert_num_queries
):
    capture = django_capture_on_commit_callbacks
    play(capture, club, ("Asha", "Bala"), days_ago=100)
    play(capture, club, ("Chitra", "Dev", "Esha"))
    play(capture, club, ("Farid", "Gita", "Hari", "Asha"), days_ago=10)
    for days in (90, 0, 5):
        club = set_days(club, days)
        with django_assert_num_queries(1):
            rows = leaderboard(club, "indian13")
        assert len(rows) == {90: 7, 0: 8, 5: 3}[days]


def test_the_leaderboard_page_leaves_out_the_away_player_and_says_why(
    client, club, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    play(capture, club, ("Chitra", "Dev"), winner=0, days_ago=91)
    play(capture, club, ("Asha", "Bala"), winner=1)
    client.force_login(owner_of(club))
    text = text_of(client.get(reverse("leaderboard", args=[club.slug])))
    assert re.search(r"1 Bala provisional \d+ 1 2 Asha provisional \d+ 1 ", text)
    assert "Chitra" not in text and "Dev" not in text
    assert "no rated session of the game in the last 90 days are left off" in text


def test_the_player_page_keeps_the_rating_of_an_away_player_and_says_they_are_off_the_board(
    client, club, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    play(capture, club, ("Chitra", "Dev"), winner=0, days_ago=91)
    rating = Rating.objects.get(player__name="Chitra")
    client.force_login(owner_of(club))
    text = text_of(client.get(reverse("player-detail", args=[club.slug, rating.player_id])))
    shown = round(1000 + 50 * rating.ordinal)
    assert f"Indian Rummy {shown} after 1 game provisional not on the leaderboard" in text
    assert "no rated session in 90 days" in text


def test_the_api_board_leaves_out_the_away_player_and_the_stats_say_so(
    club, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    play(capture, club, ("Chitra", "Dev"), winner=0, days_ago=91)
    play(capture, club, ("Asha", "Bala"), winner=1)
    body = anonymous().get(club_url(club, "leaderboards/indian13/")).json()
    assert body["count"] == 2
    assert [(row["rank"], row["name"]) for row in body["results"]] == [(1, "Bala"), (2, "Asha")]
    top = Rating.objects.get(player__name="Bala")
    assert body["results"][0]["rating"] == round(1000 + 50 * top.ordinal)
    assert body["results"][0]["ordinal"] == top.ordinal  # the stored value, as before

    chitra = Rating.objects.get(player__name="Chitra")
    stats = anonymous().get(club_url(club, f"players/{chitra.player_id}/stats/")).json()
    (only,) = stats["ratings"]
    assert only["on_leaderboard"] is False
    assert only["rating"] == round(1000 + 50 * chitra.ordinal)
    asha = Rating.objects.get(player__name="Asha")
    stats = anonymous().get(club_url(club, f"players/{asha.player_id}/stats/")).json()
    assert stats["ratings"][0]["on_leaderboard"] is True


# -- The organisers' setting ------------------------------------------------------------------


def window_url(club) -> str:
    return reverse("club-leaderboard-window", args=[club.slug])


def test_an_organiser_sets_the_window_on_the_rules_page(client, club):
    client.force_login(member(club, "olga", Role.ORGANISER))
    page = client.get(reverse("club-rules", args=[club.slug])).content.decode()
    assert f'action="{window_url(club)}"' in page
    assert 'name="leaderboard_days"' in page and 'value="90"' in page

    response = client.post(window_url(club), {"leaderboard_days": "30"}, follow=True)
    assert Club.objects.get(pk=club.pk).leaderboard_days == 30
    assert "in 30 days leave its leaderboard" in text_of(response)

    client.post(window_url(club), {"leaderboard_days": ""})
    assert Club.objects.get(pk=club.pk).leaderboard_days is None
    client.post(window_url(club), {"leaderboard_days": "0"})
    assert Club.objects.get(pk=club.pk).leaderboard_days == 0


def test_a_window_that_is_not_a_number_of_days_is_refused_next_to_the_field(client, club):
    client.force_login(owner_of(club))
    response = client.post(window_url(club), {"leaderboard_days": "-3"})
    assert response.status_code == 200
    html = response.content.decode()
    assert re.search(r'field--error">\s*<label for="id_leaderboard_days"', html)
    assert "greater than or equal to 0" in text_of(response)
    assert Club.objects.get(pk=club.pk).leaderboard_days == 90


def test_a_member_reads_the_window_but_cannot_change_it(client, club):
    reader = member(club, "meena", Role.MEMBER)
    client.force_login(reader)
    text = text_of(client.get(reverse("club-rules", args=[club.slug])))
    assert "Players with no rated session of a game in 90 days leave its leaderboard." in text
    assert client.post(window_url(club), {"leaderboard_days": "5"}).status_code == 403
    assert Club.objects.get(pk=club.pk).leaderboard_days == 90
