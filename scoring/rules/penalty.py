"""The `penalty` op: the least a losing hand pays under its game's tiered rules."""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import names
from .hand import Hand
from .search import Goal, Meld
from .variants import Table

# Where two tiers cost the same, the higher tier names the rule.
_TIER_RANK = {"deadwood": 0, "pure_exempt": 1, "all_cards": 2}


@dataclass
class Penalty:
    points: int
    rule: str
    counted: list[int] = field(default_factory=list)
    melds: list[Meld] = field(default_factory=list)
    raw: int = 0  # the count before caps and halving

    def as_response(self) -> dict:
        return {
            "points": self.points,
            "rule": self.rule,
            "counted": names(sorted(self.counted)),
            "melds": [{"kind": m.kind, "cards": names(m.cards)} for m in self.melds],
        }


def half_up(points: int) -> int:
    return (points + 1) // 2


def penalty(hand: Hand, first_turn_pending: bool = False) -> Penalty:
    if hand.table.variant == "indian13":
        return _indian13(hand, first_turn_pending)
    return _big_hand(hand, first_turn_pending)


def counted_penalty(hand: Hand) -> Penalty:
    """The tiered count alone, before any cap or halving (what a scorer would count)."""
    if hand.table.variant == "indian13":
        return _cheapest_tier(hand, pure=2 if hand.table.option("two_pure") else 1, seqs=2)
    return _big_hand_count(hand)


def first_turn_count(hand: Hand) -> Penalty:
    """indian13, the winner out on the first turn after drawing: every card that melds is
    exempt whatever the requirement (the count before cap and halving)."""
    found = hand.arrange(Goal(meld_all=False))
    assert found is not None
    return Penalty(found.value, "first_turn", found.leftover, found.melds, found.value)


def _indian13(hand: Hand, first_turn_pending: bool) -> Penalty:
    if first_turn_pending:
        result = first_turn_count(hand)
        result.points = half_up(apply_cap13(hand.table, result.raw))
        return result
    result = counted_penalty(hand)
    result.points = apply_cap13(hand.table, result.raw)
    return result


def apply_cap13(table: Table, points: int) -> int:
    cap = table.option("penalty_cap")
    return points if cap is None else min(points, int(cap))


def _cheapest_tier(hand: Hand, pure: int, seqs: int) -> Penalty:
    total = hand.total_value
    best = Penalty(total, "all_cards", list(hand.cards), [], total)
    exempt = hand.arrange(Goal(meld_all=False, pure=1, pure_only=True))
    if exempt is None:
        return best  # no pure sequence at all: neither exemption applies
    best = _cheaper(
        best, Penalty(exempt.value, "pure_exempt", exempt.leftover, exempt.melds, exempt.value)
    )
    if pure > 1 and hand.arrange(Goal(meld_all=False, pure=pure, pure_only=True)) is None:
        return best  # too few pure sequences for the deadwood tier, whatever else melds
    # Only a deadwood count at or below the best so far can change the answer (a tie goes
    # to the higher tier), so the search may drop anything dearer.
    dead = hand.arrange(Goal(meld_all=False, pure=pure, seqs=seqs), limit=best.raw)
    if dead is not None:
        best = _cheaper(
            best, Penalty(dead.value, "deadwood", dead.leftover, dead.melds, dead.value)
        )
    return best


def _cheaper(a: Penalty, b: Penalty) -> Penalty:
    if (a.raw, _TIER_RANK[a.rule]) <= (b.raw, _TIER_RANK[b.rule]):
        return a
    return b


def _big_hand_count(hand: Hand) -> Penalty:
    """indian21 and rummy27: two points for a hand that is all but a show, else the tiers.

    Two points are a flat charge, so nothing is `counted`; the melds say why: the dublees,
    or every card's meld (none for seven wild cards).
    """
    if hand.dublee_count >= 6:
        return Penalty(2, "two_points", [], hand.dublees(), 2)
    if hand.wild_count >= 7:
        return Penalty(2, "two_points", [], [], 2)
    melded = hand.arrange(Goal(meld_all=True)) if hand.could_meld_all() else None
    if melded is not None:
        return Penalty(2, "two_points", [], melded.melds, 2)
    return _cheapest_tier(hand, pure=3, seqs=0)


def _big_hand(hand: Hand, first_turn_pending: bool) -> Penalty:
    result = _big_hand_count(hand)
    points = min(result.raw, 120)
    if first_turn_pending:
        points = min(half_up(points), 60)
    result.points = points
    return result
