"""Common rule sets a club picks from, per game (the options of rules/CONTRACT.md).

A preset fills the options form; the club can change any option after picking one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Preset:
    key: str
    label: str
    options: dict[str, Any]
    # What the preset sets on a new session besides the rules: a pool's format and limit.
    session: dict[str, Any] = field(default_factory=dict)


POOL_101 = {"format": "pool", "pool_limit": 101}
POOL_201 = {"format": "pool", "pool_limit": 201}


PRESETS: dict[str, tuple[Preset, ...]] = {
    "indian13": (
        Preset("standard", "Standard: aces 10, winner takes", {}),
        Preset(
            "money",
            "Money game: aces 11, zero-sum",
            {"ace_value": 11, "scoring": "zero_sum"},
        ),
        Preset("zero_sum", "Zero-sum: losers' scores go down", {"scoring": "zero_sum"}),
        Preset("two_pure", "Two pure sequences needed", {"two_pure": True}),
        Preset("capped", "Penalty capped at 80", {"penalty_cap": 80}),
        Preset(
            "ace_jokers", "Aces are jokers when a joker is exposed", {"joker_mode": "ace_jokers"}
        ),
        Preset("printed_only", "Printed jokers only", {"joker_mode": "printed_only"}),
        Preset("no_jokers", "No jokers", {"joker_mode": "none"}),
        Preset(
            "double_joker",
            "Double on an exposed printed joker",
            {"double_on_printed_joker": True},
        ),
        Preset(
            "pool101",
            "Pool 101: drops 20/40, cap 80",
            {"drop_first": 20, "penalty_cap": 80},  # 40 later is the game's own charge
            POOL_101,
        ),
        Preset(
            "pool201",
            "Pool 201: drops 25/50, cap 80",
            {"drop_first": 25, "drop_later": 50, "penalty_cap": 80},
            POOL_201,
        ),
        Preset(
            "online",
            "Online standard points: 20/40/80",
            {"drop_first": 20, "penalty_cap": 80},
        ),
    ),
    "indian21": (
        Preset("standard", "Standard: 3 decks, 3 printed jokers", {}),
        Preset("pool101", "Pool 101: drops 20/40", {"drop_first": 20, "drop_later": 40}, POOL_101),
        Preset("pool201", "Pool 201: drops 25/50", {"drop_first": 25, "drop_later": 50}, POOL_201),
    ),
    "rummy27": (Preset("standard", "Standard: 3 decks, 3 printed jokers", {}),),
    "marriage": (
        Preset("standard", "Standard: 3 decks, no jokers", {}),
        Preset(
            "murder", "Murder: an unseen player's value cards are void", {"unseen_maal": "murder"}
        ),
        Preset(
            "kidnap",
            "Kidnap: the winner takes an unseen player's value cards",
            {"unseen_maal": "kidnap"},
        ),
    ),
    "vazhushal": (
        Preset("standard", "Standard: negative joker in play", {}),
        Preset("no_negative", "No negative joker", {"negative_joker": False}),
        Preset("ace_both_ends", "Ace at both ends of one long sequence", {"ace_both_ends": True}),
    ),
}


def preset(variant: str, key: str) -> Preset | None:
    return next((p for p in PRESETS.get(variant, ()) if p.key == key), None)
