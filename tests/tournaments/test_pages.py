"""The directors' tournament screens: the list, setting one up, the tournament page with its
entries, check-in and withdrawals, releasing the public pages, draws and the cut; and who
may reach them. Rounds and standings have their own files."""

from __future__ import annotations

import random
from datetime import date

import pytest
from django.urls import reverse

from clubs.models import Player
from clubs.roles import Role
from clubs.services import save_variant_rules
from tests.factories import make_club, make_user, member, owner_of
from tests.tournaments.factories import NAMES, enter, make_tournament, play_round
from tests.tournaments.page_helpers import messages_of, text_of, url
from tournaments.models import Entry, Round, RoundKind, Tournament, TournamentStatus
from tournaments.services.draws import draw_round
from tournaments.services.setup import set_published

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    return make_club("Hill Club")


@pytest.fixture
def owner(club):
    return owner_of(club)


@pytest.fixture
def cup(club):
    return make_tournament(club)


def _form(**changes: object) -> dict[str, object]:
    """The new-tournament form as an organiser fills it in."""
    data = {
        "name": "Diwali Cup",
        "starts_on": "2026-11-08",
        "ends_on": "",
        "variant": "indian21",
        "min_table_size": "3",
        "max_table_size": "4",
        "rounds": "3",
        "round_ending": "hands",
        "round_target": "1",
        "scoring": "placing",
        "placing_points": "5, 3, 2, 1",
        "tie_breaker_1": "wins",
        "tie_breaker_2": "head_to_head",
        "tie_breaker_3": "",
        "tie_breaker_4": "",
        "final_table_size": "4",
        "carry": "half",
    }
    return data | changes


# -- The list and setting up -------------------------------------------------------------


def test_the_list_shows_the_clubs_tournaments_and_offers_a_new_one_to_organisers(
    client, club, owner, cup
):
    client.force_login(owner)

    response = client.get(reverse("tournament-list", args=[club.slug]))

    assert response.status_code == 200
    assert "Diwali Cup" in text_of(response)
    html = response.content.decode()
    assert reverse("tournament-new", args=[club.slug]) in html
    assert url("tournament-detail", cup) in html


def test_a_member_reads_the_list_with_links_to_the_standings_and_no_new_tournament(
    client, club, cup
):
    client.force_login(member(club, "meena"))

    response = client.get(reverse("tournament-list", args=[club.slug]))

    html = response.content.decode()
    assert response.status_code == 200
    assert url("tournament-standings", cup) in html
    assert reverse("tournament-new", args=[club.slug]) not in html
    assert f'href="{url("tournament-detail", cup)}"' not in html


def test_the_new_tournament_form_comes_with_sensible_defaults(client, club, owner):
    client.force_login(owner)

    response = client.get(reverse("tournament-new", args=[club.slug]))

    assert response.status_code == 200
    form = response.context["form"]
    assert form["starts_on"].value() == date.today()
    assert (form["min_table_size"].value(), form["max_table_size"].value()) == (4, 6)
    assert form["placing_points"].value() == "5, 3, 2, 1"
    assert [form[f].value() for f in ("tie_breaker_1", "tie_breaker_2")] == [
        "wins",
        "head_to_head",
    ]


def test_the_form_sets_up_a_tournament_with_the_clubs_saved_rules_for_the_game(client, club, owner):
    save_variant_rules(club=club, variant="indian21", options={"decks": 3}, by=owner)
    client.force_login(owner)

    response = client.post(reverse("tournament-new", args=[club.slug]), _form())

    cup = Tournament.objects.get(club=club)
    assert response.status_code == 302
    assert response["Location"] == url("tournament-detail", cup)
    assert (cup.name, cup.variant, cup.options) == ("Diwali Cup", "indian21", {"decks": 3})
    assert (cup.starts_on, cup.ends_on) == (date(2026, 11, 8), date(2026, 11, 8))
    assert (cup.min_table_size, cup.max_table_size, cup.rounds) == (3, 4, 3)
    assert (cup.round_ending, cup.round_target) == ("hands", 1)
    assert (cup.placing_points, cup.tie_breakers) == ([5, 3, 2, 1], ["wins", "head_to_head"])
    assert (cup.final_table_size, cup.carry, cup.created_by) == (4, "half", owner)


def test_a_set_up_the_service_refuses_is_shown_next_to_its_field_and_what_was_typed_stays(
    client, club, owner
):
    client.force_login(owner)

    response = client.post(reverse("tournament-new", args=[club.slug]), _form(max_table_size="7"))

    assert response.status_code == 400
    form = response.context["form"]
    assert (
        "21 card Indian Rummy is played by 2 to 6 players at a table."
        in form.errors["max_table_size"]
    )
    assert form["name"].value() == "Diwali Cup"
    assert form["max_table_size"].value() == "7"
    assert "played by 2 to 6 players" in text_of(response)
    assert not Tournament.objects.exists()


def test_points_per_place_that_are_not_numbers_are_refused_with_a_sentence(client, club, owner):
    client.force_login(owner)

    response = client.post(
        reverse("tournament-new", args=[club.slug]), _form(placing_points="five, three")
    )

    assert response.status_code == 400
    assert "Write whole numbers separated by commas" in text_of(response)
    assert not Tournament.objects.exists()


def test_game_points_scoring_drops_the_points_per_place(client, club, owner):
    client.force_login(owner)

    client.post(reverse("tournament-new", args=[club.slug]), _form(scoring="points"))

    assert Tournament.objects.get().placing_points == []


# -- Who may reach the screens -----------------------------------------------------------


def test_members_and_scorers_may_not_direct_a_tournament(client, club, cup):
    for username, role in (("meena", Role.MEMBER), ("sam", Role.SCORER)):
        client.force_login(member(club, username, role))

        assert client.get(url("tournament-detail", cup)).status_code == 403
        assert client.get(reverse("tournament-new", args=[club.slug])).status_code == 403
        assert client.post(url("tournament-draw", cup)).status_code == 403
    assert not Round.objects.exists()


def test_an_anonymous_visitor_is_asked_to_log_in_to_direct_a_public_clubs_tournament(client):
    cup = make_tournament(make_club("Open Club", is_public=True))

    response = client.get(url("tournament-detail", cup))

    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_a_public_clubs_visitors_read_a_tournament_once_its_organiser_releases_it(client):
    cup = make_tournament(make_club("Open Club", is_public=True))
    listed = reverse("tournament-list", args=[cup.club.slug])
    assert "Diwali Cup" not in text_of(client.get(listed))
    assert client.get(url("tournament-standings", cup)).status_code == 404

    set_published(tournament=cup, published=True)

    assert "Diwali Cup" in text_of(client.get(listed))
    assert client.get(url("tournament-standings", cup)).status_code == 200
    assert client.get(url("tournament-detail", cup)).status_code == 302  # still to log in


def test_a_private_clubs_tournament_is_not_found_by_outsiders(client, cup):
    assert client.get(url("tournament-detail", cup)).status_code == 404
    assert client.get(url("tournament-standings", cup)).status_code == 404
    client.force_login(make_user("stranger"))
    for name in ("tournament-detail", "tournament-standings"):
        assert client.get(url(name, cup)).status_code == 404
    assert client.get(url("tournament-round", cup, 1)).status_code == 404


def test_another_clubs_organiser_cannot_reach_the_tournament_by_its_address(client, cup):
    other = make_club("Other Club")
    client.force_login(owner_of(other))
    theirs = reverse("tournament-detail", args=[other.slug, cup.slug])

    assert client.get(theirs).status_code == 404
    assert client.get(url("tournament-detail", cup)).status_code == 404
    assert client.post(url("tournament-register", cup), {"guest_name": "Mole"}).status_code == 404
    assert not Entry.objects.exists()


# -- The tournament page and its entries ---------------------------------------------------


def test_the_tournament_page_lists_the_entries_and_offers_the_first_draw(client, owner, cup):
    enter(cup, ["Asha", "Bala"])
    enter(cup, ["Chitra"], check_in=False)
    client.force_login(owner)

    response = client.get(url("tournament-detail", cup))

    text = text_of(response)
    assert response.status_code == 200
    assert "3 entered · 2 checked in" in text
    for name in ("Asha", "Bala", "Chitra"):
        assert name in text
    assert "Draw round 1" in text
    assert "Seat by the standings" not in text  # no standings before round 1
    assert "Release the public pages" in text


def test_a_club_player_and_a_new_guest_are_entered_from_the_page(client, club, owner, cup):
    meena = Player.objects.create(club=club, name="Meena", user=member(club, "meena"))
    client.force_login(owner)

    chosen = client.post(url("tournament-register", cup), {"player": meena.pk}, follow=True)
    typed = client.post(url("tournament-register", cup), {"guest_name": "Ravi"}, follow=True)

    assert "Meena is entered." in messages_of(chosen)
    assert "Ravi is entered." in messages_of(typed)
    entries = {e.player.name: e for e in Entry.objects.select_related("player")}
    assert set(entries) == {"Meena", "Ravi"}
    assert entries["Ravi"].player.is_guest and not entries["Ravi"].checked_in
    # Entered players are no longer offered.
    page = client.get(url("tournament-detail", cup))
    offered = [pk for pk, _ in page.context["entry_form"].fields["player"].choices if pk]
    assert offered == [Player.objects.get(club=club, user=owner).pk]
    assert "member" in text_of(page) and "guest" in text_of(page)


def test_an_entry_the_service_refuses_keeps_the_name_and_says_why_next_to_it(client, owner, cup):
    enter(cup, ["Asha"])
    client.force_login(owner)

    taken = client.post(url("tournament-register", cup), {"guest_name": "asha"})
    neither = client.post(url("tournament-register", cup), {"guest_name": " "})

    assert taken.status_code == 400
    assert "already has a player called asha" in taken.context["entry_form"].errors["guest_name"][0]
    assert taken.context["entry_form"]["guest_name"].value() == "asha"
    assert neither.status_code == 400
    assert "Choose a player, or give a guest's name." in text_of(neither)
    assert Entry.objects.count() == 1


def test_a_player_entered_between_rounds_is_a_late_entry(
    client, owner, cup, django_capture_on_commit_callbacks
):
    enter(cup, NAMES[:8])
    round_ = draw_round(tournament=cup, rng=random.Random(1))
    client.force_login(owner)
    during = client.post(url("tournament-register", cup), {"guest_name": "Late Lata"})
    play_round(round_, django_capture_on_commit_callbacks, random.Random(1))

    after = client.post(url("tournament-register", cup), {"guest_name": "Late Lata"}, follow=True)

    assert during.status_code == 400
    assert "Round 1 is drawn; enter the player once it has finished." in text_of(during)
    entry = Entry.objects.get(player__name="Late Lata")
    assert (entry.entered_round, entry.checked_in) == (2, True)
    assert "Late Lata is entered late, checked in, and drawn from round 2." in messages_of(after)


def test_one_tap_checks_a_player_in_and_htmx_gets_only_their_row(client, owner, cup):
    (asha,) = enter(cup, ["Asha"], check_in=False)
    client.force_login(owner)

    response = client.post(
        url("tournament-check-in", cup, asha.pk), {"present": "1"}, HTTP_HX_REQUEST="true"
    )

    assert response.status_code == 200
    html = response.content.decode()
    assert "<tr" in html and "<html" not in html
    assert "✓ In" in html and 'value="0"' in html  # the next tap undoes it
    assert Entry.objects.get(player=asha).checked_in

    client.post(url("tournament-check-in", cup, asha.pk), {"present": "0"})
    assert not Entry.objects.get(player=asha).checked_in


def test_each_check_in_tap_sends_the_pages_counts_out_of_band(client, owner, cup):
    enter(cup, ["Bala"])
    (asha,) = enter(cup, ["Asha"], check_in=False)
    client.force_login(owner)
    page = client.get(url("tournament-detail", cup)).content.decode()
    assert '<p class="muted" id="entry-counts">2 entered · 1 checked in</p>' in page
    assert 'id="draw-checked-in">1 player checked in and drawn' in page

    html = client.post(
        url("tournament-check-in", cup, asha.pk), {"present": "1"}, HTTP_HX_REQUEST="true"
    ).content.decode()

    # The row is swapped in place; both counts on the page replace theirs by id.
    assert html.lstrip().startswith("<tr")
    assert "<template>" in html
    assert (
        '<p class="muted" id="entry-counts" hx-swap-oob="true">2 entered · 2 checked in</p>' in html
    )
    assert (
        'id="draw-checked-in" hx-swap-oob="true">2 players checked in and drawn into this round.'
        in html
    )

    html = client.post(
        url("tournament-check-in", cup, asha.pk), {"present": "0"}, HTTP_HX_REQUEST="true"
    ).content.decode()
    assert 'id="entry-counts" hx-swap-oob="true">2 entered · 1 checked in</p>' in html


def test_once_a_round_is_drawn_only_the_entries_count_comes_back(client, club, owner):
    cup = make_tournament(club, rounds=2, final_table_size=0)
    players = enter(cup, NAMES[:8])
    draw_round(tournament=cup, rng=random.Random(6))
    client.force_login(owner)

    html = client.post(
        url("tournament-check-in", cup, players[0].pk), {"present": "1"}, HTTP_HX_REQUEST="true"
    ).content.decode()

    assert 'id="entry-counts" hx-swap-oob="true">8 entered · 8 checked in' in html
    # No draw button on the page now: nothing out of band to replace there.
    assert "draw-checked-in" not in html


def test_check_in_without_javascript_comes_back_to_the_page_with_a_sentence(client, owner, cup):
    (asha,) = enter(cup, ["Asha"], check_in=False)
    client.force_login(owner)

    response = client.post(url("tournament-check-in", cup, asha.pk), {"present": "1"}, follow=True)

    assert "Asha is checked in." in messages_of(response)
    assert response.redirect_chain[-1][0] == url("tournament-detail", cup) + "#entries"


def test_a_refused_check_in_comes_back_in_the_row_with_its_sentence(
    client, club, owner, django_capture_on_commit_callbacks
):
    cup = make_tournament(club, rounds=1, final_table_size=0)
    players = enter(cup, NAMES[:8])
    play_round(
        draw_round(tournament=cup, rng=random.Random(6)),
        django_capture_on_commit_callbacks,
        random.Random(6),
    )
    client.force_login(owner)

    response = client.post(
        url("tournament-check-in", cup, players[0].pk), {"present": "0"}, HTTP_HX_REQUEST="true"
    )

    # htmx swaps in only successful answers: the refusal is a 200 carrying the sentence.
    assert response.status_code == 200
    assert "The tournament has finished." in text_of(response)
    assert Entry.objects.get(player=players[0]).checked_in


def test_withdrawing_asks_first_then_takes_the_player_out_of_the_draws_to_come(client, owner, cup):
    asha, _ = enter(cup, ["Asha", "Bala"])
    client.force_login(owner)

    asked = client.get(url("tournament-withdraw", cup, asha.pk))
    assert asked.status_code == 200
    assert "Withdraw Asha from Diwali Cup?" in text_of(asked)
    assert Entry.objects.get(player=asha).active

    done = client.post(url("tournament-withdraw", cup, asha.pk), follow=True)

    assert "Asha is withdrawn and will not be drawn again." in messages_of(done)
    assert Entry.objects.get(player=asha).withdrawn_after_round == 0
    assert "withdrawn" in text_of(done)


def test_a_withdrawal_while_a_round_is_drawn_is_refused_and_the_player_stays_in(client, owner, cup):
    players = enter(cup, NAMES[:8])
    draw_round(tournament=cup, rng=random.Random(2))
    client.force_login(owner)

    response = client.post(url("tournament-withdraw", cup, players[0].pk))

    assert response.status_code == 400
    assert "Round 1 is drawn; withdraw the player once it has finished." in text_of(response)
    assert Entry.objects.get(player=players[0]).active


def test_the_public_pages_are_released_and_hidden_again(client, owner, cup):
    client.force_login(owner)

    released = client.post(url("tournament-publish", cup), {"published": "1"}, follow=True)
    cup.refresh_from_db()
    assert cup.published
    assert "Hide the public pages" in text_of(released)

    client.post(url("tournament-publish", cup), {"published": "0"})
    cup.refresh_from_db()
    assert not cup.published


# -- Draws and the cut -------------------------------------------------------------------


def test_drawing_a_round_seats_the_checked_in_players_and_shows_the_round(client, owner, cup):
    enter(cup, NAMES[:8])
    enter(cup, ["No Show"], check_in=False)
    client.force_login(owner)

    response = client.post(url("tournament-draw", cup), follow=True)

    round_ = Round.objects.get(tournament=cup)
    assert response.redirect_chain[-1][0] == url("tournament-round", cup, 1)
    assert "Round 1 is drawn at 2 tables." in messages_of(response)
    assert sorted(len(t.seats) for t in round_.tables.all()) == [4, 4]
    assert "No Show" not in text_of(response)
    cup.refresh_from_db()
    assert cup.status == TournamentStatus.RUNNING


def test_a_draw_that_cannot_be_made_is_refused_with_the_reason_and_nothing_changes(
    client, club, owner
):
    cup = make_tournament(club, min_table_size=4, max_table_size=4)
    enter(cup, NAMES[:5])
    client.force_login(owner)

    response = client.post(url("tournament-draw", cup), follow=True)

    assert response.redirect_chain[-1][0] == url("tournament-detail", cup)
    (said,) = messages_of(response)
    assert said.startswith("5 players cannot sit at tables of 4: a single table would seat 5")
    assert "It works with 4 or 8 players" in said
    assert said in text_of(response)
    assert not Round.objects.exists()
    cup.refresh_from_db()
    assert cup.status == TournamentStatus.REGISTRATION


def test_a_later_round_can_be_seated_by_the_standings(
    client, owner, cup, django_capture_on_commit_callbacks
):
    enter(cup, NAMES[:8])
    play_round(
        draw_round(tournament=cup, rng=random.Random(3)),
        django_capture_on_commit_callbacks,
        random.Random(3),
    )
    client.force_login(owner)
    page = client.get(url("tournament-detail", cup))
    assert "Draw round 2" in text_of(page) and "Seat by the standings (Swiss)" in text_of(page)

    client.post(url("tournament-draw", cup), {"swiss": "on"})

    assert Round.objects.get(tournament=cup, number=2).swiss


def test_after_the_last_round_the_page_offers_the_cut_and_the_cut_draws_the_final_table(
    client, club, owner, django_capture_on_commit_callbacks
):
    cup = make_tournament(club, rounds=1)
    enter(cup, NAMES[:8])
    play_round(
        draw_round(tournament=cup, rng=random.Random(4)),
        django_capture_on_commit_callbacks,
        random.Random(4),
    )
    client.force_login(owner)
    assert "Cut to the final table" in text_of(client.get(url("tournament-detail", cup)))

    response = client.post(url("tournament-cut", cup), follow=True)

    final = Round.objects.get(tournament=cup, kind=RoundKind.FINAL)
    assert response.redirect_chain[-1][0] == url("tournament-round", cup, final.number)
    assert "The final table is drawn." in messages_of(response)
    assert len(final.tables.get().seats) == 4
    assert Entry.objects.filter(tournament=cup, carried__isnull=False).count() == 4


def test_a_cut_before_the_rounds_are_played_is_refused_with_a_sentence(client, owner, cup):
    enter(cup, NAMES[:8])
    client.force_login(owner)

    response = client.post(url("tournament-cut", cup), follow=True)

    assert messages_of(response) == ["The final table is drawn once, after the last round."]
    assert not Round.objects.exists()
