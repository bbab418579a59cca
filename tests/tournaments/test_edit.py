"""Changing a tournament's set-up: the service (what may change when) and the edit screen."""

from __future__ import annotations

import random
from datetime import date
from unittest import mock

import pytest

from clubs.roles import Role
from clubs.services import save_variant_rules
from common.errors import UserError
from tests.factories import make_club, member, owner_of
from tests.tournaments.factories import NAMES, enter, make_tournament, play_round
from tests.tournaments.page_helpers import messages_of, text_of, url
from tournaments.models import StandingsLine, Tournament, TournamentStatus
from tournaments.services import setup as setup_services
from tournaments.services.draws import draw_round
from tournaments.services.lines import refresh_tournament_standings
from tournaments.services.setup import SETUP_FIELDS, update_tournament
from tournaments.standings import tournament_standings

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


@pytest.fixture
def drawn_cup(cup):
    enter(cup, NAMES[:8])
    draw_round(tournament=cup, rng=random.Random(3))
    return cup


def _stored(tournament: Tournament) -> Tournament:
    return Tournament.objects.get(pk=tournament.pk)


def _settings(tournament: Tournament) -> dict[str, object]:
    return {name: getattr(tournament, name) for name in SETUP_FIELDS}


# -- The service ---------------------------------------------------------------------------


def test_every_setting_changes_before_round_1_and_the_slug_stays(cup):
    update_tournament(
        tournament=cup,
        name="  Holi Cup ",
        starts_on=date(2027, 3, 20),
        ends_on=date(2027, 3, 21),
        variant="indian13",
        min_table_size=4,
        max_table_size=6,
        rounds=4,
        round_ending="deals",
        round_target=2,
        scoring="placing",
        placing_points=[7, 4, 2],
        tie_breakers=["average"],
        final_table_size=6,
        carry="half",
    )

    saved = _stored(cup)
    assert (saved.name, saved.slug) == ("Holi Cup", "diwali-cup")
    assert (saved.starts_on, saved.ends_on) == (date(2027, 3, 20), date(2027, 3, 21))
    assert (saved.variant, saved.min_table_size, saved.max_table_size) == ("indian13", 4, 6)
    assert (saved.rounds, saved.round_ending, saved.round_target) == (4, "deals", 2)
    assert (saved.placing_points, saved.tie_breakers) == ([7, 4, 2], ["average"])
    assert (saved.final_table_size, saved.carry) == (6, "half")


def test_fields_left_out_keep_their_value(cup):
    before = _settings(_stored(cup))

    update_tournament(tournament=cup, rounds=4)

    assert _settings(_stored(cup)) == before | {"rounds": 4}


def test_a_new_game_plays_by_the_clubs_saved_rules_for_it(club, owner, cup):
    save_variant_rules(club=club, variant="indian13", options={"decks": 3}, by=owner)

    update_tournament(tournament=cup, variant="indian13", min_table_size=4)

    assert (_stored(cup).variant, _stored(cup).options) == ("indian13", {"decks": 3})


def test_settings_are_refused_once_round_1_is_drawn_and_nothing_changes(drawn_cup):
    before = _settings(_stored(drawn_cup))

    with pytest.raises(UserError) as caught:
        update_tournament(tournament=drawn_cup, name="Holi Cup", rounds=4)

    assert caught.value.message == "Round 1 has been drawn: only the name and dates can change now."
    assert caught.value.field == "rounds"
    assert _settings(_stored(drawn_cup)) == before


def test_name_and_dates_still_change_once_play_has_begun(drawn_cup):
    saved = update_tournament(
        tournament=drawn_cup,
        name="Diwali Cup 2026",
        starts_on=date(2026, 11, 7),
        ends_on=date(2026, 11, 9),
    )

    assert (saved.name, saved.slug) == ("Diwali Cup 2026", "diwali-cup")
    assert (_stored(drawn_cup).starts_on, _stored(drawn_cup).ends_on) == (
        date(2026, 11, 7),
        date(2026, 11, 9),
    )
    assert _stored(drawn_cup).status == TournamentStatus.RUNNING


def test_the_whole_set_up_sent_unchanged_with_a_new_name_is_accepted_after_the_draw(drawn_cup):
    stored = _stored(drawn_cup)
    everything = _settings(stored) | {"name": "Diwali Open"}

    update_tournament(tournament=drawn_cup, **everything)

    assert _stored(drawn_cup).name == "Diwali Open"


def test_nothing_changes_once_the_tournament_has_finished(club, django_capture_on_commit_callbacks):
    cup = make_tournament(club, rounds=1, final_table_size=0)
    enter(cup, NAMES[:8])
    play_round(
        draw_round(tournament=cup, rng=random.Random(4)),
        django_capture_on_commit_callbacks,
        random.Random(4),
    )

    with pytest.raises(UserError, match="The tournament has finished"):
        update_tournament(tournament=cup, name="Renamed")

    assert _stored(cup).name == "Diwali Cup"


@pytest.mark.parametrize(
    ("changes", "field", "sentence"),
    [
        ({"name": " "}, "name", "Give the tournament a name"),
        ({"ends_on": date(2026, 11, 1)}, "ends_on", "cannot end before it starts"),
        ({"max_table_size": 7}, "max_table_size", "2 to 6 players"),
        ({"min_table_size": 5, "max_table_size": 4}, "min_table_size", "smallest"),
        ({"placing_points": []}, "placing_points", "points for 1st, 2nd"),
        ({"rounds": 0}, "rounds", "from 1 to 20"),
        ({"round_target": 0}, "round_target", "from 1 to 500"),
        ({"tie_breakers": ["wins", "wins"]}, "tie_breakers", "each once"),
        ({"final_table_size": 1}, "final_table_size", "final table"),
        ({"options": {"no_such_option": 1}}, "options", "."),
    ],
)
def test_a_set_up_that_cannot_be_run_is_refused_as_when_creating(cup, changes, field, sentence):
    before = _settings(_stored(cup))

    with pytest.raises(UserError, match=sentence) as caught:
        update_tournament(tournament=cup, **changes)

    assert caught.value.field == field
    assert _settings(_stored(cup)) == before


def test_an_unknown_setting_is_a_programming_error_not_a_sentence(cup):
    with pytest.raises(TypeError, match="slug"):
        update_tournament(tournament=cup, slug="elsewhere")


def test_new_tie_breakers_rank_the_stored_standings_again_by_the_new_rules(cup):
    enter(cup, ["Asha", "Bala"])
    seen: list[list[str]] = []
    refresh = refresh_tournament_standings

    def spy(*, tournament_id: int) -> None:
        # What the refresh ranks by: the new tie-breakers must already be saved.
        seen.append(Tournament.objects.get(pk=tournament_id).tie_breakers)
        refresh(tournament_id=tournament_id)

    StandingsLine.objects.filter(tournament=cup).delete()  # stale lines, to see them redone
    with mock.patch.object(setup_services, "refresh_tournament_standings", spy):
        update_tournament(tournament=cup, tie_breakers=["recent", "wins"])
        update_tournament(tournament=cup, name="Diwali Open")  # ranks nothing

    assert seen == [["recent", "wins"]]
    assert sorted(line.player.name for line in tournament_standings(cup).overall) == [
        "Asha",
        "Bala",
    ]


# -- The screen ----------------------------------------------------------------------------


def _posted(tournament: Tournament, **changes: object) -> dict[str, object]:
    """The edit form as it comes prefilled, with the director's changes."""
    breakers = [*tournament.tie_breakers, "", "", "", ""][:4]
    data = {
        "name": tournament.name,
        "starts_on": tournament.starts_on.isoformat(),
        "ends_on": tournament.ends_on.isoformat(),
        "variant": tournament.variant,
        "min_table_size": str(tournament.min_table_size),
        "max_table_size": str(tournament.max_table_size),
        "rounds": str(tournament.rounds),
        "round_ending": tournament.round_ending,
        "round_target": str(tournament.round_target),
        "scoring": tournament.scoring,
        "placing_points": ", ".join(str(p) for p in tournament.placing_points),
        "final_table_size": str(tournament.final_table_size),
        "carry": tournament.carry,
        **{f"tie_breaker_{n}": b for n, b in enumerate(breakers, 1)},
    }
    return data | changes


def test_the_tournament_page_links_to_the_edit_screen(client, owner, cup):
    client.force_login(owner)

    response = client.get(url("tournament-detail", cup))

    assert f'href="{url("tournament-edit", cup)}"' in response.content.decode()
    assert "Edit set-up" in text_of(response)


def test_the_edit_screen_comes_prefilled_with_the_set_up(client, owner, cup):
    client.force_login(owner)

    response = client.get(url("tournament-edit", cup))

    assert response.status_code == 200
    form = response.context["form"]
    assert form["name"].value() == "Diwali Cup"
    assert form["starts_on"].value() == date(2026, 11, 8)
    assert (form["min_table_size"].value(), form["max_table_size"].value()) == (3, 4)
    assert form["placing_points"].value() == "5, 3, 2, 1"
    assert [form[f"tie_breaker_{n}"].value() for n in (1, 2, 3)] == ["wins", "head_to_head", None]
    assert not any(field.disabled for field in form.fields.values())
    assert "Save the set-up" in text_of(response)


def test_the_edit_screen_saves_and_goes_back_to_the_tournament_page(client, owner, cup):
    client.force_login(owner)

    response = client.post(
        url("tournament-edit", cup),
        _posted(cup, name="Diwali Open", rounds="4", placing_points="6 3 1"),
        follow=True,
    )

    assert response.redirect_chain[-1][0] == url("tournament-detail", cup)
    assert "Diwali Open: the set-up is saved." in messages_of(response)
    saved = _stored(cup)
    assert (saved.name, saved.rounds, saved.placing_points) == ("Diwali Open", 4, [6, 3, 1])


def test_a_refused_change_is_shown_next_to_its_field_and_what_was_typed_stays(client, owner, cup):
    client.force_login(owner)

    response = client.post(
        url("tournament-edit", cup), _posted(cup, name="Diwali Open", max_table_size="7")
    )

    assert response.status_code == 400
    form = response.context["form"]
    refusal = "21 card Indian Rummy is played by 2 to 6 players at a table."
    assert refusal in form.errors["max_table_size"]
    assert (form["name"].value(), form["max_table_size"].value()) == ("Diwali Open", "7")
    assert _settings(_stored(cup)) == _settings(cup)


def test_after_the_draw_only_the_name_and_dates_are_open_on_the_screen(client, owner, drawn_cup):
    client.force_login(owner)

    page = client.get(url("tournament-edit", drawn_cup))
    open_fields = {n for n, f in page.context["form"].fields.items() if not f.disabled}
    assert open_fields == {"name", "starts_on", "ends_on"}
    assert "Round 1 has been drawn: only the name and dates can change now." in text_of(page)

    # What the browser sends: disabled inputs are not posted, the hidden marker is.
    sent = {"name": "Diwali Open", "starts_on": "2026-11-08", "ends_on": "", "settled": "1"}
    response = client.post(url("tournament-edit", drawn_cup), sent, follow=True)

    assert "Diwali Open: the set-up is saved." in messages_of(response)
    assert _stored(drawn_cup).name == "Diwali Open"


def test_a_page_opened_before_the_draw_and_sent_after_it_is_refused_not_dropped(
    client, owner, drawn_cup
):
    client.force_login(owner)

    response = client.post(
        url("tournament-edit", drawn_cup), _posted(drawn_cup, name="Diwali Open", rounds="4")
    )

    assert response.status_code == 400
    form = response.context["form"]
    assert form.errors["rounds"] == [
        "Round 1 has been drawn: only the name and dates can change now."
    ]
    assert (form["name"].value(), form["rounds"].value()) == ("Diwali Open", "4")
    assert (_stored(drawn_cup).name, _stored(drawn_cup).rounds) == ("Diwali Cup", 3)


def test_members_and_scorers_may_not_change_the_set_up(client, club, cup):
    for username, role in (("meena", Role.MEMBER), ("sam", Role.SCORER)):
        client.force_login(member(club, username, role))

        assert client.get(url("tournament-edit", cup)).status_code == 403
        response = client.post(url("tournament-edit", cup), _posted(cup, name="Mine now"))
        assert response.status_code == 403
    assert _stored(cup).name == "Diwali Cup"


def test_another_clubs_organiser_cannot_reach_the_edit_screen(client, cup):
    client.force_login(owner_of(make_club("Other Club")))

    assert client.get(url("tournament-edit", cup)).status_code == 404
    assert client.post(url("tournament-edit", cup), _posted(cup, name="Ours")).status_code == 404
    assert _stored(cup).name == "Diwali Cup"
