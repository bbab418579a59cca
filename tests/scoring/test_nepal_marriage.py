"""Marriage as Nepal plays it at the table: the club's rules and presets, the start form, the
rules in words on the session screen, and the alter and man maal each player collects in the
ledger preview and the hand's history.

The hand used throughout, tiplu 7H with the alter and the man worth 5 and 3 printed jokers:
Asha wins (seen) holding 7D 7D JK, two alters (3 x 5 = 15) and a man (5), 20 in all; Bala
(seen) holds 8H, a poplu (2); Chitra has not seen and holds nothing of value. Asha collects 3
from Bala and 10 from Chitra for the win and 20 from each for her maal; Bala collects 2 from
each: Asha 3 + 10 + 40 - 2 = 51, Bala -3 - 20 + 4 = -19, Chitra -10 - 20 - 2 = -32.
"""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from clubs import services as club_services
from clubs.presets import preset
from clubs.roles import Role
from clubs.rule_lines import rule_lines
from scoring.models import GameSession, HandVersion
from scoring.selectors import session_board
from tests.scoring.factories import (
    logged_in,
    make_club,
    make_session,
    panel_post,
    scorer_of,
    session_url,
)
from tests.scoring.test_start_session_views import new_url, start_post

pytestmark = pytest.mark.django_db

NEPAL = {"alter_value": 5, "man_value": 5, "jokers": 3}
SEATS = {
    0: {"how": "won", "seen": "1", "cards": "7D 7D JK"},
    1: {"how": "cards", "seen": "1", "cards": "8H"},
    2: {"how": "points"},
}


@pytest.fixture
def club():
    return make_club("Kathmandu Club")


@pytest.fixture
def scorer(club):
    return scorer_of(club)


@translation.override("en")
def test_the_presets_a_nepali_club_recognises():
    nepal = preset("marriage", "nepal")
    assert nepal is not None and str(nepal.label) == "Nepal: alter 5, man 5, 3 jokers"
    assert nepal.options == NEPAL
    alter_only = preset("marriage", "alter_only")
    assert alter_only is not None and str(alter_only.label) == "Alter only wild"
    assert alter_only.options == {"wild_ranks": "alter"}


def test_the_clubs_rules_page_offers_the_options_and_saves_them(club):
    owner = club.memberships.get(role=Role.OWNER).user
    client = logged_in(owner)
    url = reverse("club-rules", kwargs={"slug": club.slug}) + "?variant=marriage"
    page = client.get(url).content.decode()
    for words in ("Wild cards of the tiplu&#x27;s rank", "Alter&#x27;s maal", "Man&#x27;s maal"):
        assert words in page
    assert "Nepal: alter 5, man 5, 3 jokers" in page and "Alter only wild" in page
    data = {
        "variant": "marriage",
        "seen_points": "3",
        "unseen_points": "10",
        "dublee_bonus": "5",
        "unseen_maal": "kidnap",
        "wild_ranks": "alter",
        "alter_value": "5",
        "man_value": "10",
        "jokers": "2",
    }
    response = client.post(url, data)
    assert response.status_code == 302, response.content.decode()[:2000]
    stored = club_services.default_options(club=club, variant="marriage")
    assert stored == {
        "unseen_maal": "kidnap",
        "wild_ranks": "alter",
        "alter_value": 5,
        "man_value": 10,
        "jokers": 2,
    }


def test_a_maal_past_the_engines_range_is_refused_next_to_its_field(club):
    owner = club.memberships.get(role=Role.OWNER).user
    url = reverse("club-rules", kwargs={"slug": club.slug}) + "?variant=marriage"
    response = logged_in(owner).post(url, {"variant": "marriage", "alter_value": "1001"})
    assert "alter_value" in response.context["form"].errors
    assert club_services.default_options(club=club, variant="marriage") == {}


@translation.override("en")
def test_the_rules_in_words_name_the_alter_and_the_man():
    lines = dict(rule_lines("marriage", {"wild_ranks": "alter", **NEPAL}))
    assert lines["Wild cards of the tiplu's rank"] == "Tiplu and alter only"
    assert lines["Alter's maal"] == "5 points"
    assert lines["Man's maal (printed joker)"] == "5 points"
    assert lines["Printed jokers"] == "3"
    default = dict(rule_lines("marriage", {}))
    all_four = "All four cards"
    assert default["Wild cards of the tiplu's rank"] == all_four
    assert default["Alter's maal"] == "0 points"


def test_the_nepal_preset_fills_the_start_form_and_the_session_keeps_it(club, scorer):
    for name in ("Asha", "Bala"):
        club_services.add_guest(club=club, name=name)
    data = start_post(
        club, {"Asha": 1, "Bala": 2}, variant="marriage", preset="nepal", change="preset"
    )
    form = logged_in(scorer).post(new_url(club), data).context["form"]
    assert form["opt_alter_value"].value() == 5
    assert form["opt_man_value"].value() == 5
    assert form["opt_jokers"].value() == 3
    data = start_post(
        club,
        {"Asha": 1, "Bala": 2},
        variant="marriage",
        opt_wild_ranks="alter",
        opt_alter_value="5",
        opt_man_value="5",
        opt_jokers="3",
    )
    response = logged_in(scorer).post(new_url(club), data)
    assert response.status_code == 302, response.content.decode()[:3000]
    session = GameSession.objects.get()
    assert session.options == {"wild_ranks": "alter", **NEPAL}


def test_the_session_screen_states_the_nepal_rules_in_words(club, scorer):
    session = make_session(club, variant="marriage", options={"wild_ranks": "alter", **NEPAL})
    page = logged_in(scorer).get(session_url("session-detail", session)).content.decode()
    rules = page[page.index('class="session-rules"') :]
    rules = rules[: rules.index("</dl>")]
    assert "<dt>Alter&#x27;s maal</dt><dd>5 points</dd>" in rules
    assert "<dt>Man&#x27;s maal (printed joker)</dt><dd>5 points</dd>" in rules
    assert "<dd>Tiplu and alter only</dd>" in rules


def _preview(club, scorer, options):
    session = make_session(club, variant="marriage", options=options)
    data = panel_post(session, SEATS, wild="7H")
    response = logged_in(scorer).post(
        session_url("hand-preview", session), data, headers={"HX-Request": "true"}
    )
    assert response.status_code == 200
    return session, response.content.decode()


def test_the_ledger_preview_names_the_alter_and_man_maal_each_player_collects(club, scorer):
    _, text = _preview(club, scorer, NEPAL)
    assert "Asha: 2 alters 15, 1 man 5" in text
    assert "Asha&#x27;s value cards: 20 from each player" in text
    assert "Bala&#x27;s value cards: 2 from each player" in text
    assert "Bala: " not in text.replace("Bala: 2", "")  # a poplu is no alter or man


def test_without_the_nepal_maal_the_preview_names_none(club, scorer):
    # The same cards where the alter is an ordinary joker and the man earns nothing.
    _, text = _preview(club, scorer, {"jokers": 3})
    assert "alter" not in text and " man " not in text
    assert "Asha&#x27;s value cards" not in text


def test_the_recorded_hand_scores_as_worked_by_hand_and_its_history_names_the_maal(club, scorer):
    session = make_session(club, variant="marriage", options=NEPAL)
    data = panel_post(session, SEATS, wild="7H")
    response = logged_in(scorer).post(session_url("hand-record", session), data)
    assert response.status_code == 302
    ledger = HandVersion.objects.get(hand__session=session).ledger
    assert ledger["details"]["0"]["bonus"] == 20
    assert session_board(session).totals == {0: 51, 1: -19, 2: -32}
    history = reverse(
        "hand-history", kwargs={"slug": club.slug, "session_id": session.pk, "number": 1}
    )
    page = logged_in(scorer).get(history).content.decode()
    assert (
        '<span class="history-maal">2 alters 15</span>, <span class="history-maal">1 man 5</span>'
        in page
    )


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("hi", "Asha: 2 ऑल्टर 15, 1 मैन 5"),
        ("ne", "Asha: 2 अल्टर 15, 1 म्यान 5"),
        ("ta", "Asha: 2 ஆல்டர் 15, 1 மேன் 5"),
    ],
)
def test_the_maal_is_said_in_each_language(club, scorer, language, words):
    session = make_session(club, variant="marriage", options=NEPAL)
    data = panel_post(session, SEATS, wild="7H")
    client = logged_in(scorer)
    response = client.post(
        session_url("hand-preview", session),
        data,
        headers={"HX-Request": "true", "Accept-Language": language},
    )
    text = response.content.decode()
    assert words in text
    assert "2 alters 15" not in text  # translated, not left in English


# The names table of docs/rules.md ("Marriage as Nepal plays it"), each cell as the app says
# the word: (context, msgid) of the catalogue entry.
DOC_NAMES = {
    "tiplu": ("Marriage: the wild card turned up", "tiplu"),
    "poplu": ("Marriage: the card one rank above the tiplu", "poplu"),
    "jhiplu": ("Marriage: the card one rank below the tiplu", "jhiplu"),
    "alter": ("Marriage: the tiplu's rank in the other suit of its colour", "alter"),
    "man (putali)": (
        "Marriage: a value-card bonus for printed jokers (the man, also putali)",
        "Man",
    ),
}


def test_the_rules_page_names_the_cards_as_the_app_says_them_in_each_language():
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "rules.md").read_text(encoding="utf-8")
    section = text[text.index("## Marriage as Nepal plays it") :]
    rows = {}
    for line in section.splitlines():
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        if len(cells) == 5 and cells[1] in DOC_NAMES:
            rows[cells[1]] = cells[2:]
    assert set(rows) == set(DOC_NAMES)
    for english, (context, msgid) in DOC_NAMES.items():
        for language, cell in zip(("hi", "ne", "ta"), rows[english], strict=True):
            with translation.override(language):
                assert translation.pgettext(context, msgid) == cell, (english, language)
