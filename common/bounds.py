"""The most (and least) of every whole number a person types, on the web and in the API.

Each bound is a number a club could mean, kept well inside what its column holds: the
columns are PostgreSQL `integer` (largest 2,147,483,647) or `smallint` (32,767), ids are
`bigint`, and SQLite takes whatever it is given. Without a bound a typed 99999999999 was a
500 on PostgreSQL and was stored as is on SQLite; with one, every door answers the same
sentence ("Entry fee can be at most 10,000,000."), a 400 in the API.

Products matter too, not only the numbers one by one: what a session, a league or the tab
adds up must still fit wherever it is stored or summed in SQL. See `POINTS` and `STAKE`.

docs/api.md lists these bounds; tests/test_bounds.py checks the list against this module
and walks every form and request body for an integer field without one.
"""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy
from rest_framework import serializers

from common.numbers import grouped
from scoring.rules.variants import PLAYER_RANGES, WHOLE_OPTIONS

# What the columns hold.
INT32_MAX = 2_147_483_647  # PositiveIntegerField, IntegerField
INT16_MAX = 32_767  # PositiveSmallIntegerField
INT64_MAX = 9_223_372_036_854_775_807  # the ids (BigAutoField)

# Money: a payment between two players, and a pool's entry fee (a club's pool rules and
# one evening's). One crore is more than any evening at a club table moves; a pot of 12
# players each rejoining 10 times at this fee (1,320,000,000) still fits an integer.
MONEY = 10_000_000
# Money per point. At most POINTS_PER_HAND_MOST points change hands per seat and hand (see
# POINTS), so one hand is at most a few thousand million: the tab reckons money in Python,
# never in a column, and what a player pays is a Payment, bounded by MONEY.
STAKE = 10_000
# Points typed for a loser (a penalty) or a value-card bonus, per seat and hand: the
# record-hand panel's bound since it was written, and the engine's largest penalty cap.
# The engine may double a typed count twice (first turn, printed joker) and a winner
# collects from up to 11 losers: 440,000 in one hand, so a session's total (a
# SessionResult's integer) holds more than 4,800 such hands, far past any evening.
POINTS = 10_000
# A session's ending: N deals each, N hands or N points.
TARGET = 100_000
# Chips each at the start of a deals session (80 a deal is usual).
CHIPS = 1_000_000
# A pool: the score that puts a player out (101, 201, 250 at most clubs), how often one
# player may rejoin, and the top score below which rejoining is still allowed.
POOL_LIMIT_LEAST = 20
POOL_LIMIT = 1_000
POOL_REJOINS = 10
POOL_REJOIN_BELOW = POOL_LIMIT - 1
# Points for a place in a league or at a tournament table ("5, 3, 2, 1"); a league adds
# one a session, so a season of 10,000 sessions at this bound is 100,000,000.
PLACING_POINTS = 10_000
PLACES = 20  # how many places a list of placing points names
# Sessions a league player needs for a rank, and days a leaderboard waits.
MIN_SESSIONS = 1_000
LEADERBOARD_DAYS = 3_650
# A tournament: the engine's seats at a table (also the final table), rounds before the
# final, and when a round ends (deals per player, hands or minutes: the services refine
# it per ending, tournaments/services/setup.py TARGET_LIMITS).
SEATS = max(high for _, high in PLAYER_RANGES.values())
ROUNDS = 20
ROUND_TARGET = 600
# A pool's pot: every seat's entry and every rejoin at the top fee, which a share typed when
# the players still in split it can never pass (1,320,000,000: an integer holds it).
POT = MONEY * SEATS * (POOL_REJOINS + 1)
# A seat position (0 is the first seat) and a session's revision (its column's range).
POSITION = SEATS - 1
REVISION = INT32_MAX
# An id (a player, a session) typed into a body: no row has one past its column.
ID = INT64_MAX
# The engine's whole-number options (decks, printed jokers, the penalty cap, the House
# rules' charges): its own ranges, so the forms answer before the engine and never
# contradict it.
OPTIONS: dict[str, tuple[int, int]] = dict(WHOLE_OPTIONS)

# Every bound by name, as docs/api.md lists them (the test compares the two).
NAMED: dict[str, int] = {
    "MONEY": MONEY,
    "STAKE": STAKE,
    "POINTS": POINTS,
    "TARGET": TARGET,
    "CHIPS": CHIPS,
    "POOL_LIMIT": POOL_LIMIT,
    "POOL_REJOINS": POOL_REJOINS,
    "POOL_REJOIN_BELOW": POOL_REJOIN_BELOW,
    "PLACING_POINTS": PLACING_POINTS,
    "MIN_SESSIONS": MIN_SESSIONS,
    "LEADERBOARD_DAYS": LEADERBOARD_DAYS,
    "SEATS": SEATS,
    "ROUNDS": ROUNDS,
    "ROUND_TARGET": ROUND_TARGET,
    "POT": POT,
    "POSITION": POSITION,
    "REVISION": REVISION,
    "ID": ID,
} | {f"OPTIONS[{name}]": high for name, (_low, high) in OPTIONS.items()}

# Translators: %(field)s is the name of a number field ("Entry fee"), %(most)s its bound
AT_MOST = gettext_lazy("%(field)s can be at most %(most)s.")


def at_most(label: Any, most: int) -> str:
    """The sentence for a number past its bound, naming the field and the bound."""
    return str(AT_MOST) % {"field": capfirst(str(label)), "most": grouped(most)}


class WholeNumberField(forms.IntegerField):
    """A web form's whole number with a bound: past it, the sentence names the field."""

    def __init__(self, *, max_value: int, **kwargs: Any) -> None:
        super().__init__(max_value=max_value, **kwargs)

    def run_validators(self, value: Any) -> None:
        if value is not None and self.max_value is not None and value > self.max_value:
            raise forms.ValidationError(at_most(self.label or "", self.max_value), "max_value")
        super().run_validators(value)


class WholeNumber(serializers.IntegerField):
    """A request body's whole number with a bound: past it, the sentence names the field
    (a list's item by the list's name)."""

    def __init__(self, *, max_value: int, **kwargs: Any) -> None:
        super().__init__(max_value=max_value, **kwargs)

    def run_validators(self, value: Any) -> None:
        if value is not None and self.max_value is not None and value > self.max_value:
            raise serializers.ValidationError(
                at_most(_label(self), self.max_value), code="max_value"
            )
        super().run_validators(value)


class WholeNumbersField(forms.CharField):
    """Whole numbers typed in one box, separated by commas or spaces ("5, 3, 2, 1"), each
    with a bound. `error_messages["invalid"]` says how to write them."""

    def __init__(self, *, max_value: int, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.max_value = max_value

    def to_python(self, value: Any) -> list[int]:  # type: ignore[override]  # a list, not text
        text = (super().to_python(value) or "").strip()
        parts = [part for part in re.split(r"[\s,;]+", text) if part]
        if not all(part.isdigit() for part in parts):
            raise forms.ValidationError(self.error_messages["invalid"], "invalid")
        return [int(part) for part in parts]

    def validate(self, value: Any) -> None:
        super().validate(value)
        if any(number > self.max_value for number in value):
            raise forms.ValidationError(at_most(self.label or "", self.max_value), "max_value")


def _label(field: serializers.Field) -> str:
    # A ListField's child is bound with no name of its own: the list names it.
    while not field.field_name and field.parent is not None:
        field = field.parent
    return str(field.label or capfirst(field.field_name.replace("_", " ")))
