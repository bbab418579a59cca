"""Organisers manage members and guests from the players page."""

import pytest
from django.urls import reverse

from clubs import services
from clubs.models import Membership, Player
from clubs.roles import Role
from tests.clubs.factories import add_member, make_club, membership, owner_of, player_of, start

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    return make_club(name="Hill Club")


@pytest.fixture
def organiser(club, client):
    user = add_member(club, "org", Role.ORGANISER, name="Olga")
    client.force_login(user)
    return user


def test_the_players_page_lists_members_with_roles_and_guests(client, club, organiser) -> None:
    add_member(club, "meena", Role.SCORER, name="Meena")
    services.add_guest(club=club, name="Ravi")
    response = client.get(reverse("club-players", args=[club.slug]))
    assert response.status_code == 200
    members = {row.name: row.membership.role for row in response.context["people"].members}
    assert members["Meena"] == Role.SCORER
    assert members["Olga"] == Role.ORGANISER
    # Owners first, then the rest by rank.
    assert next(iter(members.values())) == Role.OWNER
    assert [p.name for p in response.context["people"].guests] == ["Ravi"]


def test_an_organiser_changes_a_members_role(client, club, organiser) -> None:
    meena = add_member(club, "meena")
    response = client.post(
        reverse("club-member-role", args=[club.slug, membership(club, meena).pk]),
        {"role": Role.SCORER},
    )
    assert response.status_code == 302
    assert membership(club, meena).role == Role.SCORER


def test_an_organiser_is_not_offered_the_owner_role(client, club, organiser) -> None:
    response = client.get(reverse("club-players", args=[club.slug]))
    assert Role.OWNER not in [value for value, _ in response.context["role_choices"]]


def test_an_organiser_cannot_make_an_owner_by_posting_the_role(client, club, organiser) -> None:
    meena = add_member(club, "meena")
    response = client.post(
        reverse("club-member-role", args=[club.slug, membership(club, meena).pk]),
        {"role": Role.OWNER},
    )
    assert response.status_code == 200
    assert "Choose a role" in response.content.decode()
    assert membership(club, meena).role == Role.MEMBER


def test_an_organiser_cannot_demote_an_owner(client, club, organiser) -> None:
    owner = owner_of(club)
    response = client.post(
        reverse("club-member-role", args=[club.slug, membership(club, owner).pk]),
        {"role": Role.MEMBER},
    )
    assert response.status_code == 200
    assert "Only an owner can make or unmake an owner" in response.content.decode()
    assert membership(club, owner).role == Role.OWNER


def test_an_organiser_cannot_remove_an_owner(client, club, organiser) -> None:
    owner = owner_of(club)
    url = reverse("club-member-remove", args=[club.slug, membership(club, owner).pk])
    response = client.post(url)
    assert response.status_code == 200
    assert "Only an owner can remove an owner" in response.content.decode()
    assert Membership.objects.filter(club=club, user=owner).exists()


def test_the_last_owner_cannot_step_down_from_the_page(client, club) -> None:
    owner = owner_of(club)
    client.force_login(owner)
    response = client.post(
        reverse("club-member-role", args=[club.slug, membership(club, owner).pk]),
        {"role": Role.ORGANISER},
    )
    assert "A club needs an owner" in response.content.decode()
    assert membership(club, owner).role == Role.OWNER


def test_an_owner_can_make_another_owner(client, club) -> None:
    client.force_login(owner_of(club))
    meena = add_member(club, "meena")
    client.post(
        reverse("club-member-role", args=[club.slug, membership(club, meena).pk]),
        {"role": Role.OWNER},
    )
    assert membership(club, meena).role == Role.OWNER


def test_removing_a_member_asks_first(client, club, organiser) -> None:
    meena = add_member(club, "meena", name="Meena")
    url = reverse("club-member-remove", args=[club.slug, membership(club, meena).pk])
    page = client.get(url)
    assert page.status_code == 200
    assert "Remove meena from Hill Club?" in page.content.decode()
    assert Membership.objects.filter(club=club, user=meena).exists()
    response = client.post(url)
    assert response.status_code == 302
    assert not Membership.objects.filter(club=club, user=meena).exists()
    # Their player, and so their results, stay.
    assert player_of(club, meena).name == "Meena"


def test_an_organiser_adds_a_guest(client, club, organiser) -> None:
    response = client.post(reverse("club-guest-add", args=[club.slug]), {"name": "Ravi"})
    assert response.status_code == 302
    assert Player.objects.get(club=club, name="Ravi").is_guest


def test_a_taken_guest_name_is_refused_next_to_the_field(client, club, organiser) -> None:
    services.add_guest(club=club, name="Ravi")
    response = client.post(reverse("club-guest-add", args=[club.slug]), {"name": "ravi"})
    assert response.status_code == 200
    assert "already has a player called ravi" in response.content.decode()
    assert response.context["guest_form"].errors["name"]
    assert Player.objects.filter(club=club, name__iexact="ravi").count() == 1


def test_an_organiser_renames_a_player(client, club, organiser) -> None:
    guest = services.add_guest(club=club, name="Ravi")
    url = reverse("club-player-edit", args=[club.slug, guest.pk])
    assert 'value="Ravi"' in client.get(url).content.decode()
    response = client.post(url, {"name": "Ravi K"})
    assert response.status_code == 302
    guest.refresh_from_db()
    assert guest.name == "Ravi K"


def test_renaming_to_a_taken_name_keeps_the_typed_name_and_says_why(client, club, organiser):
    guest = services.add_guest(club=club, name="Ravi")
    services.add_guest(club=club, name="Meena")
    response = client.post(
        reverse("club-player-edit", args=[club.slug, guest.pk]), {"name": "Meena"}
    )
    html = response.content.decode()
    assert "already has a player called Meena" in html
    assert 'value="Meena"' in html
    guest.refresh_from_db()
    assert guest.name == "Ravi"


def test_an_organiser_links_a_guest_to_a_members_account(client, club, organiser) -> None:
    guest = services.add_guest(club=club, name="Ravi")
    start(club, [guest, player_of(club, organiser)])
    ravi = add_member(club, "ravi")
    response = client.post(
        reverse("club-guest-link", args=[club.slug, guest.pk]),
        {"member": membership(club, ravi).pk},
    )
    assert response.status_code == 302
    guest.refresh_from_db()
    assert guest.user == ravi
    assert Player.objects.filter(club=club, user=ravi).count() == 1


def test_linking_to_a_member_with_results_says_why_not(client, club, organiser) -> None:
    guest = services.add_guest(club=club, name="Ravi")
    start(club, [player_of(club, organiser), player_of(club, owner_of(club))])
    response = client.post(
        reverse("club-guest-link", args=[club.slug, guest.pk]),
        {"member": membership(club, organiser).pk},
    )
    assert response.status_code == 200
    assert "has not played yet" in response.content.decode()
    guest.refresh_from_db()
    assert guest.user is None


def test_a_member_can_see_the_players_but_not_the_controls(client, club) -> None:
    client.force_login(add_member(club, "meena"))
    services.add_guest(club=club, name="Ravi")
    response = client.get(reverse("club-players", args=[club.slug]))
    html = response.content.decode()
    assert response.status_code == 200
    assert "Ravi" in html
    assert reverse("club-guest-add", args=[club.slug]) not in html
    assert 'name="role"' not in html
