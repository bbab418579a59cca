"""How points and the games' own words read on the screens."""

from __future__ import annotations

from scoring.rules import DESIGNATOR_NAMES

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


# What the card that decides the wild cards is called in each game, as a label ("Tiplu").
WILD_LABELS: dict[str, str] = {
    variant: name.capitalize() for variant, name in DESIGNATOR_NAMES.items()
}
