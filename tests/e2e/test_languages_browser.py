"""The session screen in the players' own languages on a 360x740 phone: a hand recorded in
Tamil and in Nepali, a session finished in Hindi, check-a-show in all three.

The phone's language is its browser's (Playwright's `locale` sends it as Accept-Language),
as a player's phone would. Each screen is looked at in light and dark
(tests/e2e/screenshots/lang_*), and checked for what a person would see go wrong: the
page in another language, text wider than the screen, and boxes where the script's font
is missing (the page's own Devanagari or Tamil font must have been loaded and used:
Debian's Chromium has neither script).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from django.utils import translation
from playwright.sync_api import Page, expect

from scoring.models import GameSession, SessionStatus
from tests.e2e.conftest import PHONE
from tests.e2e.pages import log_in, record_typed_hand
from tests.factories import make_club, make_session
from tests.scoring.factories import scorer_of

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

FONTS = {"hi": "Rummy Devanagari", "ne": "Rummy Devanagari", "ta": "Rummy Tamil"}


def in_language(language: str, english: str, context: str | None = None) -> str:
    """What the catalogue says for `english`; it must say something else."""
    with translation.override(language):
        said = translation.pgettext(context, english) if context else translation.gettext(english)
    assert said != english, f"{english!r} is not translated into {language}"
    return said


def looks_right(page: Page, language: str) -> None:
    """The page is in `language`, fits the phone's width, and drew its script in the
    font the app serves."""
    expect(page.locator("html")).to_have_attribute("lang", language)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    used = page.evaluate(
        """(family) => document.fonts.ready.then(() =>
            [...document.fonts].some((f) => f.family.includes(family) && f.status === "loaded"))""",
        FONTS[language],
    )
    assert used, f"the {FONTS[language]} font was not loaded"


def shoot(page: Page, screenshots: Path, name: str) -> None:
    page.screenshot(path=screenshots / f"lang_{name}.png", full_page=True)


@pytest.mark.parametrize("language", ["ta", "ne"])
def test_a_hand_is_recorded_in_tamil_and_in_nepali(
    live_server, phone_in, screenshots, language
) -> None:
    club = make_club("Chennai Club" if language == "ta" else "Kathmandu Club")
    scorer = scorer_of(club)
    session = make_session(club, names=("Asha", "Bala", "Chitra"), user=scorer)
    page = phone_in(language)
    log_in(page, live_server)
    url = live_server.url + f"/clubs/{club.slug}/sessions/{session.pk}/"
    page.goto(url)
    expect(page.locator("[data-save]")).to_contain_text(in_language(language, "Save hand"))

    record_typed_hand(page, 1, 0, {1: "30", 2: "12"})
    # The ledger of the saved hand, in the language: Bala pays Asha 30 (penalty).
    expect(page.locator(".hands-table tbody tr")).to_contain_text("30")
    expect(page.locator("[data-saved-note]")).to_be_visible()
    looks_right(page, language)
    shoot(page, screenshots, f"{language}_session")

    # The summary so far (the session is still open).
    page.goto(url + "summary/")
    expect(page.locator(".summary-totals")).to_contain_text(in_language(language, "Totals so far"))
    looks_right(page, language)
    shoot(page, screenshots, f"{language}_summary")

    dark = phone_in(language, "dark")
    log_in(dark, live_server)
    dark.goto(url)
    looks_right(dark, language)
    shoot(dark, screenshots, f"{language}_session_dark")

    page.goto(
        live_server.url
        + "/rules/check/?variant=indian13&wild=10C&hand=2H+3H+4H+6D+7D+8D+5S+6S+7S+9C+KD+AS+QC"
    )
    expect(page.locator(".verdict")).to_be_visible()
    looks_right(page, language)
    shoot(page, screenshots, f"{language}_check_show")


def test_a_session_is_finished_in_hindi(live_server, phone_in, screenshots) -> None:
    club = make_club("Pune Club")
    scorer = scorer_of(club)
    session = make_session(club, names=("Asha", "Bala", "Chitra"), user=scorer, stake=2)
    page = phone_in("hi")
    log_in(page, live_server)
    url = live_server.url + f"/clubs/{club.slug}/sessions/{session.pk}/"
    page.goto(url)
    record_typed_hand(page, 1, 0, {1: "40", 2: "25"})
    record_typed_hand(page, 2, 1, {0: "10", 2: "80"})
    looks_right(page, "hi")
    shoot(page, screenshots, "hi_session")

    page.locator(".button-danger[href$='finish/']").tap()
    expect(page.locator(".finish-facts")).to_be_visible()
    looks_right(page, "hi")
    shoot(page, screenshots, "hi_finish_confirm")
    page.locator(".finish-form__confirm").tap()
    page.wait_for_url("**/summary/")
    assert GameSession.objects.get(pk=session.pk).status == SessionStatus.FINISHED
    expect(page.locator(".summary-totals")).to_contain_text(in_language("hi", "Final totals"))
    looks_right(page, "hi")
    shoot(page, screenshots, "hi_summary")

    dark = phone_in("hi", "dark")
    log_in(dark, live_server)
    dark.goto(url + "summary/")
    looks_right(dark, "hi")
    shoot(dark, screenshots, "hi_summary_dark")

    page.goto(
        live_server.url
        + "/rules/check/?variant=indian13&wild=10C&hand=2H+3H+4H+6D+7D+8D+5S+6S+7S+9C+9D+9S+9H"
    )
    expect(page.locator(".verdict")).to_be_visible()
    looks_right(page, "hi")
    shoot(page, screenshots, "hi_check_show")
