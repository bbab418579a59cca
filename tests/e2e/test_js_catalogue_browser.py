"""The scripts' words in a real browser: offline they come from the service worker's copy
of the JavaScript catalogue, and with no catalogue at all the session screen still works,
in English (tests/test_js_catalogue.py checks the scripts and the route without one)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.pages import log_in
from tests.factories import make_club, make_session
from tests.scoring.factories import scorer_of, session_url

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def open_session_screen(live_server, page) -> str:
    club = make_club("Tuesday Club")
    session = make_session(club, user=scorer_of(club))
    log_in(page, live_server)
    url = live_server.url + session_url("session-detail", session)
    page.goto(url)
    return url


# The worker keeps the catalogue it fetched once the page has it (a moment later).
KEPT_CATALOGUE = """async () => {
  for (let tries = 0; tries < 50; tries += 1) {
    if (await caches.match("/jsi18n/?lang=en", { ignoreVary: true })) return true;
    await new Promise((wait) => setTimeout(wait, 100));
  }
  return false;
}"""


def test_offline_the_catalogue_comes_from_the_service_workers_copy(live_server, phone) -> None:
    page = phone
    open_session_screen(live_server, page)
    assert page.evaluate("navigator.serviceWorker.ready.then(() => true)") is True
    page.reload()  # now under the worker, which keeps the catalogue it fetches
    assert page.evaluate(KEPT_CATALOGUE) is True

    page.context.set_offline(True)
    page.reload()
    expect(page.locator("#hand-form")).to_be_visible()
    assert page.evaluate("typeof window.gettext === 'function' && Boolean(window.django)")
    expect(page.locator("[data-offline-note]")).to_contain_text("Offline · last news at")


def test_without_the_catalogue_the_session_screen_works_in_english(live_server, phone) -> None:
    page = phone
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    # The first visit, before any service worker looks after the page: nothing answers for
    # the catalogue.
    page.context.route(
        lambda url: "/jsi18n/" in url, lambda route: route.abort("internetdisconnected")
    )
    open_session_screen(live_server, page)
    expect(page.locator("#hand-form")).to_be_visible()
    assert page.evaluate("typeof window.gettext") == "undefined"

    # session.js: the card picker counts and names in English (ngettext and interpolate).
    page.locator("label[for=s1-how-cards]").tap()
    page.locator("[data-pick=s1-cards]").tap()
    picker = page.locator("#card-picker")
    expect(picker.locator("#card-picker-title")).to_have_text("Bala's cards")
    expect(picker.locator("[data-picker-count]")).to_have_text("0 cards")
    picker.locator("[data-card='KS']").tap()
    expect(picker.locator("[data-picker-count]")).to_have_text("1 card")
    page.locator("[data-picker-done]").tap()

    # hand_queue.js: the offline note, with its clock time.
    page.context.set_offline(True)
    expect(page.locator("[data-offline-note]")).to_contain_text("Offline · last news at")
    assert errors == []
