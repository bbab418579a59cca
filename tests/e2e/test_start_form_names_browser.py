"""The start form's player list at 360x740: long names wrap between words, never inside one
("Bala Krishna / n" was read as two people), and stay inside their row; so do the words
around them ("New guest")."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from clubs import services as club_services
from tests.e2e.pages import log_in
from tests.factories import make_club
from tests.scoring.factories import scorer_of

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

NAMES = (
    "Asha",
    "Bala Krishnamurthy",
    "Thiruvenkatasamy",
    "Chitra Lakshmi Narayanan",
    "Devendra Prasad",
    "Esha",
)

# Each word of a player's name (or of the list's own words) drawn on more than one line:
# its range has a box per line it is on; and each name wider than its box or drawn outside
# its row. A hyphen ends a word: "owner-4d3a" may break after it.
BROKEN_WORDS = """() => {
  const broken = [];
  const words = ".players :is(legend, .player-name, .field-label, button)";
  for (const name of document.querySelectorAll(words)) {
    const row = name.closest(".player-row, .players").getBoundingClientRect();
    const walker = document.createTreeWalker(name, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const word of node.data.matchAll(/[^\\s-]+/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const lines = range.getClientRects();
        if (lines.length > 1) broken.push(`${word[0]} on ${lines.length} lines`);
        for (const line of lines) {
          if (line.left < row.left || line.right > row.right) broken.push(`${word[0]} sticks out`);
        }
      }
    }
    if (name.scrollWidth > name.clientWidth) broken.push(`${name.textContent.trim()} overflows`);
  }
  return broken;
}"""


@pytest.mark.parametrize("language", ["en", "ta"])
def test_long_names_on_the_start_form_wrap_between_words_only(
    live_server, phone_in, screenshots, language: str
) -> None:
    # Tamil's "(guest)", "(விருந்தினர்)", is a long word of its own after each name.
    page: Page = phone_in(language)
    club = make_club("Chennai Club")
    for name in NAMES:
        club_services.add_guest(club=club, name=name)
    scorer_of(club)
    log_in(page, live_server)
    page.goto(live_server.url + f"/clubs/{club.slug}/sessions/new/")
    for name in NAMES:
        expect(page.locator(".player-name", has_text=name)).to_be_visible()
    # A seated player's row, too: its seat number is in the row beside the name.
    page.locator(".player-row", has_text="Thiruvenkatasamy").tap()
    page.locator(".player-list").scroll_into_view_if_needed()
    page.evaluate("document.fonts.ready")
    page.screenshot(path=screenshots / f"start_form_long_names_{language}.png")
    assert page.evaluate(BROKEN_WORDS) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
