"""Names in a sentence, for templates: "<strong>Asha</strong>, <strong>Bala</strong> and
<strong>Dev</strong>", each name escaped, the joining word translated."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django import template
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import pgettext

register = template.Library()


@register.filter
def leader_names(totals: Iterable[Any]) -> list[str]:
    """The names on the tiles that lead (`scoring.display.sessions.SeatTotal`)."""
    return [seat.name for seat in totals if seat.leader]


@register.filter
def strong_names(names: Iterable[str], css_class: str = "") -> SafeString:
    """Each name in <strong> (with `css_class`), joined as a list is read: "A", "A and B",
    "A, B and C"."""
    parts = [
        format_html('<strong class="{}">{}</strong>', css_class, name)
        if css_class
        else format_html("<strong>{}</strong>", name)
        for name in names
    ]
    if len(parts) < 2:
        return mark_safe("".join(parts))  # each part escaped by format_html
    # Translators: joins the last name of a list to those before it, e.g. "Asha, Bala and Dev"
    words = conditional_escape(pgettext("a list of names", "%(names)s and %(last)s"))
    # The words escaped, the names escaped by format_html: the whole is safe.
    return mark_safe(words % {"names": ", ".join(parts[:-1]), "last": parts[-1]})
