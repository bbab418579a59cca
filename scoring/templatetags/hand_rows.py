"""`{% hand_rows rows can_score=... %}`: the hands table's rows (scoring/display/hand_rows.py)."""

from __future__ import annotations

from collections.abc import Sequence

from django import template
from django.utils.safestring import SafeString

from scoring.display import hand_rows as drawn
from scoring.display.sessions import TableRow

register = template.Library()


@register.simple_tag
def hand_rows(rows: Sequence[TableRow], *, can_score: bool) -> SafeString:
    return drawn.hand_rows(rows, can_score=can_score)
