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
