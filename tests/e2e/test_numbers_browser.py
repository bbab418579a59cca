"""The evening's numbers on a 360x740 phone: six players' columns all in view, names in the
totals never cut short, every adjusted number explained; the summary and the printed score
sheet agree with the money. Screenshots go to /tmp/shots-numbers/."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from scoring.hand_entry import HandEntry, SeatEntry
from tests.e2e.pages import log_in
from tests.factories import make_club, make_session, record
from tests.scoring.factories import scorer_of

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/tmp/shots-numbers")
NAMES = ("Ashwin", "Bhuvanesh", "Chitra", "Devika", "Ezhilarasi", "Farida")

# WCAG contrast of an element's text on the page's background, in the browser's own colours.
CONTRAST = """(el) => {
  const rgb = (text) => text.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const lum = ([r, g, b]) => {
    const c = [r, g, b].map((v) => {
      v /= 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
  };
  let node = el;
  let bg = "rgba(0, 0, 0, 0)";
  while (node && (bg === "rgba(0, 0, 0, 0)" || bg === "transparent")) {
    bg = getComputedStyle(node).backgroundColor;
    node = node.parentElement;
  }
  const a = lum(rgb(getComputedStyle(el).color));
  const b = lum(rgb(bg));
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}"""


def seat(position: int, result: str = "lost", **fields: object) -> SeatEntry:
    return SeatEntry(position, result, **fields)  # type: ignore[arg-type]


def played_evening():
    club = make_club("Tuesday Club")
    game = make_session(
        club,
        names=NAMES,
        options={"penalty_cap": 120, "double_on_printed_joker": True},
        stake=2,
    )
    # Hand 1: Ashwin wins. Bhuvanesh typed 130 (capped at 120), Chitra had no turn (30 is
    # halved to 15), Devika packed first (10), Ezhilarasi packed later (40), Farida 40.
    record(
        game,
        HandEntry(
            seats=(
                seat(0, "won"),
                seat(1, penalty=130),
                seat(2, penalty=30, first_turn_pending=True),
                seat(3, "dropped", drop="first"),
                seat(4, "dropped", drop="later"),
                seat(5, penalty=40),
            ),
            wild="7H",
        ),
    )
    # Hand 2: the printed joker is exposed, so every payment doubles; Farida wins.
    record(
        game,
        HandEntry(
            seats=(
                seat(0, penalty=20),
                seat(1, penalty=80),
                seat(2, "dropped", drop="first"),
                seat(3, penalty=35),
                seat(4, penalty=60),
                seat(5, "won"),
            ),
            wild="JK",
        ),
    )
    # Hand 3: Chitra wins.
    record(
        game,
        HandEntry(
            seats=(
                seat(0, penalty=45),
                seat(1, penalty=12),
                seat(2, "won"),
                seat(3, penalty=7),
                seat(4, "dropped", drop="first"),
                seat(5, penalty=25),
            ),
            wild="9S",
        ),
    )
    return club, game


def assert_page_fits(page: Page) -> None:
    """No sideways scrolling at 360px. A phone may lay a page out wide for a moment while
    its styles arrive, so the width is read a few times before it counts as too wide."""
    width = 0
    for _ in range(10):
        width = page.evaluate("document.documentElement.scrollWidth")
        if width <= 360:
            return
        page.wait_for_timeout(200)
    raise AssertionError(f"the page is {width}px wide on a 360px screen")


def assert_within_width(page: Page, selector: str, count: int) -> None:
    boxes = page.locator(selector)
    expect(boxes).to_have_count(count)
    for index in range(count):
        box = boxes.nth(index).bounding_box()
        assert box is not None, f"{selector} #{index} is not shown"
        assert box["x"] >= 0 and box["x"] + box["width"] <= 360, (
            f"{selector} #{index} is outside the 360px screen: {box}"
        )


def assert_readable(page: Page, selectors: list[str]) -> None:
    for selector in selectors:
        items = page.locator(selector)
        for index in range(items.count()):
            if not items.nth(index).is_visible():
                continue
            ratio = items.nth(index).evaluate(CONTRAST)
            assert ratio >= 4.5, f"{selector} #{index}: contrast {ratio:.2f} is under 4.5"


def test_six_players_numbers_fit_a_phone_and_explain_themselves(live_server, phone) -> None:
    club, game = played_evening()
    scorer_of(club)
    page = phone
    SHOTS.mkdir(exist_ok=True)
    log_in(page, live_server)

    page.goto(live_server.url + f"/clubs/{club.slug}/sessions/{game.pk}/")
    expect(page.locator(".hands-table tbody tr")).to_have_count(3)
    assert_page_fits(page)

    # Every player's column is in view, heading and cells, with no sideways scrolling.
    assert_within_width(page, ".hands-table thead th.seat-head", 6)
    assert_within_width(page, ".hands-table tbody td.cell", 18)
    assert_within_width(page, ".hands-table tfoot td.num", 6)
    scroller = page.locator(".hands-scroll")
    assert scroller.evaluate("(el) => el.scrollWidth <= el.clientWidth")

    # The totals spell every name out, none cut short.
    names = page.locator(".totals .total-name")
    expect(names).to_have_text(list(NAMES))
    for index in range(len(NAMES)):
        assert names.nth(index).evaluate("(el) => el.scrollWidth <= el.clientWidth"), NAMES[index]
    # Winner takes with a stake: each tile shows the net beside the points.
    expect(page.locator(".totals .total-net")).to_have_count(6)

    # Each loser's penalty or pack shows, and every adjusted number is explained.
    table = page.locator(".hands-table")
    expect(table.locator(".cell-pack", has_text="middle pack")).to_have_count(1)
    expect(table.locator(".cell-mark", has_text="cap")).to_have_count(1)
    notes = page.locator(".hand-notes")
    expect(notes).to_contain_text("Bhuvanesh: typed 130, capped at 120")
    expect(notes).to_contain_text("Chitra: typed 30, halved: no turn yet")
    expect(notes).to_contain_text("Ashwin: typed 20, doubled: printed joker")

    # Tap targets: the hand's number and its change menu.
    for control in (".hands-table tbody th > a", ".hands-table summary"):
        for index in range(page.locator(control).count()):
            box = page.locator(control).nth(index).bounding_box()
            assert box and box["width"] >= 44 and box["height"] >= 44, (control, box)

    readable = [".cell-paid", ".cell-pack", ".cell-mark", ".cell-dealt", ".hands-key", ".total-net"]
    assert_readable(page, readable + [".hand-notes li", ".total-name"])
    page.screenshot(path=SHOTS / "session_light.png", full_page=True)
    page.locator(".totals").screenshot(path=SHOTS / "session_totals_light.png")
    page.locator(".hands").screenshot(path=SHOTS / "session_hands_light.png")
    page.emulate_media(color_scheme="dark")
    assert_readable(page, readable + [".hand-notes li", ".total-name"])
    page.screenshot(path=SHOTS / "session_dark.png", full_page=True)
    page.locator(".totals").screenshot(path=SHOTS / "session_totals_dark.png")
    page.locator(".hands").screenshot(path=SHOTS / "session_hands_dark.png")
    page.emulate_media(color_scheme="light")

    # The summary: the winner is who the money says, with the net beside the points.
    page.goto(live_server.url + f"/clubs/{club.slug}/sessions/{game.pk}/summary/")
    leader = page.locator(".summary-totals__leader th")
    expect(leader).to_have_count(1)
    winner_line = page.locator(".summary-winner__line strong")
    expect(winner_line).to_have_text(leader.inner_text())
    expect(page.locator(".summary-winner__line")).to_contain_text("net")
    assert_page_fits(page)
    page.screenshot(path=SHOTS / "summary_light.png", full_page=True)
    page.emulate_media(color_scheme="dark")
    assert_readable(page, [".summary-totals td", ".summary-winner__line"])
    page.screenshot(path=SHOTS / "summary_dark.png", full_page=True)
    page.emulate_media(color_scheme="light")

    # The score sheet: on screen it fits the phone; printed, no navigation or buttons.
    page.get_by_role("link", name="Score sheet to print").click()
    expect(page.locator(".sheet-table tbody tr")).to_have_count(3)
    assert_page_fits(page)
    page.screenshot(path=SHOTS / "sheet_screen.png", full_page=True)
    page.emulate_media(media="print")
    expect(page.locator(".site-header")).to_be_hidden()
    expect(page.locator(".summary-actions")).to_be_hidden()
    hidden = page.locator(".sheet-table tbody .visually-hidden").first.bounding_box()
    assert hidden is not None and hidden["width"] <= 1  # "(won)" is for screen readers
    expect(page.locator(".sheet-table")).to_contain_text("Ezhilarasi")
    expect(page.locator(".summary-settlement")).to_be_visible()
    page.screenshot(path=SHOTS / "sheet_print.png", full_page=True)
    page.emulate_media(media="print", color_scheme="dark")
    page.screenshot(path=SHOTS / "sheet_print_dark.png", full_page=True)
    # As wide as A4 (210mm at 96 dpi): full names head the columns, the dealer has one.
    page.set_viewport_size({"width": 794, "height": 1123})
    expect(page.locator(".sheet-table thead .sheet-full").first).to_be_visible()
    expect(page.locator(".sheet-table thead th.sheet-dealer")).to_be_visible()
    page.screenshot(path=SHOTS / "sheet_print_a4.png", full_page=True)
    page.pdf(path=str(SHOTS / "sheet.pdf"), format="A4")
