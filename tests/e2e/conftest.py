"""Browser tests: a real headless Chromium (Debian's) driven by Playwright.

Playwright never downloads a browser here; `make test` installs Debian's chromium, and a
machine without it fails these tests with a message saying so (a skip would hide them).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Page

# Sync Playwright runs an event loop in the test's thread, which makes Django refuse
# database access from it unless told that this is safe (it is: one thread, one test).
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
PHONE = {"width": 360, "height": 740}


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    if not CHROMIUM.is_file():
        pytest.fail(
            f"Browser tests need Debian's Chromium at {CHROMIUM}: run `make test`, which "
            "installs it, or `apt-get install -y chromium`.",
            pytrace=False,
        )
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def phone(browser) -> Iterator[object]:
    """A page in a 360x740 phone screen that takes taps."""
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True
    )
    context.set_default_timeout(5_000)
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def phone_in(browser) -> Iterator[object]:
    """Phones in a language and a colour scheme: `phone_in("ta", "dark")` opens one."""
    contexts = []

    def open_phone(
        language: str, scheme: str = "light", *, scale: int = 2, timeout: int = 5_000
    ) -> Page:
        context = browser.new_context(
            viewport=PHONE,
            device_scale_factor=scale,
            is_mobile=True,
            has_touch=True,
            locale=language,
            color_scheme=scheme,
        )
        context.set_default_timeout(timeout)
        contexts.append(context)
        return context.new_page()

    yield open_phone
    for context in contexts:
        context.close()


@pytest.fixture
def screenshots() -> Path:
    SCREENSHOTS.mkdir(exist_ok=True)
    return SCREENSHOTS
