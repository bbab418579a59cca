"""The club services: what organisers and players rely on whichever screen calls them."""

from datetime import timedelta

import pytest
from django.utils import timezone

from clubs import services
from clubs.models import Invitation, Membership, Player, VariantRules
from clubs.roles import Role
from common.errors import UserError
from tests.clubs.factories import (
    add_member,
    make_club,
    make_user,
    membership,
    owner_of,
    player_of,
    start,
)

pytestmark = pytest.mark.django_db


# Clubs
def test_a_new_club_has_its_maker_as_owner_and_player() -> None:
    owner = make_user("asha", "Asha Rao")
    club = services.create_club(name="Hill Club", owner=owner, timezone_name="Asia/Kolkata")
    assert membership(club, owner).role == Role.OWNER
    assert player_of(club, owner).name == "Asha Rao"
    assert club.slug == "hill-club"


def test_a_club_needs_a_real_time_zone() -> None:
    with pytest.raises(UserError) as error:
        services.create_club(name="Moon Club", owner=make_user("a"), timezone_name="Mars/Olympus")
    assert error.value.field == "timezone"
    assert "Asia/Kolkata" in error.value.message


def test_a_club_called_new_does_not_take_the_new_club_address() -> None:
    club = make_club(name="New")
    assert club.slug == "new-2"


def test_two_clubs_with_one_name_get_different_addresses() -> None:
    assert make_club(name="Hill Club").slug != make_club(name="Hill Club").slug


# Player names
def test_player_names_are_unique_in_a_club_whatever_the_case() -> None:
    club = make_club()
    services.add_guest(club=club, name="Ravi")
    with pytest.raises(UserError) as error:
        services.add_guest(club=club, name="  RAVI ")
    assert error.value.field == "name"
    assert "already has a player called" in error.value.message


def test_the_same_guest_name_may_be_used_in_another_club() -> None:
    services.add_guest(club=make_club(name="A"), name="Ravi")
    assert services.add_guest(club=make_club(name="B"), name="Ravi").name == "Ravi"


def test_a_player_can_be_renamed_but_not_to_someone_elses_name() -> None:
    club = make_club()
    ravi = services.add_guest(club=club, name="Ravi")
    services.add_guest(club=club, name="Meena")
    assert services.rename_player(club=club, player=ravi, name="Ravi K").name == "Ravi K"
    with pytest.raises(UserError):
        services.rename_player(club=club, player=ravi, name="meena")
    ravi.refresh_from_db()
    assert ravi.name == "Ravi K"


# Invitations
def test_an_invitation_makes_a_member_with_its_role_and_counts_the_use() -> None:
    club = make_club()
    invitation = services.create_invitation(club=club, role=Role.SCORER, created_by=owner_of(club))
    user = make_user("dev", "Dev")
    services.accept_invitation(token=invitation.token, user=user)
    assert membership(club, user).role == Role.SCORER
    assert player_of(club, user).name == "Dev"
    invitation.refresh_from_db()
    assert invitation.uses == 1


def test_an_expired_invitation_cannot_be_used() -> None:
    club = make_club()
    invitation = services.create_invitation(club=club, role=Role.MEMBER, created_by=owner_of(club))
    Invitation.objects.filter(pk=invitation.pk).update(
        expires_at=timezone.now() - timedelta(minutes=1)
    )
    user = make_user("late")
    with pytest.raises(UserError, match="expired or was withdrawn"):
        services.accept_invitation(token=invitation.token, user=user)
    assert not Membership.objects.filter(club=club, user=user).exists()


def test_a_withdrawn_invitation_cannot_be_used() -> None:
    club = make_club()
    invitation = services.create_invitation(club=club, role=Role.MEMBER, created_by=owner_of(club))
    services.revoke_invitation(club=club, invitation_id=invitation.pk)
    with pytest.raises(UserError, match="ask the organiser for a new one"):
        services.accept_invitation(token=invitation.token, user=make_user("x"))


def test_an_invitation_of_one_club_cannot_be_withdrawn_through_another() -> None:
    club_a, club_b = make_club(name="A"), make_club(name="B")
    invitation = services.create_invitation(
        club=club_b, role=Role.MEMBER, created_by=owner_of(club_b)
    )
    services.revoke_invitation(club=club_a, invitation_id=invitation.pk)
    invitation.refresh_from_db()
    assert invitation.revoked_at is None


def test_joining_again_with_a_higher_role_raises_the_role() -> None:
    club = make_club()
    user = add_member(club, "meena", Role.MEMBER)
    invitation = services.create_invitation(
        club=club, role=Role.ORGANISER, created_by=owner_of(club)
    )
    services.accept_invitation(token=invitation.token, user=user)
    assert membership(club, user).role == Role.ORGANISER


def test_joining_again_with_a_lower_role_never_lowers_it() -> None:
    club = make_club()
    user = add_member(club, "meena", Role.ORGANISER)
    invitation = services.create_invitation(club=club, role=Role.MEMBER, created_by=owner_of(club))
    services.accept_invitation(token=invitation.token, user=user)
    assert membership(club, user).role == Role.ORGANISER
    assert Player.objects.filter(club=club, user=user).count() == 1


def test_an_invitation_cannot_make_an_owner() -> None:
    club = make_club()
    with pytest.raises(UserError) as error:
        services.create_invitation(club=club, role=Role.OWNER, created_by=owner_of(club))
    assert error.value.field == "role"


# Linking guests
def test_a_linked_guest_keeps_their_results_under_the_members_account() -> None:
    club = make_club()
    guest = services.add_guest(club=club, name="Ravi")
    session = start(club, [guest, player_of(club, owner_of(club))])
    invitation = services.create_invitation(club=club, role=Role.MEMBER, created_by=owner_of(club))
    ravi = make_user("ravi", "Ravi Kumar")
    services.accept_invitation(token=invitation.token, user=ravi, guest_id=guest.pk)
    claim = guest.claims.get()
    services.approve_claim(club=club, claim_id=claim.pk, by=owner_of(club))
    guest.refresh_from_db()
    assert guest.user == ravi
    assert session.seats.get(position=0).player.user == ravi
    # No second player was made for the account.
    assert Player.objects.filter(club=club, user=ravi).count() == 1


def test_a_member_with_results_of_their_own_cannot_take_over_a_guest() -> None:
    club = make_club()
    meena = add_member(club, "meena", name="Meena")
    start(club, [player_of(club, meena), player_of(club, owner_of(club))])
    guest = services.add_guest(club=club, name="M.")
    with pytest.raises(UserError, match="has not played yet"):
        services.link_guest(club=club, guest_id=guest.pk, user=meena)
    guest.refresh_from_db()
    assert guest.user is None


def test_a_member_without_results_can_take_over_a_guest() -> None:
    club = make_club()
    meena = add_member(club, "meena", name="Meena")
    guest = services.add_guest(club=club, name="M.")
    services.link_guest(club=club, guest_id=guest.pk, user=meena)
    assert player_of(club, meena) == guest


def test_a_guest_of_another_club_cannot_be_linked() -> None:
    club_a, club_b = make_club(name="A"), make_club(name="B")
    meena = add_member(club_a, "meena")
    guest_b = services.add_guest(club=club_b, name="Ravi")
    with pytest.raises(UserError, match="not a guest of this club"):
        services.link_guest(club=club_a, guest_id=guest_b.pk, user=meena)
    guest_b.refresh_from_db()
    assert guest_b.user is None


def test_a_guest_cannot_be_linked_to_someone_outside_the_club() -> None:
    club = make_club()
    guest = services.add_guest(club=club, name="Ravi")
    with pytest.raises(UserError, match="Only a member"):
        services.link_guest(club=club, guest_id=guest.pk, user=make_user("stranger"))


def test_a_member_cannot_be_linked_again_as_if_a_guest() -> None:
    club = make_club()
    meena = add_member(club, "meena")
    dev = add_member(club, "dev")
    with pytest.raises(UserError, match="not a guest"):
        services.link_guest(club=club, guest_id=player_of(club, meena).pk, user=dev)


# Roles
def test_an_organiser_cannot_make_an_owner() -> None:
    club = make_club()
    meena = add_member(club, "meena")
    with pytest.raises(UserError, match="Only an owner"):
        services.set_role(
            club=club,
            membership_id=membership(club, meena).pk,
            role=Role.OWNER,
            by_role=Role.ORGANISER,
        )


def test_the_last_owner_cannot_step_down() -> None:
    club = make_club()
    owner = owner_of(club)
    with pytest.raises(UserError, match="needs an owner"):
        services.set_role(
            club=club,
            membership_id=membership(club, owner).pk,
            role=Role.ORGANISER,
            by_role=Role.OWNER,
        )
    assert membership(club, owner).role == Role.OWNER


def test_an_owner_can_step_down_once_there_is_another_owner() -> None:
    club = make_club()
    owner = owner_of(club)
    add_member(club, "second", Role.OWNER)
    services.set_role(
        club=club, membership_id=membership(club, owner).pk, role=Role.MEMBER, by_role=Role.OWNER
    )
    assert membership(club, owner).role == Role.MEMBER


def test_removing_a_member_keeps_their_player_and_results() -> None:
    club = make_club()
    meena = add_member(club, "meena", name="Meena")
    session = start(club, [player_of(club, meena), player_of(club, owner_of(club))])
    services.remove_member(
        club=club, membership_id=membership(club, meena).pk, by_role=Role.ORGANISER
    )
    assert not Membership.objects.filter(club=club, user=meena).exists()
    assert session.seats.get(position=0).player.name == "Meena"


# Rules
def test_a_clubs_rules_are_checked_by_the_engine() -> None:
    club = make_club()
    with pytest.raises(UserError) as error:
        services.save_variant_rules(
            club=club, variant="indian13", options={"ace_value": 12}, by=owner_of(club)
        )
    assert error.value.field == "options"
    assert error.value.option == "ace_value"  # the engine names the option it refused
    assert "ace_value" in error.value.message
    assert not VariantRules.objects.filter(club=club).exists()


def test_an_option_of_another_game_is_refused_with_the_engines_sentence() -> None:
    club = make_club()
    with pytest.raises(UserError, match="belongs to vazhushal"):
        services.save_variant_rules(
            club=club, variant="indian13", options={"negative_joker": False}, by=owner_of(club)
        )


def test_saved_rules_become_the_clubs_defaults_for_that_game_only() -> None:
    club = make_club()
    services.save_variant_rules(
        club=club,
        variant="indian13",
        options={"ace_value": 11, "scoring": "zero_sum"},
        by=owner_of(club),
    )
    assert services.default_options(club=club, variant="indian13") == {
        "ace_value": 11,
        "scoring": "zero_sum",
    }
    assert services.default_options(club=club, variant="vazhushal") == {}
