"""A pool evening on a 360x740 phone: hands add up, a player goes out at 101, rejoins from
the Players page after a confirmation, and the last player in wins the pot."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from scoring.models import GameSession, SessionStatus
from scoring.services.sessions import PoolSetup
from tests.e2e.pages import log_in, record_typed_hand
from tests.factories import make_club, make_session
from tests.scoring.factories import scorer_of

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_pool_evening_with_an_elimination_and_a_rejoin(
    live_server, phone: Page, screenshots
) -> None:
    page = phone
    club = make_club("Pool Club")
    scorer = scorer_of(club)
    session = make_session(
        club,
        names=("Asha", "Bala", "Chitra"),
        user=scorer,
        format="pool",
        pool=PoolSetup(limit=101, rejoins=1, entry_fee=50),
    )
    log_in(page, live_server)
    url = live_server.url + f"/clubs/{club.slug}/sessions/{session.pk}/"
    page.goto(url)

    record_typed_hand(page, 1, 0, {1: "60", 2: "30"})
    record_typed_hand(page, 2, 0, {1: "45", 2: "20"})
    # Bala reached 105: out, and the next hand is dealt to Asha and Chitra only.
    bala = page.locator(".total").filter(has_text="Bala")
    expect(bala).to_contain_text("out in hand 2")
    expect(page.locator("input[name=s1-points]")).to_have_count(0)
    page.screenshot(path=screenshots / "pool_1_out.png", full_page=True)

    page.get_by_role("link", name="Players").tap()
    page.get_by_role("button", name="Rejoins").tap()
    expect(
        page.get_by_text("rejoins the pool at the highest score in play plus one")
    ).to_be_visible()
    expect(page.get_by_text("pays 50 into the pot")).to_be_visible()
    page.screenshot(path=screenshots / "pool_2_rejoin_asked.png", full_page=True)
    page.get_by_role("button", name="Bala rejoins").tap()
    expect(page.locator(".messages")).to_contain_text("The table is changed")
    expect(bala).to_contain_text("51")

    record_typed_hand(page, 3, 2, {0: "80", 1: "50"})
    record_typed_hand(page, 4, 2, {0: "30"})
    session = GameSession.objects.get(pk=session.pk)
    assert session.status == SessionStatus.FINISHED
    page.goto(url + "summary/")
    expect(page.locator(".summary-winner")).to_contain_text("Chitra")
    expect(page.get_by_text("Pool to 101; pot 200.")).to_be_visible()
    expect(page.get_by_text("Bala rejoined at 51.")).to_be_visible()
    expect(page.get_by_text("Asha went out in hand 4 at 110.")).to_be_visible()
    expect(page.get_by_text("Chitra is the last player in and takes the pot.")).to_be_visible()
    page.screenshot(path=screenshots / "pool_3_summary.png", full_page=True)
