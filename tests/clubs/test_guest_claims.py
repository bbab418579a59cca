"""A guest's past results go to an account only when an organiser approves the claim."""

import pytest
from django.urls import reverse

from clubs import services
from clubs.models import GuestClaim, Membership, Player
from clubs.roles import Role
from common.errors import UserError
from tests.clubs.factories import add_member, make_club, make_user, owner_of, start

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    return make_club(name="Hill Club")


@pytest.fixture
def ravi_guest(club) -> Player:
    return services.add_guest(club=club, name="Ravi")


def join_claiming(club, username: str, guest: Player) -> GuestClaim:
    """A new account joins through a link and says it played as `guest`."""
    invitation = services.create_invitation(club=club, role=Role.MEMBER, created_by=owner_of(club))
    user = make_user(username)
    services.accept_invitation(token=invitation.token, user=user, guest_id=guest.pk)
    return GuestClaim.objects.get(club=club, user=user)


# The services
def test_joining_with_a_guest_makes_a_pending_claim_and_links_nothing(club, ravi_guest) -> None:
    claim = join_claiming(club, "ravi", ravi_guest)
    assert claim.status == GuestClaim.Status.PENDING
    assert claim.player == ravi_guest
    assert Membership.objects.filter(club=club, user=claim.user).exists()
    ravi_guest.refresh_from_db()
    assert ravi_guest.user is None
    # Until it is decided the member has no player of their own: they are seated as the guest.
    assert not Player.objects.filter(club=club, user=claim.user).exists()


def test_approving_links_the_guest_and_their_results(club, ravi_guest) -> None:
    session = start(club, [ravi_guest, Player.objects.get(club=club, user=owner_of(club))])
    claim = join_claiming(club, "ravi", ravi_guest)
    organiser = add_member(club, "org", Role.ORGANISER)
    services.approve_claim(club=club, claim_id=claim.pk, by=organiser)
    claim.refresh_from_db()
    ravi_guest.refresh_from_db()
    assert ravi_guest.user == claim.user
    assert session.seats.get(position=0).player.user == claim.user
    assert claim.status == GuestClaim.Status.APPROVED
    assert claim.decided_by == organiser
    assert claim.decided_at is not None


def test_refusing_keeps_the_guest_and_gives_the_member_a_player(club, ravi_guest) -> None:
    claim = join_claiming(club, "ravi", ravi_guest)
    services.refuse_claim(club=club, claim_id=claim.pk, by=owner_of(club))
    claim.refresh_from_db()
    ravi_guest.refresh_from_db()
    assert claim.status == GuestClaim.Status.REFUSED
    assert claim.decided_by == owner_of(club)
    assert ravi_guest.user is None
    assert Player.objects.filter(club=club, user=claim.user).count() == 1


@pytest.mark.parametrize("role", [Role.MEMBER, Role.SCORER])
def test_only_an_organiser_or_owner_decides(club, ravi_guest, role) -> None:
    claim = join_claiming(club, "ravi", ravi_guest)
    someone = add_member(club, "someone", role)
    for decide in (services.approve_claim, services.refuse_claim):
        with pytest.raises(UserError, match="Only an organiser or owner"):
            decide(club=club, claim_id=claim.pk, by=someone)
    # Not even their own claim.
    with pytest.raises(UserError, match="Only an organiser or owner"):
        services.approve_claim(club=club, claim_id=claim.pk, by=claim.user)
    claim.refresh_from_db()
    assert claim.status == GuestClaim.Status.PENDING


def test_an_organiser_of_another_club_cannot_decide(club, ravi_guest) -> None:
    claim = join_claiming(club, "ravi", ravi_guest)
    other = make_club(name="Other")
    with pytest.raises(UserError, match="not one of this club's"):
        services.approve_claim(club=other, claim_id=claim.pk, by=owner_of(other))
    with pytest.raises(UserError, match="Only an organiser or owner"):
        services.approve_claim(club=club, claim_id=claim.pk, by=owner_of(other))


def test_a_claim_is_decided_once(club, ravi_guest) -> None:
    claim = join_claiming(club, "ravi", ravi_guest)
    services.refuse_claim(club=club, claim_id=claim.pk, by=owner_of(club))
    with pytest.raises(UserError, match="already refused"):
        services.approve_claim(club=club, claim_id=claim.pk, by=owner_of(club))


def test_a_guest_claimed_by_someone_else_cannot_be_claimed_while_it_waits(club, ravi_guest) -> None:
    join_claiming(club, "ravi", ravi_guest)
    with pytest.raises(UserError, match="Someone else has already claimed Ravi") as error:
        join_claiming(club, "impostor", ravi_guest)
    assert error.value.field == "guest"
    # The failed join changed nothing: no membership, no second claim.
    assert not Membership.objects.filter(club=club, user__username="impostor").exists()
    assert GuestClaim.objects.filter(player=ravi_guest).count() == 1


def test_a_linked_guest_cannot_be_claimed(club, ravi_guest) -> None:
    claim = join_claiming(club, "ravi", ravi_guest)
    services.approve_claim(club=club, claim_id=claim.pk, by=owner_of(club))
    with pytest.raises(UserError, match="Ravi is already linked to an account"):
        join_claiming(club, "impostor", ravi_guest)


def test_a_member_has_one_claim_waiting_at_a_time(club, ravi_guest) -> None:
    claim = join_claiming(club, "ravi", ravi_guest)
    meena = services.add_guest(club=club, name="Meena")
    with pytest.raises(UserError, match="You have already claimed Ravi"):
        services.claim_guest(club=club, guest_id=meena.pk, user=claim.user)
    # The same claim again is the same claim.
    again = services.claim_guest(club=club, guest_id=ravi_guest.pk, user=claim.user)
    assert again == claim


def test_after_a_refusal_the_guest_can_be_claimed_again(club, ravi_guest) -> None:
    first = join_claiming(club, "impostor", ravi_guest)
    services.refuse_claim(club=club, claim_id=first.pk, by=owner_of(club))
    second = join_claiming(club, "ravi", ravi_guest)
    assert second.status == GuestClaim.Status.PENDING


def test_linking_the_guest_directly_settles_the_claims_waiting_on_it(club, ravi_guest) -> None:
    claim = join_claiming(club, "impostor", ravi_guest)
    ravi = add_member(club, "ravi")
    Player.objects.filter(club=club, user=ravi).delete()
    services.link_guest(club=club, guest_id=ravi_guest.pk, user=ravi)
    claim.refresh_from_db()
    assert claim.status == GuestClaim.Status.REFUSED
    # The refused member can still be seated, as themselves.
    assert Player.objects.filter(club=club, user=claim.user).exists()


# The pages
def test_organisers_see_waiting_claims_on_the_players_page(client, club, ravi_guest) -> None:
    claim = join_claiming(club, "ravi", ravi_guest)
    client.force_login(add_member(club, "org", Role.ORGANISER))
    html = client.get(reverse("club-players", args=[club.slug])).content.decode()
    assert "Claims waiting for you" in html
    assert f'id="claim-{claim.pk}"' in html
    assert reverse("club-claim-approve", args=[club.slug, claim.pk]) in html
    assert reverse("club-claim-refuse", args=[club.slug, claim.pk]) in html


def test_members_see_only_their_own_claim(client, club, ravi_guest) -> None:
    claim = join_claiming(club, "ravi", ravi_guest)
    client.force_login(add_member(club, "scorer", Role.SCORER))
    html = client.get(reverse("club-players", args=[club.slug])).content.decode()
    assert "Claims waiting" not in html
    assert f'id="claim-{claim.pk}"' not in html
    client.force_login(claim.user)
    html = client.get(reverse("club-players", args=[club.slug])).content.decode()
    assert 'id="my-claim"' in html
    assert "Claims waiting" not in html


def test_an_organiser_approves_with_one_tap(client, club, ravi_guest) -> None:
    claim = join_claiming(club, "ravi", ravi_guest)
    client.force_login(add_member(club, "org", Role.ORGANISER))
    response = client.post(reverse("club-claim-approve", args=[club.slug, claim.pk]), follow=True)
    assert "Ravi&#x27;s results now belong to ravi." in response.content.decode()
    ravi_guest.refresh_from_db()
    assert ravi_guest.user == claim.user


def test_refusing_asks_first(client, club, ravi_guest) -> None:
    claim = join_claiming(club, "ravi", ravi_guest)
    client.force_login(owner_of(club))
    url = reverse("club-claim-refuse", args=[club.slug, claim.pk])
    assert "Refuse ravi's claim to be Ravi?" in client.get(url).content.decode()
    claim.refresh_from_db()
    assert claim.status == GuestClaim.Status.PENDING
    response = client.post(url)
    assert response.status_code == 302
    claim.refresh_from_db()
    assert claim.status == GuestClaim.Status.REFUSED


@pytest.mark.parametrize("role", [Role.MEMBER, Role.SCORER])
def test_members_and_scorers_cannot_decide_a_claim(client, club, ravi_guest, role) -> None:
    claim = join_claiming(club, "ravi", ravi_guest)
    client.force_login(add_member(club, "someone", role))
    approve = reverse("club-claim-approve", args=[club.slug, claim.pk])
    refuse = reverse("club-claim-refuse", args=[club.slug, claim.pk])
    assert client.post(approve).status_code == 403
    assert client.get(refuse).status_code == 403
    assert client.post(refuse).status_code == 403
    # Nor the claimant, for their own claim.
    client.force_login(claim.user)
    assert client.post(approve).status_code == 403
    claim.refresh_from_db()
    assert claim.status == GuestClaim.Status.PENDING


def test_a_claim_of_another_club_is_not_found_through_this_one(client, club, ravi_guest) -> None:
    claim = join_claiming(club, "ravi", ravi_guest)
    other = make_club(name="Other")
    client.force_login(owner_of(other))
    url = reverse("club-claim-approve", args=[other.slug, claim.pk])
    assert client.post(url).status_code == 404


def test_a_second_claim_on_the_same_guest_is_refused_with_a_sentence(
    client, club, ravi_guest
) -> None:
    join_claiming(club, "ravi", ravi_guest)
    invitation = services.create_invitation(club=club, role=Role.MEMBER, created_by=owner_of(club))
    client.force_login(make_user("impostor"))
    response = client.post(reverse("club-join", args=[invitation.token]), {"guest": ravi_guest.pk})
    assert response.status_code == 200
    assert "Someone else has already claimed Ravi" in response.content.decode()
