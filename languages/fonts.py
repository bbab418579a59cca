"""Which of the app's fonts (static/fonts/) a page asks for, by its language.

A page loads the fonts of its own language only: an English page none of the Devanagari or
Tamil fonts, a Hindi or Nepali page Devanagari, a Tamil page Tamil. Every page names the
languages in their own scripts in its switcher (templates/languages/switcher.html); those
few letters come from one small font of their own, NAMES (about 3 KB, made by
`manage.py names_font`), rather than from two whole fonts of 65 KB. The page's template
preloads these (templates/languages/fonts.html) and the service worker keeps them for
offline use (config/offline.py); static/css/app.css declares them.
"""

from __future__ import annotations

NAMES = "fonts/rummy-names-400.woff2"
DEVANAGARI = (
    "fonts/noto-sans-devanagari-devanagari-400-normal.woff2",
    "fonts/noto-sans-devanagari-devanagari-700-normal.woff2",
)
TAMIL = (
    "fonts/noto-sans-tamil-tamil-400-normal.woff2",
    "fonts/noto-sans-tamil-tamil-700-normal.woff2",
)
# The script fonts of each language that needs one (regular and bold); English has none.
SCRIPT_FONTS: dict[str, tuple[str, ...]] = {"hi": DEVANAGARI, "ne": DEVANAGARI, "ta": TAMIL}


def page_fonts(language: str, *, switcher: bool = True) -> tuple[str, ...]:
    """The static paths of the fonts a page in `language` draws its text with: the
    switcher's names (unless the page has no switcher), then its own script's regular and
    bold, if its language has a script font."""
    return (*((NAMES,) if switcher else ()), *SCRIPT_FONTS.get(language, ()))


def switcher_letters() -> str:
    """Every letter the switcher draws that is not Latin: each language's name in its own
    script (Django's `name_local`), sorted, once each. NAMES must hold them all."""
    from django.conf import settings
    from django.utils.translation import get_language_info

    names = "".join(get_language_info(code)["name_local"] for code, _ in settings.LANGUAGES)
    return "".join(sorted({letter for letter in names if ord(letter) > 0x24F}))
