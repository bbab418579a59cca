"""The rules engine's sentences in the reader's language (common/rules_words.py), and the
makemessages that finds them (config/management/commands/makemessages.py).

With no translation active a sentence is the engine's English, exactly as its doors answer
it; with one, every template is looked up (the pieces of a sentence too), a plural one by
its count, and the values are filled in as they are: card names are never translated.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from django.core.management import call_command
from django.utils import translation

from common import rules_words
from common.rules_words import error_text, translated
from config.management.commands.makemessages import ENGINE_KEYWORDS, Command
from scoring.rules import RulesError, evaluate
from scoring.rules.operations import answer
from scoring.rules.phrases import phrase, plural

PROJECT_ROOT = Path(__file__).resolve().parents[2]
SENTENCES = PROJECT_ROOT / "tests" / "rules" / "data" / "sentences.jsonl"
CASES = [json.loads(line) for line in SENTENCES.read_text(encoding="utf-8").splitlines()]

# A made-up language: every template the tests below use, reordered where it can be.
CATALOGUE = {
    "The hand": "hath",
    "Player %(player)s's hand": "hath of %(player)s",
    "once": "ekbar",
    "%(count)s times": "%(count)s bar",
    "%(whose)s holds %(card)s %(times)s, but %(count)s deck holds only %(held)s.": (
        "only %(held)s in %(count)s deck; %(whose)s: %(card)s %(times)s"
    ),
    "%(whose)s holds %(card)s %(times)s, but %(count)s decks hold only %(held)s.": (
        "only %(held)s in %(count)s decks; %(whose)s: %(card)s %(times)s"
    ),
    "%(cards)s do not form a legal meld; melds: %(melds)s.": "melds %(melds)s; bad %(cards)s.",
    "%(count)s tunnela": "%(count)s tunnela-ek",
    "%(count)s tunnelas": "%(count)s tunnela-anek",
}


@pytest.fixture
def made_up_language(monkeypatch: pytest.MonkeyPatch) -> None:
    """gettext and ngettext from CATALOGUE (a template not in it stays as it is)."""

    def gettext(template: str) -> str:
        return CATALOGUE.get(template, template)

    def ngettext(singular: str, plural_: str, count: int) -> str:
        return gettext(singular if count == 1 else plural_)

    monkeypatch.setattr(rules_words, "gettext", gettext)
    monkeypatch.setattr(rules_words, "ngettext", ngettext)


def sentence(request: dict[str, object]) -> tuple[str, str]:
    """The engine's English for `request` and the same sentence through rules_words."""
    try:
        verdict = answer(request)
    except RulesError as error:
        return error.message, error_text(error)
    assert hasattr(verdict, "reason_phrase")
    return verdict.reason, translated(verdict.reason_phrase)


# --------------------------------------------------------------------------------------------
# English where no translation is active
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("case", CASES)
def test_with_no_translation_every_sentence_is_the_english_of_the_doors(case) -> None:
    expected = case["expect"].get("message", case["expect"].get("reason"))
    with translation.override(None):
        english, shown = sentence(case["request"])
    assert english == shown == expected


def test_a_language_without_a_catalogue_shows_the_english() -> None:
    request = {"op": "show", "variant": "indian13", "wild": "9D", "hand": ["AS", "1S"]}
    with translation.override("fr"):
        english, shown = sentence(request)
    assert shown == english == evaluate(request)["error"]["message"]


@pytest.mark.parametrize("language", ["hi", "ne", "ta"])
def test_the_web_screens_say_the_engine_s_refusal_in_the_language_the_door_in_english(
    language,
) -> None:
    request = {"op": "show", "variant": "indian13", "wild": "9D", "hand": ["AS", "1S"]}
    with translation.override(language):
        english, shown = sentence(request)
        door = evaluate(request)["error"]["message"]
    assert door == english
    assert shown != english
    assert "1S" in shown  # the card as the scorer typed it


def test_an_empty_phrase_is_empty_not_the_catalogue_header() -> None:
    assert translated(phrase("")) == ""


# --------------------------------------------------------------------------------------------
# A translation
# --------------------------------------------------------------------------------------------


@pytest.mark.usefixtures("made_up_language")
def test_the_pieces_of_a_sentence_are_translated_and_may_be_reordered() -> None:
    request = {"op": "show", "variant": "indian13", "players": 2, "wild": "9D"}
    request["hand"] = ["5C"] * 3 + ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S"]
    english, shown = sentence(request)
    assert english == "The hand holds 5C 3 times, but 1 deck holds only 1."
    assert shown == "only 1 in 1 deck; hath: 5C 3 bar"


@pytest.mark.usefixtures("made_up_language")
def test_a_plural_piece_follows_its_count() -> None:
    # What the engine says of a 27 card Rummy player's melds with one tunnela in them.
    tally = (
        plural("%(count)s tunnela", "%(count)s tunnelas", 1),
        plural("%(count)s dublee", "%(count)s dublees", 0),
    )
    said = phrase(
        "%(cards)s do not form a legal meld; melds: %(melds)s.", cards=["KD", "QC"], melds=tally
    )
    assert str(said) == "KD, QC do not form a legal meld; melds: 1 tunnela, 0 dublees."
    assert translated(said) == "melds 1 tunnela-ek, 0 dublees; bad KD, QC."


@pytest.mark.usefixtures("made_up_language")
def test_an_error_of_a_seat_names_the_player_in_the_translation() -> None:
    error = RulesError(
        "impossible_hand",
        phrase(
            "%(whose)s holds %(card)s %(times)s, but %(count)s decks hold only %(held)s.",
            whose=phrase("Player %(player)s's hand", player="Asha"),
            card="10H",
            times=plural("once", "%(count)s times", 1),
            count=2,
            held=0,
        ),
        seat="Asha",
    )
    assert error.message == "Player Asha's hand holds 10H once, but 2 decks hold only 0."
    assert error_text(error) == "only 0 in 2 decks; hath of Asha: 10H ekbar"


def test_a_translation_that_does_not_fit_its_values_falls_back_to_english(monkeypatch) -> None:
    monkeypatch.setattr(rules_words, "gettext", lambda template: "%(kard)s galat")
    said = phrase("%(card)s is not a card.", card="1S")
    assert translated(said) == "1S is not a card."


# --------------------------------------------------------------------------------------------
# makemessages
# --------------------------------------------------------------------------------------------


def test_makemessages_knows_the_engines_markers() -> None:
    assert ENGINE_KEYWORDS == ["--keyword=phrase:1", "--keyword=plural:1,2"]
    assert set(ENGINE_KEYWORDS) <= set(Command.xgettext_options)
    assert "--add-comments=Translators" in Command.xgettext_options


@pytest.mark.skipif(shutil.which("xgettext") is None, reason="needs GNU gettext")
def test_makemessages_finds_the_engines_sentences(tmp_path, monkeypatch) -> None:
    shutil.copytree(PROJECT_ROOT / "scoring" / "rules", tmp_path / "rules")
    (tmp_path / "locale").mkdir()
    monkeypatch.chdir(tmp_path)
    call_command("makemessages", locale=["hi"], verbosity=0)
    catalogue = (tmp_path / "locale" / "hi" / "LC_MESSAGES" / "django.po").read_text()
    assert 'msgid "No pure sequence; a show needs %(needs)s."' in catalogue
    assert 'msgid "%(count)s tunnela: three tunnelas make a show."\n' in catalogue
    assert 'msgid_plural "%(count)s tunnelas: three tunnelas make a show."\n' in catalogue
    assert 'msgid "Indian Rummy"' in catalogue
    assert "#. Translators: %(whose)s is" in catalogue
    # The templates a sentence is built from, every one a whole piece.
    assert 'msgid "two sequences, one of them pure (a tunnela may stand in for one)"' in catalogue
    assert catalogue.count("msgid_plural") >= 10
