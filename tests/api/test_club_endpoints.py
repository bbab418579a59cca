"""Clubs and players through the API: the same access rules as the club pages."""

import pytest

from clubs.models import Player
from clubs.roles import Role
from tests.api.helpers import API, anonymous, club_url, with_token
from tests.factories import make_club, make_user, member, owner_of

pytestmark = pytest.mark.django_db


def names(response) -> list[str]:
    assert response.status_code == 200, response.content
    return [item["name"] for item in response.json()["results"]]


def test_anonymous_callers_see_only_public_clubs():
    make_club("Open Club", is_public=True)
    make_club("Quiet Club")
    assert names(anonymous().get(API + "clubs/")) == ["Open Club"]


def test_a_member_sees_public_clubs_and_their_own_private_ones_with_their_role():
    make_club("Open Club", is_public=True)
    quiet = make_club("Quiet Club")
    make_club("Other Private Club")
    user = member(quiet, "dev", Role.SCORER)
    response = with_token(user).get(API + "clubs/")
    assert names(response) == ["Open Club", "Quiet Club"]
    roles = {item["name"]: item["role"] for item in response.json()["results"]}
    assert roles == {"Open Club": None, "Quiet Club": "scorer"}


def test_the_club_list_filters_searches_orders_and_pages():
    for name in ("Banyan Club", "Anchor Club", "Coral Club", "Delta Rummy"):
        make_club(name, is_public=True)
    client = anonymous()
    assert names(client.get(API + "clubs/", {"search": "club"})) == [
        "Anchor Club",
        "Banyan Club",
        "Coral Club",
    ]
    assert names(client.get(API + "clubs/", {"ordering": "-name", "page_size": 2})) == [
        "Delta Rummy",
        "Coral Club",
    ]
    page_two = client.get(API + "clubs/", {"page_size": 3, "page": 2}).json()
    assert page_two["count"] == 4
    assert [c["name"] for c in page_two["results"]] == ["Delta Rummy"]
    assert page_two["next"] is None and "page_size=3" in page_two["previous"]
    assert names(client.get(API + "clubs/", {"is_public": "false"})) == []


def test_the_club_list_filters_public_and_private_for_a_member():
    make_club("Open Club", is_public=True)
    quiet = make_club("Quiet Club")
    client = with_token(owner_of(quiet))
    assert names(client.get(API + "clubs/", {"is_public": "false"})) == ["Quiet Club"]
    assert names(client.get(API + "clubs/", {"is_public": "true"})) == ["Open Club"]


def test_a_club_carries_its_id_role_and_links():
    club = make_club("Quiet Club")
    body = with_token(owner_of(club)).get(club_url(club)).json()
    assert body["id"] == club.pk
    assert body["slug"] == club.slug
    assert body["role"] == "owner"
    assert body["can_score"] is True and body["can_organise"] is True
    assert body["url"] == f"http://testserver/api/v1/clubs/{club.slug}/"
    assert body["players_url"].endswith(f"/api/v1/clubs/{club.slug}/players/")
    assert body["sessions_url"].endswith(f"/api/v1/clubs/{club.slug}/sessions/")
    assert body["web_url"] == f"http://testserver/clubs/{club.slug}/"


def test_an_outsider_gets_not_found_for_a_private_club_exactly_as_for_no_club():
    club = make_club("Quiet Club")
    outsider = with_token(make_user("stranger"))
    private = outsider.get(club_url(club))
    missing = outsider.get(API + "clubs/no-such-club/")
    assert private.status_code == missing.status_code == 404
    assert private.json() == missing.json()
    assert private.json()["error"]["code"] == "not_found"
    assert outsider.get(club_url(club, "players/")).status_code == 404


def test_a_public_clubs_players_can_be_read_by_anyone():
    club = make_club("Open Club", is_public=True)
    Player.objects.create(club=club, name="Esha")
    body = anonymous().get(club_url(club, "players/")).json()
    assert {p["name"] for p in body["results"]} >= {"Esha"}


def test_the_player_list_filters_guests_and_members_searches_and_orders():
    club = make_club("Open Club", is_public=True)
    for name in ("Esha", "Farid", "Gita"):
        Player.objects.create(club=club, name=name)
    owner_name = club.players.get(user__isnull=False).name
    client = anonymous()
    url = club_url(club, "players/")
    assert names(client.get(url, {"is_guest": "true"})) == ["Esha", "Farid", "Gita"]
    assert names(client.get(url, {"is_guest": "false"})) == [owner_name]
    assert names(client.get(url, {"search": "ARI"})) == ["Farid"]
    assert names(client.get(url, {"is_guest": "true", "ordering": "-name", "page_size": 2})) == [
        "Gita",
        "Farid",
    ]


def test_a_player_carries_its_id_kind_and_links():
    club = make_club("Open Club", is_public=True)
    guest = Player.objects.create(club=club, name="Esha")
    body = anonymous().get(club_url(club, f"players/{guest.pk}/")).json()
    assert body["id"] == guest.pk
    assert body["is_guest"] is True
    assert body["url"].endswith(f"/players/{guest.pk}/")
    assert body["sessions_url"].endswith(f"/sessions/?player={guest.pk}")


def test_a_player_of_another_club_is_not_found_through_this_club():
    club = make_club("Open Club", is_public=True)
    other = make_club("Other Club", is_public=True)
    theirs = Player.objects.create(club=other, name="Esha")
    assert anonymous().get(club_url(club, f"players/{theirs.pk}/")).status_code == 404


def test_an_organiser_adds_a_guest():
    club = make_club("Quiet Club")
    client = with_token(member(club, "bala", Role.ORGANISER))
    response = client.post(club_url(club, "players/"), {"name": "  Esha  "}, format="json")
    assert response.status_code == 201
    assert response.json()["name"] == "Esha"
    assert response.json()["is_guest"] is True
    assert club.players.filter(name="Esha", user__isnull=True).exists()


def test_a_duplicate_guest_name_gets_the_services_sentence_next_to_the_field():
    club = make_club("Quiet Club")
    Player.objects.create(club=club, name="Esha")
    client = with_token(owner_of(club))
    response = client.post(club_url(club, "players/"), {"name": "esha"}, format="json")
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "bad_request"
    assert error["field"] == "name"
    assert error["message"].startswith("Quiet Club already has a player called esha")


def test_a_scorer_cannot_add_a_guest():
    club = make_club("Quiet Club")
    client = with_token(member(club, "chitra", Role.SCORER))
    response = client.post(club_url(club, "players/"), {"name": "Esha"}, format="json")
    assert response.status_code == 403
    assert response.json()["error"] == {
        "code": "permission_denied",
        "message": "This needs the organiser role in Quiet Club.",
    }
    assert not club.players.filter(name="Esha").exists()


def test_a_member_of_a_public_club_cannot_write_to_another_public_club():
    club = make_club("Open Club", is_public=True)
    other = make_club("Other Club", is_public=True)
    client = with_token(member(other, "bala", Role.ORGANISER))
    response = client.post(club_url(club, "players/"), {"name": "Esha"}, format="json")
    assert response.status_code == 403
