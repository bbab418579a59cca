"""Stopping a pool on a 360x740 phone: the players still in split the pot by typed amounts,
with what is left to share counting down, read back, then confirmed; the summary shows the
money. Looked at in light and dark, and in Tamil."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from scoring.models import GameSession, SessionStatus
from tests.e2e.conftest import PHONE
from tests.e2e.pages import log_in
from tests.scoring.factories import scorer_of
from tests.scoring.pot_factories import all_four_still_in, four_player_pool

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_the_scorer_splits_the_pot_by_typed_amounts_and_the_summary_shows_the_money(
    live_server, phone: Page, phone_in, screenshots
) -> None:
    session = all_four_still_in(four_player_pool())
    scorer_of(session.club)
    page = phone
    log_in(page, live_server)
    url = live_server.url + f"/clubs/{session.club.slug}/sessions/{session.pk}/"
    page.goto(url)
    page.get_by_role("link", name="Stop and split the pot").tap()
    expect(page.get_by_role("heading", name="Stop and split the pot?")).to_be_visible()
    left = page.locator(".pot-split__left-amount")
    expect(left).to_have_text("250")
    page.get_by_label("Asha").fill("100")
    page.get_by_label("Chitra").fill("100")
    expect(left).to_have_text("50")
    expect(page.get_by_label("Amounts typed")).to_be_checked()
    page.get_by_label("Dev").fill("50")
    expect(left).to_have_text("0")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.screenshot(path=screenshots / "pot_1_amounts.png", full_page=True)

    page.get_by_role("button", name="Check the split").tap()
    expect(page.locator(".pot-review")).to_contain_text("Bala pays Asha 50")
    page.screenshot(path=screenshots / "pot_2_review.png", full_page=True)
    page.get_by_role("button", name="Split the pot and end the session").tap()
    expect(page.locator(".summary-winner")).to_contain_text("stopped and split the pot")
    expect(page.locator(".summary-pot")).to_contain_text("Share of the pot")
    assert GameSession.objects.get(pk=session.pk).status == SessionStatus.FINISHED
    page.screenshot(path=screenshots / "pot_3_summary.png", full_page=True)

    for language, scheme in (("en", "dark"), ("ta", "light"), ("hi", "dark")):
        other = phone_in(language, scheme)
        log_in(other, live_server)
        other.goto(url + "summary/")
        other.screenshot(
            path=screenshots / f"pot_4_summary_{language}_{scheme}.png", full_page=True
        )
        assert other.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_the_split_page_in_tamil_and_dark(live_server, phone_in, screenshots) -> None:
    session = all_four_still_in(four_player_pool())
    scorer_of(session.club)
    for language, scheme in (("ta", "dark"), ("hi", "light")):
        page = phone_in(language, scheme)
        log_in(page, live_server)
        page.goto(live_server.url + f"/clubs/{session.club.slug}/sessions/{session.pk}/finish/")
        expect(page.locator(".pot-split__left-amount")).to_have_text("250")
        page.screenshot(path=screenshots / f"pot_5_split_{language}_{scheme}.png", full_page=True)
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
