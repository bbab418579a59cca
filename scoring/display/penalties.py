"""What each loser of a hand paid, and why that differs from what was typed or counted.

The stored ledger's `details` give each seat's `penalty` and its `rule` (`entered` for typed
points, `drop` for a pack, a tier name for counted cards; a wrong show has `wrong_show`, its
charge) but not the steps between the
count and the penalty: a cap, first-turn halving or doubling, a printed joker doubling. They
are worked out again here with the engine's own arithmetic (`scoring.rules.loser_charge`),
from the entry stored with the ledger, and shown only when they give the stored penalty
back (a ledger from rules since changed is shown as it is, without notes).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import pgettext, pgettext_lazy

from scoring.display.formatting import Words
from scoring.hand_entry import HandEntry, SeatEntry
from scoring.rules import (
    CAPPED,
    DOUBLED_FIRST_TURN,
    DOUBLED_JOKER,
    HALVED,
    PENALTY_VARIANTS,
    Adjustment,
    loser_charge,
    printed_joker_doubles,
)

# A count above any cap a table may set, to see every step a hand's flags lead to.
HIGHEST_COUNT = 100_000
# A pack on the first turn, and one later (the middle of the hand), as the table says them.
DROP_WORDS = Words(
    {
        "first": pgettext_lazy("a rummy move: leaving the hand before the first draw", "pack"),
        "later": pgettext_lazy("a rummy move: leaving the hand after drawing", "middle pack"),
    }
)


def wrong_show_words() -> str:
    """A seat out on a show the table found not valid."""
    return pgettext("a rummy declaration that was not valid", "wrong show")


# Short marks for a narrow table cell; the sentence is shown under the table.
TIMES_TWO = "\u00d72"  # a real multiplication sign
STEP_MARKS = Words(
    {
        CAPPED: pgettext_lazy("a short mark in a table cell: the penalty was capped", "cap"),
        HALVED: "\u00bd",
        DOUBLED_FIRST_TURN: TIMES_TWO,
        DOUBLED_JOKER: TIMES_TWO,
    }
)


@dataclass(frozen=True)
class SeatPaid:
    """What one seat paid in a hand: nothing for the winner."""

    penalty: int | None = None  # points paid as a loser or for a pack
    pack: str = ""  # "pack" or "middle pack" for a seat that packed, "wrong show" for one
    notes: tuple[str, ...] = ()  # why the penalty is not the number typed or counted
    marks: tuple[str, ...] = ()  # the same, in a few characters each

    @property
    def adjusted(self) -> bool:
        return bool(self.notes)


def step_words(step: Adjustment) -> str:
    """One adjustment in words: "capped at 120", "halved: no turn yet", ..."""
    if step.kind == CAPPED:
        # Translators: a penalty lowered to the table's cap, e.g. "capped at 120"
        return _("capped at %(limit)s") % {"limit": step.limit}
    if step.kind == HALVED:
        return _("halved: no turn yet")
    if step.kind == DOUBLED_FIRST_TURN:
        return _("doubled: no turn yet, won before the draw")
    if step.kind == DOUBLED_JOKER:
        return _("doubled: printed joker")
    return step.kind.replace("_", " ")


def seat_payments(
    entry: HandEntry,
    ledger: Mapping[str, Any],
    *,
    variant: str,
    options: Mapping[str, object],
) -> dict[int, SeatPaid]:
    """Each seat's payment in a played hand, by seat position (a void hand: nobody paid)."""
    if entry.void or variant not in PENALTY_VARIANTS:
        return {}
    details = ledger.get("details", {})
    joker = printed_joker_doubles(variant, options, entry.wild)
    before_draw = entry.declared == "first_turn_before_draw"
    cap = options.get("penalty_cap")
    paid: dict[int, SeatPaid] = {}
    for seat in entry.seats:
        detail = details.get(str(seat.position)) or {}
        if "wrong_show" in detail:
            paid[seat.position] = _wrong_show(detail["wrong_show"], joker=joker)
            continue
        penalty = detail.get("penalty")
        if penalty is None:
            continue
        if detail.get("rule") == "drop":
            paid[seat.position] = _pack(seat, penalty, joker=joker)
            continue
        paid[seat.position] = _loss(
            seat,
            penalty,
            typed=detail.get("rule") == "entered",
            variant=variant,
            cap=cap if isinstance(cap, int) and not isinstance(cap, bool) else None,
            before_draw=before_draw,
            joker=joker,
        )
    return paid


def _pack(seat: SeatEntry, penalty: int, *, joker: bool) -> SeatPaid:
    pack = DROP_WORDS.get(seat.drop or "", DROP_WORDS["first"])
    if joker and penalty % 2 == 0:
        return SeatPaid(
            penalty=penalty,
            pack=pack,
            notes=(step_words(Adjustment(DOUBLED_JOKER, penalty // 2, penalty)),),
            marks=(STEP_MARKS[DOUBLED_JOKER],),
        )
    return SeatPaid(penalty=penalty, pack=pack)


def _wrong_show(charge: int, *, joker: bool) -> SeatPaid:
    """A wrong show pays the club's charge (doubled on a printed joker, like a pack)."""
    if joker and charge % 2 == 0:
        return SeatPaid(
            penalty=charge,
            pack=wrong_show_words(),
            notes=(step_words(Adjustment(DOUBLED_JOKER, charge // 2, charge)),),
            marks=(STEP_MARKS[DOUBLED_JOKER],),
        )
    return SeatPaid(penalty=charge, pack=wrong_show_words())


def _loss(
    seat: SeatEntry,
    penalty: int,
    *,
    typed: bool,
    variant: str,
    cap: int | None,
    before_draw: bool,
    joker: bool,
) -> SeatPaid:
    def charge(count: int) -> tuple[int, tuple[Adjustment, ...]]:
        answer = loser_charge(
            variant,
            count,
            cap=cap,
            first_turn_pending=seat.first_turn_pending,
            before_draw=before_draw,
            printed_joker=joker,
        )
        return answer.points, answer.steps

    if typed:
        count = seat.penalty or 0
        points, steps = charge(count)
        if points != penalty:
            return SeatPaid(penalty=penalty)
        notes = tuple(step_words(step) for step in steps)
        if steps:
            # Translators: the points a scorer typed for a loser, e.g. "typed 130"
            notes = (_("typed %(count)s") % {"count": count}, *notes)
        return SeatPaid(
            penalty=penalty, notes=notes, marks=tuple(STEP_MARKS[s.kind] for s in steps)
        )
    if penalty == 0:
        return SeatPaid(penalty=penalty)
    # Counted from the cards: the count itself is not stored. The steps that follow from
    # the hand's flags are certain; a cap is named only when no count below it gives the
    # penalty stored ("at the cap": the count reached it).
    every_step = charge(HIGHEST_COUNT)[1]
    flagged = [step for step in every_step if step.kind != CAPPED]
    counted_notes = [step_words(step) for step in flagged]
    counted_marks = [STEP_MARKS[step.kind] for step in flagged]
    limits = sorted({step.limit for step in every_step if step.kind == CAPPED and step.limit})
    for limit in limits:
        if charge(limit)[0] == penalty and charge(limit - 1)[0] != penalty:
            counted_notes.insert(0, _("at the cap of %(limit)s") % {"limit": limit})
            counted_marks.insert(0, STEP_MARKS[CAPPED])
            break
    return SeatPaid(penalty=penalty, notes=tuple(counted_notes), marks=tuple(counted_marks))
