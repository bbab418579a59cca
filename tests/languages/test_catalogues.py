"""The hi, ne and ta catalogues are complete, keep every placeholder, are compiled, and
match the strings marked in the code (`make i18n` was run after the last change)."""

from __future__ import annotations

import gettext
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import polib
import pytest
from django.conf import settings

LANGUAGES = ("hi", "ne", "ta")
DOMAINS = ("django", "djangojs")
ROOT = Path(settings.BASE_DIR)
LOCALE = ROOT / "locale"
# Python's named placeholders and the JavaScript catalogue's: a translation must keep each.
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|%[sd]")
# What the extraction reads: the source, not the virtualenv, the collected files or tests.
SKIPPED_DIRS = {".git", ".venv", "node_modules", "staticfiles", "tests", "bench", "__pycache__"}

CATALOGUES = [(language, domain) for language in LANGUAGES for domain in DOMAINS]


def po_path(language: str, domain: str, root: Path = ROOT) -> Path:
    return root / "locale" / language / "LC_MESSAGES" / f"{domain}.po"


def key(entry: polib.POEntry) -> tuple[str, str, str]:
    return (entry.msgctxt or "", entry.msgid, entry.msgid_plural or "")


@pytest.mark.parametrize(("language", "domain"), CATALOGUES)
def test_every_message_is_translated_and_none_is_fuzzy(language, domain):
    catalogue = polib.pofile(str(po_path(language, domain)))
    assert len(catalogue) > 0
    missing = [entry.msgid for entry in catalogue.untranslated_entries()]
    fuzzy = [entry.msgid for entry in catalogue.fuzzy_entries()]
    assert missing == [], f"{language}/{domain}: {len(missing)} untranslated"
    assert fuzzy == [], f"{language}/{domain}: {len(fuzzy)} fuzzy"
    assert catalogue.obsolete_entries() == []


@pytest.mark.parametrize(("language", "domain"), CATALOGUES)
def test_every_translation_keeps_the_placeholders_and_the_markup(language, domain):
    catalogue = polib.pofile(str(po_path(language, domain)))
    wrong = []
    for entry in catalogue.translated_entries():
        if entry.msgid_plural:
            wanted = set(PLACEHOLDER.findall(entry.msgid + entry.msgid_plural))
            # A form may leave out the count ("one hand"), never a name, and adds none.
            names = wanted - {"%(count)s", "%(counter)s"}
            texts = list(entry.msgstr_plural.values())
            wrong += [
                (entry.msgid, text)
                for text in texts
                if not names <= set(PLACEHOLDER.findall(text)) <= wanted
            ]
        else:
            texts = [entry.msgstr]
            if sorted(PLACEHOLDER.findall(entry.msgstr)) != sorted(
                PLACEHOLDER.findall(entry.msgid)
            ):
                wrong.append((entry.msgid, entry.msgstr))
        for text in texts:
            # Markup kept as it is, and no double quote a translation could close an HTML
            # attribute with.
            if sorted(re.findall(r"</?\w+", text)) != sorted(re.findall(r"</?\w+", entry.msgid)):
                wrong.append((entry.msgid, text))
            if '"' in text and '"' not in entry.msgid:
                wrong.append((entry.msgid, text))
    assert wrong == []


@pytest.mark.parametrize(("language", "domain"), CATALOGUES)
def test_the_compiled_catalogue_says_what_the_po_file_says(language, domain):
    """The .mo files are committed so that running the app needs no gettext."""
    po = po_path(language, domain)
    with open(po.with_suffix(".mo"), "rb") as compiled:
        translations = gettext.GNUTranslations(compiled)
    for entry in polib.pofile(str(po)).translated_entries():
        if entry.msgid_plural:
            got = translations.ngettext(entry.msgid, entry.msgid_plural, 1)
            if entry.msgctxt:
                got = translations.npgettext(entry.msgctxt, entry.msgid, entry.msgid_plural, 1)
            assert got == entry.msgstr_plural[0], entry.msgid
            continue
        got = (
            translations.pgettext(entry.msgctxt, entry.msgid)
            if entry.msgctxt
            else translations.gettext(entry.msgid)
        )
        assert got == entry.msgstr, entry.msgid


def _needs_gettext() -> None:
    if shutil.which("xgettext") and shutil.which("msgmerge"):
        return
    message = "gettext (xgettext, msgmerge) is needed to extract the strings: make gettext"
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message)


def _copy_source(destination: Path) -> None:
    for directory, subdirs, files in os.walk(ROOT):
        subdirs[:] = [name for name in subdirs if name not in SKIPPED_DIRS]
        relative = Path(directory).relative_to(ROOT)
        if relative.parts[:1] == ("static",) and relative.parts[1:2] == ("vendor",):
            continue
        for name in files:
            if name.endswith((".py", ".html", ".txt", ".js", ".po")):
                target = destination / relative / name
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(Path(directory) / name, target)


@pytest.mark.slow
def test_the_catalogues_hold_exactly_the_strings_marked_in_the_code(tmp_path):
    """What `make i18n` would extract now, in a copy of the source, is what is committed:
    no string marked since and missing from a catalogue, none left that the code dropped."""
    _needs_gettext()
    _copy_source(tmp_path)
    env = {**os.environ, "PYTHONPATH": str(tmp_path), "DJANGO_SETTINGS_MODULE": "config.settings"}
    for domain in DOMAINS:
        subprocess.run(
            [
                sys.executable,
                "manage.py",
                "makemessages",
                "--locale",
                "hi",
                "--no-obsolete",
                "--domain",
                domain,
            ],
            cwd=tmp_path,
            env=env,
            check=True,
            capture_output=True,
        )
        extracted = {key(e) for e in polib.pofile(str(po_path("hi", domain, tmp_path)))}
        for language in LANGUAGES:
            committed = {key(e) for e in polib.pofile(str(po_path(language, domain)))}
            assert sorted(extracted - committed) == [], f"new in the code: make i18n ({domain})"
            assert sorted(committed - extracted) == [], f"gone from the code ({language})"
