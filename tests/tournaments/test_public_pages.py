"""A tournament's public pages and projector: who sees them, what they show, what they cost."""

from __future__ import annotations

import random
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from clubs.roles import Role
from common.numbers import unsigned_plus
from leagues.models import PendingUpdate
from scoring.selectors import session_board
from tests.factories import make_club, member, owner_of
from tests.tournaments.factories import (
    NAMES,
    enter,
    make_tournament,
    play_in_order,
    play_round,
)
from tournaments.models import Tournament
from tournaments.services.draws import draw_round
from tournaments.services.final import cut_to_final
from tournaments.services.play import finish_round, start_round
from tournaments.services.setup import set_published
from tournaments.standings import tournament_standings
from tournaments.views.public_screen import refresh_seconds

pytestmark = pytest.mark.django_db

POLL = {"HX-Request": "true"}


def text_of(response) -> str:
    """The page's words, tags dropped and spaces squeezed, as a reader sees them."""
    return " ".join(re.sub(r"<[^>]+>", " ", response.content.decode()).split())


def urls(cup: Tournament, round_number: int = 1) -> dict[str, str]:
    args = [cup.club.slug, cup.slug]
    return {
        "overview": reverse("tournament-public", args=args),
        "round": reverse("tournament-public-round", args=[*args, round_number]),
        "standings": reverse("tournament-public-standings", args=args),
        "screen": reverse("tournament-screen", args=args),
    }


def seat_names(response) -> list[str]:
    """The names in the tables' seats, table by table, in seat order."""
    html = response.content.decode()
    return [
        name.strip()
        for name in re.findall(r'<span class="seat-name">([^<]+)', html.split("Draws")[0])
    ]


def standing_names(html: str) -> list[str]:
    return [name.strip() for name in re.findall(r'<th scope="row">([^<]+)', html)]


@pytest.fixture
def club():
    return make_club("Hill Club")  # private: its other pages are for members only


@pytest.fixture
def cup(club):
    return make_tournament(club, rounds=2, round_target=3)


def released(cup: Tournament) -> Tournament:
    return set_published(tournament=cup, published=True)


def test_unreleased_pages_are_not_found_except_by_the_clubs_organisers(client, club, cup):
    enter(cup, NAMES[:8])
    draw_round(tournament=cup, rng=random.Random(1))
    outsider = make_club("Other Club")
    for who in (
        None,
        member(club, "mani"),
        member(club, "scorer", Role.SCORER),
        owner_of(outsider),
    ):
        client.logout()
        if who is not None:
            client.force_login(who)
        for name, url in urls(cup).items():
            assert client.get(url).status_code == 404, (who, name)

    for organiser in (owner_of(club), member(club, "ravi", Role.ORGANISER)):
        client.force_login(organiser)
        for name, url in urls(cup).items():
            response = client.get(url)
            assert response.status_code == 200, name
            assert "Preview: not released yet" in text_of(response), name


def test_released_pages_of_a_private_club_are_open_to_anyone_without_a_login(client, cup):
    enter(cup, NAMES[:8])
    draw_round(tournament=cup, rng=random.Random(1))
    released(cup)
    for name, url in urls(cup).items():
        response = client.get(url)
        assert response.status_code == 200, name
        assert "Preview" not in text_of(response), name
        assert cup.name in text_of(response), name


def test_taking_the_release_back_closes_the_pages_again(client, cup):
    released(cup)
    assert client.get(urls(cup)["overview"]).status_code == 200
    set_published(tournament=cup, published=False)
    assert client.get(urls(cup)["overview"]).status_code == 404


def test_a_round_not_drawn_yet_and_another_clubs_tournament_are_not_found(client, club, cup):
    released(cup)
    assert client.get(urls(cup, round_number=1)["round"]).status_code == 404
    other = make_club("Other Club")
    wrong_club = reverse("tournament-public", args=[other.slug, cup.slug])
    assert client.get(wrong_club).status_code == 404


def test_the_pages_show_the_draw_seat_by_seat_with_who_deals_first(client, cup):
    enter(cup, NAMES[:8])
    first = draw_round(tournament=cup, rng=random.Random(3))
    released(cup)
    tables = list(first.tables.order_by("number"))
    names = {p.pk: p.name for p in cup.club.players.all()}
    expected = [names[pid] for table in tables for pid in table.seats]

    for page in ("overview", "round"):
        response = client.get(urls(cup)[page])
        assert seat_names(response) == expected, page
        words = text_of(response)
        assert "Round 1 Drawn" in words
        for table in tables:
            dealer = names[table.seats[table.first_dealer]]
            assert f"{dealer} deals first" in words


def test_tables_in_play_show_their_running_totals(client, cup, django_capture_on_commit_callbacks):
    enter(cup, NAMES[:8])
    first = draw_round(tournament=cup, rng=random.Random(3))
    start_round(round_=first, user=owner_of(cup.club))
    table = first.tables.get(number=1)
    order = list(reversed(table.seats))
    play_in_order(table, order, django_capture_on_commit_callbacks)
    released(cup)
    table.refresh_from_db()

    response = client.get(urls(cup)["round"])
    html = response.content.decode()
    shown = re.findall(r'class="seat-points num">([^<]+)<', html)
    board = session_board(table.session)
    expected = [unsigned_plus(board.totals[seat.position]) for seat in board.seats]
    assert any(total != 0 for total in board.totals.values())
    assert shown[:4] == expected  # table 1 first
    assert shown[4:] == ["0"] * 4  # table 2 has no hand yet
    assert "In play · 1 hand" in text_of(response)

    # The live standings already count the hand at table 1: its winner is on top.
    winner = cup.club.players.get(pk=order[0]).name
    overview = client.get(urls(cup)["overview"]).content.decode()
    assert standing_names(overview)[0] == winner


def test_the_standings_and_the_winner_are_the_real_ones_after_the_final(
    client, cup, django_capture_on_commit_callbacks
):
    rng = random.Random(7)
    cup = make_tournament(cup.club, name="Holi Cup", rounds=2, round_target=1)
    enter(cup, NAMES[:8])
    for _ in range(cup.rounds):
        play_round(draw_round(tournament=cup, rng=rng), django_capture_on_commit_callbacks, rng)
    qualifiers = tournament_standings(cup).overall
    final = cut_to_final(tournament=cup, rng=rng)
    start_round(round_=final, user=owner_of(cup.club))
    # The best qualifier also wins the final table: the winner.
    finalists = [line.pk for line in qualifiers[: cup.final_table_size]]
    play_in_order(final.tables.get(), finalists, django_capture_on_commit_callbacks)
    finish_round(round_=final)
    released(cup)
    standings = tournament_standings(cup)

    page = client.get(urls(cup)["standings"])
    html = page.content.decode()
    words = text_of(page)
    assert f"Winner {qualifiers[0].player.name}" in words
    final_part, rest = html.split("<h2>Overall</h2>")
    overall_part = rest.split("<h2>Round")[0]
    assert standing_names(final_part) == [line.player.name for line in standings.final]
    assert standing_names(overall_part) == [line.player.name for line in standings.overall]
    assert standing_names(final_part)[0] == qualifiers[0].player.name
    for number, lines in standings.rounds.items():
        assert f"Round {number}" in words
        section = html.split(f"<h2>Round {number}</h2>")[1].split("</table>")[0]
        assert standing_names(section) == [line.player.name for line in lines]

    overview = text_of(client.get(urls(cup)["overview"]))
    assert f"Winner {qualifiers[0].player.name}" in overview
    assert "Final table Finished" in overview
    screen = text_of(client.get(urls(cup)["screen"]))
    assert f"Winner {qualifiers[0].player.name}" in screen


def test_while_standings_catch_up_the_page_says_updating_and_polls_for_its_live_part(client, cup):
    enter(cup, NAMES[:8])
    first = draw_round(tournament=cup, rng=random.Random(1))
    start_round(round_=first, user=owner_of(cup.club))
    released(cup)
    PendingUpdate.objects.create(session=first.tables.first().session, club=cup.club)

    for page, part in (("overview", 'id="public-live"'), ("standings", 'id="public-standings"')):
        response = client.get(urls(cup)[page])
        assert "Updating…" in text_of(response), page
        assert 'hx-trigger="every 3s"' in response.content.decode(), page
        poll = client.get(urls(cup)[page], headers=POLL).content.decode()
        assert "<html" not in poll and part in poll, page

    PendingUpdate.objects.all().delete()
    settled = client.get(urls(cup)["overview"], headers=POLL).content.decode()
    assert "Updating" not in settled and "hx-trigger" not in settled


def test_the_projector_is_a_full_page_without_navigation_that_polls_for_its_content(client, cup):
    enter(cup, NAMES[:8])
    first = draw_round(tournament=cup, rng=random.Random(1))
    released(cup)
    response = client.get(urls(cup)["screen"] + "?every=30")
    html = response.content.decode()
    assert 'class="screen"' in html
    assert "site-header" not in html and "site-nav" not in html
    assert 'hx-trigger="every 30s"' in html
    assert 'hx-target="#screen-content"' in html
    assert "Standings" in text_of(response)
    names = {p.pk: p.name for p in cup.club.players.all()}
    for table in first.tables.all():
        for pid in table.seats:
            assert names[pid] in html

    poll = client.get(urls(cup)["screen"] + "?every=30", headers=POLL)
    part = poll.content.decode()
    assert "<html" not in part and "<body" not in part
    assert "hx-trigger" not in part  # the polling element stays on the page, never swapped
    assert "Table 1" in part and "Round 1: drawn" in text_of(poll)
    assert "HX-Request" in poll["Vary"]


def test_the_projector_shows_at_most_sixteen_lines_in_two_columns(client, club):
    cup = make_tournament(club, max_table_size=4)
    enter(cup, NAMES)  # all sixteen
    enter(cup, ["Ravi", "Sita"])
    released(cup)
    html = client.get(urls(cup)["screen"]).content.decode()
    assert html.count('class="screen-lines"') == 2
    assert html.count('<span class="rank">') == 16
    assert "and 2 more" in text_of(client.get(urls(cup)["screen"]))


@pytest.mark.parametrize(
    ("raw", "seconds"),
    [(None, 15), ("", 15), ("abc", 15), ("1", 5), ("30", 30), ("9999", 120), ("-4", 5)],
)
def test_the_projector_refresh_is_kept_between_five_seconds_and_two_minutes(raw, seconds):
    assert refresh_seconds(raw) == seconds


def _cup_in_play(club, players: int, capture) -> Tournament:
    """A released cup with `players` at tables of four, round 1 in play, a hand at each
    table (so every table has totals to read)."""
    cup = make_tournament(club, name=f"Cup of {players}", round_target=3)
    enter(cup, NAMES[:players])
    first = draw_round(tournament=cup, rng=random.Random(2))
    start_round(round_=first, user=owner_of(club))
    for table in first.tables.all():
        play_in_order(table, list(table.seats), capture)
    return released(cup)


@pytest.mark.parametrize("page", ["overview", "round", "standings", "screen"])
def test_each_page_costs_the_same_queries_for_two_tables_or_four(
    client, club, page, django_capture_on_commit_callbacks, django_assert_max_num_queries
):
    small = _cup_in_play(club, 8, django_capture_on_commit_callbacks)
    # Guests' names are unique in a club: the big field plays at a second club.
    other = make_club("Valley Club", owner=owner_of(club))
    large = _cup_in_play(other, 16, django_capture_on_commit_callbacks)
    client.force_login(owner_of(club))  # a logged-in reader costs the most (the role)

    with CaptureQueriesContext(connection) as captured:
        assert client.get(urls(small)[page]).status_code == 200
    with django_assert_max_num_queries(len(captured)):
        assert client.get(urls(large)[page]).status_code == 200
    with django_assert_max_num_queries(12):
        assert client.get(urls(small)[page]).status_code == 200
