"""The rules in force read plainly: on the start form before the session starts, and folded
under the hands on the session screen, in the same words as the club's rules page."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from clubs import services as club_services
from clubs.roles import Role
from clubs.rule_lines import rule_lines
from tests.factories import make_session
from tests.scoring.factories import logged_in, make_club, scorer_of, session_url

pytestmark = pytest.mark.django_db


def _lines(html: str, where: str) -> dict[str, str]:
    """The rules list inside the element whose class starts `where`, as name: value."""
    start = html.index(where)
    block = html[start : html.index("</dl>", start)]
    pairs = re.findall(r"<dt>(.*?)</dt><dd>(.*?)</dd>", block)
    return dict(pairs)


def test_the_session_screen_lists_its_own_rules_folded_under_the_hands() -> None:
    club = make_club("Tuesday Club")
    session = make_session(
        club, options={"ace_value": 11, "drop_first": 25, "drop_later": 50, "penalty_cap": 120}
    )
    page = logged_in(scorer_of(club)).get(session_url("session-detail", session)).content.decode()

    assert '<details class="session-rules">' in page  # closed: no "open" attribute
    rules = _lines(page, 'class="session-rules"')
    assert rules["Aces count"] == "11 points"
    assert rules["Pack on the first turn"] == "25 points"
    assert rules["Pack later (middle pack)"] == "50 points"
    assert rules["Penalty cap"] == "120 points"
    assert rules["Wrong show"] == "80 points"  # not chosen: the engine's default


def test_a_marriage_session_lists_what_seen_and_unseen_players_pay() -> None:
    club = make_club("Kathmandu Club")
    session = make_session(
        club,
        variant="marriage",
        names=("Asha", "Bala", "Chitra"),
        options={"unseen_points": 12, "unseen_maal": "murder"},
    )
    page = logged_in(scorer_of(club)).get(session_url("session-detail", session)).content.decode()

    rules = _lines(page, 'class="session-rules"')
    assert rules["From a seen player"] == "3 points"
    assert rules["From an unseen player"] == "12 points"
    assert rules["An unseen player&#x27;s value cards"] == "Murder: they are void"


def test_the_start_form_shows_the_clubs_rules_in_words_before_starting() -> None:
    club = make_club("Tuesday Club")
    owner = club.memberships.get(role=Role.OWNER).user
    club_services.save_variant_rules(
        club=club, variant="indian13", options={"ace_value": 11, "drop_first": 20}, by=owner
    )
    url = reverse("session-new", kwargs={"slug": club.slug})
    page = logged_in(scorer_of(club)).get(url).content.decode()

    rules = _lines(page, "rules-in-force")
    assert rules["Aces count"] == "11 points"
    assert rules["Pack on the first turn"] == "20 points"
    assert rules["Penalty cap"] == "No cap"
    assert rules["Decks"] == "Usual for the table"


def test_the_start_form_lists_a_chosen_rule_set_when_it_is_drawn_again() -> None:
    club = make_club("Tuesday Club")
    url = reverse("session-new", kwargs={"slug": club.slug})
    data = {"variant": "indian13", "change": "preset", "preset": "", "opt_ace_value": "10"}
    page = logged_in(scorer_of(club)).post(url, data).content.decode()
    assert _lines(page, "rules-in-force")["Aces count"] == "10 points"

    # A value typed into the folded fields shows in the list when the form is drawn again.
    data = {"variant": "indian13", "change": "guest", "guest_name": "", "opt_ace_value": "11"}
    data |= {"opt_drop_later": "45", "opt_joker_mode": "standard", "opt_scoring": "zero_sum"}
    page = logged_in(scorer_of(club, "second")).post(url, data).content.decode()
    rules = _lines(page, "rules-in-force")
    assert rules["Aces count"] == "11 points"
    assert rules["Pack later (middle pack)"] == "45 points"


def test_the_rules_page_the_start_form_and_the_session_say_an_option_the_same_way() -> None:
    words = dict(rule_lines("indian13", {"ace_value": 11}))
    assert words["Aces count"] == "11 points"
    # The game's important rules first, the table's equipment last.
    assert [name for name, _ in rule_lines("indian13", {})][-2:] == ["Decks", "Printed jokers"]
