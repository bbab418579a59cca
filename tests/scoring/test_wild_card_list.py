"""The record panel's wild card list offers the printed joker only where the decks hold one."""

import pytest

from tests.scoring.factories import logged_in, make_club, make_session, scorer_of, session_url

pytestmark = pytest.mark.django_db

PRINTED_JOKER = '<option value="JK"'


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


def test_marriage_played_with_printed_jokers_added_offers_them():
    assert PRINTED_JOKER in panel_html("marriage", {"jokers": 2})


@pytest.mark.parametrize("variant", ["indian13", "indian21", "rummy27", "vazhushal"])
def test_a_game_whose_decks_hold_printed_jokers_offers_them(variant):
    assert PRINTED_JOKER in panel_html(variant)
