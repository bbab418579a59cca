"""Who may see and change what: private clubs are invisible to outsiders, changes need an
organiser, and nothing done in one club's pages can reach another club."""

import pytest
from django.urls import reverse

from clubs import services
from clubs.models import Invitation, Membership, Player, VariantRules
from clubs.roles import Role
from tests.clubs.factories import add_member, make_club, make_user, membership, owner_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def private():
    club = make_club(name="Secret Table", is_public=False)
    club.guest = services.add_guest(club=club, name="Ravi")
    club.member = add_member(club, "meena", Role.MEMBER)
    club.invitation = services.create_invitation(
        club=club, role=Role.MEMBER, created_by=owner_of(club)
    )
    return club


def pages(club) -> list[str]:
    """Every page of a club, each with an id of that club where it needs one."""
    slug = club.slug
    member_id = membership(club, club.member).pk
    return [
        reverse("club-detail", args=[slug]),
        reverse("club-players", args=[slug]),
        reverse("club-rules", args=[slug]),
        reverse("club-invitations", args=[slug]),
        reverse("club-player-edit", args=[slug, club.guest.pk]),
        reverse("club-member-remove", args=[slug, member_id]),
        reverse("club-invitation-revoke", args=[slug, club.invitation.pk]),
    ]


def changes(club) -> list[tuple[str, dict]]:
    """Every form that changes a club, with data that would change it."""
    slug = club.slug
    member_id = membership(club, club.member).pk
    return [
        (reverse("club-guest-add", args=[slug]), {"name": "Intruder"}),
        (reverse("club-player-edit", args=[slug, club.guest.pk]), {"name": "Renamed"}),
        (reverse("club-guest-link", args=[slug, club.guest.pk]), {"member": member_id}),
        (reverse("club-member-role", args=[slug, member_id]), {"role": Role.ORGANISER}),
        (reverse("club-member-remove", args=[slug, member_id]), {}),
        (reverse("club-invitations", args=[slug]), {"role": Role.ORGANISER}),
        (reverse("club-invitation-revoke", args=[slug, club.invitation.pk]), {}),
        (reverse("club-rules", args=[slug]), {"variant": "vazhushal"}),
    ]


def snapshot(club) -> tuple:
    """Everything the forms could change in a club, to compare before and after."""
    return (
        list(Player.objects.filter(club=club).order_by("pk").values_list("pk", "name", "user")),
        list(Membership.objects.filter(club=club).order_by("pk").values_list("pk", "role")),
        list(Invitation.objects.filter(club=club).order_by("pk").values_list("pk", "revoked_at")),
        list(VariantRules.objects.filter(club=club).values_list("variant", "options")),
    )


def test_a_visitor_gets_not_found_for_every_page_of_a_private_club(client, private) -> None:
    for url in pages(private):
        assert client.get(url).status_code == 404, url


def test_a_non_member_gets_not_found_for_every_page_of_a_private_club(client, private) -> None:
    client.force_login(make_user("stranger"))
    for url in pages(private):
        assert client.get(url).status_code == 404, url


def test_a_visitor_cannot_change_a_private_club(client, private) -> None:
    before = snapshot(private)
    for url, data in changes(private):
        assert client.post(url, data).status_code == 404, url
    assert snapshot(private) == before


def test_a_non_member_cannot_change_a_private_club(client, private) -> None:
    client.force_login(make_user("stranger"))
    before = snapshot(private)
    for url, data in changes(private):
        assert client.post(url, data).status_code == 404, url
    assert snapshot(private) == before


def test_a_private_clubs_name_is_not_shown_to_outsiders(client, private) -> None:
    client.force_login(make_user("stranger"))
    assert "Secret Table" not in client.get(reverse("home")).content.decode()
    response = client.get(reverse("club-detail", args=[private.slug]))
    assert "Secret Table" not in response.content.decode()


@pytest.mark.parametrize("role", [Role.MEMBER, Role.SCORER])
def test_members_below_organiser_cannot_change_the_club(client, private, role) -> None:
    client.force_login(add_member(private, f"a-{role}", role))
    before = snapshot(private)
    for url, data in changes(private):
        assert client.post(url, data).status_code == 403, url
    assert snapshot(private) == before


@pytest.mark.parametrize("role", [Role.MEMBER, Role.SCORER])
def test_members_below_organiser_cannot_open_the_organisers_pages(client, private, role):
    client.force_login(add_member(private, f"a-{role}", role))
    slug = private.slug
    for url in [
        reverse("club-invitations", args=[slug]),
        reverse("club-player-edit", args=[slug, private.guest.pk]),
        reverse("club-member-remove", args=[slug, membership(private, private.member).pk]),
        reverse("club-invitation-revoke", args=[slug, private.invitation.pk]),
    ]:
        assert client.get(url).status_code == 403, url


def test_a_visitor_to_a_public_club_is_asked_to_log_in_before_changing_it(client) -> None:
    club = make_club(name="Open Table", is_public=True)
    response = client.post(reverse("club-guest-add", args=[club.slug]), {"name": "Intruder"})
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))
    assert not Player.objects.filter(name="Intruder").exists()


def test_a_visitor_can_read_a_public_clubs_players_and_rules(client) -> None:
    club = make_club(name="Open Table", is_public=True)
    assert client.get(reverse("club-players", args=[club.slug])).status_code == 200
    assert client.get(reverse("club-rules", args=[club.slug])).status_code == 200


@pytest.fixture
def organiser_of_a(client):
    club_a = make_club(name="Club A")
    user = add_member(club_a, "org-a", Role.ORGANISER)
    client.force_login(user)
    club_a.organiser = user
    return club_a


def test_an_organiser_of_one_club_gets_not_found_in_another(client, organiser_of_a, private):
    before = snapshot(private)
    for url, data in changes(private):
        assert client.post(url, data).status_code == 404, url
    assert snapshot(private) == before


def test_another_clubs_member_cannot_be_changed_through_this_clubs_address(
    client, organiser_of_a, private
) -> None:
    before = snapshot(private)
    b_member = membership(private, private.member).pk
    a = organiser_of_a.slug
    role = client.post(reverse("club-member-role", args=[a, b_member]), {"role": Role.ORGANISER})
    remove = client.post(reverse("club-member-remove", args=[a, b_member]))
    assert role.status_code == 404
    assert remove.status_code == 404
    assert snapshot(private) == before


def test_another_clubs_player_cannot_be_renamed_or_linked_through_this_club(
    client, organiser_of_a, private
) -> None:
    before = snapshot(private)
    a = organiser_of_a.slug
    a_member = membership(organiser_of_a, organiser_of_a.organiser).pk
    rename = client.post(
        reverse("club-player-edit", args=[a, private.guest.pk]), {"name": "Renamed"}
    )
    link = client.post(reverse("club-guest-link", args=[a, private.guest.pk]), {"member": a_member})
    assert rename.status_code == 404
    assert link.status_code == 404
    assert snapshot(private) == before


def test_another_clubs_member_cannot_be_posted_into_this_clubs_link_form(
    client, organiser_of_a, private
) -> None:
    guest_a = services.add_guest(club=organiser_of_a, name="Guest A")
    b_member = membership(private, private.member).pk
    response = client.post(
        reverse("club-guest-link", args=[organiser_of_a.slug, guest_a.pk]), {"member": b_member}
    )
    assert response.status_code == 200
    assert response.context["link_form"].errors["member"]
    guest_a.refresh_from_db()
    assert guest_a.user is None


def test_another_clubs_invitation_cannot_be_withdrawn_through_this_club(
    client, organiser_of_a, private
) -> None:
    before = snapshot(private)
    url = reverse("club-invitation-revoke", args=[organiser_of_a.slug, private.invitation.pk])
    assert client.post(url).status_code == 404
    assert snapshot(private) == before


def test_an_organiser_cannot_remove_or_demote_an_owner(client, private) -> None:
    client.force_login(add_member(private, "org", Role.ORGANISER))
    owner_membership = membership(private, owner_of(private))
    client.post(
        reverse("club-member-role", args=[private.slug, owner_membership.pk]),
        {"role": Role.MEMBER},
    )
    client.post(reverse("club-member-remove", args=[private.slug, owner_membership.pk]))
    owner_membership.refresh_from_db()
    assert owner_membership.role == Role.OWNER


def test_the_last_owner_cannot_remove_themselves(client, private) -> None:
    owner = owner_of(private)
    client.force_login(owner)
    response = client.post(
        reverse("club-member-remove", args=[private.slug, membership(private, owner).pk])
    )
    assert "A club needs an owner" in response.content.decode()
    assert Membership.objects.filter(club=private, user=owner, role=Role.OWNER).exists()
