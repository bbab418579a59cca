"""A game's rules in words: each option's name and its value as a person reads it.

One presenter for every place that shows the rules in force: the club's rules page (for
members who only read them), the start-session form (before the scorer starts) and the
session screen's "Rules" disclosure. The names and the values' words are the club's rules
form's (`clubs.forms.OPTION_FIELDS`), so each option is said the same way everywhere.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.forms import Field
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from clubs.forms import BLANK_MEANS, BLANK_MEANS_USUALLY, OPTION_FIELDS
from common.numbers import grouped
from scoring.rules.variants import DEFAULTS, MARRIAGE_CHARGES, MARRIAGE_MAAL, OPTIONS, PACK_CHARGES

# Options whose number is points a player pays or collects: said with their unit.
POINTS = {"penalty_cap", *PACK_CHARGES, *MARRIAGE_CHARGES, *MARRIAGE_MAAL}
# The table's equipment, which the number of players usually decides: read last.
LAST = ("decks", "jokers")


def rule_lines(variant: str, options: Mapping[str, Any]) -> list[tuple[str, str]]:
    """(name, value in words) for every option of the game: the engine's defaults, then
    `options` (a club's stored rules, a preset's, or a session's)."""
    in_force = {**DEFAULTS.get(variant, {}), **options}
    names = [name for name in OPTIONS[variant] if name not in LAST]
    names += [name for name in LAST if name in OPTIONS[variant]]
    lines = []
    for name in names:
        field = OPTION_FIELDS[name]()
        lines.append((str(field.label), value_words(name, field, in_force.get(name))))
    return lines


def value_words(name: str, field: Field, value: Any) -> str:
    """One option's value as a sentence fragment: "11 points", "No cap", "Yes"."""
    if value is None or value == "":
        return str(BLANK_MEANS.get(name, BLANK_MEANS_USUALLY))
    if isinstance(value, bool):
        return _("Yes") if value else _("No")
    for choice, label in getattr(field, "choices", ()):
        if choice == value:
            return str(label)
    if name in POINTS and isinstance(value, int):
        return ngettext("%(count)s point", "%(count)s points", value) % {"count": grouped(value)}
    return str(value)
