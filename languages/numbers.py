"""Numbers as the reader's language writes them: 1,00,000 in Hindi, Nepali and Tamil (the
grouping is in config/formats/), 100000 in English as before. Points stay whole numbers."""

from __future__ import annotations

from django.utils.formats import number_format


def grouped(value: int) -> str:
    """A whole number with the current language's digit grouping (the sign kept as given)."""
    return number_format(value, force_grouping=True)
