"""The home page and making a club."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from clubs.models import Club, Membership
from clubs.roles import Role
from tests.clubs.factories import (
    add_member,
    finish,
    make_club,
    make_user,
    owner_of,
    player_of,
    start,
)

pytestmark = pytest.mark.django_db


def test_a_visitor_sees_public_clubs_only_and_ways_in(client) -> None:
    make_club(name="Open Table", is_public=True)
    make_club(name="Secret Table", is_public=False)
    html = client.get(reverse("home")).content.decode()
    assert "Open Table" in html
    assert "Secret Table" not in html
    assert reverse("login") in html
    assert reverse("rules-check") in html


def test_a_member_sees_their_clubs_with_the_tables_in_play(client) -> None:
    club = make_club(name="Hill Club")
    make_club(name="Other Club")
    meena = add_member(club, "meena", name="Meena")
    ravi = add_member(club, "ravi", name="Ravi")
    live = start(club, [player_of(club, meena), player_of(club, ravi)])
    done = finish(start(club, [player_of(club, ravi), player_of(club, meena)]))
    client.force_login(meena)
    response = client.get(reverse("home"))
    html = response.content.decode()
    assert "Your clubs" in html
    assert "Hill Club" in html
    assert "Other Club" not in html
    assert reverse("session-detail", args=[club.slug, live.pk]) in html
    assert reverse("session-detail", args=[club.slug, done.pk]) not in html
    assert "Meena, Ravi" in html
    assert reverse("club-new") in html


def test_the_home_page_costs_the_same_queries_however_many_clubs(client) -> None:
    meena = make_user("meena")
    client.force_login(meena)

    def queries_with(clubs: int) -> int:
        for _ in range(clubs):
            club = make_club(name=f"Club {Club.objects.count()}")
            other = add_member(club, f"m{club.pk}")
            club.memberships.create(user=meena, role=Role.MEMBER)
            start(club, [player_of(club, other), player_of(club, owner_of(club))])
        with CaptureQueriesContext(connection) as queries:
            assert client.get(reverse("home")).status_code == 200
        return len(queries)

    assert queries_with(1) == queries_with(3)


def test_a_logged_in_player_makes_a_club_and_owns_it(client) -> None:
    asha = make_user("asha", "Asha")
    client.force_login(asha)
    response = client.post(
        reverse("club-new"),
        {"name": "Hill Club", "timezone": "Europe/London", "is_public": "on"},
    )
    club = Club.objects.get(name="Hill Club")
    assert response.status_code == 302
    assert response["Location"] == reverse("club-detail", args=[club.slug])
    assert club.timezone == "Europe/London"
    assert club.is_public
    assert Membership.objects.get(club=club, user=asha).role == Role.OWNER


def test_a_club_with_an_unknown_time_zone_is_refused_next_to_the_field(client) -> None:
    client.force_login(make_user("asha"))
    response = client.post(reverse("club-new"), {"name": "Hill Club", "timezone": "Mars/Base"})
    html = response.content.decode()
    assert response.status_code == 200
    assert "is not a time zone" in html
    assert response.context["form"].errors["timezone"]
    assert 'value="Hill Club"' in html
    assert not Club.objects.exists()


def test_making_a_club_needs_an_account(client) -> None:
    response = client.get(reverse("club-new"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))
