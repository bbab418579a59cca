"""A Nepali Marriage evening on a 360x740 phone: the scorer starts a table with the Nepal
preset and murder, records a show and a murder with the alter and the man picked on the card
grid, then records a kidnap at a second table that plays "alter only". Every total is
worked out by hand below, from the contract's rules.

Table 1, Nepal preset (alter 5, man 5, 3 printed jokers), murder:
- Hand 1, tiplu 7♥ (alter 7♦), everybody seen. Asha shows holding 7♦ 7♦ JK: 2 alters
  (3 x 5 = 15) and 1 man (5), 20 from each; Bala holds 8♥ 8♥, 2 poplus, 5 from each;
  Chitra nothing. The win: 3 from each seen player. Asha 3 + 3 + 20 + 20 - 5 = 41; Bala
  -3 - 20 + 5 + 5 = -13; Chitra -3 - 20 - 5 = -28.
- Hand 2, tiplu 5♠ (alter 5♣). Bala shows holding 5♣: 1 alter, 5. Asha (seen) holds 4♠, a
  jhiplu, 2. Chitra has not seen and holds JK JK 6♠: 2 men (15) and a poplu (2), 17,
  murdered. The win: 3 from Asha, 10 from Chitra. Bala 3 + 10 + 5 + 5 - 2 = 21; Asha -3 - 5
  + 2 + 2 = -4; Chitra -10 - 5 - 2 = -17.
- Totals: Asha 41 - 4 = 37, Bala -13 + 21 = 8, Chitra -28 - 17 = -45.

Table 2, alter only (only the tiplu and the alter wild), alter 5, man 10, 2 jokers, kidnap:
- Hand 1, tiplu 9♦ (alter 9♥; 9♠ and 9♣ plain). Dev shows holding 9♥: 1 alter, 5. Esha
  has not seen and holds JK 10♦: 1 man (10) and a poplu (2), 12, kidnapped by Dev (17 in
  all). Farid (seen) holds 9♠ 9♣: plain cards, nothing. The win: 10 from Esha, 3 from
  Farid. Dev 10 + 3 + 17 + 17 = 47; Esha -10 - 17 = -27; Farid -3 - 17 = -20.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from clubs import services as club_services
from scoring.models import GameSession
from scoring.selectors import session_board
from tests.e2e.axe import describe, violations
from tests.e2e.pages import log_in
from tests.factories import make_club, make_session, owner_of
from tests.scoring.factories import scorer_of

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

ALTER_ONLY = {
    "wild_ranks": "alter",
    "alter_value": 5,
    "man_value": 10,
    "jokers": 2,
    "unseen_maal": "kidnap",
}


def settled(page: Page) -> None:
    """No preview on its way: its answer would redraw the ledger under the next tap."""
    expect(page.locator(".htmx-request")).to_have_count(0)


def pick(page: Page, seat: int, cards: list[str]) -> None:
    settled(page)
    page.locator(f"[data-pick=s{seat}-cards]").tap()
    picker = page.locator("#card-picker")
    expect(picker).to_be_visible()
    for code in cards:
        picker.locator(f"[data-card='{code}']").tap()
    page.locator("[data-picker-done]").tap()
    expect(picker).to_be_hidden()
    expect(page.locator(f"#s{seat}-cards")).to_have_value(" ".join(cards))


def chip(page: Page, seat: int, how: str) -> None:
    settled(page)
    page.locator(f"label[for=s{seat}-how-{how}]").tap()


def seen(page: Page, seat: int) -> None:
    settled(page)
    page.locator(f"label.f-seen:has(input[name=s{seat}-seen])").tap()
    expect(page.locator(f"input[name=s{seat}-seen]")).to_be_checked()


def save(page: Page) -> None:
    settled(page)
    page.locator("[data-save]").click()
    expect(page.locator("[data-saved-note]")).to_contain_text("Hand saved.")


def test_a_nepali_marriage_evening_with_the_alter_and_the_man(
    live_server, phone: Page, screenshots
) -> None:
    club = make_club("Kathmandu Club")
    for name in ("Asha", "Bala", "Chitra"):
        club_services.add_guest(club=club, name=name)
    scorer = scorer_of(club)
    page = phone
    log_in(page, live_server)

    # The first table: Marriage, the Nepal preset, murder.
    page.goto(live_server.url + f"/clubs/{club.slug}/sessions/new/")
    page.select_option("select[name=variant]", "marriage")
    expect(page.locator("select[name=preset] option[value=nepal]")).to_have_text(
        "Nepal: alter 5, man 5, 3 jokers"
    )
    page.locator("details.rules summary").tap()
    page.select_option("select[name=preset]", "nepal")
    expect(page.locator("input[name=opt_alter_value]")).to_have_value("5")
    expect(page.locator("input[name=opt_man_value]")).to_have_value("5")
    expect(page.locator("input[name=opt_jokers]")).to_have_value("3")
    # The rule set redraws the form, its rules folded again.
    if page.locator("details.rules[open]").count() == 0:
        page.locator("details.rules summary").tap()
    page.select_option("select[name=opt_unseen_maal]", "murder")
    for name in ("Asha", "Bala", "Chitra"):
        page.locator(".player-row", has_text=name).tap()
    page.screenshot(path=screenshots / "nepal_0_start.png", full_page=True)
    page.locator("[data-save]").click()
    expect(page.locator(".turn-name")).to_be_visible()  # the first dealer is drawn
    table_one = GameSession.objects.get()
    assert table_one.options["alter_value"] == 5 and table_one.options["man_value"] == 5
    assert table_one.options["jokers"] == 3 and table_one.options["unseen_maal"] == "murder"

    rules = page.locator(".session-rules")
    expect(rules).to_contain_text("Alter's maal")
    expect(rules).to_contain_text("Man's maal (printed joker)")
    expect(page.locator("select[name=wild] option[value='7H']")).to_have_text("7♥ · alter 7♦")
    expect(page.locator("select[name=wild] option[value=JK]")).to_have_count(0)

    # Hand 1: a show, everybody seen.
    page.select_option("select[name=wild]", "7H")
    chip(page, 0, "won")
    pick(page, 0, ["7D", "7D", "JK"])
    chip(page, 1, "cards")
    seen(page, 1)
    pick(page, 1, ["8H", "8H"])
    seen(page, 2)
    preview = page.locator("#hand-preview")
    expect(preview).to_contain_text("Asha: 2 alters 15, 1 man 5")
    expect(preview).to_contain_text("Asha's value cards: 20 from each player")
    expect(preview).to_contain_text("Bala's value cards: 5 from each player")
    page.screenshot(path=screenshots / "nepal_1_show.png", full_page=True)
    preview.scroll_into_view_if_needed()
    page.screenshot(path=screenshots / "nepal_1_show_preview.png")
    save(page)
    assert session_board(table_one).totals == {0: 41, 1: -13, 2: -28}

    # Hand 2: Chitra has not seen; her two men and a poplu are murdered.
    page.select_option("select[name=wild]", "5S")
    chip(page, 1, "won")
    pick(page, 1, ["5C"])
    chip(page, 0, "cards")
    seen(page, 0)
    pick(page, 0, ["4S"])
    chip(page, 2, "cards")
    pick(page, 2, ["JK", "JK", "6S"])
    expect(preview).to_contain_text("Chitra's 17 value points murdered: Chitra had not seen")
    expect(preview).to_contain_text("Chitra: 2 men 15")
    expect(preview).to_contain_text("Bala: 1 alter 5")
    page.screenshot(path=screenshots / "nepal_2_murder.png", full_page=True)
    save(page)
    assert session_board(table_one).totals == {0: 37, 1: 8, 2: -45}
    expect(page.locator(".total--leader .total-name")).to_have_text("Asha")
    expect(page.locator(".total--leader .total-points")).to_have_text("37")
    found = violations(page)
    assert not found, describe("the Nepal table", found)

    # The second table plays alter only, and kidnap.
    table_two = make_session(
        club, variant="marriage", names=("Dev", "Esha", "Farid"), options=ALTER_ONLY, user=scorer
    )
    page.goto(live_server.url + f"/clubs/{club.slug}/sessions/{table_two.pk}/")
    expect(page.locator("select[name=wild] option[value='9D']")).to_have_text("9♦ · alter 9♥")
    page.select_option("select[name=wild]", "9D")
    chip(page, 0, "won")
    pick(page, 0, ["9H"])
    chip(page, 1, "cards")
    pick(page, 1, ["JK", "10D"])
    chip(page, 2, "cards")
    seen(page, 2)
    pick(page, 2, ["9S", "9C"])
    preview = page.locator("#hand-preview")
    expect(preview).to_contain_text("Esha's 12 value points kidnapped by Dev")
    expect(preview).to_contain_text("Esha: 1 man 10")
    expect(preview).to_contain_text("Dev: 1 alter 5")
    expect(preview).to_contain_text("Dev's value cards: 17 from each player")
    page.screenshot(path=screenshots / "nepal_3_kidnap.png", full_page=True)
    preview.scroll_into_view_if_needed()
    page.screenshot(path=screenshots / "nepal_3_kidnap_preview.png")
    save(page)
    assert session_board(table_two).totals == {0: 47, 1: -27, 2: -20}
    found = violations(page)
    assert not found, describe("the alter-only table", found)


@pytest.mark.parametrize("language", ["hi", "ne", "ta"])
def test_the_nepal_table_in_each_language(live_server, phone_in, screenshots, language) -> None:
    club = make_club("Kathmandu Club")
    scorer = scorer_of(club)
    session = make_session(
        club,
        variant="marriage",
        options={"alter_value": 5, "man_value": 5, "jokers": 3},
        user=scorer,
    )
    page = phone_in(language)
    log_in(page, live_server)
    page.goto(live_server.url + f"/clubs/{club.slug}/sessions/{session.pk}/")
    alter = {"hi": "ऑल्टर", "ne": "अल्टर", "ta": "ஆல்டர்"}[language]
    expect(page.locator("select[name=wild] option[value='7H']")).to_have_text(f"7♥ · {alter} 7♦")
    maal = {"hi": "ऑल्टर का माल", "ne": "अल्टरको माल", "ta": "ஆல்டரின் மால்"}[language]
    expect(page.locator(".session-rules")).to_contain_text(maal)
    page.select_option("select[name=wild]", "7H")
    chip(page, 0, "won")
    pick(page, 0, ["7D", "7D", "JK"])
    expect(page.locator("#hand-preview")).to_contain_text(f"Asha: 2 {alter} 15")
    page.screenshot(path=screenshots / f"nepal_{language}.png", full_page=True)
    page.locator("#hand-preview").scroll_into_view_if_needed()
    page.screenshot(path=screenshots / f"nepal_{language}_preview.png")
    found = violations(page)
    assert not found, describe(f"the Nepal table in {language}", found)


@pytest.mark.parametrize(("language", "scheme"), [("en", "light"), ("ne", "dark")])
def test_the_clubs_rules_page_offers_the_nepal_options(
    live_server, phone_in, screenshots, language, scheme
) -> None:
    club = make_club("Kathmandu Club")
    page = phone_in(language, scheme)
    log_in(page, live_server, owner_of(club).username)
    page.goto(live_server.url + f"/clubs/{club.slug}/rules/?variant=marriage&preset=nepal")
    expect(page.locator("input[name=alter_value]")).to_have_value("5")
    expect(page.locator("input[name=man_value]")).to_have_value("5")
    expect(page.locator("input[name=jokers]")).to_have_value("3")
    page.locator("label:has(input[name=wild_ranks][value=alter])").tap()
    page.locator("input[name=alter_value]").scroll_into_view_if_needed()
    page.screenshot(path=screenshots / f"nepal_rules_{language}_{scheme}.png")
    found = violations(page)
    assert not found, describe(f"the rules page in {language}, {scheme}", found)
    page.locator("form.rules-form [type=submit]").click()
    # Saved: the page comes back without the preset's "Nothing changes until you save".
    expect(page).not_to_have_url(re.compile("preset="))
    from clubs import services

    assert services.default_options(club=club, variant="marriage") == {
        "wild_ranks": "alter",
        "alter_value": 5,
        "man_value": 5,
        "jokers": 3,
    }
