"""The `bonus` op: what a player's value cards collect from each opponent, best split first."""

from __future__ import annotations

from collections import Counter
from itertools import product

from .cards import JOKER, name
from .errors import bad_request
from .phrases import phrase
from .typed import BonusAnswer, BonusLine
from .variants import BONUS_VARIANTS, Table
from .wilds import wild_roles

_Points = dict[str, tuple[int, ...]]
_Marriages = tuple[tuple[str, int, int], ...]

# Points for holding 1, 2 or 3 cards of a category.
_INDIAN21: _Points = {"same_suit": (10, 30, 50), "upper": (10, 30, 50), "lower": (10, 30, 50)}
_INDIAN21_MARRIAGES: _Marriages = (
    ("triple_marriage", 3, 500),
    ("double_marriage", 2, 300),
    ("marriage", 1, 100),
)
_RUMMY27: _Points = {
    "same_suit": (20, 60, 120),
    "one_up": (10, 30, 60),
    "two_up": (10, 30, 60),
    "one_down": (10, 30, 60),
    "two_down": (25, 75, 150),
}
_MARRIAGE_HAND: _Points = {"poplu": (2, 5, 10), "jhiplu": (2, 5, 10), "tiplu": (3, 7)}
_MARRIAGE_MARRIAGES: _Marriages = (("double_marriage", 2, 20), ("marriage", 1, 10))
_TUNNELA_POINTS = {"tunnela": 5, "joker_tunnela": 10, "poplu_tunnela": 20, "jhiplu_tunnela": 20}
# The Nepal maal: k cards pay (2k - 1) x the option's value (5 / 15 / 25 for N = 5), and an
# initial tunnela of alters 7 x N.
_ALTER_TUNNELA_TIMES = 7


def _category_points(table: tuple[int, ...], count: int) -> int:
    """Points for `count` cards of one category; beyond the table's top, groups repeat."""
    top = len(table)
    full, rest = divmod(count, top)
    return full * table[-1] + (table[rest - 1] if rest else 0)


def bonus(table: Table, hand: list[int], initial_tunnelas: list[list[int]] | None) -> BonusAnswer:
    variant = table.variant
    if variant not in BONUS_VARIANTS:
        return BonusAnswer(0, ())
    roles = wild_roles(table)
    held = Counter(roles.get(card) for card in hand)
    if variant == "indian21":
        return _best_split(held, _INDIAN21, _INDIAN21_MARRIAGES, ("same_suit", "upper", "lower"))
    if variant == "rummy27":
        return _best_split(held, _RUMMY27, (), ())
    return _marriage(table, roles, hand, initial_tunnelas or [])


def _best_split(
    held: Counter[str | None], tables: _Points, marriages: _Marriages, parts: tuple[str, ...]
) -> BonusAnswer:
    """Try every number of each marriage kind; the rest score by category."""
    counts = {category: held.get(category, 0) for category in tables}
    # Bigger marriages first, so that of two equal splits the one with fewer, larger
    # marriages is named (two of each is a double marriage, not two marriages).
    ranges = [
        range(min(counts[p] for p in parts) // size, -1, -1) if parts else range(1)
        for _, size, _ in marriages
    ]
    best_points, best_breakdown = -1, list[BonusLine]()
    for combo in product(*ranges):
        used = sum(size * n for (_, size, _), n in zip(marriages, combo, strict=True))
        if parts and any(counts[p] < used for p in parts):
            continue
        breakdown: list[BonusLine] = []
        for (category, _size, points), n in zip(marriages, combo, strict=True):
            if n:
                breakdown.append(BonusLine(category, n, points * n))
        for category, table in tables.items():
            left = counts[category] - (used if category in parts else 0)
            if left:
                breakdown.append(BonusLine(category, left, _category_points(table, left)))
        total = sum(line.points for line in breakdown)
        if total > best_points:
            best_points, best_breakdown = total, breakdown
    return BonusAnswer(max(best_points, 0), tuple(best_breakdown))


def check_initial_tunnelas(hand: list[int], tunnelas: list[list[int]]) -> None:
    """Initial tunnelas must be tunnelas, and their cards must be part of the hand."""
    for group in tunnelas:
        if len(group) != 3 or len(set(group)) != 1:
            shown = [name(card) for card in group]
            raise bad_request(
                phrase("Initial tunnela [%(cards)s] is not three identical cards.", cards=shown)
            )
        if group[0] == JOKER:
            # A printed joker always stands for another card, so three of them are no meld.
            raise bad_request(
                phrase(
                    "Three printed jokers are not a tunnela in Indian Marriage: a printed "
                    "joker always stands for another card."
                )
            )
    needed = Counter(card for group in tunnelas for card in group)
    missing = needed - Counter(hand)
    if missing:
        shown = [name(card) for card in sorted(missing.elements())]
        raise bad_request(
            phrase(
                "The initial tunnelas use %(cards)s, which the hand does not hold; list every "
                "card the player holds, tunnelas included, in `hand`.",
                cards=shown,
            )
        )


def _marriage(
    table: Table, roles: dict[int, str], hand: list[int], tunnelas: list[list[int]]
) -> BonusAnswer:
    alter_value, man_value = table.number("alter_value"), table.number("man_value")
    tunnela_points = _TUNNELA_POINTS | {"alter_tunnela": _ALTER_TUNNELA_TIMES * alter_value}
    by_kind: Counter[str] = Counter(
        _tunnela_kind(roles.get(group[0]), alter_value) for group in tunnelas
    )
    breakdown = [
        BonusLine(kind, by_kind[kind], by_kind[kind] * points)
        for kind, points in tunnela_points.items()
        if by_kind[kind] and points
    ]
    rest = Counter(hand)
    rest.subtract(card for group in tunnelas for card in group)
    held: Counter[str | None] = Counter()
    for card, count in rest.items():
        if count > 0:
            held[roles.get(card)] += count
    in_hand = _best_split(
        Counter({role: held[role] for role in _MARRIAGE_HAND}),
        _MARRIAGE_HAND,
        _MARRIAGE_MARRIAGES,
        ("tiplu", "poplu", "jhiplu"),
    )
    breakdown.extend(in_hand.breakdown)
    # The man is a printed joker: its role in `wilds` is `printed`.
    for category, role, value in (("alter", "alter", alter_value), ("man", "printed", man_value)):
        count = held[role]
        if count and value:
            breakdown.append(BonusLine(category, count, (2 * count - 1) * value))
    return BonusAnswer(sum(line.points for line in breakdown), tuple(breakdown))


def _tunnela_kind(role: str | None, alter_value: int) -> str:
    """What an initial tunnela of cards of `role` is worth as: an alter's earns its own maal
    where the alter has one, and is a joker tunnela like any other wild card's otherwise."""
    if role is None:
        return "tunnela"
    if role in ("poplu", "jhiplu"):
        return f"{role}_tunnela"
    if role == "alter" and alter_value:
        return "alter_tunnela"
    return "joker_tunnela"
