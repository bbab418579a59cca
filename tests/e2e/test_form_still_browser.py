"""The record-hand form holds still while a hand is typed, and a refused save moves to the
first mistake. Layout shift is measured by the browser itself (a `layout-shift`
PerformanceObserver), the way Core Web Vitals count it."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.pages import log_in
from tests.factories import make_club, make_session
from tests.scoring.factories import scorer_of

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# Every layout shift not caused by a tap or a key press in the 500 ms before it, summed.
OBSERVE_SHIFTS = """
window.layoutShift = 0;
window.layoutShiftAll = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    window.layoutShiftAll += entry.value;
    if (!entry.hadRecentInput) window.layoutShift += entry.value;
  }
}).observe({ type: "layout-shift", buffered: true });
"""

# With 10C exposed: three pure sequences, and 9C KD AS QC left over (39 points).
LOSER = ["2H", "3H", "4H", "6D", "7D", "8D", "5S", "6S", "7S", "9C", "KD", "AS", "QC"]


def open_session(live_server, page: Page, names=("Asha", "Bala", "Chitra", "Dev")) -> None:
    club = make_club("Tuesday Club")
    scorer = scorer_of(club)
    session = make_session(club, names=names, user=scorer)
    log_in(page, live_server)
    page.goto(live_server.url + f"/clubs/{club.slug}/sessions/{session.pk}/")
    expect(page.locator("#hand-form")).to_be_visible()


def settled(page: Page) -> None:
    expect(page.locator(".htmx-request")).to_have_count(0)
    page.wait_for_timeout(900)  # past the preview's 700 ms pause after typing
    expect(page.locator(".htmx-request")).to_have_count(0)


def test_entering_a_hand_shifts_nothing_on_the_screen(
    live_server, phone: Page, screenshots
) -> None:
    page = phone
    page.add_init_script(OBSERVE_SHIFTS)
    open_session(live_server, page)
    settled(page)
    page.evaluate("window.layoutShift = 0; window.layoutShiftAll = 0")

    page.select_option("select[name=wild]", "10C")
    page.locator("label[for=s1-how-won]").tap()
    settled(page)
    page.locator("input[name=s0-points]").fill("20")
    settled(page)
    page.locator("input[name=s2-points]").fill("35")
    settled(page)
    page.locator("label[for=s3-how-cards]").tap()
    settled(page)
    page.locator("[data-pick=s3-cards]").tap()
    for code in LOSER:
        page.locator(f"#card-picker [data-card='{code}']").tap()
    page.locator("[data-picker-done]").tap()
    settled(page)
    expect(page.locator("#hand-preview")).to_contain_text("Dev pays Bala 39")

    shift = page.evaluate("window.layoutShift")
    print(
        f"\nlayout shift while entering a hand: {shift:.4f} (with input: "
        f"{page.evaluate('window.layoutShiftAll'):.4f})"
    )
    page.screenshot(path=screenshots / "form_still_entered.png", full_page=True)
    assert shift < 0.01
    # Scrolled down to the last seat, the running totals are still at the top of the screen.
    page.locator("input[name=s3-cards], textarea[name=s3-cards]").scroll_into_view_if_needed()
    assert page.evaluate("window.scrollY") > 300
    totals = page.locator(".table-screen .totals").bounding_box()
    assert totals is not None and -1 <= totals["y"] <= 1
    expect(page.locator(".table-screen .totals .total-name").first).to_have_text("Asha")


def test_won_is_one_choice_across_the_seats(live_server, phone: Page) -> None:
    page = phone
    open_session(live_server, page)
    page.locator("label[for=s0-how-won]").tap()
    page.locator("label[for=s2-how-won]").tap()
    expect(page.locator("#s2-how-won")).to_be_checked()
    expect(page.locator("#s0-how-won")).not_to_be_checked()
    assert page.locator(".chip-input[value=won]:checked").count() == 1


def test_a_refused_save_moves_to_and_focuses_the_first_mistake(
    live_server, phone: Page, screenshots
) -> None:
    page = phone
    open_session(live_server, page, names=("Asha", "Bala", "Chitra", "Dev", "Esha", "Farid"))
    page.select_option("select[name=wild]", "10C")
    page.locator("label[for=s0-how-won]").tap()
    for seat in (1, 2, 3, 4):
        page.locator(f"input[name=s{seat}-points]").fill("10")
    # Farid's points are left out: the save is refused with a sentence beside his seat.
    page.locator("[data-save]").click()
    error = page.locator("#seat-error-5")
    expect(error).to_contain_text("Farid")
    expect(page.locator("input[name=s5-points]")).to_be_focused()
    box = page.locator("input[name=s5-points]").bounding_box()
    assert box is not None and 0 <= box["y"] <= 740 - box["height"]
    page.screenshot(path=screenshots / "form_still_refused.png")
