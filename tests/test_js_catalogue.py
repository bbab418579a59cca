"""The words the app's scripts show go through Django's JavaScript catalogue (/jsi18n/).

Every page loads the catalogue before the app's scripts; each script that shows words
falls back to English if the catalogue did not load (templates/offline/sw.js keeps a copy
for offline use). The last tests drive a real browser on the session screen: offline, the
catalogue comes from the service worker's copy; with no catalogue at all, the screen's
scripts still run, in English.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from common.bundles import BUNDLES
from tests.factories import make_club, make_session, owner_of
from tests.scoring.factories import logged_in, scorer_of, session_url

JS = Path(__file__).resolve().parents[1] / "static" / "js"
APP_SCRIPTS = sorted(path for path in JS.glob("*.js") if path.name != "htmx.min.js")
CATALOGUE = "/jsi18n/"

# What a person reads, as each script writes it: every one inside gettext() or ngettext().
WRAPPED = {
    "check_show.js": [
        "%(name)s, %(count)s in hand",
        "Cards: tap to take a copy off the hand",
        "Cards: tap to add a copy to the hand",
    ],
    "copy_links.js": ["Copied"],
    "table_sync.js": [
        "Another phone changed this session after this hand was saved here. Its change is in "
        "the hand list below; keep this hand as the next one, or discard it.",
        "Log in again on this phone to send it.",
        "Offline · last news at %(time)s. Hands you save wait on this phone and are sent when "
        "the network is back.",
        "Offline. Hands you save wait on this phone and are sent when the network is back.",
        "waiting to send",
        "not saved: the session changed",
        "not saved: refused",
        "not saved: the session has ended",
        "Discard it",
        "Keep it as the next hand",
        "Put back in the form",
        "Hand saved.",
        "Discard this hand (%(hand)s)? It will not be saved anywhere.",
        "Put this hand back in the form? What is typed there now is replaced.",
        "The ledger cannot be checked until the phone is back online. You can still save the "
        "hand: it waits on this phone and is sent when the network is back.",
    ],
    "hand_form.js": ["%(name)s won", "A hand", "A void hand"],
    "board.js": [
        "Record hand %(number)s",
        "The totals are as of %(time)s: this hand is not in them yet.",
        "The totals are as of %(time)s: these %(count)s hands are not in them yet.",
    ],
    "session.js": [
        "Saving…",
        "%(count)s card",
        "%(count)s meld",
        "%(name)s's table melds",
        "%(name)s's cards",
        "Seat %(number)s · %(name)s",
        "Seat %(number)s",
    ],
}

# Pieces of English that, left in any other string of a script, would reach a person
# untranslated. Case matters: "offline" (an event's name) and "card-btn" are code.
ENGLISH = [
    "Saving",
    "Seat ",
    " card",
    " meld",
    "in hand",
    "tap to",
    "Copied",
    "Copy",
    "waiting to send",
    "not saved",
    "Discard",
    "Keep it",
    "Put back",
    "Record hand",
    "Offline",
    " won",
    "A hand",
    "void hand",
    "Another phone",
    "Log in",
    "ledger",
    "network",
]

STRING = r'"(?:[^"\\\n]|\\.)*"'
# A call of the catalogue's functions whose text is string literals (joined with +).
CALL = re.compile(
    rf"\b(?:n|p|np)?gettext\(\s*(?:{STRING}\s*(?:\+\s*{STRING}\s*)*,?\s*)+",
)
LITERAL = re.compile(rf"{STRING}|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`")


def source(path: Path) -> str:
    """The script without its comments (line comments only: the app's scripts use no others)."""
    return re.sub(r"^\s*//.*$|\s//\s.*$", "", path.read_text(), flags=re.M)


def messages(path: Path) -> set[str]:
    """The texts a script passes to gettext() and its kin, joined (+) as xgettext joins them."""
    found = set()
    for call in CALL.finditer(source(path)):
        argument = ""
        for token in re.findall(rf"{STRING}|,", call.group()):
            if token == ",":
                found.add(argument)
                argument = ""
            else:
                argument += token[1:-1]
        found.add(argument)
    return found - {""}


@pytest.mark.django_db
def test_the_catalogue_answers_javascript_with_gettext_and_interpolate(client: Client) -> None:
    response = client.get(reverse("javascript-catalog"))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    body = response.content.decode()
    for name in ("gettext", "ngettext", "interpolate"):
        assert f"globals.{name} = django.{name};" in body
    assert reverse("javascript-catalog") == CATALOGUE


class Scripts(HTMLParser):
    """The page's <script> elements in document order: (src, deferred)."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, bool]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        # A JSON script element is the page's data (the session's state), never run.
        if tag == "script" and values.get("type") != "application/json":
            self.found.append((values.get("src") or "", "defer" in values))


def scripts_of(html: str) -> list[tuple[str, bool]]:
    parser = Scripts()
    parser.feed(html)
    return parser.found


def assert_catalogue_first(html: str) -> list[str]:
    scripts = scripts_of(html)
    sources = [src for src, _ in scripts]
    at = next(i for i, src in enumerate(sources) if src.startswith(CATALOGUE))
    # The page's own language names the copy the service worker keeps (offline/sw.js).
    assert sources[at] == CATALOGUE + "?lang=en"
    app = [src for src in sources if src.startswith("/static/js/") and "htmx" not in src]
    assert app, "the page loads none of the app's scripts"
    assert all(sources.index(src) > at for src in app), sources
    # Deferred scripts run in document order, after every classic one: the catalogue and
    # every script after it are all deferred, so it always runs first.
    assert all(deferred for _, deferred in scripts[at:]), scripts
    return app


@pytest.mark.django_db
def test_every_page_loads_the_catalogue_before_the_apps_scripts(client: Client) -> None:
    assert "/static/js/form_errors.js" in assert_catalogue_first(client.get("/").content.decode())
    check = client.get(reverse("rules-check")).content.decode()
    assert "/static/js/check_show.js" in assert_catalogue_first(check)


@pytest.mark.django_db
def test_the_session_screen_and_invitations_load_the_catalogue_first() -> None:
    club = make_club("Tuesday Club")
    session = make_session(club, user=scorer_of(club))
    html = logged_in(owner_of(club)).get(session_url("session-detail", session)).content.decode()
    app = assert_catalogue_first(html)
    # The screen's scripts come as one file (common/bundles.py), after the catalogue.
    assert app == ["/static/js/bundles/session_screen.js"]
    client = {"queue.js", "board.js", "hand_form.js", "table_sync.js"}
    assert {"js/session.js"} | {f"js/{name}" for name in client} <= set(
        BUNDLES["js/bundles/session_screen.js"]
    )
    invitations = reverse("club-invitations", kwargs={"slug": club.slug})
    html = logged_in(owner_of(club)).get(invitations).content.decode()
    assert "/static/js/copy_links.js" in assert_catalogue_first(html)


@pytest.mark.parametrize("name", sorted(WRAPPED))
def test_the_words_a_script_shows_go_through_the_catalogue(name: str) -> None:
    assert set(WRAPPED[name]) <= messages(JS / name)


@pytest.mark.parametrize("script", APP_SCRIPTS, ids=lambda path: path.name)
def test_no_english_is_left_outside_gettext(script: Path) -> None:
    rest = CALL.sub("gettext(", source(script))
    left = [
        (literal, word) for literal in LITERAL.findall(rest) for word in ENGLISH if word in literal
    ]
    assert not left, f"{script.name}: English outside gettext(): {left}"


@pytest.mark.parametrize("script", APP_SCRIPTS, ids=lambda path: path.name)
def test_a_script_that_shows_words_runs_without_the_catalogue(script: Path) -> None:
    text = source(script)
    for name in ("gettext", "ngettext", "interpolate"):
        if re.search(rf"(?<![.\w]){name}\(", text):
            assert re.search(rf"\b{name} = window\.{name}\s*\|\|", text), (
                f"{script.name} calls {name}() with no fallback for a missing catalogue"
            )
