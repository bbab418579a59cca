"""How points read on the screens."""

from __future__ import annotations

MINUS = "\u2212"  # a real minus sign: as wide as the plus, easy to read across the table


def signed(points: int) -> str:
    """+120, 0, or a minus sign and 40."""
    if points > 0:
        return f"+{points}"
    if points < 0:
        return f"{MINUS}{-points}"
    return "0"


def unsigned_plus(points: int) -> str:
    """120, 0, or a minus sign and 40: running totals, where a plus sign is only noise."""
    return f"{MINUS}{-points}" if points < 0 else str(points)
