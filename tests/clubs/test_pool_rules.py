"""A club's pool house rules (rejoins each, the entry fee): set by its organisers on the rules
page, read by its members, and the start of every pool the club sets up, on the page and
through the API."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from clubs.models import Club
from clubs.roles import Role
from clubs.services import add_guest
from scoring.models import GameSession
from scoring.services.sessions import PoolSetup
from tests.api.helpers import club_url, with_token
from tests.factories import make_club, make_session, member, owner_of
from tests.scoring.factories import scorer_of

pytestmark = pytest.mark.django_db


def text_of(response) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", response.content.decode()).split())


def pool_url(club: Club) -> str:
    return reverse("club-pool-rules", args=[club.slug])


def with_pool_rules(club: Club, rejoins: int, fee: int) -> Club:
    Club.objects.filter(pk=club.pk).update(pool_rejoins=rejoins, pool_entry_fee=fee)
    return Club.objects.get(pk=club.pk)


def test_a_new_club_lets_nobody_rejoin_and_charges_no_entry_fee() -> None:
    club = make_club("New Club")
    assert (club.pool_rejoins, club.pool_entry_fee) == (0, 0)


def test_an_organiser_sets_the_pool_rules_on_the_rules_page(client) -> None:
    club = make_club("Pool Club")
    client.force_login(member(club, "olga", Role.ORGANISER))
    page = client.get(reverse("club-rules", args=[club.slug])).content.decode()
    assert f'action="{pool_url(club)}"' in page
    assert 'name="pool_rejoins"' in page and 'name="pool_entry_fee"' in page

    response = client.post(pool_url(club), {"pool_rejoins": "2", "pool_entry_fee": "100"})
    assert response.status_code == 302
    club.refresh_from_db()
    assert (club.pool_rejoins, club.pool_entry_fee) == (2, 100)
    page = client.get(response["Location"])
    assert "Pool rules saved." in text_of(page)
    assert 'value="2"' in page.content.decode() and 'value="100"' in page.content.decode()


@pytest.mark.parametrize(
    ("posted", "field"),
    [
        ({"pool_rejoins": "11", "pool_entry_fee": "0"}, "pool_rejoins"),
        ({"pool_rejoins": "1", "pool_entry_fee": "-5"}, "pool_entry_fee"),
        ({"pool_rejoins": "", "pool_entry_fee": "10"}, "pool_rejoins"),
    ],
)
def test_a_number_the_pool_cannot_take_is_refused_next_to_its_field(client, posted, field) -> None:
    club = with_pool_rules(make_club("Pool Club"), 1, 50)
    client.force_login(owner_of(club))
    response = client.post(pool_url(club), posted)
    assert response.status_code == 200
    assert re.search(rf'field--error">\s*<label for="id_{field}"', response.content.decode())
    club.refresh_from_db()
    assert (club.pool_rejoins, club.pool_entry_fee) == (1, 50)


def test_a_member_reads_the_pool_rules_but_cannot_change_them(client) -> None:
    club = with_pool_rules(make_club("Pool Club"), 1, 1500)
    client.force_login(member(club, "meena", Role.MEMBER))
    page = client.get(reverse("club-rules", args=[club.slug]))
    text = text_of(page)
    assert "A player who goes out of a pool may rejoin 1 time." in text
    assert "The entry fee is 1500, paid again on each rejoin." in text
    assert 'name="pool_rejoins"' not in page.content.decode()
    refused = client.post(pool_url(club), {"pool_rejoins": "5", "pool_entry_fee": "0"})
    assert refused.status_code == 403
    club.refresh_from_db()
    assert (club.pool_rejoins, club.pool_entry_fee) == (1, 1500)


def test_a_member_of_a_club_without_rejoins_reads_that_players_stay_out(client) -> None:
    club = make_club("Strict Club")
    client.force_login(member(club, "meena", Role.MEMBER))
    text = text_of(client.get(reverse("club-rules", args=[club.slug])))
    assert "A player who goes out of a pool stays out." in text
    assert "Pools have no entry fee." in text


def test_the_set_up_page_starts_a_pool_from_the_clubs_rules(client) -> None:
    club = with_pool_rules(make_club("Pool Club"), 2, 75)
    client.force_login(scorer_of(club))
    html = client.get(reverse("session-new", args=[club.slug])).content.decode()
    assert re.search(r'name="pool_rejoins"[^>]*value="2"|value="2"[^>]*name="pool_rejoins"', html)
    assert re.search(r'name="entry_fee"[^>]*value="75"|value="75"[^>]*name="entry_fee"', html)


def test_a_pool_without_its_own_numbers_takes_the_clubs_and_its_own_numbers_win() -> None:
    club = with_pool_rules(make_club("Pool Club"), 2, 75)
    from_club = make_session(club, format="pool", pool=PoolSetup(limit=101))
    assert (from_club.pool_rejoins, from_club.entry_fee) == (2, 75)
    own = make_session(club, format="pool", pool=PoolSetup(limit=101, rejoins=0, entry_fee=0))
    assert (own.pool_rejoins, own.entry_fee) == (0, 0)


def test_the_api_starts_a_pool_from_the_clubs_rules_unless_told_otherwise() -> None:
    club = with_pool_rules(make_club("Pool Club"), 1, 40)
    players = [add_guest(club=club, name=name) for name in ("Asha", "Bala", "Chitra")]
    api = with_token(scorer_of(club))
    body = {"variant": "indian13", "player_ids": [p.pk for p in players], "format": "pool"}

    response = api.post(club_url(club, "sessions/"), body, format="json")
    assert response.status_code == 201, response.content
    assert response.json()["pool"]["pot"] == 120  # three entries of the club's 40
    started = GameSession.objects.get(pk=response.json()["id"])
    assert (started.pool_rejoins, started.entry_fee) == (1, 40)

    told = api.post(
        club_url(club, "sessions/"), body | {"pool_rejoins": 0, "entry_fee": 0}, format="json"
    )
    assert told.status_code == 201, told.content
    assert told.json()["pool"]["pot"] == 0
