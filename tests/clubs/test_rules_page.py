"""A club's default rules per game: presets, one field per option, the engine's word."""

import pytest
from django.urls import reverse

from clubs import services
from clubs.forms import OPTION_FIELDS
from clubs.models import VariantRules
from clubs.presets import PRESETS
from clubs.roles import Role
from scoring.rules.variants import OPTIONS, VARIANTS
from tests.clubs.factories import add_member, make_club, owner_of

pytestmark = pytest.mark.django_db

INDIAN13_FORM = {
    "variant": "indian13",
    "decks": "",
    "jokers": "",
    "joker_mode": "standard",
    "ace_value": "10",
    "penalty_cap": "",
    "scoring": "winner_takes",
}


@pytest.fixture
def club():
    return make_club(name="Hill Club")


@pytest.fixture
def organiser(club, client):
    user = add_member(club, "org", Role.ORGANISER)
    client.force_login(user)
    return user


def rules_url(club, variant: str = "indian13", **query) -> str:
    extra = "".join(f"&{k}={v}" for k, v in query.items())
    return f"{reverse('club-rules', args=[club.slug])}?variant={variant}{extra}"


def test_every_engine_option_has_a_form_field() -> None:
    for variant in VARIANTS:
        assert set(OPTIONS[variant]) <= set(OPTION_FIELDS), variant


@pytest.mark.parametrize("variant", VARIANTS)
def test_each_game_shows_each_of_its_options_as_a_field(client, club, organiser, variant):
    response = client.get(rules_url(club, variant))
    assert response.status_code == 200
    assert list(response.context["form"].fields) == list(OPTIONS[variant])


def test_the_form_starts_from_the_engines_defaults(client, club, organiser) -> None:
    form = client.get(rules_url(club)).context["form"]
    assert form.initial["ace_value"] == 10
    assert form.initial["scoring"] == "winner_takes"
    assert form.initial["two_pure"] is False


def test_a_preset_fills_in_the_form_without_saving(client, club, organiser) -> None:
    response = client.get(rules_url(club, preset="money"))
    form = response.context["form"]
    assert form.initial["ace_value"] == 11
    assert form.initial["scoring"] == "zero_sum"
    assert "Nothing changes until you save" in response.content.decode()
    assert not VariantRules.objects.filter(club=club).exists()


def test_every_preset_can_be_saved_as_it_is(client, club, organiser) -> None:
    for variant, presets in PRESETS.items():
        for preset in presets:
            form = client.get(rules_url(club, variant, preset=preset.key)).context["form"]
            data = {"variant": variant}
            for name in form.fields:
                value = form.initial.get(name)
                if isinstance(value, bool):
                    if value:
                        data[name] = "on"
                else:
                    data[name] = "" if value is None else str(value)
            response = client.post(rules_url(club, variant), data)
            assert response.status_code == 302, (variant, preset.key)
            stored = services.default_options(club=club, variant=variant)
            assert stored == preset.options, (variant, preset.key)


def test_only_options_that_differ_from_the_engine_are_stored(client, club, organiser) -> None:
    response = client.post(rules_url(club), INDIAN13_FORM | {"ace_value": "11", "two_pure": "on"})
    assert response.status_code == 302
    assert services.default_options(club=club, variant="indian13") == {
        "ace_value": 11,
        "two_pure": True,
    }


def test_turning_off_a_default_on_option_is_stored(client, club, organiser) -> None:
    client.post(rules_url(club, "vazhushal"), {"variant": "vazhushal", "decks": "", "jokers": ""})
    assert services.default_options(club=club, variant="vazhushal") == {"negative_joker": False}


def test_saved_rules_are_shown_when_the_page_comes_back(client, club, organiser) -> None:
    client.post(rules_url(club), INDIAN13_FORM | {"penalty_cap": "80", "decks": "3"})
    form = client.get(rules_url(club)).context["form"]
    assert form.initial["penalty_cap"] == 80
    assert form.initial["decks"] == 3


def test_a_number_past_the_engines_range_is_refused_next_to_the_option(
    client, club, organiser
) -> None:
    # The form takes the engine's range (common/bounds.py OPTIONS), so it answers first,
    # with the engine's bound.
    response = client.post(rules_url(club), INDIAN13_FORM | {"decks": "9"})
    assert response.status_code == 200
    errors = response.context["form"].errors["decks"]
    assert errors == ["Decks can be at most 8."]
    assert "Decks can be at most 8." in response.content.decode()
    assert not VariantRules.objects.filter(club=club).exists()


def test_a_value_the_form_does_not_offer_is_refused(client, club, organiser) -> None:
    response = client.post(rules_url(club), INDIAN13_FORM | {"ace_value": "12"})
    assert response.status_code == 200
    assert response.context["form"].errors["ace_value"]
    assert not VariantRules.objects.filter(club=club).exists()


def test_a_member_reads_the_rules_but_gets_no_form(client, club) -> None:
    services.save_variant_rules(
        club=club, variant="indian13", options={"ace_value": 11}, by=owner_of(club)
    )
    client.force_login(add_member(club, "meena"))
    response = client.get(rules_url(club))
    html = response.content.decode()
    assert response.status_code == 200
    assert ("Aces count", "11 points") in response.context["readable"]
    assert ("Penalty cap", "No cap") in response.context["readable"]
    assert 'method="post"' not in html.split("<main", 1)[1].split("</main>", 1)[0]


def test_a_member_cannot_change_the_rules(client, club) -> None:
    client.force_login(add_member(club, "meena", Role.SCORER))
    response = client.post(rules_url(club), INDIAN13_FORM | {"ace_value": "11"})
    assert response.status_code == 403
    assert not VariantRules.objects.filter(club=club).exists()
