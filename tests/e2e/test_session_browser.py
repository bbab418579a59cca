"""At the table on a phone: seat the players, then record a hand in a few taps."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from clubs import services as club_services
from scoring.models import GameSession, HandVersion
from tests.scoring.factories import make_club, scorer_of

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# With 10C exposed: three pure sequences, and 9C KD AS QC left over (39 points).
LOSER = ["2H", "3H", "4H", "6D", "7D", "8D", "5S", "6S", "7S", "9C", "KD", "AS", "QC"]


def assert_fits_a_phone(page: Page, controls: str) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"the page is {width}px wide on a 360px screen"
    small = page.evaluate(
        """(selector) => [...document.querySelectorAll(selector)]
            .filter((el) => el.offsetParent !== null)
            .map((el) => [el.textContent.trim() || el.name, el.getBoundingClientRect()])
            .filter(([, box]) => box.width < 44 || box.height < 44)
            .map(([name, box]) => `${name}: ${box.width}x${box.height}`)""",
        controls,
    )
    assert small == [], f"tap targets under 44px: {small}"


def test_a_scorer_seats_the_table_and_records_a_hand_in_a_few_taps(
    live_server,
    phone: Page,
    screenshots,
) -> None:
    club = make_club("Tuesday Club")
    for name in ("Asha", "Bala", "Chitra"):
        club_services.add_guest(club=club, name=name)
    scorer_of(club)  # password: the factories' "a-long-test-password"

    page = phone
    page.goto(live_server.url + "/accounts/login/")
    page.fill("input[name=username]", "scorer")
    page.fill("input[name=password]", "a-long-test-password")
    page.locator("main form [type=submit]").last.click()

    page.goto(live_server.url + f"/clubs/{club.slug}/sessions/new/")
    for name in ("Asha", "Bala", "Chitra"):
        page.locator(".player-row", has_text=name).tap()
    expect(page.locator("[data-first-dealer] option[value='2']")).to_have_text("Seat 2 · Bala")
    page.select_option("[data-first-dealer]", "1")
    assert_fits_a_phone(page, ".start-form select, .start-form button:not(.visually-hidden)")
    page.screenshot(path=screenshots / "session_0_start.png", full_page=True)
    page.locator("[data-save]").click()

    expect(page.locator(".turn-name")).to_have_text("Asha")
    expect(page.locator(".turn-first")).to_contain_text("Chitra plays first")
    session = GameSession.objects.get()
    assert [s.player.name for s in session.seats.order_by("position")] == [
        "Asha",
        "Bala",
        "Chitra",
    ]

    # The hand: Bala won, Asha typed 20 points, Chitra's cards picked on the grid.
    page.select_option("select[name=wild]", "10C")
    page.locator("label[for=s1-how-won]").tap()
    page.locator("input[name=s0-points]").fill("20")
    page.locator("label[for=s2-how-cards]").tap()
    # The tap asks for a new preview; on a busy machine its answer can arrive during the
    # next tap and move the Pick button from under it. Tap once the page has settled.
    expect(page.locator(".htmx-request")).to_have_count(0)
    page.locator("[data-pick=s2-cards]").tap()
    expect(page.locator("#card-picker")).to_be_visible()
    for code in LOSER:
        page.locator(f"#card-picker [data-card='{code}']").tap()
    expect(page.locator("[data-picker-count]")).to_have_text("13 cards")
    page.locator("[data-picker-done]").tap()

    preview = page.locator("#hand-preview")
    expect(preview).to_contain_text("Chitra pays Bala 39 (penalty)")
    expect(preview).to_contain_text("Asha pays Bala 20 (penalty)")
    assert HandVersion.objects.count() == 0  # nothing is stored by looking
    assert_fits_a_phone(page, ".chip, .pick-button, .save-button, .hands-table summary")
    page.screenshot(path=screenshots / "session_1_hand.png", full_page=True)

    page.locator("[data-save]").click()
    expect(page.locator("[data-saved-note]")).to_contain_text("Hand saved.")
    expect(page.locator(".total--leader .total-name")).to_have_text("Bala")
    expect(page.locator(".total--leader .total-points")).to_have_text("59")
    expect(page.locator(".turn-name")).to_have_text("Chitra")  # counter-clockwise
    assert HandVersion.objects.count() == 1
