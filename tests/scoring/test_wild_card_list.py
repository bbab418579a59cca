"""The record panel's card lists follow the game's rules: the wild card list offers the printed
joker only where it can be the exposed card, and names each tiplu's alter where the rules give
the alter a part; the card grid offers the printed joker only where the decks hold one."""

import pytest

from tests.scoring.factories import logged_in, make_club, make_session, scorer_of, session_url

pytestmark = pytest.mark.django_db

PRINTED_JOKER = '<option value="JK"'
GRID_JOKER = 'data-card="JK"'


def panel_html(variant: str, options: dict | None = None) -> str:
    club = make_club("Tuesday Club")
    session = make_session(club, variant=variant, options=options)
    response = logged_in(scorer_of(club)).get(session_url("session-detail", session))
    assert response.status_code == 200
    html = response.content.decode()
    assert 'name="wild"' in html and '<option value="10C"' in html
    return html


def test_marriage_offers_no_printed_joker_as_its_tiplu():
    assert PRINTED_JOKER not in panel_html("marriage")


def test_marriage_with_printed_jokers_offers_the_man_on_the_grid_but_never_as_tiplu():
    html = panel_html("marriage", {"jokers": 3, "man_value": 5})
    assert GRID_JOKER in html  # the man is dealt, so a player may hold one
    assert PRINTED_JOKER not in html  # a printed joker cannot be the tiplu


def test_marriage_without_printed_jokers_has_none_on_the_grid():
    assert GRID_JOKER not in panel_html("marriage")


def test_indian_rummy_without_jokers_has_none_on_the_grid():
    html = panel_html("indian13", {"joker_mode": "none"})
    assert GRID_JOKER not in html and PRINTED_JOKER not in html


@pytest.mark.parametrize("variant", ["indian13", "indian21", "rummy27", "vazhushal"])
def test_a_game_whose_decks_hold_printed_jokers_offers_them(variant):
    html = panel_html(variant)
    assert PRINTED_JOKER in html and GRID_JOKER in html


@pytest.mark.parametrize("options", [{"wild_ranks": "alter"}, {"alter_value": 5}])
def test_the_tiplu_list_names_each_tiplus_alter_where_it_counts(options):
    html = panel_html("marriage", options)
    assert '<option value="7H">7♥ · alter 7♦</option>' in html
    assert '<option value="5S">5♠ · alter 5♣</option>' in html
    assert '<option value="KC">K♣ · alter K♠</option>' in html


def test_the_tiplu_list_names_no_alter_where_it_is_an_ordinary_joker():
    html = panel_html("marriage", {"jokers": 3})
    assert '<option value="7H">7♥</option>' in html
    assert "alter" not in html.split('name="wild"')[1].split("</select>")[0]
