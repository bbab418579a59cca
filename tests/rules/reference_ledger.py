"""A slow, obviously correct reference for `score_hand` answers, used only by the tests.

Written straight from the rules contract (its `score_hand` section and its House rules
section) and `docs/rules.md` where the contract leaves the call to the project. It shares no
code with `scoring.rules`: a hand's penalty and value-card bonus come from the other
reference, `tests/rules/reference_solver.py`; everything a ledger adds on top of them is
here, one rule after another, in the order the contract gives.

* `score_hand(request)`: the answer the engine must give for a well-formed `score_hand`
  request in indian13, indian21, rummy27 or marriage (errors and vazhushal are not modelled:
  no house option touches vazhushal).
* `charges(variant, options)`: the house charges in force, defaults filled in.
* `HOUSE_OPTIONS`: every house option of each variant with the values the contract allows,
  for the tests that draw random options.

The answer is `{"scores", "transfers", "details"}` as the contract has it. Transfers are
built in a fixed order here, but the contract fixes none: compare them as a multiset
(`same_transfers`).

Where the contract leaves room, the reading taken is written next to the code (look for
"reading:").
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence

from tests.rules import reference_solver as ref

# ------------------------------------------------------------------ the house options

# "Each is a whole number from 0 to 1000 unless the table says otherwise."
CHARGE_RANGE = (0, 1000)
MAAL_CHOICES = ("counts", "murder", "kidnap")

# The House rules table, column "default".
DEFAULTS: dict[str, dict[str, int | str]] = {
    "indian13": {"drop_first": 10, "drop_later": 40, "wrong_show": 80},
    "indian21": {"drop_first": 30, "drop_later": 70, "wrong_show": 120},
    "rummy27": {"drop_first": 30, "drop_later": 70, "wrong_show": 120},
    "marriage": {
        "seen_points": 3,
        "unseen_points": 10,
        "dublee_bonus": 5,
        "unseen_maal": "counts",
    },
}

# Every house option of each variant (the "variants" column).
HOUSE_OPTIONS: dict[str, tuple[str, ...]] = {
    variant: tuple(defaults) for variant, defaults in DEFAULTS.items()
}

# The ledger's other numbers, from the contract's tables.
BIG_HAND_CAP = 120  # indian21, rummy27: "Capped at 120."
BIG_HAND_FIRST_TURN_CAP = 60  # "first_turn_pending: halved (rounding half up), then capped at 60"

# Results that take a player out of the hand before it ends: "Dropped players and wrong
# shows both count as out of the hand".
OUT = ("dropped", "wrong_show")


def charges(variant: str, options: dict | None) -> dict[str, int | str]:
    """The house options in force: each one given, or its default when absent."""
    given = options or {}
    return {name: given.get(name, default) for name, default in DEFAULTS[variant].items()}


def half_up(points: int) -> int:
    """Half, rounding half up (45 -> 23)."""
    return math.ceil(points / 2)


def is_printed_joker(card: object) -> bool:
    """`JK`, `JOKER` and the joker emoji are the printed joker; input is case-insensitive."""
    return isinstance(card, str) and card.strip().upper() in ("JK", "JOKER", "\U0001f0cf")


# ------------------------------------------------------------------------ the ledger


class Book:
    """Payments in the order made, and each seat's details."""

    def __init__(self, ids: Sequence[str]) -> None:
        self.ids = list(ids)
        self.transfers: list[dict] = []
        self.details: dict[str, dict] = {}

    def pay(self, payer: str, payee: str, points: int, reason: str) -> None:
        # "Transfers of 0 points are left out."
        if points != 0:
            self.transfers.append({"from": payer, "to": payee, "points": points, "reason": reason})

    def scores(self, debit_payers: bool = True) -> dict[str, int]:
        """Each player's change: what they were paid, less what they paid when payers are
        debited (zero-sum)."""
        scores = dict.fromkeys(self.ids, 0)
        for transfer in self.transfers:
            scores[transfer["to"]] += transfer["points"]
            if debit_payers:
                scores[transfer["from"]] -= transfer["points"]
        return scores

    def answer(self, scores: dict[str, int]) -> dict:
        return {"scores": scores, "transfers": self.transfers, "details": self.details}


def seat_id(seat: dict) -> str:
    # reading: an id is answered as a string (JSON object keys are strings)
    return str(seat["id"])


def winner_of(seats: Sequence[dict]) -> dict:
    """The seat marked `won`; if none is, "exactly one player is neither dropped nor out on a
    wrong show, that player won" ("if every other player is out, the last one in wins")."""
    marked = [seat for seat in seats if seat["result"] == "won"]
    if marked:
        assert len(marked) == 1, "exactly one `won` player"
        return marked[0]
    still_in = [seat for seat in seats if seat["result"] not in OUT]
    assert len(still_in) == 1, "nobody marked won and not exactly one player still in"
    return still_in[0]


def context_for(request: dict) -> ref.Ctx:
    """The reference solver's context for the table: "`players` is the list of seats (its
    length is the player count)", which decides the decks where the table says so."""
    return ref.context(
        {
            "variant": request["variant"],
            "options": request.get("options") or {},
            "players": len(request["players"]),
            "wild": request.get("wild"),
        }
    )


def score_hand(request: dict) -> dict:
    """The reference answer for a well-formed `score_hand` request."""
    variant = request["variant"]
    seats = request["players"]
    ids = [seat_id(seat) for seat in seats]
    if request.get("void"):
        # "`void: true` (stock ran out): every score 0, no transfers."
        # reading: no details either (docs/rules.md: "a void hand has no details"; nothing
        # was counted).
        return {"scores": dict.fromkeys(ids, 0), "transfers": [], "details": {}}
    needs_cards = any(seat.get("hand") is not None for seat in seats)
    ctx = context_for(request) if needs_cards else None
    if variant == "indian13":
        return _indian13(request, ctx)
    if variant in ("indian21", "rummy27"):
        return _big_hand(request, ctx)
    if variant == "marriage":
        return _marriage(request, ctx)
    raise ValueError(f"{variant}: no house option touches this game's ledger")


def _charge_out(
    book: Book, seat: dict, winner: str, house: dict[str, int | str], factor: int = 1
) -> bool:
    """A player out of the hand pays the winner and is done: True when `seat` was out.

    "each dropped player pays 10 (`first`) or 40 (`later`) and each wrong show 80 (options
    `drop_first`, `drop_later`, `wrong_show`)" (indian13; 30 / 70 / 120 in indian21 and
    rummy27); in indian13 `factor` is the printed-joker doubling of "every transfer".
    """
    who = seat_id(seat)
    if seat["result"] == "dropped":
        points = int(house["drop_" + seat["drop"]]) * factor
        # reading: a pack's details read like a loser's, with the rule `drop` (docs/rules.md:
        # "a pack `drop`"): its penalty is what it paid, its bonus 0 (it takes no part in
        # value-card bonuses).
        book.details[who] = {"penalty": points, "rule": "drop", "bonus": 0}
        book.pay(who, winner, points, "drop")
        return True
    if seat["result"] == "wrong_show":
        points = int(house["wrong_show"]) * factor
        # "`details[id]` is `{"wrong_show": N}`"; reading: N is what it paid (doubled on a
        # printed joker where the charge is).
        book.details[who] = {"wrong_show": points}
        book.pay(who, winner, points, "wrong_show")
        return True
    return False


def _indian13(request: dict, ctx: ref.Ctx | None) -> dict:
    options = request.get("options") or {}
    house = charges("indian13", options)
    seats = request["players"]
    winner = winner_of(seats)
    winner_id = seat_id(winner)
    # "Option `double_on_printed_joker: true` doubles every transfer when `wild` is `JK`."
    doubled = bool(options.get("double_on_printed_joker")) and is_printed_joker(request.get("wild"))
    factor = 2 if doubled else 1
    # "Where a player is pending and `declared` is absent, `first_turn_after_draw` is meant."
    declared = winner.get("declared") or "first_turn_after_draw"
    cap = options.get("penalty_cap")
    book = Book([seat_id(seat) for seat in seats])
    # reading: the winner's details carry its bonus, and indian13 has no value cards (a
    # typed bonus is accepted and ignored, docs/rules.md).
    book.details[winner_id] = {"bonus": 0}
    for seat in seats:
        if seat is winner or _charge_out(book, seat, winner_id, house, factor):
            continue
        who = seat_id(seat)
        pending = bool(seat.get("first_turn_pending"))
        after_draw = pending and declared == "first_turn_after_draw"
        # "Order of the rules for one loser: count (tiers), then `penalty_cap`, then
        # first-turn halving or doubling, then printed-joker doubling."
        if seat.get("hand") is not None:
            assert ctx is not None
            # after the draw a pending player pays "as the `penalty` op says for them":
            # every meldable card exempt (rule `first_turn`); `count` is before any cap
            counted = ref.penalty(list(seat["hand"]), ctx, first_turn_pending=after_draw)
            count, rule = counted.count, counted.rule
        else:
            # "A typed `penalty` is the count the scorer made"; docs/rules.md: "a typed
            # penalty shows the rule `entered`"
            count, rule = int(seat["penalty"]), "entered"
        points = count if cap is None else min(count, int(cap))
        if pending:
            points = half_up(points) if after_draw else points * 2
        points *= factor
        book.details[who] = {"penalty": points, "rule": rule, "bonus": 0}
        book.pay(who, winner_id, points, "penalty")
    # "`scoring: "winner_takes"` (house default) credits the winner and leaves losers at 0;
    # `scoring: "zero_sum"` also debits every payer. Transfers are the same in both."
    zero_sum = options.get("scoring", "winner_takes") == "zero_sum"
    return book.answer(book.scores(debit_payers=zero_sum))


def _typed_or_dealt_bonus(seat: dict, ctx: ref.Ctx | None) -> int:
    """A seat's value-card bonus: from its `hand` when given, else the typed `bonus` (0
    when neither is)."""
    if seat.get("hand") is not None:
        assert ctx is not None
        return ref.bonus(list(seat["hand"]), ctx, seat.get("initial_tunnelas") or ())
    return int(seat.get("bonus") or 0)


def _big_hand(request: dict, ctx: ref.Ctx | None) -> dict:
    variant = request["variant"]
    house = charges(variant, request.get("options"))
    seats = request["players"]
    winner = winner_of(seats)
    winner_id = seat_id(winner)
    book = Book([seat_id(seat) for seat in seats])
    # "Every player still in the hand (winner and losers, not dropped players or wrong
    # shows) collects their bonus from every other player still in the hand"
    in_hand = [seat for seat in seats if seat["result"] not in OUT]
    bonuses = {seat_id(seat): _typed_or_dealt_bonus(seat, ctx) for seat in in_hand}
    for seat in seats:
        who = seat_id(seat)
        if seat is winner:
            book.details[who] = {"bonus": bonuses[who]}
            continue
        if _charge_out(book, seat, winner_id, house):
            continue
        pending = bool(seat.get("first_turn_pending"))
        if seat.get("hand") is not None:
            assert ctx is not None
            # the penalty op's answer: tiers, 120 cap, halving and the 60 cap; "indian21
            # and rummy27 keep the underlying rule name for a first_turn_pending player"
            counted = ref.penalty(list(seat["hand"]), ctx, first_turn_pending=pending)
            points, rule = counted.points, counted.rule
        else:
            # "the engine applies caps, first-turn halving ... to it exactly as to a
            # computed one"
            count, rule = int(seat["penalty"]), "entered"
            points = (
                min(half_up(min(count, BIG_HAND_CAP)), BIG_HAND_FIRST_TURN_CAP)
                if pending
                else min(count, BIG_HAND_CAP)
            )
        # reading: details.bonus is what the player collects from each other player in
        # the hand (in full, even when pending)
        book.details[who] = {"penalty": points, "rule": rule, "bonus": bonuses[who]}
        book.pay(who, winner_id, points, "penalty")
    for collector in in_hand:
        for payer in in_hand:
            if payer is collector:
                continue
            owed = bonuses[seat_id(collector)]
            # "a `first_turn_pending` player pays half of it (rounding half up) but
            # collects in full"
            if payer.get("first_turn_pending"):
                owed = half_up(owed)
            book.pay(seat_id(payer), seat_id(collector), owed, "bonus")
    return book.answer(book.scores())  # "Zero-sum."


def _marriage(request: dict, ctx: ref.Ctx | None) -> dict:
    house = charges("marriage", request.get("options"))
    seats = request["players"]
    winner = winner_of(seats)
    winner_id = seat_id(winner)
    book = Book([seat_id(seat) for seat in seats])
    # "a missing `seen` is false"; for `unseen_maal` "The winner always counts as seen."
    seen = {seat_id(seat): bool(seat.get("seen")) for seat in seats}
    has_seen = {who: flag or who == winner_id for who, flag in seen.items()}

    # The value-card bonus each player collects from each opponent, after `unseen_maal`.
    own = {seat_id(seat): _typed_or_dealt_bonus(seat, ctx) for seat in seats}
    rule = house["unseen_maal"]
    bonuses = dict(own)
    for who in bonuses:
        if has_seen[who] or rule == "counts":
            continue  # "`counts`: it counts like anyone's."
        # "`murder`: it is void (that player collects no bonus, and still pays everyone
        # else's). `kidnap`: the winner takes it (added to the winner's own bonus, and the
        # unseen player collects none)."
        bonuses[who] = 0
        if rule == "kidnap":
            bonuses[winner_id] += own[who]

    # "The winner collects 10 from each opponent that has not `seen` and 3 from each that
    # has; an `eight_dublees` win collects 5 more from each opponent"; "a missing `show` is
    # `complete`".
    eight_dublees = (winner.get("show") or "complete") == "eight_dublees"
    for seat in seats:
        who = seat_id(seat)
        # "`details[id].bonus` is the bonus the player collects from each opponent after
        # `unseen_maal` has been applied"; reading: `seen` echoes the seat's flag as given
        # (missing = false), as docs/rules.md's "marriage adds `seen`" has it.
        book.details[who] = {"bonus": bonuses[who], "seen": seen[who]}
        if seat is winner:
            continue
        points = house["seen_points"] if seen[who] else house["unseen_points"]
        book.pay(who, winner_id, int(points), "win")
        if eight_dublees:
            book.pay(who, winner_id, int(house["dublee_bonus"]), "eight_dublees")
    # "Every player collects their bonus from every opponent"
    for collector in seats:
        for payer in seats:
            if payer is not collector:
                book.pay(seat_id(payer), seat_id(collector), bonuses[seat_id(collector)], "bonus")
    return book.answer(book.scores())  # "Zero-sum."


# ---------------------------------------------------------------------- comparing


def transfer_key(transfer: dict) -> tuple:
    return (
        transfer.get("from"),
        transfer.get("to"),
        transfer.get("reason"),
        transfer.get("points"),
    )


def same_transfers(a: Sequence[dict], b: Sequence[dict]) -> bool:
    """The same payments, in any order (the contract fixes no order)."""
    return Counter(map(transfer_key, a)) == Counter(map(transfer_key, b))


def differences(expected: dict, got: dict) -> list[str]:
    """Every field where `got` differs from the reference answer `expected`: the answer's
    keys, each score, the transfers (as a multiset) and each seat's details."""
    if "error" in got:
        return [f"engine error {got['error']}"]
    problems = []
    if set(got) != set(expected):
        problems.append(f"answer keys {sorted(got)}, reference {sorted(expected)}")
    scores = got.get("scores", {})
    if scores != expected["scores"]:
        for who in sorted(set(scores) | set(expected["scores"])):
            if scores.get(who) != expected["scores"].get(who):
                problems.append(
                    f"scores[{who}]: engine {scores.get(who)!r}, "
                    f"reference {expected['scores'].get(who)!r}"
                )
    transfers = got.get("transfers", [])
    if not same_transfers(transfers, expected["transfers"]):
        extra = Counter(map(transfer_key, transfers)) - Counter(
            map(transfer_key, expected["transfers"])
        )
        missing = Counter(map(transfer_key, expected["transfers"])) - Counter(
            map(transfer_key, transfers)
        )
        problems.append(
            f"transfers: engine has {sorted(extra.elements())} "
            f"the reference has not, and lacks {sorted(missing.elements())}"
        )
    details = got.get("details", {})
    for who in sorted(set(details) | set(expected["details"])):
        if details.get(who) != expected["details"].get(who):
            problems.append(
                f"details[{who}]: engine {details.get(who)!r}, "
                f"reference {expected['details'].get(who)!r}"
            )
    return problems
