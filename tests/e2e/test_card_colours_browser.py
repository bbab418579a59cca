"""On a 360x740 phone: the check-a-show grid in two and in four colours, light and dark, and
the session screen's folded rules opened (in Hindi)."""

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.pages import log_in
from tests.factories import join, make_club, make_session, make_user

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def _ink(page: Page, code: str) -> str:
    return page.locator(f'.card-btn[data-card="{code}"]').evaluate("e => getComputedStyle(e).color")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_four_colour_deck_colours_diamonds_and_clubs_apart_from_hearts(
    live_server, phone: Page, screenshots, scheme
) -> None:
    page = phone
    page.emulate_media(color_scheme=scheme)
    page.goto(live_server.url + "/rules/check/")
    for code in ("AH", "AD", "AC"):
        page.locator(f'.card-btn[data-card="{code}"]').tap()
    page.locator(".tap-grid").scroll_into_view_if_needed()
    assert _ink(page, "AH") == _ink(page, "AD")  # the usual deck: both red
    page.screenshot(path=screenshots / f"cards_two_colour_{scheme}.png")

    toggle = page.locator(".card-colours__toggle")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    assert toggle.bounding_box()["height"] >= 44
    toggle.tap()
    expect(page.locator("html")).to_have_class("four-colour")
    inks = {_ink(page, code) for code in ("AS", "AH", "AD", "AC")}
    assert len(inks) == 4, inks
    page.locator(".tap-grid").scroll_into_view_if_needed()
    page.screenshot(path=screenshots / f"cards_four_colour_{scheme}.png")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_session_screens_rules_open_in_words(live_server, phone: Page, screenshots, scheme):
    club = make_club("Tuesday Club")
    join(club, make_user("scorer"), "scorer")
    session = make_session(club, options={"ace_value": 11, "drop_first": 25})
    page = phone
    page.emulate_media(color_scheme=scheme)
    log_in(page, live_server)
    page.context.add_cookies([{"name": "django_language", "value": "hi", "url": live_server.url}])
    page.goto(f"{live_server.url}/clubs/{club.slug}/sessions/{session.pk}/")
    rules = page.locator(".session-rules")
    expect(rules).not_to_have_attribute("open", "")
    rules.locator("summary").tap()
    expect(rules.locator("dl")).to_be_visible()
    expect(rules).to_contain_text("25")
    rules.scroll_into_view_if_needed()
    page.screenshot(path=screenshots / f"session_rules_hi_{scheme}.png")
    page.goto(f"{live_server.url}/clubs/{club.slug}/sessions/new/")
    page.screenshot(path=screenshots / f"start_rules_hi_{scheme}.png", full_page=True)
