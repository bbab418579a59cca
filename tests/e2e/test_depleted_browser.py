"""Vazhushal with the stock run out: each player's table melds and cards left in hand are
picked on the card grid, a meld at a time, like any other game's cards."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from scoring.models import HandVersion
from tests.e2e.pages import log_in
from tests.factories import make_club, make_session
from tests.scoring.factories import scorer_of

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def pick(page: Page, field: str, *melds: list[str]) -> None:
    page.locator(f"[data-pick='{field}']").tap()
    picker = page.locator("#card-picker")
    expect(picker).to_be_visible()
    for index, meld in enumerate(melds):
        if index:
            picker.locator("[data-picker-meld]").tap()
        for code in meld:
            picker.locator(f"[data-card='{code}']").tap()
    page.locator("[data-picker-done]").tap()
    expect(picker).to_be_hidden()


def test_a_depleted_vazhushal_hand_is_picked_on_the_card_grid(
    live_server, phone: Page, screenshots
) -> None:
    club = make_club("Tuesday Club")
    scorer = scorer_of(club)
    session = make_session(club, variant="vazhushal", names=("Asha", "Bala", "Chitra"), user=scorer)
    page = phone
    log_in(page, live_server)
    page.goto(live_server.url + f"/clubs/{club.slug}/sessions/{session.pk}/")

    page.select_option("select[name=wild]", "5D")
    page.locator("label:has(input[name=depleted])").tap()
    pick(page, "s0-melds", ["2H", "3H", "4H"], ["10S", "10D", "10C"])
    expect(page.locator("#s0-melds")).to_have_value("2H 3H 4H / 10S 10D 10C")
    pick(page, "s0-cards", ["KS"])
    pick(page, "s1-cards", ["2C", "QS"])
    pick(page, "s2-melds", ["9S", "9D", "9C"])
    expect(page.locator("#hand-preview")).not_to_contain_text("Still to fill in", timeout=5_000)
    page.screenshot(path=screenshots / "depleted_picked.png", full_page=True)

    page.locator("[data-save]").click()
    expect(page.locator("[data-saved-note]")).to_contain_text("Hand saved.")
    entry = HandVersion.objects.get().entry
    seats = {seat["position"]: seat for seat in entry["seats"]}
    assert entry["depleted"] is True
    assert seats[0]["melds"] == [["2H", "3H", "4H"], ["10S", "10D", "10C"]]
    assert seats[0]["cards"] == ["KS"]
    assert seats[1]["cards"] == ["2C", "QS"]
    assert seats[2]["melds"] == [["9S", "9D", "9C"]]
