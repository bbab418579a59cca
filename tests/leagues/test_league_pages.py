"""League pages: the list, setting one up, its table, its rules and which sessions count."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from clubs.roles import Role
from leagues.models import League, PendingUpdate, Standing
from leagues.services.setup import create_league
from tests.factories import make_club, make_session, member, owner_of, record, typed_entry

pytestmark = pytest.mark.django_db

TODAY = timezone.now().date()
SEASON = {"starts_on": TODAY - timedelta(days=30), "ends_on": TODAY + timedelta(days=30)}


def text_of(response) -> str:
    """The page's words, tags dropped and spaces squeezed, as a reader sees them."""
    html = response.content.decode()
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def play(capture, club, names, winners, *, finish=True):
    """A session of `names` where each hand is won by the seat in `winners`, who takes 2
    points from every other seat; standings and ratings follow each hand as it is saved."""
    session = make_session(
        club,
        names=names,
        ending="hands" if finish else "open",
        ending_target=len(winners) if finish else None,
    )
    for winner in winners:
        losers = {seat: 2 for seat in range(len(names)) if seat != winner}
        with capture(execute=True):
            record(session, typed_entry(winner, losers, wild="7H"))
    return session


@pytest.fixture
def club():
    return make_club("Hill Club")


@pytest.fixture
def owner(club):
    return owner_of(club)


def detail_url(league) -> str:
    return reverse("league-detail", args=[league.club.slug, league.slug])


def test_the_league_list_shows_the_newest_season_first_and_offers_a_new_league_to_organisers(
    client, club, owner
):
    create_league(club=club, name="Spring league", starts_on=TODAY, ends_on=TODAY)
    create_league(
        club=club,
        name="Winter league",
        starts_on=TODAY + timedelta(days=60),
        ends_on=TODAY + timedelta(days=90),
    )
    client.force_login(owner)
    response = client.get(reverse("league-list", args=[club.slug]))
    text = text_of(response)
    assert text.index("Winter league") < text.index("Spring league")
    assert reverse("league-new", args=[club.slug]) in response.content.decode()


def test_a_member_sees_the_leagues_but_cannot_set_one_up(client, club):
    reader = member(club, "meena", Role.MEMBER)
    client.force_login(reader)
    response = client.get(reverse("league-list", args=[club.slug]))
    assert response.status_code == 200
    assert reverse("league-new", args=[club.slug]) not in response.content.decode()
    assert client.get(reverse("league-new", args=[club.slug])).status_code == 403
    posted = client.post(reverse("league-new", args=[club.slug]), {"name": "Mine"})
    assert posted.status_code == 403
    assert not League.objects.exists()


def form_data(**changes) -> dict:
    data = {
        "name": "Winter league",
        "starts_on": SEASON["starts_on"].isoformat(),
        "ends_on": SEASON["ends_on"].isoformat(),
        "variants": ["indian13"],
        "marked_only": "all",
        "basis": "placing",
        "placing_points": "5, 3, 1",
        "tie_breaker_1": "average",
        "tie_breaker_2": "head_to_head",
        "tie_breaker_3": "",
        "tie_breaker_4": "",
        "min_sessions": "2",
    }
    data.update(changes)
    return data


def test_an_organiser_sets_up_a_league_from_the_form(client, club, owner):
    client.force_login(owner)
    response = client.post(reverse("league-new", args=[club.slug]), form_data())
    league = League.objects.get(club=club)
    assert response.status_code == 302
    assert response.url == detail_url(league)
    assert (league.name, league.starts_on, league.ends_on) == (
        "Winter league",
        SEASON["starts_on"],
        SEASON["ends_on"],
    )
    assert league.variants == ["indian13"]
    assert league.basis == "placing" and league.placing_points == [5, 3, 1]
    assert league.tie_breakers == ["average", "head_to_head"]
    assert league.min_sessions == 2 and not league.marked_only


def test_the_form_shows_each_problem_next_to_its_field_and_keeps_what_was_typed(
    client, club, owner
):
    client.force_login(owner)
    url = reverse("league-new", args=[club.slug])
    ends_early = client.post(url, form_data(ends_on=(TODAY - timedelta(days=90)).isoformat()))
    assert ends_early.status_code == 400
    assert "The league cannot end before it starts." in text_of(ends_early)
    assert 'value="Winter league"' in ends_early.content.decode()

    no_points = text_of(client.post(url, form_data(placing_points="")))
    assert "Give the points for 1st, 2nd, 3rd" in no_points

    garbled = text_of(client.post(url, form_data(placing_points="five, three")))
    assert "Write whole numbers separated by commas" in garbled

    twice = text_of(client.post(url, form_data(tie_breaker_2="average")))
    assert "each once" in twice
    assert not League.objects.exists()


def test_a_league_called_new_does_not_hide_behind_the_new_league_form(club):
    league = create_league(club=club, name="New", **SEASON)
    assert league.slug != "new"


def test_the_table_ranks_players_with_links_and_states_the_rules_in_one_line(
    client, club, owner, django_capture_on_commit_callbacks
):
    league = create_league(club=club, name="Winter league", **SEASON, min_sessions=1)
    play(django_capture_on_commit_callbacks, club, ("Asha", "Bala", "Chitra"), [0, 0, 1])
    client.force_login(owner)
    response = client.get(detail_url(league))
    text = text_of(response)
    assert "Total points · ties: wins, then average · at least 1 session" in text
    # The winner of a hand takes 2 from each of the others: Asha won two hands, Bala one.
    # Rank, player, sessions, points, wins, average.
    assert re.search(r"1 Asha 1 8 1 8\.0 2 Bala 1 4 0 4\.0 3 Chitra 1 0 0 0\.0", text)
    asha = Standing.objects.get(league=league, player__name="Asha").player
    assert reverse("player-detail", args=[club.slug, asha.pk]) in response.content.decode()
    assert reverse("league-csv", args=[club.slug, league.slug]) in response.content.decode()
    assert "Updating" not in text


def test_players_with_too_few_sessions_are_listed_under_the_ranked_with_what_they_need(
    client, club, owner, django_capture_on_commit_callbacks
):
    league = create_league(club=club, name="Winter league", **SEASON, min_sessions=2)
    capture = django_capture_on_commit_callbacks
    play(capture, club, ("Asha", "Bala", "Chitra"), [2])
    play(capture, club, ("Asha", "Bala", "Dev"), [1])
    client.force_login(owner)
    text = text_of(client.get(detail_url(league)))

    ranked, unranked = text.split("Not ranked yet")
    assert re.search(r"1 Bala 2 .* 2 Asha 2 ", ranked)
    assert "Chitra" not in ranked and "Dev" not in ranked
    assert "Chitra needs 1 more session" in unranked
    assert "Dev needs 1 more session" in unranked
    assert "at least 2 sessions" in unranked


def test_the_tie_breakers_decide_ranks_in_the_order_the_league_gives(
    client, club, owner, django_capture_on_commit_callbacks
):
    """Asha and Bala both won two hands: Asha won two sessions with a small average, Bala
    one session with a big one."""
    capture = django_capture_on_commit_callbacks
    wins_first = create_league(
        club=club, name="Wins first", **SEASON, basis="hands_won", tie_breakers=["wins", "average"]
    )
    average_first = create_league(
        club=club,
        name="Average first",
        **SEASON,
        basis="hands_won",
        tie_breakers=["average", "wins"],
    )
    play(capture, club, ("Asha", "Bala", "Chitra"), [0])
    play(capture, club, ("Asha", "Bala", "Chitra"), [0])
    session = make_session(club, names=("Bala", "Chitra"), ending="hands", ending_target=2)
    for _ in range(2):
        with capture(execute=True):
            record(session, typed_entry(0, {1: 50}, wild="7H"))
    client.force_login(owner)

    by_wins = text_of(client.get(detail_url(wins_first)))
    by_average = text_of(client.get(detail_url(average_first)))
    assert "ties: wins, then average" in by_wins
    assert re.search(r"1 Asha .* 2 Bala .* 3 Chitra", by_wins)
    assert "ties: average, then wins" in by_average
    assert re.search(r"1 Bala .* 2 Asha .* 3 Chitra", by_average)


def test_while_an_update_is_pending_the_table_says_so_and_asks_again(client, club, owner):
    league = create_league(club=club, name="Winter league", **SEASON)
    session = make_session(club)
    PendingUpdate.objects.create(session=session, club=club)
    client.force_login(owner)
    response = client.get(detail_url(league))
    assert "Updating…" in text_of(response)
    assert 'hx-trigger="every 3s"' in response.content.decode()

    poll = client.get(detail_url(league), headers={"HX-Request": "true"})
    assert "<html" not in poll.content.decode()
    assert 'id="league-table"' in poll.content.decode()

    PendingUpdate.objects.all().delete()
    settled = client.get(detail_url(league), headers={"HX-Request": "true"}).content.decode()
    # The table that replaces the "updating" one no longer polls.
    assert "Updating" not in settled and "hx-trigger" not in settled


def test_an_outsider_finds_no_league_page_of_a_private_club(client, club):
    league = create_league(club=club, name="Winter league", **SEASON, marked_only=True)
    outsider = make_club("Other Club")
    client.force_login(owner_of(outsider))
    slug = club.slug
    for url in (
        reverse("league-list", args=[slug]),
        reverse("league-new", args=[slug]),
        reverse("league-detail", args=[slug, league.slug]),
        reverse("league-edit", args=[slug, league.slug]),
        reverse("league-sessions", args=[slug, league.slug]),
        reverse("league-csv", args=[slug, league.slug]),
    ):
        assert client.get(url).status_code == 404, url
    assert client.post(reverse("league-new", args=[slug]), form_data()).status_code == 404
    assert League.objects.count() == 1


def test_anyone_can_read_a_public_clubs_table_but_not_change_it(client):
    club = make_club("Open Club", is_public=True)
    league = create_league(club=club, name="Winter league", **SEASON)
    assert client.get(detail_url(league)).status_code == 200
    # Not logged in: asked to log in rather than told "forbidden".
    response = client.get(reverse("league-edit", args=[club.slug, league.slug]))
    assert response.status_code == 302 and "/accounts/login/" in response.url


def test_an_organiser_marks_the_sessions_that_count_and_the_table_follows(
    client, club, django_capture_on_commit_callbacks
):
    organiser = member(club, "olga", Role.ORGANISER)
    league = create_league(club=club, name="Cup", **SEASON, marked_only=True)
    counted = play(django_capture_on_commit_callbacks, club, ("Asha", "Bala"), [0])
    play(django_capture_on_commit_callbacks, club, ("Chitra", "Dev"), [0])
    unfinished = play(django_capture_on_commit_callbacks, club, ("Asha", "Dev"), [1], finish=False)
    client.force_login(organiser)
    url = reverse("league-sessions", args=[club.slug, league.slug])

    listing = client.get(url).content.decode()
    assert listing.count('name="session"') == 2  # finished sessions only
    assert f'value="{unfinished.pk}"' not in listing
    assert not Standing.objects.filter(league=league).exists()

    response = client.post(url, {"session": counted.pk, "counts": "1"})
    assert response.status_code == 302
    assert set(Standing.objects.filter(league=league).values_list("player__name", flat=True)) == {
        "Asha",
        "Bala",
    }
    assert "Stop counting" in client.get(url).content.decode()

    client.post(url, {"session": counted.pk, "counts": "0"})
    assert not Standing.objects.filter(league=league).exists()


def test_a_session_of_another_club_cannot_be_marked(
    client, club, django_capture_on_commit_callbacks
):
    league = create_league(club=club, name="Cup", **SEASON, marked_only=True)
    other = make_club("Other Club")
    foreign = play(django_capture_on_commit_callbacks, other, ("Ravi", "Sita"), [0])
    client.force_login(owner_of(club))
    url = reverse("league-sessions", args=[club.slug, league.slug])
    assert client.post(url, {"session": foreign.pk, "counts": "1"}).status_code == 404
    assert not league.marked.exists()


def test_a_scorer_cannot_mark_sessions(client, club):
    league = create_league(club=club, name="Cup", **SEASON, marked_only=True)
    client.force_login(member(club, "sam", Role.SCORER))
    assert client.get(reverse("league-sessions", args=[club.slug, league.slug])).status_code == 403


def test_changing_the_rules_redoes_the_table(
    client, club, owner, django_capture_on_commit_callbacks
):
    league = create_league(club=club, name="Winter league", **SEASON)
    play(django_capture_on_commit_callbacks, club, ("Asha", "Bala"), [0])
    client.force_login(owner)
    edit = reverse("league-edit", args=[club.slug, league.slug])
    assert 'value="Winter league"' in client.get(edit).content.decode()

    # Only Rummy 27 counts now: the Indian Rummy session drops out of the table.
    response = client.post(
        edit, form_data(basis="points", placing_points="", variants=["rummy27"], min_sessions="0")
    )
    assert response.status_code == 302
    league.refresh_from_db()
    assert league.variants == ["rummy27"] and league.slug == "winter-league"
    assert not Standing.objects.filter(league=league).exists()


def test_the_table_takes_the_same_number_of_queries_for_a_bigger_league(
    client, club, owner, django_capture_on_commit_callbacks, django_assert_num_queries
):
    capture = django_capture_on_commit_callbacks
    league = create_league(club=club, name="Winter league", **SEASON, min_sessions=2)
    play(capture, club, ("Asha", "Bala", "Chitra"), [0])
    client.force_login(owner)
    client.get(detail_url(league))  # the session and user are loaded once per request
    with CaptureQueriesContext(connection) as small:
        client.get(detail_url(league))

    for names in (("Dev", "Esha", "Farid", "Gita"), ("Asha", "Dev", "Hari"), ("Bala", "Ivan")):
        play(capture, club, names, [0, 1])
    with django_assert_num_queries(len(small)):
        response = client.get(detail_url(league))
    assert "Ivan" in text_of(response)
