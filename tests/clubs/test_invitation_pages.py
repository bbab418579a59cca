"""Organisers make and withdraw invitation links; players join through them."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from clubs import services
from clubs.models import Invitation, Membership, Player
from clubs.roles import Role
from tests.clubs.factories import add_member, make_club, make_user, membership, owner_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    return make_club(name="Hill Club")


def invite(club, role=Role.MEMBER) -> Invitation:
    return services.create_invitation(club=club, role=role, created_by=owner_of(club))


def test_an_organiser_makes_a_link_and_sees_it_in_full_to_copy(client, club) -> None:
    client.force_login(add_member(club, "org", Role.ORGANISER))
    response = client.post(reverse("club-invitations", args=[club.slug]), {"role": Role.SCORER})
    invitation = Invitation.objects.get(club=club, role=Role.SCORER)
    assert response.status_code == 302
    assert invitation.role == Role.SCORER
    html = client.get(reverse("club-invitations", args=[club.slug])).content.decode()
    assert f"http://testserver/join/{invitation.token}/" in html
    assert "Joins as scorer" in html
    assert "used 0 times" in html


def test_expired_and_withdrawn_links_are_not_listed(client, club) -> None:
    live, expired, withdrawn = invite(club), invite(club), invite(club)
    Invitation.objects.filter(pk=expired.pk).update(expires_at=timezone.now() - timedelta(1))
    services.revoke_invitation(club=club, invitation_id=withdrawn.pk)
    client.force_login(owner_of(club))
    html = client.get(reverse("club-invitations", args=[club.slug])).content.decode()
    assert live.token in html
    assert expired.token not in html
    assert withdrawn.token not in html


def test_withdrawing_a_link_asks_first(client, club) -> None:
    invitation = invite(club)
    client.force_login(owner_of(club))
    url = reverse("club-invitation-revoke", args=[club.slug, invitation.pk])
    assert "Withdraw this link?" in client.get(url).content.decode()
    invitation.refresh_from_db()
    assert invitation.revoked_at is None
    assert client.post(url).status_code == 302
    invitation.refresh_from_db()
    assert invitation.revoked_at is not None


def test_a_visitor_with_a_link_sees_the_club_and_ways_to_log_in_and_come_back(client) -> None:
    club = make_club(name="Secret Table", is_public=False)
    invitation = invite(club, Role.SCORER)
    join_url = reverse("club-join", args=[invitation.token])
    html = client.get(join_url).content.decode()
    assert "Join Secret Table" in html
    assert "scorer" in html
    assert f"/accounts/login/?next={join_url}" in html
    assert f"/accounts/signup/?next={join_url}" in html


def test_a_visitor_cannot_join_without_logging_in(client, club) -> None:
    invitation = invite(club)
    response = client.post(reverse("club-join", args=[invitation.token]))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))
    assert Membership.objects.filter(club=club).count() == 1


def test_signing_up_from_a_link_and_joining(client, club) -> None:
    invitation = invite(club, Role.SCORER)
    join_url = reverse("club-join", args=[invitation.token])
    response = client.post(
        reverse("signup"),
        {
            "username": "ravi",
            "first_name": "Ravi",
            "password1": "green-felt-table-99",
            "password2": "green-felt-table-99",
            "next": join_url,
        },
    )
    assert response["Location"] == join_url
    response = client.post(join_url)
    assert response.status_code == 302
    assert response["Location"] == reverse("club-detail", args=[club.slug])
    member = Membership.objects.get(club=club, user__username="ravi")
    assert member.role == Role.SCORER
    assert Player.objects.get(club=club, user=member.user).name == "Ravi"


def test_a_player_who_was_a_guest_claims_their_guest_name_when_joining(client, club) -> None:
    guest = services.add_guest(club=club, name="Ravi (guest)")
    invitation = invite(club)
    ravi = make_user("ravi", "Ravi")
    client.force_login(ravi)
    page = client.get(reverse("club-join", args=[invitation.token]))
    assert "Ravi (guest)" in page.content.decode()
    response = client.post(
        reverse("club-join", args=[invitation.token]), {"guest": guest.pk}, follow=True
    )
    # A member now, but the guest's results wait for an organiser.
    assert membership(club, ravi).role == Role.MEMBER
    guest.refresh_from_db()
    assert guest.user is None
    html = response.content.decode()
    assert "Your claim to be Ravi (guest) waits for an organiser" in html
    assert "an organiser of the club still has to approve it" in html


def test_a_guest_of_another_club_cannot_be_claimed_when_joining(client, club) -> None:
    other_guest = services.add_guest(club=make_club(name="Other"), name="Ravi")
    invitation = invite(club)
    client.force_login(make_user("ravi"))
    response = client.post(reverse("club-join", args=[invitation.token]), {"guest": other_guest.pk})
    assert response.status_code == 200
    assert response.context["form"].errors["guest"]
    other_guest.refresh_from_db()
    assert other_guest.user is None
    assert not Membership.objects.filter(club=club, user__username="ravi").exists()


def test_an_expired_link_says_so_in_a_sentence(client, club) -> None:
    invitation = invite(club)
    Invitation.objects.filter(pk=invitation.pk).update(expires_at=timezone.now() - timedelta(1))
    client.force_login(make_user("late"))
    for response in (
        client.get(reverse("club-join", args=[invitation.token])),
        client.post(reverse("club-join", args=[invitation.token])),
    ):
        assert response.status_code == 410
        assert "expired or was withdrawn" in response.content.decode()
    assert not Membership.objects.filter(club=club, user__username="late").exists()


def test_a_withdrawn_link_says_so_in_a_sentence(client, club) -> None:
    invitation = invite(club)
    services.revoke_invitation(club=club, invitation_id=invitation.pk)
    response = client.get(reverse("club-join", args=[invitation.token]))
    assert response.status_code == 410
    assert "ask the organiser for a new one" in response.content.decode()


def test_a_made_up_link_is_not_found(client) -> None:
    response = client.get(reverse("club-join", args=["not-a-token"]))
    assert response.status_code == 404
    assert "expired or was withdrawn" in response.content.decode()


def test_a_member_joining_again_keeps_the_higher_role(client, club) -> None:
    meena = add_member(club, "meena", Role.ORGANISER)
    client.force_login(meena)
    invitation = invite(club, Role.MEMBER)
    page = client.get(reverse("club-join", args=[invitation.token]))
    assert "already a member" in page.content.decode()
    client.post(reverse("club-join", args=[invitation.token]))
    assert membership(club, meena).role == Role.ORGANISER
