"""The `penalty` op: the least a losing hand pays under its game's tiered rules."""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import names
from .hand import Hand
from .search import Goal, Meld
from .typed import MeldShown, PenaltyAnswer
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

    def as_answer(self) -> PenaltyAnswer:
        return PenaltyAnswer(
            points=self.points,
            rule=self.rule,
            counted=tuple(names(sorted(self.counted))),
            melds=tuple(MeldShown(m.kind, tuple(names(m.cards))) for m in self.melds),
        )


def half_up(points: int) -> int:
    return (points + 1) // 2


# 21 and 27 card Rummy: a losing hand pays at most this, and half of it before a first turn.
BIG_HAND_CAP = 120
BIG_HAND_FIRST_TURN_CAP = 60

# The steps between a loser's count and what they pay, as `Adjustment.kind`.
CAPPED = "capped"  # the count was above the cap (`limit`)
HALVED = "halved"  # no turn yet, the winner out on the first turn after drawing (or 21/27)
DOUBLED_FIRST_TURN = "doubled_first_turn"  # indian13: the winner out before drawing
DOUBLED_JOKER = "doubled_printed_joker"  # indian13 `double_on_printed_joker`


@dataclass(frozen=True)
class Adjustment:
    """One step that changed a loser's points: what they were before it and after it."""

    kind: str
    before: int
    after: int
    limit: int | None = None  # the cap, for CAPPED


@dataclass(frozen=True)
class Charge:
    """What a loser pays, and every step that made it differ from the count."""

    points: int
    steps: tuple[Adjustment, ...] = ()


def loser_charge(
    variant: str,
    count: int,
    *,
    cap: int | None = None,
    first_turn_pending: bool = False,
    before_draw: bool = False,
    printed_joker: bool = False,
) -> Charge:
    """A losing count (typed, or counted from the cards) as the loser pays it, in the order
    the contract gives: cap, first-turn halving (or doubling before the draw in indian13),
    then doubling on a printed joker (indian13). `cap` is indian13's `penalty_cap`;
    `printed_joker` is whether the hand doubles (`printed_joker_doubles`). The ledger and
    the screens that explain it both use this, so they cannot disagree."""
    steps: list[Adjustment] = []

    def step(kind: str, after: int, limit: int | None = None) -> None:
        before = steps[-1].after if steps else count
        if after != before:
            steps.append(Adjustment(kind, before, after, limit))

    if variant == "indian13":
        if cap is not None and count > cap:
            step(CAPPED, cap, cap)
        points = steps[-1].after if steps else count
        if first_turn_pending:
            if before_draw:
                step(DOUBLED_FIRST_TURN, points * 2)
            else:
                step(HALVED, half_up(points))
        if printed_joker:
            points = steps[-1].after if steps else count
            step(DOUBLED_JOKER, points * 2)
    else:
        if count > BIG_HAND_CAP:
            step(CAPPED, BIG_HAND_CAP, BIG_HAND_CAP)
        if first_turn_pending:
            points = steps[-1].after if steps else count
            halved = half_up(points)
            if halved > BIG_HAND_FIRST_TURN_CAP:
                step(HALVED, halved)
                step(CAPPED, BIG_HAND_FIRST_TURN_CAP, BIG_HAND_FIRST_TURN_CAP)
            else:
                step(HALVED, halved)
    return Charge(steps[-1].after if steps else count, tuple(steps))


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
    return points if not isinstance(cap, int) else min(points, cap)


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
    result.points = loser_charge(
        hand.table.variant, result.raw, first_turn_pending=first_turn_pending
    ).points
    return result
