"""A refused draw's sentence in the reader's language.

The draw (`tournaments.draw`) imports no Django, so its `DrawError.message` is English; it
also names the refusal (`reason`) and the numbers and names the sentence is made of
(`facts`), and here they become the same sentence through Django's translations. Each
sentence is written out whole, so a translator can order its words freely; in English
every one reads exactly as the draw's own message.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.draw import DrawError


def draw_refusal(error: DrawError) -> str:
    """The sentence of a refused draw, translated; the draw's own for a refusal not known
    here."""
    facts = error.facts
    if error.reason == "no_players":
        return _("There are no players to seat.")
    if error.reason == "table_too_small":
        return _(
            "A table needs at least %(smallest)s players; the smallest table size cannot "
            "be %(min_size)s."
        ) % {"smallest": facts["smallest"], "min_size": facts["min_size"]}
    if error.reason == "sizes_reversed":
        return _(
            "The smallest table size (%(min_size)s) is larger than the largest (%(max_size)s)."
        ) % {"min_size": facts["min_size"], "max_size": facts["max_size"]}
    if error.reason == "same_player":
        return _("%(name)s cannot be swapped with themself: choose two different players.") % {
            "name": facts["name"]
        }
    if error.reason == "not_seated":
        return _("%(name)s is not seated in this draw, so cannot be swapped.") % {
            "name": facts["name"]
        }
    if error.reason == "impossible":
        return f"{_why_not(facts)} {_what_works(facts)}"
    return error.message


def _why_not(facts: dict[str, Any]) -> str:
    """The first sentence: why the players cannot be seated at the tables allowed."""
    count = facts["players"]
    one_size = facts["min_size"] == facts["max_size"]
    why = facts["why"]
    if why == "too_few_players":
        if one_size:
            sentence = ngettext(
                "%(players)s player cannot sit at tables of %(min_size)s: a table needs at "
                "least %(min_size)s.",
                "%(players)s players cannot sit at tables of %(min_size)s: a table needs at "
                "least %(min_size)s.",
                count,
            )
        else:
            sentence = ngettext(
                "%(players)s player cannot sit at tables of %(min_size)s to %(max_size)s: a "
                "table needs at least %(min_size)s.",
                "%(players)s players cannot sit at tables of %(min_size)s to %(max_size)s: a "
                "table needs at least %(min_size)s.",
                count,
            )
    elif why == "one_table":
        if one_size:
            sentence = ngettext(
                "%(players)s player cannot sit at tables of %(min_size)s: a single table "
                "would seat %(players)s, and %(enough)s tables would leave a table of "
                "%(left)s.",
                "%(players)s players cannot sit at tables of %(min_size)s: a single table "
                "would seat %(players)s, and %(enough)s tables would leave a table of "
                "%(left)s.",
                count,
            )
        else:
            sentence = ngettext(
                "%(players)s player cannot sit at tables of %(min_size)s to %(max_size)s: a "
                "single table would seat %(players)s, and %(enough)s tables would leave a "
                "table of %(left)s.",
                "%(players)s players cannot sit at tables of %(min_size)s to %(max_size)s: a "
                "single table would seat %(players)s, and %(enough)s tables would leave a "
                "table of %(left)s.",
                count,
            )
    elif one_size:
        sentence = ngettext(
            "%(players)s player cannot sit at tables of %(min_size)s: %(too_few)s tables "
            "would need a table of %(need)s, and %(enough)s tables would leave a table of "
            "%(left)s.",
            "%(players)s players cannot sit at tables of %(min_size)s: %(too_few)s tables "
            "would need a table of %(need)s, and %(enough)s tables would leave a table of "
            "%(left)s.",
            count,
        )
    else:
        sentence = ngettext(
            "%(players)s player cannot sit at tables of %(min_size)s to %(max_size)s: "
            "%(too_few)s tables would need a table of %(need)s, and %(enough)s tables would "
            "leave a table of %(left)s.",
            "%(players)s players cannot sit at tables of %(min_size)s to %(max_size)s: "
            "%(too_few)s tables would need a table of %(need)s, and %(enough)s tables would "
            "leave a table of %(left)s.",
            count,
        )
    return sentence % facts


def _what_works(facts: dict[str, Any]) -> str:
    """The second sentence: the nearest player counts, and table sizes, that would work."""
    counts: list[int] = facts["counts"]
    ranges: list[tuple[int, int]] = facts["ranges"]
    above = counts[-1]
    values = {"below": counts[0], "above": above}
    for i, (low, high) in enumerate(ranges, 1):
        values |= {f"low{i}": low, f"high{i}": high}
    two_counts = len(counts) > 1
    if not ranges:
        if two_counts:
            sentence = ngettext(
                "It works with %(below)s or %(above)s player.",
                "It works with %(below)s or %(above)s players.",
                above,
            )
        else:
            sentence = ngettext(
                "It works with %(above)s player.", "It works with %(above)s players.", above
            )
    elif len(ranges) == 1:
        if two_counts:
            sentence = ngettext(
                "It works with %(below)s or %(above)s player, or with tables of %(low1)s to "
                "%(high1)s.",
                "It works with %(below)s or %(above)s players, or with tables of %(low1)s to "
                "%(high1)s.",
                above,
            )
        else:
            sentence = ngettext(
                "It works with %(above)s player, or with tables of %(low1)s to %(high1)s.",
                "It works with %(above)s players, or with tables of %(low1)s to %(high1)s.",
                above,
            )
    elif two_counts:
        sentence = ngettext(
            "It works with %(below)s or %(above)s player, or with tables of %(low1)s to "
            "%(high1)s or of %(low2)s to %(high2)s.",
            "It works with %(below)s or %(above)s players, or with tables of %(low1)s to "
            "%(high1)s or of %(low2)s to %(high2)s.",
            above,
        )
    else:
        sentence = ngettext(
            "It works with %(above)s player, or with tables of %(low1)s to %(high1)s or of "
            "%(low2)s to %(high2)s.",
            "It works with %(above)s players, or with tables of %(low1)s to %(high1)s or of "
            "%(low2)s to %(high2)s.",
            above,
        )
    return sentence % values
