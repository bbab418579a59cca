"""Points in templates as the screens write them (`scoring.display.formatting`): a real
minus sign."""

from __future__ import annotations

from django import template

from common.numbers import signed, unsigned_plus

register = template.Library()


@register.filter
def points(value: int) -> str:
    """120, 0, or a minus sign and 40."""
    return unsigned_plus(int(value))


@register.filter
def signed_points(value: int) -> str:
    """+120, 0, or a minus sign and 40."""
    return signed(int(value))
