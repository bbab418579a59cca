"""Starting a session: game, rules, players in seat order, first dealer, how it ends."""

from __future__ import annotations

import random

import pytest
from django.urls import reverse

from clubs import services as club_services
from clubs.models import Player
from clubs.roles import Role
from scoring.models import Ending, GameSession
from tests.scoring.factories import (
    join,
    logged_in,
    make_club,
    make_user,
    scorer_of,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    club = make_club("Tuesday Club")
    for name in ("Asha", "Bala", "Chitra", "Dev"):
        club_services.add_guest(club=club, name=name)
    return club


@pytest.fixture
def scorer(club):
    return scorer_of(club)


def player(club, name: str) -> Player:
    return club.players.get(name=name)


def new_url(club) -> str:
    return reverse("session-new", kwargs={"slug": club.slug})


def start_post(club, seats: dict[str, int], **fields: object) -> dict:
    data = {
        "variant": "indian13",
        "first_dealer": "1",
        "ending": Ending.OPEN,
        "ending_target": "",
        "stake_per_point": "0",
        "opt_joker_mode": "standard",
        "opt_ace_value": "10",
        "opt_scoring": "winner_takes",
    }
    data.update({f"seat-{player(club, name).pk}": str(number) for name, number in seats.items()})
    data.update({key: str(value) for key, value in fields.items()})
    return data


def test_the_form_starts_from_the_clubs_rules(club, scorer):
    owner = club.memberships.get(role=Role.OWNER).user
    club_services.save_variant_rules(
        club=club, variant="indian13", options={"ace_value": 11, "penalty_cap": 80}, by=owner
    )
    page = logged_in(scorer).get(new_url(club))
    assert page.status_code == 200
    form = page.context["form"]
    assert form["opt_ace_value"].value() == 11
    assert form["opt_penalty_cap"].value() == 80
    assert [p.name for p, _ in form.seat_fields()][:1]  # the club's players to pick from


def test_a_scorer_starts_a_session_with_players_in_seat_order(club, scorer):
    data = start_post(
        club,
        {"Chitra": 1, "Asha": 2, "Dev": 3},
        first_dealer="2",
        ending=Ending.DEALS,
        ending_target="2",
        stake_per_point="5",
        opt_ace_value="11",
        opt_penalty_cap="80",
    )
    response = logged_in(scorer).post(new_url(club), data)
    session = GameSession.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse(
        "session-detail", kwargs={"slug": club.slug, "session_id": session.pk}
    )
    seated = [seat.player.name for seat in session.seats.order_by("position")]
    assert seated == ["Chitra", "Asha", "Dev"]
    assert session.first_dealer == 1  # seat 2
    assert (session.ending, session.ending_target, session.stake_per_point) == ("deals", 2, 5)
    assert session.options["ace_value"] == 11
    assert session.options["penalty_cap"] == 80
    assert "decks" not in session.options  # left to the engine, by the number of players
    assert session.created_by == scorer


def test_drawing_for_the_dealer_says_who_drew_what(club, scorer, monkeypatch):
    monkeypatch.setattr(random, "SystemRandom", lambda: random.Random(7))
    data = start_post(club, {"Asha": 1, "Bala": 2, "Chitra": 3}, first_dealer="draw")
    response = logged_in(scorer).post(new_url(club), data, follow=True)
    assert response.status_code == 200
    text = response.content.decode()
    assert "Drawn for the deal: Asha " in text
    session = GameSession.objects.get()
    dealer = session.seats.get(position=session.first_dealer).player.name
    assert f"{dealer} deals" in text or f"so {dealer} deals" in text


def test_two_players_in_one_seat_get_a_sentence(club, scorer):
    data = start_post(club, {"Asha": 1, "Bala": 1, "Chitra": 2})
    response = logged_in(scorer).post(new_url(club), data)
    assert response.status_code == 400
    assert "Asha and Bala both have seat 1" in response.content.decode()
    assert not GameSession.objects.exists()


def test_too_few_players_get_a_sentence(club, scorer):
    response = logged_in(scorer).post(new_url(club), start_post(club, {"Asha": 1}))
    assert response.status_code == 400
    assert "Indian Rummy is played by 2 to 12 players; 1 are seated." in (response.content.decode())


def test_an_ending_without_its_number_gets_a_sentence(club, scorer):
    data = start_post(club, {"Asha": 1, "Bala": 2}, ending=Ending.HANDS)
    response = logged_in(scorer).post(new_url(club), data)
    assert response.status_code == 400
    assert "Give a number from 1 to 500 for when the session ends." in response.content.decode()


def test_a_stake_below_zero_gets_a_sentence(club, scorer):
    data = start_post(club, {"Asha": 1, "Bala": 2}, stake_per_point="-1")
    response = logged_in(scorer).post(new_url(club), data)
    assert response.status_code == 400
    assert "The stake per point cannot be below zero." in response.content.decode()


def test_a_first_dealer_who_is_not_seated_gets_a_sentence(club, scorer):
    data = start_post(club, {"Asha": 1, "Bala": 2}, first_dealer="5")
    response = logged_in(scorer).post(new_url(club), data)
    assert response.status_code == 400
    assert "Choose the first dealer from the seated players." in response.content.decode()


def test_a_guest_added_at_the_table_is_seated_next(club, scorer):
    data = start_post(club, {"Asha": 1, "Bala": 2}, change="guest", guest_name="Farah")
    response = logged_in(scorer).post(new_url(club), data)
    assert response.status_code == 200
    farah = player(club, "Farah")
    assert farah.is_guest
    form = response.context["form"]
    assert form[f"seat-{farah.pk}"].value() == 3
    assert form[f"seat-{player(club, 'Asha').pk}"].value() == "1"  # nothing else lost
    assert not GameSession.objects.exists()


def test_a_guest_with_a_taken_name_gets_a_sentence(club, scorer):
    data = start_post(club, {"Asha": 1}, change="guest", guest_name="bala")
    response = logged_in(scorer).post(new_url(club), data)
    assert "already has a player called bala" in response.content.decode()
    assert club.players.count() == 5  # the four guests and the owner


def test_changing_the_game_redraws_its_rules_and_keeps_the_players(club, scorer):
    data = start_post(club, {"Asha": 1, "Bala": 2}, variant="vazhushal", change="variant")
    response = logged_in(scorer).post(new_url(club), data, headers={"HX-Request": "true"})
    form = response.context["form"]
    assert form["opt_negative_joker"].value() is True
    assert form["ending"].value() == Ending.POINTS
    assert form[f"seat-{player(club, 'Bala').pk}"].value() == "2"
    assert not GameSession.objects.exists()


def test_a_preset_fills_the_rules(club, scorer):
    data = start_post(club, {"Asha": 1, "Bala": 2}, preset="money", change="preset")
    form = logged_in(scorer).post(new_url(club), data).context["form"]
    assert form["opt_ace_value"].value() == 11
    assert form["opt_scoring"].value() == "zero_sum"


def test_game_points_end_only_vazhushal(club, scorer):
    data = start_post(club, {"Asha": 1, "Bala": 2}, ending=Ending.POINTS, ending_target="5")
    response = logged_in(scorer).post(new_url(club), data)
    assert response.status_code == 400
    assert not GameSession.objects.exists()


def test_a_member_cannot_start_a_session(club):
    member = make_user("member")
    join(club, member, Role.MEMBER)
    client = logged_in(member)
    assert client.get(new_url(club)).status_code == 403
    assert client.post(new_url(club), start_post(club, {"Asha": 1, "Bala": 2})).status_code == 403
    assert not GameSession.objects.exists()


def test_an_outsider_cannot_find_a_private_clubs_start_page(club):
    assert logged_in(make_user("outsider")).get(new_url(club)).status_code == 404


def test_players_of_another_club_cannot_be_seated(club, scorer):
    other = make_club("Other Club")
    stranger = club_services.add_guest(club=other, name="Zed")
    data = start_post(club, {"Asha": 1})
    data[f"seat-{stranger.pk}"] = "2"  # not one of this club's seat fields: ignored
    response = logged_in(scorer).post(new_url(club), data)
    assert response.status_code == 400
    assert not GameSession.objects.exists()
