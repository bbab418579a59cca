"""A page loads the fonts of its own language only, and the switcher still draws every
language's name in its own script (static/fonts/README.md)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse
from fontTools.ttLib import TTFont

from languages.fonts import DEVANAGARI, NAMES, TAMIL, switcher_letters
from tests.factories import make_club
from tests.tournaments.factories import make_tournament
from tournaments.services.setup import set_published

STATIC = Path(__file__).resolve().parents[2] / "static"
PRELOAD = re.compile(r'<link rel="preload" href="/static/(fonts/[^"]+)" as="font"')


def preloaded(language: str, path: str = "/") -> list[str]:
    page = Client(headers={"accept-language": language}).get(path).content.decode()
    return PRELOAD.findall(page)


@pytest.mark.django_db
def test_an_english_page_loads_no_script_font_only_the_switchers_names():
    assert preloaded("en") == [NAMES]


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["hi", "ne"])
def test_a_hindi_or_nepali_page_loads_devanagari_and_no_tamil(language):
    assert preloaded(language) == [NAMES, *DEVANAGARI]


@pytest.mark.django_db
def test_a_tamil_page_loads_tamil_and_no_devanagari():
    assert preloaded("ta") == [NAMES, *TAMIL]


@pytest.mark.django_db
def test_the_projector_has_no_switcher_so_no_font_of_names():
    cup = set_published(tournament=make_tournament(make_club("Hill Club")), published=True)
    path = reverse("tournament-screen", args=[cup.club.slug, cup.slug])
    assert preloaded("ta", path) == list(TAMIL)
    assert preloaded("en", path) == []


def test_the_switchers_font_holds_every_letter_of_every_languages_own_name():
    letters = switcher_letters()
    assert {"ह", "न", "த"} <= set(letters)
    cmap = TTFont(STATIC / NAMES).getBestCmap()
    assert [letter for letter in letters if ord(letter) not in cmap] == []


def test_the_stylesheet_gives_the_switchers_font_exactly_the_names_letters():
    css = (STATIC / "css" / "app.css").read_text()
    face = css.split('font-family: "Rummy Names";', 1)[1].split("}", 1)[0]
    assert 'url("../fonts/rummy-names-400.woff2")' in face
    declared = re.search(r"unicode-range:([^;]+);", face)
    assert declared is not None
    codes = {int(code, 16) for code in re.findall(r"U\+([0-9A-F]+)", declared.group(1))}
    assert codes == {ord(letter) for letter in switcher_letters()}


def test_every_font_a_page_may_load_is_served_and_declared():
    css = (STATIC / "css" / "app.css").read_text()
    for font in (NAMES, *DEVANAGARI, *TAMIL):
        assert (STATIC / font).is_file()
        assert f'url("../{font}")' in css
