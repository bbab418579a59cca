"""Steps the browser tests share."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

# The test factories' password (tests/factories.py).
PASSWORD = "a-long-test-password"


def log_in(page: Page, live_server: Any, username: str = "scorer") -> None:
    """Log in through the login page, as a person would."""
    page.goto(live_server.url + "/accounts/login/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", PASSWORD)
    page.locator("main form [type=submit]").last.click()
    # Logged in once the login form has gone: the next page is asked for as the user.
    expect(page.locator("input[name=username]")).to_have_count(0)


def record_typed_hand(page: Page, rows: int, winner: int, points: dict[int, str]) -> None:
    """On the session screen: the wild card 10C, `winner` won, each seat in `points` lost
    that many typed points; saved once the ledger shows, and in the list as row `rows`."""
    page.select_option("select[name=wild]", "10C")
    page.locator(f"label[for=s{winner}-how-won]").tap()
    for seat, value in points.items():
        page.locator(f"input[name=s{seat}-points]").fill(value)
    expect(page.locator("#hand-preview .changes")).to_be_visible()
    page.locator("[data-save]").click()
    expect(page.locator(".hands-table tbody tr")).to_have_count(rows)
