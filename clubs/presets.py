"""Common rule sets a club picks from, per game (the options of rules/CONTRACT.md).

A preset fills the options form; the club can change any option after picking one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext_lazy as _

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


@dataclass(frozen=True)
class Preset:
    key: str
    label: StrOrPromise
    options: dict[str, Any]
    # What the preset sets on a new session besides the rules: a pool's format and limit.
    session: dict[str, Any] = field(default_factory=dict)


POOL_101 = {"format": "pool", "pool_limit": 101}
POOL_201 = {"format": "pool", "pool_limit": 201}


PRESETS: dict[str, tuple[Preset, ...]] = {
    "indian13": (
        Preset("standard", _("Standard: aces 10, winner takes"), {}),
        Preset(
            "money",
            # Translators: a rule set's name. Aces count 11; "zero-sum": losers' scores go down by
            # what they pay.
            _("Money game: aces 11, zero-sum"),
            {"ace_value": 11, "scoring": "zero_sum"},
        ),
        Preset("zero_sum", _("Zero-sum: losers' scores go down"), {"scoring": "zero_sum"}),
        Preset("two_pure", _("Two pure sequences needed"), {"two_pure": True}),
        Preset("capped", _("Penalty capped at 80"), {"penalty_cap": 80}),
        Preset(
            "ace_jokers", _("Aces are jokers when a joker is exposed"), {"joker_mode": "ace_jokers"}
        ),
        Preset("printed_only", _("Printed jokers only"), {"joker_mode": "printed_only"}),
        Preset("no_jokers", _("No jokers"), {"joker_mode": "none"}),
        Preset(
            "double_joker",
            _("Double on an exposed printed joker"),
            {"double_on_printed_joker": True},
        ),
        Preset(
            "pool101",
            # Translators: a rule set's name. A pool game played to 101 points; "drops": what a
            # player pays for packing on the first turn / later; "cap": the most a loser pays.
            _("Pool 101: drops 20/40, cap 80"),
            {"drop_first": 20, "penalty_cap": 80},  # 40 later is the game's own charge
            POOL_101,
        ),
        Preset(
            "pool201",
            # Translators: a rule set's name. A pool game played to 201 points; "drops": what a
            # player pays for packing on the first turn / later; "cap": the most a loser pays.
            _("Pool 201: drops 25/50, cap 80"),
            {"drop_first": 25, "drop_later": 50, "penalty_cap": 80},
            POOL_201,
        ),
        Preset(
            "online",
            # Translators: a rule set's name. The charges of points rummy online: 20 for packing
            # at once, 40 for packing later, 80 at most for a losing hand.
            _("Online standard points: 20/40/80"),
            {"drop_first": 20, "penalty_cap": 80},
        ),
    ),
    "indian21": (
        Preset("standard", _("Standard: 3 decks, 3 printed jokers"), {}),
        Preset(
            "pool101",
            # Translators: a rule set's name. A pool game played to 101 points; "drops": what a
            # player pays for packing on the first turn / later.
            _("Pool 101: drops 20/40"),
            {"drop_first": 20, "drop_later": 40},
            POOL_101,
        ),
        Preset(
            "pool201",
            # Translators: a rule set's name. A pool game played to 201 points; "drops": what a
            # player pays for packing on the first turn / later.
            _("Pool 201: drops 25/50"),
            {"drop_first": 25, "drop_later": 50},
            POOL_201,
        ),
    ),
    "rummy27": (Preset("standard", _("Standard: 3 decks, 3 printed jokers"), {}),),
    "marriage": (
        Preset("standard", _("Standard: 3 decks, no jokers"), {}),
        Preset(
            "murder",
            # Translators: a rule set's name. "Murder" is what Marriage players call this house
            # rule; "value cards" are the maal; an unseen player has not shown their sets yet.
            _("Murder: an unseen player's value cards are void"),
            {"unseen_maal": "murder"},
        ),
        Preset(
            "kidnap",
            # Translators: a rule set's name. "Kidnap" is what Marriage players call this house
            # rule; "value cards" are the maal; an unseen player has not shown their sets yet.
            _("Kidnap: the winner takes an unseen player's value cards"),
            {"unseen_maal": "kidnap"},
        ),
        Preset(
            "nepal",
            # Translators: a rule set's name, as Nepali tables play Marriage: the "alter"
            # (tiplu's rank, other suit of its colour) and the "man" (a printed joker) each
            # earn 5 points of maal, and the decks hold 3 printed jokers
            _("Nepal: alter 5, man 5, 3 jokers"),
            {"alter_value": 5, "man_value": 5, "jokers": 3},
        ),
        Preset(
            "alter_only",
            # Translators: a rule set's name: of the tiplu's rank only the tiplu and the
            # "alter" (the other suit of its colour) are wild
            _("Alter only wild"),
            {"wild_ranks": "alter"},
        ),
    ),
    "vazhushal": (
        Preset("standard", _("Standard: negative joker in play"), {}),
        Preset("no_negative", _("No negative joker"), {"negative_joker": False}),
        Preset(
            "ace_both_ends", _("Ace at both ends of one long sequence"), {"ace_both_ends": True}
        ),
    ),
}


def preset(variant: str, key: str) -> Preset | None:
    return next((p for p in PRESETS.get(variant, ()) if p.key == key), None)
