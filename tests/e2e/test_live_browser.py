"""Two phones on one session: what one records, the other shows by itself within seconds."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import PHONE
from tests.e2e.pages import log_in
from tests.factories import make_club, make_session, member
from tests.scoring.factories import scorer_of

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_watching_phone_shows_the_scorers_hand_without_reloading(
    live_server, browser, phone: Page, screenshots
) -> None:
    club = make_club("Tuesday Club")
    scorer = scorer_of(club)
    member(club, "dev")
    session = make_session(club, names=("Asha", "Bala", "Chitra"), user=scorer)
    url = live_server.url + f"/clubs/{club.slug}/sessions/{session.pk}/"

    watcher_context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    watcher = watcher_context.new_page()
    log_in(watcher, live_server, "dev")
    watcher.goto(url)
    expect(watcher.locator(".hands")).to_contain_text("No hands yet")
    loads = []
    watcher.on("load", lambda _: loads.append(1))
    # What the watcher is sent: only what changed since what it shows, in JSON.
    news = []
    watcher.on(
        "response",
        lambda response: (
            news.append(response) if "/live/" in response.url and response.status == 200 else None
        ),
    )

    log_in(phone, live_server, "scorer")
    phone.goto(url)
    phone.select_option("select[name=wild]", "10C")
    phone.locator("label[for=s1-how-won]").tap()
    phone.locator("input[name=s0-points]").fill("20")
    phone.locator("input[name=s2-points]").fill("30")
    phone.locator("[data-save]").click()
    expect(phone.locator("[data-saved-note]")).to_contain_text("Hand saved.")

    # Within 5 seconds, with no reload: the hand, the totals and the next dealer.
    expect(watcher.locator(".hands-table tbody tr")).to_have_count(1, timeout=5_000)
    expect(watcher.locator(".total--leader .total-name")).to_have_text("Bala")
    assert loads == []
    assert news, "the watcher was sent nothing"
    change = news[-1].json()["session"]
    assert change["since"] == 0 and [row["shown_number"] for row in change["rows"]] == [1]
    assert len(news[-1].body()) < 3000
    watcher.screenshot(path=screenshots / "live_watcher.png", full_page=True)
    watcher_context.close()
