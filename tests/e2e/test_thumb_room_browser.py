"""At 360x740 with six players: the sticky totals leave room for the hand, a low field
tapped stays under the thumb, and every control is a 44px target, on the session screen,
the start form, the summary, the tab and check-a-show."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from clubs.roles import Role
from tests.e2e.pages import log_in
from tests.factories import make_club, make_session, record, typed_entry
from tests.scoring.factories import scorer_of
from tests.tab.factories import finish, pay

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SIX = ("Asha", "Bala Krishna", "Chitra", "Devendra", "Esha", "Farid")

# Every visible control smaller than 44x44 (a visually hidden one: whose label is too); a
# link is one too (the summary's controls are all links).
SMALL_TARGETS = """() => {
  const box = (el) => el.getBoundingClientRect();
  const big = (el) => box(el).width >= 43.5 && box(el).height >= 43.5;
  // A control drawn 1px wide (the chips' radios) is tapped through its label.
  const hidden = (el) => box(el).width <= 2;
  const shown = (el) => box(el).width > 0 && getComputedStyle(el).visibility !== "hidden";
  const labelled = (el, test) => el.labels && [...el.labels].some(test);
  const controls = "main :is(input:not([type=hidden]), select, button, textarea, summary, a[href])";
  const small = [];
  for (const el of document.querySelectorAll(controls)) {
    if (!shown(el) && !labelled(el, shown)) continue;
    if (el.closest("[hidden], [aria-hidden=true], dialog:not([open])")) continue;
    if (big(el) || (hidden(el) && labelled(el, big))) continue;
    const r = box(el);
    small.push(`${el.name || el.textContent.trim()} ${r.width}x${r.height}`);
  }
  return small;
}"""


def open_six(live_server, page: Page, *, stake: int = 0):
    club = make_club("Tuesday Club")
    session = make_session(club, names=SIX, user=scorer_of(club), stake=stake)
    if stake:
        record(session, typed_entry(1, {0: 20, 2: 35, 3: 80, 4: 12, 5: 7}))
    log_in(page, live_server)
    page.goto(live_server.url + f"/clubs/{club.slug}/sessions/{session.pk}/")
    expect(page.locator("#hand-form")).to_be_visible()
    return club, session


def test_six_players_sticky_totals_stay_under_130_px(live_server, phone: Page, screenshots):
    page = phone
    open_six(live_server, page, stake=2)
    expect(page.locator(".table-screen .totals .total-net").first).to_be_visible()
    box = page.locator(".table-screen .totals").bounding_box()
    print(f"\nsticky totals, six players with nets: {box['height']:.0f} px")
    page.screenshot(path=screenshots / "thumb_totals_six.png")
    # Two rows of three tiles, each three lines: the name, the points, and the net with its
    # unit ("money -40"), which no longer fits beside the points. They took 160 px before.
    assert box["height"] <= 130


def test_a_low_points_field_tapped_stays_under_the_thumb_and_above_the_save_bar(
    live_server, phone: Page, screenshots
):
    page = phone
    open_six(live_server, page)
    field = page.locator("input[name=s4-points]")
    # Scrolled so that the field's top shows just above the save bar, its bottom under it.
    page.evaluate(
        "el => window.scrollBy(0, el.getBoundingClientRect().top - 640)", field.element_handle()
    )
    page.wait_for_timeout(200)
    before, top = page.evaluate("window.scrollY"), field.bounding_box()["y"]
    page.touchscreen.tap(60, top + 8)
    page.keyboard.type("2")
    page.wait_for_timeout(300)
    expect(field).to_be_focused()
    moved = page.evaluate("window.scrollY") - before
    box = field.bounding_box()
    save_top = page.locator(".save-bar").bounding_box()["y"]
    totals_bottom = page.locator(".table-screen .totals").bounding_box()
    totals_bottom = totals_bottom["y"] + totals_bottom["height"]
    print(f"\ntapped field moved {moved:.0f} px; its top {box['y']:.0f}, save bar {save_top:.0f}")
    page.screenshot(path=screenshots / "thumb_low_field.png")
    assert abs(moved) <= 60
    assert totals_bottom <= box["y"] and box["y"] + box["height"] <= save_top


def test_every_control_of_the_session_screen_is_a_44_px_target(live_server, phone: Page):
    page = phone
    open_six(live_server, page)
    assert page.locator("input[name=void]").count() == 1
    assert page.evaluate(SMALL_TARGETS) == []


def test_every_control_of_the_start_form_is_a_44_px_target(live_server, phone: Page, screenshots):
    page = phone
    club, _ = open_six(live_server, page)
    page.goto(live_server.url + f"/clubs/{club.slug}/sessions/new/")
    page.locator("details.rules summary").tap()
    page.screenshot(path=screenshots / "thumb_start_form.png", full_page=True)
    assert page.evaluate(SMALL_TARGETS) == []


# A shown hand, so the page has its verdict and every control of the card grid.
SHOW = "/rules/check/?variant=indian13&wild=10C&hand=2H+3H+4H+6D+7D+8D+5S+6S+7S+9C+KD+AS+QC"


@pytest.mark.parametrize("screen", ["summary", "tab", "check-a-show"])
def test_every_control_of_the_summary_the_tab_and_check_a_show_is_a_44_px_target(
    live_server, phone: Page, screenshots, screen: str
):
    page = phone
    club = make_club("Tuesday Club")
    # An organiser sees the most controls: the payment form and each payment's Remove.
    session = make_session(club, names=SIX, user=scorer_of(club, role=Role.ORGANISER), stake=2)
    record(session, typed_entry(1, {0: 20, 2: 35, 3: 80, 4: 12, 5: 7}))
    finish(session)
    pay(club, "Asha", "Bala Krishna", 40, note="cash")
    urls = {
        "summary": f"/clubs/{club.slug}/sessions/{session.pk}/summary/",
        "tab": f"/clubs/{club.slug}/tab/",
        "check-a-show": SHOW,
    }
    log_in(page, live_server)
    page.goto(live_server.url + urls[screen])
    # What a folded section holds is a target too, once opened.
    for summary in page.locator("main details:not([open]) > summary").all():
        if summary.is_visible():
            summary.tap()
    page.screenshot(path=screenshots / f"thumb_{screen}.png", full_page=True)
    assert page.evaluate(SMALL_TARGETS) == []
