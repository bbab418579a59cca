"""The session screen's hands table at 360x740 with six players, in every language: the
heading and the totals row show their words whole ("மொத்தம்", Tamil's "Total", was cut in
the narrow hand-number column)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.pages import log_in
from tests.factories import make_club, make_session, record, typed_entry
from tests.scoring.factories import scorer_of

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SIX = ("Asha", "Bala Krishna", "Chitra", "Devendra", "Esha", "Farid")

# Each heading and totals cell whose text does not fit inside it: wider than its box, or
# drawn past its edges. What only a screen reader reads (.visually-hidden) is clipped on
# purpose and left out.
CUT_CELLS = """() => {
  const cut = [];
  for (const cell of document.querySelectorAll(".hands-table :is(thead, tfoot) :is(th, td)")) {
    const box = cell.getBoundingClientRect();
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent.trim() || node.parentElement.closest(".visually-hidden")) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const line of range.getClientRects()) {
        if (line.left < box.left - 0.5 || line.right > box.right + 0.5) {
          cut.push(`${node.textContent.trim()}: ${line.width}px in ${box.width}px`);
        }
      }
    }
    if (cell.scrollWidth > cell.clientWidth) {
      cut.push(`${cell.textContent.trim()}: scrolls ${cell.scrollWidth} in ${cell.clientWidth}`);
    }
  }
  return cut;
}"""


@pytest.mark.parametrize("language", ["en", "hi", "ne", "ta"])
def test_the_hands_tables_heading_and_totals_show_whole_words(
    live_server, phone_in, screenshots, language: str
) -> None:
    club = make_club("Chennai Club")
    session = make_session(club, names=SIX, user=scorer_of(club))
    # Three-figure totals, as an evening gives.
    for winner in (1, 3, 1):
        record(session, typed_entry(winner, {p: 80 for p in range(6) if p != winner}))
    page: Page = phone_in(language)
    log_in(page, live_server)
    page.goto(live_server.url + f"/clubs/{club.slug}/sessions/{session.pk}/")
    expect(page.locator(".hands-table tfoot")).to_be_visible()
    page.evaluate("document.fonts.ready")
    page.locator(".hands-table").scroll_into_view_if_needed()
    page.screenshot(path=screenshots / f"hands_table_{language}.png")
    assert page.evaluate(CUT_CELLS) == []
