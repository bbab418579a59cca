"""The tournament's overview is drawn once for everyone until something it shows changes
(tournaments/selectors.py, `PublicView.key`): a hand at a table, the standings, a player's
name. Its clock is never kept: it counts down on its own."""

from __future__ import annotations

import random
import re
from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from clubs import services as club_services
from tests.factories import record, typed_entry
from tests.tournaments.factories import NAMES, enter, make_tournament, play_in_order
from tournaments.models import RoundTable
from tournaments.services.draws import draw_round
from tournaments.services.play import start_round
from tournaments.services.setup import set_published
from tournaments.standings import tournament_standings

pytestmark = pytest.mark.django_db


@pytest.fixture
def cup(club_with_owner):
    club, owner = club_with_owner
    cup = make_tournament(club, rounds=2, round_target=30, round_ending="minutes")
    enter(cup, NAMES[:8])
    first = draw_round(tournament=cup, rng=random.Random(3))
    start_round(round_=first, user=owner)
    return set_published(tournament=cup, published=True)


@pytest.fixture
def club_with_owner():
    from tests.factories import make_club, owner_of

    club = make_club("Hill Club")
    return club, owner_of(club)


def overview(client, cup) -> tuple[str, int]:
    with CaptureQueriesContext(connection) as queries:
        response = client.get(reverse("tournament-public", args=[cup.club.slug, cup.slug]))
    assert response.status_code == 200
    return response.content.decode(), len(queries)


def main_of(html: str) -> str:
    return html[html.index("<main") : html.index("</main>")]


def first_table(cup) -> RoundTable:
    return RoundTable.objects.get(round__tournament=cup, round__number=1, number=1)


def points_shown(html: str) -> list[str]:
    return re.findall(r'class="seat-points num">([^<]+)<', html)


def test_a_second_look_reads_no_table_seat_or_standings_line(client, cup):
    first, cold = overview(client, cup)
    again, warm = overview(client, cup)
    assert warm < cold
    assert main_of(again) == main_of(first)


def test_a_hand_at_a_table_shows_at_once(client, cup, django_capture_on_commit_callbacks):
    before, _ = overview(client, cup)
    table = first_table(cup)
    play_in_order(table, list(table.seats), django_capture_on_commit_callbacks)
    after, _ = overview(client, cup)
    assert points_shown(before)[:4] == ["0"] * 4
    assert points_shown(after)[:4] != ["0"] * 4
    assert "In play · 1 hand" in re.sub(r"<[^>]+>", " ", after).replace("  ", " ")


def test_the_standings_rewritten_show_at_once(client, cup, django_capture_on_commit_callbacks):
    table = first_table(cup)
    overview(client, cup)
    play_in_order(table, list(reversed(table.seats)), django_capture_on_commit_callbacks)
    html, _ = overview(client, cup)
    leader = tournament_standings(cup).overall[0].player.name
    assert re.findall(r'<th scope="row">([^<]+)', html)[0].strip() == leader
    assert leader == cup.club.players.get(pk=table.seats[-1]).name


def test_a_player_renamed_shows_at_once(client, cup):
    overview(client, cup)
    player = cup.club.players.get(name=NAMES[0])
    club_services.rename_player(club=cup.club, player=player, name="Renamed Player")
    html, _ = overview(client, cup)
    assert "Renamed Player" in html and f">{NAMES[0]}<" not in html


def test_the_clock_counts_down_between_two_looks_at_the_same_tables(client, cup, monkeypatch):
    first, _ = overview(client, cup)
    later = timezone.now() + timedelta(minutes=10)
    monkeypatch.setattr("tournaments.selectors.timezone.now", lambda: later)
    second, _ = overview(client, cup)
    left = [re.search(r"<strong>(\d+) min</strong>", html).group(1) for html in (first, second)]
    assert int(left[0]) - int(left[1]) == 10


def test_a_second_hand_shows_while_the_standings_still_catch_up(client, cup):
    """Between a hand and its standings' update the page says "updating": a hand recorded
    meanwhile changes nothing else on the page, and still shows."""
    table = first_table(cup)
    seat = {player: pos for pos, player in enumerate(table.seats)}
    record(table.session, typed_entry(seat[table.seats[0]], {1: 10, 2: 20, 3: 30}, wild="7H"))
    once, _ = overview(client, cup)
    record(table.session, typed_entry(seat[table.seats[1]], {0: 5, 2: 5, 3: 5}, wild="7H"))
    twice, _ = overview(client, cup)
    assert "1 hand" in re.sub(r"<[^>]+>", " ", once)
    assert "2 hands" in re.sub(r"<[^>]+>", " ", twice)
    assert points_shown(once)[:4] != points_shown(twice)[:4]
