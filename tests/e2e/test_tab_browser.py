"""Recording a payment on the tab from a 360x740 phone: the form fits, every control is a
44px tap target, htmx swaps in the new balances without a reload. Screenshots go to
tests/e2e/screenshots/ (tab-*.png)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.pages import log_in
from tests.factories import make_club
from tests.tab.factories import money_session, played_as

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_dev_records_paying_asha_on_a_phone(phone: Page, live_server, screenshots):
    club = make_club("Friday Club")
    # Asha wins; Dev loses 20 points and Chitra 5, at 6 per point: Dev owes Asha 120,
    # Chitra owes her 30.
    money_session(club, stake=6, hands=[(0, {1: 20, 2: 5})], names=("Asha", "Dev", "Chitra"))
    played_as(club, "Dev", "dev")
    log_in(phone, live_server, "dev")
    phone.goto(f"{live_server.url}/clubs/{club.slug}/tab/")
    owed = phone.locator(".owed-list")
    expect(owed).to_contain_text("Dev pays Asha")
    expect(owed).to_contain_text("120")
    phone.screenshot(path=str(screenshots / "tab-before.png"), full_page=True)

    form = phone.locator("form.payment-form")
    for control in form.locator("select, input:not([type=hidden]), button").all():
        box = control.bounding_box()
        assert box is not None and box["height"] >= 44, control
        assert box["x"] >= 0 and box["x"] + box["width"] <= 360, control
    expect(form.locator("select[name=payer]")).to_have_value(str(club.players.get(name="Dev").pk))
    form.locator("select[name=payee]").select_option(label="Asha")
    form.locator("input[name=amount]").fill("120")
    form.locator("input[name=note]").fill("cash after the game")
    form.get_by_role("button", name="Record payment").click()

    expect(phone.locator("#tab [role=status]")).to_have_text("Dev paid Asha 120.")
    expect(owed).not_to_contain_text("Dev pays")
    expect(owed).to_contain_text("Chitra pays Asha 30")
    expect(phone.locator(".payment").first).to_contain_text("cash after the game")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    phone.screenshot(path=str(screenshots / "tab-after.png"), full_page=True)
