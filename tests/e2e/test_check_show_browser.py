"""The "Check a show" page on a phone: pick the game, tap a hand, read the verdict."""

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e

# With 9D exposed: three pure sequences and 10S 10D completed by the printed joker.
SHOW = ["AH", "2H", "3H", "5S", "6S", "7S", "8S", "JC", "QC", "KC", "10D", "10S", "JK"]


def tap_card(page: Page, code: str) -> None:
    page.locator(f'.card-btn[data-card="{code}"]').tap()


def assert_fits_a_phone(page: Page) -> None:
    """Nothing sticks out sideways, and every control is a thumb-sized target."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"the page is {width}px wide on a 360px screen"
    small = page.evaluate(
        """() => [...document.querySelectorAll(
              '#check-form select, #check-form textarea, #check-form button, '
              + '.tap-mode label, .summary-link')]
            .map((el) => [el.dataset.card || el.name || el.id || el.textContent.trim(),
                          el.getBoundingClientRect()])
            .filter(([, box]) => box.width < 44 || box.height < 44)
            .map(([name, box]) => `${name}: ${box.width}x${box.height}`)"""
    )
    assert small == [], f"tap targets under 44px: {small}"


def test_a_hand_tapped_on_the_grid_is_judged_without_a_reload(
    live_server, phone: Page, screenshots
) -> None:
    page = phone
    page.goto(live_server.url + "/rules/check/")
    # Anything set on window survives only as long as the page is not reloaded.
    page.evaluate("window.sameDocument = true")
    page.screenshot(path=screenshots / "check_show_0_start.png")

    page.select_option("#id_variant", "indian13")
    page.select_option("#id_wild", "9D")
    expect(page.locator("#game-status")).to_contain_text("Wild this hand")
    expect(page.locator("#check-summary")).to_contain_text("Indian Rummy shows have 13 cards")

    page.locator("#cards").scroll_into_view_if_needed()
    for code in SHOW:
        tap_card(page, code)
    expect(page.locator("#id_hand")).to_have_value(" ".join(SHOW))
    expect(page.locator('.card-btn[data-card="AH"]')).to_have_attribute("data-count", "1")

    summary = page.locator("#check-summary")
    expect(summary).to_contain_text("Valid show · Rummy")
    expect(summary).to_be_in_viewport()
    expect(page.locator("#hand-count")).to_have_text("13 of 13 cards")
    result = page.locator("#check-result")
    expect(result.locator(".verdict-title")).to_have_text("✓ Valid show")
    expect(result.locator(".meld")).to_have_count(4)
    expect(result.locator(".meld--pure_sequence")).to_have_count(3)
    assert page.evaluate("window.sameDocument") is True
    assert_fits_a_phone(page)
    page.screenshot(path=screenshots / "check_show_1_valid_while_tapping.png")
    page.locator(".summary-link").tap()
    expect(result.locator(".verdict")).to_be_in_viewport()
    page.screenshot(path=screenshots / "check_show_2_valid_result.png")

    # Swap the joker for 4D: the pure sequences stay, three cards are left over.
    page.locator("#cards").scroll_into_view_if_needed()
    page.locator('label[for="tap-remove"]').tap()
    tap_card(page, "JK")
    expect(page.locator('.card-btn[data-card="JK"]')).to_have_attribute("data-count", "0")
    page.locator('label[for="tap-add"]').tap()
    tap_card(page, "4D")

    expect(summary).to_contain_text("Not a show · 24 points")
    expect(result.locator(".penalty")).to_contain_text("24 points")
    expect(result.locator(".penalty")).to_contain_text("Only deadwood counts")
    expect(result).to_contain_text("Unmatched (3)")
    assert page.evaluate("window.sameDocument") is True
    assert_fits_a_phone(page)
    page.screenshot(path=screenshots / "check_show_3_not_a_show_while_tapping.png")
    result.scroll_into_view_if_needed()
    page.screenshot(path=screenshots / "check_show_4_penalty.png")

    # Typing goes through the same field; a card the engine cannot read is said beside it.
    page.locator("#id_hand").fill("AH ZZ")
    expect(page.locator("#hand-error")).to_contain_text("ZZ is not a card")
    assert page.evaluate("window.sameDocument") is True
    page.screenshot(path=screenshots / "check_show_5_bad_card.png", full_page=True)
