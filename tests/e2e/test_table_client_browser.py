"""The session screen's client on its JSON contract (docs/session-screen.md), at 360x740.

- A scorer who taps straight on to the next hand while the last one is still on its way
  (1.5 s of network latency) keeps every tap and digit.
- A reload with no network after three hands waiting shows the right dealer, hand number
  and waiting list, and the totals say as of when.
- A live refresh moves the form's hand number on with the board.
- The board the scripts draw from the JSON is the board the server draws.
"""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Page, expect

from scoring.models import GameSession, HandVersion
from scoring.selectors import session_board
from tests.e2e.pages import log_in
from tests.e2e.test_offline_browser import cut_network, open_session
from tests.factories import correct, make_club, make_session, record, typed_entry, void
from tests.scoring.factories import scorer_of

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

LATENCY_MS = 1500


def slow_network(page: Page, latency_ms: int) -> None:
    """Every request of the page takes `latency_ms` longer, as on a club room's Wi-Fi."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": latency_ms, "downloadThroughput": -1, "uploadThroughput": -1},
    )


def stored_entries(session: GameSession) -> list[dict]:
    versions = HandVersion.objects.filter(hand__session=session).order_by("hand__number")
    return [version.entry for version in versions]


def test_the_next_hand_typed_while_the_last_is_sent_keeps_every_tap_and_digit(
    live_server, phone: Page, screenshots
) -> None:
    page = phone
    club = make_club("Tuesday Club")
    session = make_session(club, names=("Asha", "Bala", "Chitra"), user=scorer_of(club))
    log_in(page, live_server)
    page.goto(live_server.url + f"/clubs/{club.slug}/sessions/{session.pk}/")
    slow_network(page, LATENCY_MS)

    page.select_option("select[name=wild]", "10C")
    page.locator("label[for=s0-how-won]").tap()
    page.locator("input[name=s1-points]").fill("20")
    page.locator("input[name=s2-points]").fill("30")
    saved_at = time.monotonic()
    page.locator("[data-save]").tap()

    # 0.3 s after Save, the next hand: a winner, a digit at a time, across the reply.
    page.wait_for_timeout(300)
    expect(page.locator("#record-title")).to_have_text("Record hand 2")
    page.locator("label[for=s1-how-won]").tap()
    page.locator("input[name=s0-points]").tap()
    for digit in "25":
        page.keyboard.type(digit)
        page.wait_for_timeout(400)
    page.locator("input[name=s2-points]").tap()
    for digit in "1":
        page.keyboard.type(digit)
        page.wait_for_timeout(400)

    # The first hand's reply came back while the second was typed ...
    expect(page.locator(".hands-table tbody tr")).to_have_count(1, timeout=10_000)
    answered = time.monotonic() - saved_at
    page.locator("input[name=s2-points]").press("End")
    page.keyboard.type("5")
    # ... and took nothing typed with it.
    expect(page.locator("#s1-how-won")).to_be_checked()
    expect(page.locator("input[name=s0-points]")).to_have_value("25")
    expect(page.locator("input[name=s2-points]")).to_have_value("15")
    expect(page.locator("[data-save]")).to_be_enabled()
    page.screenshot(path=screenshots / "client_1_next_hand_kept.png")
    assert answered >= LATENCY_MS / 1000, f"the reply came after {answered:.1f} s"

    page.select_option("select[name=wild]", "5D")
    page.locator("[data-save]").tap()
    expect(page.locator(".hands-table tbody tr")).to_have_count(2, timeout=10_000)
    entries = stored_entries(session)
    assert len(entries) == 2
    second = {seat["position"]: seat for seat in entries[1]["seats"]}
    assert second[1]["result"] == "won"
    assert (second[0]["penalty"], second[2]["penalty"]) == (25, 15)


def turn_text(page: Page) -> tuple[str, str]:
    return page.locator(".turn-hand").inner_text(), page.locator(".turn-name").inner_text()


def test_a_reload_with_no_network_shows_the_deal_and_number_after_the_waiting_hands(
    live_server, phone: Page, screenshots
) -> None:
    page = phone
    session = open_session(live_server, page)
    # Hand 1 is stored; the page the service worker keeps is the one from before it.
    page.select_option("select[name=wild]", "10C")
    page.locator("label[for=s0-how-won]").tap()
    page.locator("input[name=s1-points]").fill("20")
    page.locator("input[name=s2-points]").fill("30")
    page.locator("[data-save]").tap()
    expect(page.locator(".hands-table tbody tr")).to_have_count(1)
    after_one = turn_text(page)

    cut_network(page, True)
    shown = []
    for winner, points in ((1, {0: "10", 2: "40"}), (2, {0: "15", 1: "5"}), (0, {1: "2", 2: "8"})):
        page.select_option("select[name=wild]", "10C")
        page.locator(f"label[for=s{winner}-how-won]").tap()
        for seat, value in points.items():
            page.locator(f"input[name=s{seat}-points]").fill(value)
        page.locator("[data-save]").tap()
        expect(page.locator("#record-title")).to_have_text(f"Record hand {len(shown) + 3}")
        shown.append(turn_text(page))
    # Each waiting hand moved the deal on, hand by hand.
    assert [hand for hand, _ in shown] == ["Hand 3", "Hand 4", "Hand 5"]
    assert len({dealer for _, dealer in [after_one, *shown]}) == 3

    page.reload()
    expect(page.locator("[data-queue] .queued")).to_have_count(3)
    assert turn_text(page) == shown[-1]
    expect(page.locator("#record-title")).to_have_text("Record hand 5")
    expect(page.locator(".hands-table tbody tr")).to_have_count(1)
    expect(page.locator(".total--leader .total-name")).to_have_text("Asha")
    expect(page.locator("[data-as-of]")).to_have_text(
        re.compile(r"The totals are as of \d\d:\d\d( [AP]M)?: these 3 hands are not in them yet\.")
    )
    expect(page.locator("[data-offline-note]")).to_contain_text("last news at")
    page.screenshot(path=screenshots / "client_2_offline_reload.png", full_page=True)

    # Back online: the server's own drawing agrees with what the phone showed.
    cut_network(page, False)
    expect(page.locator("[data-queue]")).to_be_hidden(timeout=20_000)
    assert len(stored_entries(session)) == 4
    page.reload()
    assert turn_text(page) == shown[-1]
    board = session_board(GameSession.objects.get(pk=session.pk))
    assert page.locator(".turn-name").inner_text() == board.names[board.next_dealer]


def test_the_forms_hand_number_follows_a_live_refresh(live_server, phone: Page) -> None:
    page = phone
    club = make_club("Tuesday Club")
    session = make_session(club, names=("Asha", "Bala", "Chitra"), user=scorer_of(club))
    log_in(page, live_server)
    page.goto(live_server.url + f"/clubs/{club.slug}/sessions/{session.pk}/")
    page.locator("input[name=s1-points]").fill("7")  # typing, not yet saved

    record(session, typed_entry(0, {1: 20, 2: 30}))  # another phone's hand
    expect(page.locator(".hands-table tbody tr")).to_have_count(1, timeout=6_000)
    expect(page.locator(".turn-hand")).to_have_text("Hand 2")
    expect(page.locator("#record-title")).to_have_text("Record hand 2")
    expect(page.locator("input[name=s1-points]")).to_have_value("7")
    expect(page.locator("input[name=revision]")).to_have_value(str(session_revision(session)))


def session_revision(session: GameSession) -> int:
    return GameSession.objects.get(pk=session.pk).revision


# What a part of the page shows, element by element: its tag, classes, the words it says
# (aria-label, text) and where its links go. Whitespace between elements is not drawn.
SHAPE = """(root) => Array.from(root.querySelectorAll("*"), (node) => [
  node.tagName,
  node.className,
  node.getAttribute("aria-label") || "",
  node.getAttribute("href") || "",
  node.hidden,
  Array.from(node.childNodes).filter((c) => c.nodeType === 3).map((c) => c.textContent)
    .join("").replace(/\\s+/g, " ").trim(),
])"""


def assert_drawn_as_served(page: Page) -> None:
    """The board board.js draws from the page's own state is the one the server drew."""
    parts = ".turn, .totals, .hands, .session-actions"
    server = page.eval_on_selector_all(parts, f"(nodes) => nodes.map({SHAPE})")
    page.evaluate(
        "window.rummyBoard.draw(JSON.parse(document.getElementById('session-state').textContent))"
    )
    assert page.eval_on_selector_all(parts, f"(nodes) => nodes.map({SHAPE})") == server


def test_the_board_drawn_from_the_json_is_the_board_the_server_draws(
    live_server, phone: Page
) -> None:
    page = phone
    club = make_club("Tuesday Club")
    names = ("Ashwini", "Balakrishna", "Chitra", "Devendra", "Esha", "Farhan")
    session = make_session(club, names=names, user=scorer_of(club), stake=2)
    record(session, typed_entry(0, {1: 20, 2: 30, 3: 80}, drops={4: "first", 5: "later"}))
    record(session, typed_entry(1, {0: 10, 2: 5, 3: 40, 4: 2, 5: 60}))
    correct(session, 2, typed_entry(1, {0: 12, 2: 5, 3: 40, 4: 2, 5: 60}), reason="12, not 10")
    record(session, typed_entry(2, {0: 10, 1: 10, 3: 10, 4: 10, 5: 10}))
    void(session, 3, reason="misdeal")
    log_in(page, live_server)
    page.goto(live_server.url + f"/clubs/{club.slug}/sessions/{session.pk}/")

    assert_drawn_as_served(page)


def test_a_long_evenings_board_drawn_from_the_json_is_the_servers_too(
    live_server, phone: Page, screenshots
):
    page = phone
    club = make_club("Tuesday Club")
    session = make_session(club, names=("Asha", "Bala", "Chitra"), user=scorer_of(club))
    for number in range(22):
        winner = number % 3
        record(session, typed_entry(winner, {p: 4 + number for p in range(3) if p != winner}))
    log_in(page, live_server)
    page.goto(live_server.url + f"/clubs/{club.slug}/sessions/{session.pk}/")
    expect(page.locator(".hands-earlier a")).to_have_text("Show all 22 hands")
    page.locator(".hands-earlier").scroll_into_view_if_needed()
    page.screenshot(path=screenshots / "client_3_long_evening.png")

    assert_drawn_as_served(page)

    page.locator(".hands-earlier a").tap()
    expect(page.locator(".hands-table tbody tr")).to_have_count(22)
