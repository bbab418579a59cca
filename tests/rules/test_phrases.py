"""The engine's sentences as phrases (scoring/rules/phrases.py), without Django.

Every refusal carries its sentence as a phrase (`RulesError.phrase`) and every show verdict
its reason (`ShowVerdict.reason_phrase`); the English of the phrase is what the doors answer,
word for word. `data/sentences.jsonl` holds requests that reach each of the engine's
sentences, with the English the engine answered before its sentences became phrases.

The templates are found by `makemessages` only as string literals in calls of `phrase` and
`plural`, so the last tests read the engine's source for that.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path
from typing import Any

import pytest

from scoring.rules import Game, Player, RulesError, check_cards_together, evaluate, evaluate_json
from scoring.rules.door import NESTED_TOO_DEEPLY
from scoring.rules.operations import answer
from scoring.rules.phrases import Phrase, english, phrase, plural

DATA = Path(__file__).resolve().parent / "data" / "sentences.jsonl"
ENGINE = Path(__file__).resolve().parents[2] / "scoring" / "rules"
SENTENCES = [json.loads(line) for line in DATA.read_text(encoding="utf-8").splitlines()]


def sentence_of(request: Any) -> tuple[str, Phrase]:
    """The sentence the engine answers `request` with, and its phrase."""
    try:
        found = answer(request)
    except RulesError as error:
        return error.message, error.phrase
    assert hasattr(found, "reason_phrase")
    return found.reason, found.reason_phrase


# --------------------------------------------------------------------------------------------
# Phrases
# --------------------------------------------------------------------------------------------


def test_a_phrase_without_values_is_its_template_as_it_is():
    assert str(phrase("Say 100% of it.")) == "Say 100% of it."


def test_values_fill_named_placeholders():
    said = phrase("%(card)s is not a card; got %(count)s.", card="1S", count=2)
    assert str(said) == "1S is not a card; got 2."


def test_a_phrase_among_the_values_is_said_too():
    whose = phrase("Player %(player)s's hand", player="Asha")
    said = phrase("%(whose)s holds %(card)s.", whose=whose, card="7H")
    assert str(said) == "Player Asha's hand holds 7H."


def test_a_list_is_written_with_commas():
    said = phrase("%(cards)s do not fit.", cards=["10S", "10D", phrase("a joker")])
    assert str(said) == "10S, 10D, a joker do not fit."


def test_a_plural_phrase_takes_the_singular_for_one_only():
    for count, expected in ((0, "0 tunnelas"), (1, "1 tunnela"), (2, "2 tunnelas")):
        assert str(plural("%(count)s tunnela", "%(count)s tunnelas", count)) == expected


def test_a_phrase_is_frozen_and_compares_by_value():
    one = phrase("%(cards)s.", cards=["AS", "2S"])
    assert one == phrase("%(cards)s.", cards=("AS", "2S"))
    assert hash(one) == hash(phrase("%(cards)s.", cards=["AS", "2S"]))
    with pytest.raises(AttributeError):
        one.template = "changed"


def test_render_chooses_every_template_with_the_function_given():
    said = phrase(
        "%(who)s holds %(times)s.",
        who=phrase("the hand"),
        times=plural("once", "%(count)s times", 3),
    )
    other = {"the hand": "el mano", "%(who)s holds %(times)s.": "%(times)s: %(who)s."}

    def template_of(words):
        if words.plural is not None:
            return "%(count)s veces"
        return other[words.template]

    assert said.render(template_of) == "3 veces: el mano."
    assert said.render(english) == str(said) == "the hand holds 3 times."


def test_a_plain_string_makes_a_phrase_without_values():
    error = RulesError("bad_request", "Plain 100% words.")
    assert error.phrase == Phrase("Plain 100% words.")
    assert error.message == "Plain 100% words."


# --------------------------------------------------------------------------------------------
# The engine's sentences
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("case", SENTENCES)
def test_every_sentence_is_its_phrase_in_english_as_before(case):
    expected = case["expect"].get("message", case["expect"].get("reason"))
    said, words = sentence_of(case["request"])
    assert said == expected
    assert str(words) == expected
    response = evaluate(case["request"])
    assert response.get("error", {}).get("message", response.get("reason")) == expected


def test_the_sentences_cover_every_kind_of_answer():
    codes = {case["expect"].get("error", "a show's reason") for case in SENTENCES}
    assert codes == {
        "a show's reason",
        "bad_request",
        "unknown_variant",
        "unknown_option",
        "bad_card",
        "hand_size",
        "impossible_hand",
    }


def test_a_verdict_carries_its_reason_as_a_phrase():
    hand = "AH 2H 3H 5S 6S 7S 8S JC QC KC 10D 10S 4C".split()
    said, words = sentence_of({"op": "show", "variant": "indian13", "wild": "9D", "hand": hand})
    assert words.template == (
        "%(cards)s do not fit into melds; a show needs all 13 cards in melds with %(rule)s."
    )
    assert dict(words.params)["cards"] == ("10S", "10D", "4C")
    assert str(words) == said


def test_a_verdict_made_without_a_phrase_has_its_reason_as_one():
    from scoring.rules import ShowVerdict

    verdict = ShowVerdict(False, None, (), (), "Not 100% a show.")
    assert verdict.reason_phrase == Phrase("Not 100% a show.")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "The request is not valid JSON."),
        (
            '{"op": "show", "hand": "\\ud800"}',
            "The request holds a \\u escape that is half of a character (a lone surrogate); "
            "send the whole character.",
        ),
        (
            "x" * 70_000,
            "The request is larger than 64 KiB; a rules request is one hand or one table, far "
            "smaller.",
        ),
        ("[" * 5_000 + "]" * 5_000, str(NESTED_TOO_DEEPLY)),
    ],
)
def test_the_json_door_says_its_own_sentences_as_before(text, message):
    assert evaluate_json(text)["error"]["message"] == message


@pytest.mark.parametrize(
    ("options", "hand", "seats", "message"),
    [
        (
            {"decks": 1, "jokers": 1},
            ["2S"],
            2,
            "Asha and Bala hold 2S twice between them, but the decks in play hold it once: "
            "check the cards picked for them.",
        ),
        (
            {"decks": 2, "jokers": 2},
            ["2S", "2S"],
            2,
            "Asha and Bala hold 2S 4 times between them, but the decks in play hold it twice: "
            "check the cards picked for them.",
        ),
        (
            {"decks": 1, "jokers": 1},
            ["JK"],
            2,
            "Asha and Bala hold JK twice between them, but only 1 printed joker is in play: "
            "check the cards picked for them.",
        ),
        (
            {"decks": 2, "jokers": 2},
            ["JK"],
            3,
            "Asha, Bala and Chitra hold JK 3 times between them, but only 2 printed jokers are "
            "in play: check the cards picked for them.",
        ),
        (
            {"decks": 1, "jokers": 1},
            ["2S"],
            4,
            "Asha, Bala, Chitra and Dev hold 2S 4 times between them, but the decks in play "
            "hold it once: check the cards picked for them.",
        ),
    ],
)
def test_cards_picked_for_several_players_are_refused_as_before(options, hand, seats, message):
    names = ("Asha", "Bala", "Chitra", "Dev")[:seats]
    players = [Player(name, "lost", hand=tuple(hand)) for name in names]
    with pytest.raises(RulesError) as refused:
        check_cards_together(Game("indian13", options, "9D"), players)
    assert refused.value.message == message
    assert str(refused.value.phrase) == message


def test_sizes_that_are_not_a_range_are_listed_with_or():
    from scoring.rules.request import check_size
    from scoring.rules.variants import resolve_table

    table = resolve_table("marriage", {}, None, None)
    with pytest.raises(RulesError) as refused:
        check_size(table, [1, 2], (13, 15, 21), phrase("A show"))
    assert refused.value.message == (
        "A show in Indian Marriage has 13 or 15 or 21 cards; this one has 2."
    )


# --------------------------------------------------------------------------------------------
# The templates, as makemessages reads them
# --------------------------------------------------------------------------------------------

MARKERS = {"phrase": 1, "plural": 2}  # how many leading arguments are templates
RAISERS = {"bad_request": 0, "RulesError": 1}  # where their sentence is
PLACEHOLDER = re.compile(r"%\((\w+)\)s")


def engine_calls() -> list[tuple[str, ast.Call]]:
    calls = []
    for path in sorted(ENGINE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                calls.append((f"{path.name}:{node.lineno}", node))
    return calls


def test_every_template_is_a_string_literal_with_named_placeholders_only():
    templates = 0
    for where, call in engine_calls():
        for index in range(MARKERS.get(call.func.id, 0)):
            argument = call.args[index]
            assert isinstance(argument, ast.Constant), f"{where}: not a string literal"
            assert isinstance(argument.value, str), where
            templates += 1
            if "%" in argument.value:
                bare = PLACEHOLDER.sub("", argument.value)
                assert "%" not in bare, f"{where}: a % that is not %(name)s"
    assert templates > 100


def test_both_templates_of_a_plural_have_the_same_placeholders():
    for where, call in engine_calls():
        if call.func.id == "plural":
            one, other = (PLACEHOLDER.findall(arg.value) for arg in call.args[:2])
            assert set(one) | {"count"} == set(other) | {"count"}, where


def test_every_refusal_is_given_a_phrase_not_words():
    for where, call in engine_calls():
        index = RAISERS.get(call.func.id)
        if index is None or len(call.args) <= index:
            continue
        sentence = call.args[index]
        assert not isinstance(sentence, (ast.Constant, ast.JoinedStr, ast.BinOp)), where
