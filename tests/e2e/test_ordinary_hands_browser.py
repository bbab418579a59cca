"""An ordinary hand of each game, recorded on a 360x740 phone the way a scorer taps it.

Each hand is stored once and the screen shows it; the test prints how many touches it took
(a tap on a chip or a field, each digit typed, each choice in a list) and how long the
browser and server took for it, for the issue's note. The touches are the product's, not
the test's: a human needs about the same and adds only their own thinking time.
"""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Page, expect

from scoring.models import HandVersion
from tests.e2e.pages import log_in
from tests.factories import make_club, make_session
from tests.scoring.factories import scorer_of

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

NAMES = ("Asha", "Bala", "Chitra", "Dev")
# game: (wild card, [(seat, chip or None, {field: value})]) for one ordinary hand: a winner,
# then each other player's typed points (or value cards), as a table reads them out.
HANDS = {
    "indian13": (
        "10C",
        [
            (1, "won", {}),
            (0, None, {"points": "20"}),
            (2, None, {"points": "35"}),
            (3, "first", {}),
        ],
    ),
    "indian21": (
        "7S",
        [
            (2, "won", {"bonus": "10"}),
            (0, None, {"points": "60"}),
            (1, None, {"points": "45"}),
            (3, None, {"points": "80"}),
        ],
    ),
    "rummy27": (
        "4D",
        [
            (0, "won", {}),
            (1, None, {"points": "55"}),
            (2, None, {"points": "70"}),
            (3, "later", {}),
        ],
    ),
    "marriage": (
        "9H",
        [
            (3, "won", {"bonus": "6"}),
            (0, None, {"bonus": "3"}),
            (1, None, {"bonus": "0"}),
            (2, None, {"bonus": "2"}),
        ],
    ),
    "vazhushal": ("5D", [(2, "won", {})]),
}


@pytest.mark.parametrize("variant", list(HANDS))
def test_an_ordinary_hand_of_each_game_in_a_few_taps(live_server, phone: Page, variant) -> None:
    club = make_club("Tuesday Club")
    scorer = scorer_of(club)
    session = make_session(club, variant=variant, names=NAMES, user=scorer)
    page = phone
    log_in(page, live_server)
    page.goto(live_server.url + f"/clubs/{club.slug}/sessions/{session.pk}/")
    expect(page.locator("#hand-form")).to_be_visible()

    wild, seats = HANDS[variant]
    started = time.perf_counter()
    page.select_option("select[name=wild]", wild)
    touches = 2  # open the list, choose the card
    for seat, chip, fields in seats:
        if chip:
            page.locator(f"label[for=s{seat}-how-{chip}]").tap()
            touches += 1
        for field, value in fields.items():
            page.locator(f"input[name=s{seat}-{field}]").fill(value)
            touches += 1 + len(value)  # the field, then each digit
    expect(page.locator("#hand-preview .changes")).to_be_visible()
    page.locator("[data-save]").click()
    touches += 1
    expect(page.locator("[data-saved-note]")).to_contain_text("Hand saved.")
    seconds = time.perf_counter() - started
    print(f"\n{variant}: {touches} touches, {seconds:.1f} s from the first tap to 'Hand saved.'")
    assert HandVersion.objects.filter(hand__session=session).count() == 1
