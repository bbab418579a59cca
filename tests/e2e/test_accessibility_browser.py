"""axe-core finds no serious or critical violation on the screens a player meets most: the
start form, the session screen, the summary and its score sheet, the tab and check-a-show,
in English, Hindi, Nepali and Tamil, in light and in dark, on a 360x740 phone.

One browser and one server serve all forty-eight pages (the session's browser, through
`phone_in`, and pytest-django's `live_server`); each language and colour scheme is one
test, so a failure names it, and every violation on its six screens is listed at once.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from tests.e2e.axe import describe, violations
from tests.e2e.pages import log_in
from tests.factories import make_club
from tests.scoring.factories import scorer_of
from tests.tab.factories import money_session

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

LANGUAGES = ("en", "hi", "ne", "ta")
SCHEMES = ("light", "dark")
SHOW = "/rules/check/?variant=indian13&wild=10C&hand=2H+3H+4H+6D+7D+8D+5S+6S+7S+9C+KD+AS+QC"


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_main_screens_have_no_serious_accessibility_violation(
    phone_in, live_server, language: str, scheme: str
) -> None:
    club = make_club("Axe Club")
    scorer_of(club)
    # A finished session with money (its summary and the tab's balances) and an open one
    # with a hand (the session screen, its hand list and the form for the next hand).
    finished = money_session(club, stake=2, hands=[(0, {1: 20, 2: 5})])
    open_session = money_session(club, stake=2, hands=[(1, {0: 12, 2: 30})], finished=False)
    base = f"{live_server.url}/clubs/{club.slug}"
    screens = {
        "start form": f"{base}/sessions/new/",
        "session screen": f"{base}/sessions/{open_session.pk}/",
        "summary": f"{base}/sessions/{finished.pk}/summary/",
        "score sheet": f"{base}/sessions/{finished.pk}/sheet/",
        "tab": f"{base}/tab/",
        "check-a-show": live_server.url + SHOW,
    }
    # Screenshots are not taken here: one pixel a point is enough for axe, and quicker.
    page: Page = phone_in(language, scheme, scale=1, timeout=10_000)
    log_in(page, live_server)
    report = []
    for name, url in screens.items():
        page.goto(url)
        assert page.locator("html").get_attribute("lang") == language, name
        found = violations(page)
        if found:
            report.append(describe(f"{name} ({language}, {scheme})", found))
    assert not report, "axe-core found:\n" + "\n".join(report)
