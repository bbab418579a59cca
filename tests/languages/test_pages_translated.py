"""Every page a person reaches, in Hindi, Nepali and Tamil, with no English left in it.

The demo club (every game, a league, a tournament half way, corrections) is loaded and its
owner walks the site by following links from the home page, as a person would, in each
language; then a visitor does the same from the pages a visitor sees. On every page two
things are looked for in what a person reads (text, and the labels a screen reader says):
- an English sentence of the catalogue, which a translated page would not show;
- three English words in a row that are not a name from the data, which is text nobody
  marked for translation at all.
"""

from __future__ import annotations

import io
import re
from collections import deque
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urldefrag, urlsplit

import polib
import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client

from clubs.models import Club, Player
from demo.club import USERS
from leagues.models import League
from scoring.models import HandVersion
from tournaments.models import Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

LANGUAGES = ("hi", "ne", "ta")
LOCALE = Path(settings.BASE_DIR) / "locale"
# Pages enough to reach every kind of page from the home page; a walk stops there.
MOST_PAGES = 120
# Addresses that are not pages for reading: files, the API, the admin, leaving.
NOT_PAGES = re.compile(r"\.(csv|js|json|webmanifest|svg|png)$|^/(api|admin|static|jsi18n)/|logout")
SPOKEN_ATTRIBUTES = ("aria-label", "placeholder", "title", "alt")
# English that stays English in every language: the app's name, each language's own name
# in the switcher, and what the people typed (taken from the database below).
KEPT = ["Rummy Club", "English"]
# A card as the scorer types it (10H, QS, JK): the same in every language.
CARD = re.compile(r"(?:10|[2-9AJQK])[SHDC]|JK")
ENGLISH_RUN = re.compile(r"\b[A-Za-z]{2,}(?:[ \u2019'-]+[A-Za-z]{2,}){2,}")


class Reader(HTMLParser):
    """What a person reads on a page, and where its links go."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []
        self.links: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if tag in ("script", "style", "template"):
            self._hidden += 1
        if tag == "a" and attributes.get("href"):
            self.links.append(attributes["href"] or "")
        for name in SPOKEN_ATTRIBUTES:
            if attributes.get(name):
                self.texts.append(attributes[name] or "")
        if tag == "input" and attributes.get("type") in ("submit", "button"):
            self.texts.append(attributes.get("value") or "")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style", "template"):
            self._hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self._hidden and data.strip():
            self.texts.append(" ".join(data.split()))


def english_sentences(language: str) -> list[str]:
    """The catalogue's English pieces long enough to be told apart from a name: each
    message split at its placeholders and markup, where the translation differs."""
    pieces = set()
    for entry in polib.pofile(str(LOCALE / language / "LC_MESSAGES" / "django.po")):
        translations = [entry.msgstr, *entry.msgstr_plural.values()]
        for source in filter(None, (entry.msgid, entry.msgid_plural)):
            for piece in re.split(r"%\(\w+\)[sd]|%[sd]|<[^>]+>|\{\{.*?\}\}", source):
                piece = " ".join(piece.split()).strip(" .,:;()·")
                if len(piece) >= 12 and " " in piece and not any(piece in t for t in translations):
                    pieces.add(piece)
    return sorted(pieces, key=len, reverse=True)


def typed_by_people() -> list[str]:
    """Names and notes people typed, which stay as they were written."""
    typed = [*KEPT]
    typed += Club.objects.values_list("name", flat=True)
    typed += Player.objects.values_list("name", flat=True)
    typed += League.objects.values_list("name", flat=True)
    typed += Tournament.objects.values_list("name", flat=True)
    typed += HandVersion.objects.exclude(reason="").values_list("reason", flat=True)
    return sorted({name for name in typed if name}, key=len, reverse=True)


def walk(client: Client, start: list[str]) -> dict[str, str]:
    """Page address -> what a person reads there, following links breadth first."""
    seen: dict[str, str] = {}
    queue = deque(start)
    while queue and len(seen) < MOST_PAGES:
        address = urldefrag(queue.popleft())[0]
        if address in seen or NOT_PAGES.search(urlsplit(address).path):
            continue
        response = client.get(address)
        if response.status_code != 200 or "text/html" not in response.get("Content-Type", ""):
            seen[address] = ""
            continue
        reader = Reader()
        reader.feed(response.content.decode())
        seen[address] = "\n".join(reader.texts)
        for link in reader.links:
            parts = urlsplit(link)
            if not parts.netloc and parts.path.startswith("/"):
                queue.append(link)
    return seen


def untranslated(pages: dict[str, str], language: str, typed: list[str]) -> list[str]:
    sentences = english_sentences(language)
    found = []
    for address, text in pages.items():
        for sentence in sentences:
            if sentence in text:
                found.append(f"{address}: “{sentence}”")
                text = text.replace(sentence, " ")
        for name in typed:
            text = text.replace(name, " ")
        found += [
            f"{address}: unmarked “{run}”"
            for run in ENGLISH_RUN.findall(text)
            if not all(CARD.fullmatch(word) for word in run.split())
        ]
    return found


@pytest.fixture
def demo(settings):
    settings.DEBUG = True  # the demo loads only where `make run` would
    call_command("seed_demo", stdout=io.StringIO())
    settings.DEBUG = False


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_owner_s_pages_are_all_in_the_language(demo, language):
    client = Client(headers={"accept-language": language})
    client.force_login(User.objects.get(username=USERS[0][0]))
    club = Club.objects.get()
    pages = walk(client, ["/", f"/clubs/{club.slug}/"])
    assert len(pages) > 40, "the walk reached too few pages to say anything"
    assert untranslated(pages, language, typed_by_people()) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_visitor_s_pages_are_all_in_the_language(demo, language):
    client = Client(headers={"accept-language": language})
    tournament = Tournament.objects.get()
    start = [
        "/",
        "/accounts/login/",
        "/accounts/signup/",
        "/accounts/password_reset/",
        "/rules/check/",
        f"/t/{tournament.club.slug}/{tournament.slug}/",
    ]
    pages = walk(client, start)
    # The check-a-show page's explanations come from the rules engine: a hand too short, a
    # hand that is no show, and one that is.
    for hand in (
        "AS 2S 3S 4H",
        "2H 3H 4H 6D 7D 8D 5S 6S 7S 9C KD AS QC",
        "2H 3H 4H 6D 7D 8D 5S 6S 7S 9C 9D 9S 9H",
    ):
        response = client.get("/rules/check/", {"variant": "indian13", "wild": "10C", "hand": hand})
        reader = Reader()
        reader.feed(response.content.decode())
        pages[f"/rules/check/?hand={hand}"] = "\n".join(reader.texts)
    assert untranslated(pages, language, typed_by_people()) == []
