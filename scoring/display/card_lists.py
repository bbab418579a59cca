"""The cards a scorer picks from: the tap grid of the card picker and the wild card list.

Both follow the session's game and rules: the grid offers the printed joker only where the
decks hold one (Marriage's hold none unless its rules deal the man), and Marriage's tiplu
list names each tiplu's alter where the rules give the alter a part of its own.

They are the same for every session of a game and its rules in one language, so they are
worked out once per process (52 cards spoken and a rules table resolved on every screen
otherwise). Their readers change nothing in them.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from django.utils.translation import get_language, pgettext
from django.utils.translation import gettext as _

from scoring import rules
from scoring.display.check_show import SUIT_SYMBOLS, SUIT_TITLES, card_spoken
from scoring.forms.check_show import RANKS
from scoring.models import GameSession
from scoring.rules.variants import resolve_table

WildChoices = list[tuple[str, list[tuple[str, str]]]]


def card_grid() -> list[dict[str, Any]]:
    """The tap grid of the card picker: a row per suit (the printed joker is drawn after
    them where `holds_printed_jokers`)."""
    return _card_grid(get_language())


@lru_cache(maxsize=16)
def _card_grid(language: str) -> list[dict[str, Any]]:
    return [
        {
            "symbol": symbol,
            "suit": suit,
            "red": suit in "HD",
            "cards": [
                {
                    "code": f"{rank}{suit}",
                    "rank": rank,
                    "spoken": card_spoken(rank, suit),
                }
                for rank in RANKS
            ],
        }
        for suit, symbol in SUIT_SYMBOLS.items()
    ]


def holds_printed_jokers(session: GameSession) -> bool:
    """Whether the session's decks hold a printed joker: the engine's reading of its rules
    (the usual number for the game, or the `jokers` the club chose)."""
    return _holds_printed_jokers(session.variant, _key(session))


@lru_cache(maxsize=64)
def _holds_printed_jokers(variant: str, options: str) -> bool:
    return resolve_table(variant, json.loads(options), None, None).jokers > 0


def wild_choices(session: GameSession) -> WildChoices:
    """The wild card select: cards grouped by suit, then the printed joker where it can be
    the exposed card (never Marriage's tiplu, even where the decks hold jokers)."""
    return _wild_choices(get_language(), session.variant, _key(session))


def _key(session: GameSession) -> str:
    return json.dumps(session.options or {}, sort_keys=True)


@lru_cache(maxsize=64)
def _wild_choices(language: str, variant: str, options: str) -> WildChoices:
    alters = _alters(variant, json.loads(options))
    groups = [
        (
            f"{symbol} {SUIT_TITLES[suit]}",
            [
                (f"{rank}{suit}", _with_alter(f"{rank}{symbol}", alters.get(f"{rank}{suit}")))
                for rank in RANKS
            ],
        )
        for suit, symbol in SUIT_SYMBOLS.items()
    ]
    if variant == "marriage" or not _holds_printed_jokers(variant, options):
        return groups
    joker = pgettext("a playing card: the group of jokers in a card list", "Joker")
    return groups + [(joker, [("JK", _("Printed joker"))])]


def _alters(variant: str, options: dict[str, Any]) -> dict[str, str]:
    """Each tiplu's alter, where the rules name one (Marriage as Nepal plays it): asked of
    the engine with the tiplu of each suit once (the alter's suit does not depend on the
    rank)."""
    if variant != "marriage":
        return {}
    alters = {}
    for suit in SUIT_SYMBOLS:
        roles = rules.wild_cards(rules.Game(variant, options, f"2{suit}")).roles
        alter = next((card for card, role in roles.items() if role == "alter"), None)
        if alter is None:
            return {}
        alters.update({f"{rank}{suit}": f"{rank}{alter[-1]}" for rank in RANKS})
    return alters


def _with_alter(label: str, alter: str | None) -> str:
    if alter is None:
        return label
    # Translators: a tiplu in the wild card list with its alter (the same rank in the other
    # suit of its colour), e.g. "7♥ · alter 7♦"
    return _("%(tiplu)s · alter %(alter)s") % {
        "tiplu": label,
        "alter": f"{alter[:-1]}{SUIT_SYMBOLS[alter[-1]]}",
    }
