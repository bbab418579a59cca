"""A room with bad Wi-Fi: hands saved with no network wait on the phone and are sent later.

The network is cut with the browser's own offline switch, so the page, its service worker
and its requests all see what a phone in a dead spot sees. What the server stored is read
from the database: each hand exactly once, in the order it was saved.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, Route, expect

from languages.fonts import page_fonts
from scoring.models import GameSession, HandVersion
from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, PHONE
from tests.e2e.pages import log_in
from tests.factories import make_club, make_session, record, typed_entry
from tests.scoring.factories import scorer_of

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def open_session(live_server, page: Page) -> GameSession:
    club = make_club("Tuesday Club")
    scorer = scorer_of(club)
    session = make_session(club, names=("Asha", "Bala", "Chitra"), user=scorer)
    log_in(page, live_server)
    url = live_server.url + f"/clubs/{club.slug}/sessions/{session.pk}/"
    page.goto(url)
    # The service worker installs on the first visit and keeps pages from the next one on.
    assert page.evaluate("navigator.serviceWorker.ready.then(() => true)") is True
    page.reload()
    expect(page.locator("#hand-form")).to_be_visible()
    assert page.evaluate("Boolean(navigator.serviceWorker.controller)") is True
    return session


def cut_network(page: Page, cut: bool) -> None:
    """The phone loses (or gets back) its network.

    The browser's offline switch is what the page and its service worker see; every request
    is also refused at the browser's edge while it is cut, so no request started in the
    instant the switch takes to reach a worker can slip through and make the test's reading
    of the database depend on timing.
    """
    if cut:
        page.context.set_offline(True)
        page.context.route("**/*", refuse)
    else:
        page.context.unroute("**/*", refuse)
        page.context.set_offline(False)


def refuse(route: Route) -> None:
    route.abort("internetdisconnected")


def enter_hand(page: Page, winner: int, points: dict[int, str]) -> None:
    page.select_option("select[name=wild]", "10C")
    page.locator(f"label[for=s{winner}-how-won]").tap()
    for seat, value in points.items():
        page.locator(f"input[name=s{seat}-points]").fill(value)


def winners(session: GameSession) -> list[str]:
    names = {seat.position: seat.player.name for seat in session.seats.select_related("player")}
    versions = HandVersion.objects.filter(hand__session=session).order_by("hand__number")
    return [
        names[int(position)]
        for version in versions
        for position, detail in version.ledger["scores"].items()
        if detail == max(version.ledger["scores"].values())
    ]


def test_hands_saved_offline_wait_through_a_reload_and_are_stored_once_in_order(
    live_server, phone: Page, screenshots
) -> None:
    page = phone
    session = open_session(live_server, page)

    cut_network(page, True)
    enter_hand(page, 0, {1: "20", 2: "30"})
    # The ledger cannot be asked for; the form says so and still saves.
    expect(page.locator("#hand-preview")).to_contain_text("cannot be checked until")
    page.locator("[data-save]").click()
    queue = page.locator("[data-queue]")
    expect(queue).to_be_visible()
    expect(queue.locator(".queued")).to_have_count(1)
    expect(queue).to_contain_text("Asha won")
    expect(queue).to_contain_text("waiting to send")
    expect(page.locator("[data-offline-note]")).to_contain_text("Offline")

    # Reloaded with no network: the page comes from the phone, the hand still waits.
    page.reload()
    expect(page.locator("[data-queue] .queued")).to_have_count(1)
    expect(page.locator("[data-offline-note]")).to_contain_text("last news at")
    page.screenshot(path=screenshots / "offline_1_waiting.png", full_page=True)

    enter_hand(page, 1, {0: "10", 2: "40"})
    page.locator("[data-save]").click()
    expect(page.locator("[data-queue] .queued")).to_have_count(2)
    expect(page.locator("[data-queue] .queued").nth(1)).to_contain_text("Bala won")
    assert HandVersion.objects.count() == 0

    cut_network(page, False)
    expect(page.locator("[data-queue]")).to_be_hidden(timeout=20_000)
    expect(page.locator(".hands-table tbody tr")).to_have_count(2)
    page.screenshot(path=screenshots / "offline_2_sent.png", full_page=True)
    assert HandVersion.objects.count() == 2
    assert winners(session) == ["Asha", "Bala"]


def test_a_waiting_hand_that_meets_another_phones_hand_is_kept_by_the_scorer(
    live_server, phone: Page, screenshots
) -> None:
    page = phone
    session = open_session(live_server, page)

    cut_network(page, True)
    enter_hand(page, 2, {0: "15", 1: "25"})
    page.locator("[data-save]").click()
    expect(page.locator("[data-queue] .queued")).to_have_count(1)

    # Meanwhile the other phone at the table records a hand.
    record(session, typed_entry(1, {0: 5, 2: 5}))

    cut_network(page, False)
    waiting = page.locator("[data-queue] .queued")
    expect(waiting).to_contain_text("not saved: the session changed", timeout=20_000)
    expect(waiting).to_contain_text("Another phone changed this session")
    # What the other phone did is in the hand list beside it.
    expect(page.locator(".hands-table tbody tr")).to_have_count(1)
    assert HandVersion.objects.count() == 1
    page.screenshot(path=screenshots / "offline_3_attention.png", full_page=True)

    page.locator("[data-queue-action=keep]").tap()
    expect(page.locator("[data-queue]")).to_be_hidden(timeout=20_000)
    assert HandVersion.objects.count() == 2
    assert winners(session) == ["Bala", "Chitra"]


def test_a_waiting_hand_can_be_discarded_after_confirming(live_server, phone: Page) -> None:
    page = phone
    session = open_session(live_server, page)
    cut_network(page, True)
    enter_hand(page, 0, {1: "20", 2: "30"})
    page.locator("[data-save]").click()
    record(session, typed_entry(1, {0: 5, 2: 5}))
    cut_network(page, False)
    expect(page.locator("[data-queue-action=discard]")).to_be_visible(timeout=20_000)

    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("[data-queue-action=discard]").tap()
    expect(page.locator("[data-queue]")).to_be_hidden()
    page.reload()
    expect(page.locator("[data-queue]")).to_be_hidden()
    assert HandVersion.objects.count() == 1


def test_a_waiting_hand_refused_on_arrival_comes_back_with_its_sentence_and_entries(
    live_server, phone: Page
) -> None:
    page = phone
    open_session(live_server, page)
    cut_network(page, True)
    enter_hand(page, 1, {0: "20000", 2: "30"})  # more points than a hand can cost
    page.locator("[data-save]").click()
    expect(page.locator("[data-queue] .queued")).to_have_count(1)

    cut_network(page, False)
    waiting = page.locator("[data-queue] .queued")
    expect(waiting).to_contain_text("not saved: refused", timeout=20_000)
    sentence = waiting.locator(".queued-message")
    expect(sentence).not_to_be_empty()

    page.locator("[data-queue-action=restore]").tap()
    expect(page.locator("[data-queue]")).to_be_hidden()
    expect(page.locator("input[name=s0-points]")).to_have_value("20000")
    expect(page.locator("input[name=s2-points]")).to_have_value("30")
    expect(page.locator("#s1-how-won")).to_be_checked()
    assert HandVersion.objects.count() == 0


# A word each font draws, to ask the page for it by: Hindi for the names and Devanagari,
# Tamil for Tamil.
SAMPLE = {"Rummy Names": "हिंदी தமிழ்", "Rummy Devanagari": "हिंदी", "Rummy Tamil": "தமிழ்"}
SCRIPT_OF = {"en": set(), "hi": {"Rummy Devanagari"}, "ta": {"Rummy Tamil"}}


def fonts_the_page_asked_for(page: Page) -> set[str]:
    """The font files the page has asked for (its preloads, and any its styles asked for),
    once it has loaded: a preload holds up the page's load event."""
    page.wait_for_load_state("load")
    urls = page.evaluate(
        """() => performance.getEntriesByType("resource").map((entry) => entry.name)"""
    )
    return {url.rsplit("/", 1)[1] for url in urls if "/fonts/" in url}


def fonts_at_hand(page: Page, families: set[str]) -> set[str]:
    """Those of `families` whose faces, regular and bold, the page can draw with now: each is
    asked for through the Font Loading API and comes from wherever the page's requests go
    (the worker's cache, with no network), or fails.

    Asking, rather than waiting for the layout to ask, is what makes this certain: Chromium
    asks for a unicode-range face when it lays out text needing it, and under a busy
    machine a page of ours was seen laid out in the fallback before its faces were known,
    never asking at all until the next restyle (a phone's own fonts draw those letters
    then; Debian's test browser has none and shows boxes).
    """
    loaded = page.evaluate(
        """async (samples) => {
          const families = [];
          for (const [family, text] of samples) {
            const faces = (await Promise.all(["", "bold "].map((weight) =>
              document.fonts.load(`${weight}16px "${family}"`, text).catch(() => []))))
              .flat();
            if (faces.length && faces.every((face) => face.status === "loaded")) {
              families.push(family);
            }
          }
          return families;
        }""",
        [[family, SAMPLE[family]] for family in sorted(families)],
    )
    return set(loaded)


@pytest.mark.parametrize("language", ["en", "hi", "ta"])
def test_a_page_opened_offline_is_drawn_in_its_own_languages_fonts(
    live_server, browser, request, screenshots, language
) -> None:
    """Every font a page needs comes from the worker with no network: its script's (none in
    English) and the switcher's names; and no other script's font is asked for, online or
    off. The screenshots show the letters drawn."""
    # A browser of its own, as a phone is: the suite's shared browser keeps the fonts that
    # earlier tests' pages loaded in its memory, and answers a new page's font from there
    # without asking the worker, which then never keeps it.
    own_browser = browser.browser_type.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
    request.addfinalizer(own_browser.close)
    context = own_browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True, locale=language
    )
    context.set_default_timeout(5_000)
    page = context.new_page()
    page.context.add_cookies(
        [{"name": "django_language", "value": language, "url": live_server.url + "/"}]
    )
    open_session(live_server, page)
    own = SCRIPT_OF[language]
    files = {font.rsplit("/", 1)[1] for font in page_fonts(language)}
    # Online, under the worker, as a phone at the table has it: the page asks for its own
    # fonts and no other script's.
    assert fonts_the_page_asked_for(page) == files
    cut_network(page, True)
    page.reload()
    expect(page.locator("#hand-form")).to_be_visible()
    # With no network, every one comes from the worker, and no other script's is asked for.
    assert fonts_the_page_asked_for(page) == files
    assert fonts_at_hand(page, {"Rummy Names", *own}) == {"Rummy Names", *own}
    page.screenshot(path=screenshots / f"offline_{language}_session.png")

    # An address never opened: the worker's offline page, in the language and its fonts.
    page.goto(live_server.url + "/clubs/")
    expect(page.locator(".offline-page")).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", language)
    assert fonts_the_page_asked_for(page) == files
    assert fonts_at_hand(page, {"Rummy Names", *own}) == {"Rummy Names", *own}
