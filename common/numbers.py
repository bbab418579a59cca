"""Numbers as the reader's language writes them: 1,00,000 in Hindi, Nepali and Tamil (the
grouping is in config/formats/), 100000 in English as before. Points stay whole numbers."""

from __future__ import annotations

from django.utils.formats import number_format


def grouped(value: int) -> str:
    """A whole number with the current language's digit grouping (the sign kept as given)."""
    if -1000 < value < 1000:
        # No language groups fewer than four digits: most scores, asked for by the hundred
        # on every screen, skip the locale lookups.
        return str(value)
    return number_format(value, force_grouping=True)


MINUS = "\u2212"  # a real minus sign: as wide as the plus, easy to read across the table


def signed(points: int) -> str:
    """+120, 0, or a minus sign and 40; digits grouped the reader's way (+1,20,000 in
    Hindi, Nepali and Tamil; English as ever, ungrouped)."""
    if points > 0:
        return f"+{grouped(points)}"
    if points < 0:
        return f"{MINUS}{grouped(-points)}"
    return "0"


def unsigned_plus(points: int) -> str:
    """120, 0, or a minus sign and 40: running totals, where a plus sign is only noise."""
    return f"{MINUS}{grouped(-points)}" if points < 0 else grouped(points)
