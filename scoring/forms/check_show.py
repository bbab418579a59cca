"""Forms of the scoring pages: they read and tidy input; the rules engine judges it."""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from common.rules_words import game_label
from scoring.display.check_show import NO_WILD, SUIT_SYMBOLS, Card
from scoring.rules import VARIANTS

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
JOKER = "JK"
# Every card of the tap grid, in grid order.
GRID_CARDS = tuple(f"{rank}{suit}" for suit in SUITS for rank in RANKS) + (JOKER,)

SUIT_GROUP_NAMES = {
    "S": pgettext_lazy("a card suit, as a heading", "Spades"),
    "H": pgettext_lazy("a card suit, as a heading", "Hearts"),
    "D": pgettext_lazy("a card suit, as a heading", "Diamonds"),
    "C": pgettext_lazy("a card suit, as a heading", "Clubs"),
}
WILD_CHOICES = [
    ("", _("Choose…")),
    # Translators: no wild card was chosen
    (NO_WILD, pgettext_lazy("no wild card", "None")),
    *[
        (
            format_lazy("{} {}", SUIT_SYMBOLS[suit], SUIT_GROUP_NAMES[suit]),
            [(f"{rank}{suit}", f"{rank}{SUIT_SYMBOLS[suit]} ({rank}{suit})") for rank in RANKS],
        )
        for suit in SUITS
    ],
    (JOKER, _("Printed joker (JK)")),
]
PLAYER_CHOICES = [("", _("Not set")), *[(str(n), str(n)) for n in range(2, 13)]]

_SEPARATORS = re.compile(r"[\s,]+")
_SUIT_LETTERS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C"}


def split_hand(text: str) -> list[str]:
    """The cards as written, one string each: a hand is separated by spaces or commas."""
    return [token for token in _SEPARATORS.split(text.strip()) if token]


def grid_code(token: str) -> str | None:
    """The tap-grid card a written card names (`10h`, `T♥` and `10H` are all `10H`).

    Only for the grid's counters and taps: the rules engine is what reads and judges cards.
    """
    text = token.upper()
    if text in ("JK", "JOKER", "🃏"):
        return JOKER
    text = "".join(_SUIT_LETTERS.get(ch, ch) for ch in text)
    if text.startswith("T"):
        text = "10" + text[1:]
    return text if text in GRID_CARDS else None


class CheckShowForm(forms.Form):
    """The "Check a show" page: the game, the wild card and the hand.

    The hand is one text value, whatever picked it: typed, tapped on the grid with JavaScript,
    or tapped without it (each grid button then submits `tap`, added to or taken off the hand
    here according to `tap_mode`).
    """

    variant = forms.ChoiceField(
        label=_("Game"),
        choices=[(variant, game_label(variant)) for variant in VARIANTS],
        initial="indian13",
    )
    players = forms.TypedChoiceField(
        choices=PLAYER_CHOICES, coerce=int, empty_value=None, required=False
    )
    wild = forms.ChoiceField(label=_("Wild card"), choices=WILD_CHOICES, required=False)
    hand = forms.CharField(
        required=False,
        max_length=500,
        error_messages={"max_length": _("That is more text than any hand: up to 500 characters.")},
    )
    tap = forms.ChoiceField(
        label=_("Card tapped"), choices=[(code, code) for code in GRID_CARDS], required=False
    )
    tap_mode = forms.ChoiceField(
        label=_("A tap on a card"),
        choices=[
            ("add", pgettext_lazy("a tap on a card adds it", "Add")),
            ("remove", pgettext_lazy("a tap on a card removes it", "Remove")),
        ],
        required=False,
        initial="add",
    )
    clear = forms.BooleanField(required=False)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        assert data is not None  # Form.clean returns cleaned_data
        cards = split_hand(data.get("hand") or "")
        if data.get("clear"):
            cards = []
        tap = data.get("tap")
        if tap:
            if data.get("tap_mode") == "remove":
                # The last copy goes, as the grid does with JavaScript.
                for index in range(len(cards) - 1, -1, -1):
                    if grid_code(cards[index]) == tap:
                        del cards[index]
                        break
            else:
                cards.append(tap)
        data["cards"] = cards
        data["hand"] = " ".join(cards)
        return data

    def hand_text(self) -> str:
        """The hand as the text field shows it: tidied once the form is read."""
        if not self.is_bound:
            return ""
        if self.is_valid():
            return self.cleaned_data["hand"]
        return str(self.data.get("hand", ""))

    def grid(self) -> dict:
        """The tap grid: a row per suit, each card with its copies in the hand, and JK."""
        cards = self.cleaned_data.get("cards", []) if self.is_bound and self.is_valid() else []
        counts = dict.fromkeys(GRID_CARDS, 0)
        for token in cards:
            code = grid_code(token)
            if code is not None:
                counts[code] += 1
        suits = [
            {
                "suit": suit,
                "symbol": SUIT_SYMBOLS[suit],
                "name": SUIT_GROUP_NAMES[suit],
                "red": suit in "HD",
                "cards": [
                    {
                        "code": code,
                        "rank": rank,
                        "spoken": Card.of(code).spoken,
                        "count": counts[code],
                    }
                    for rank in RANKS
                    if (code := f"{rank}{suit}")
                ],
            }
            for suit in SUITS
        ]
        return {"suits": suits, "joker": {"code": JOKER, "count": counts[JOKER]}}
