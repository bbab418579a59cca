"""The `score_hand` op: one played hand turned into payments and each player's change."""

from __future__ import annotations

from dataclasses import dataclass, field

from .bonus import bonus, check_initial_tunnelas
from .cards import JOKER, names, parse_hand, penalty_value
from .errors import bad_request
from .hand import Hand
from .judge import classify, meld_card_value
from .penalty import Penalty, apply_cap13, counted_penalty, first_turn_count, half_up
from .request import check_copies, check_size, read_groups
from .table_rules import meld_rules, wild_flags
from .variants import HAND_SIZES, Table

DROP_POINTS = {"indian13": {"first": 10, "later": 40}, "indian21": {"first": 30, "later": 70}}
DROP_POINTS["rummy27"] = DROP_POINTS["indian21"]
_RESULTS = ("won", "lost", "dropped")
_DECLARED = ("first_turn_after_draw", "first_turn_before_draw")


@dataclass
class Seat:
    id: str
    raw: dict
    result: str | None
    hand: list[int] | None = None
    melds: list[list[int]] | None = None
    tunnelas: list[list[int]] = field(default_factory=list)

    @property
    def pending(self) -> bool:
        return bool(self.raw.get("first_turn_pending"))


def needs_cards(raw: dict) -> bool:
    seats = raw.get("players")
    return isinstance(seats, list) and any(
        isinstance(seat, dict) and (seat.get("hand") is not None or seat.get("melds") is not None)
        for seat in seats
    )


# -- reading the seats ---------------------------------------------------------------------
def read_seats(raw: dict, variant: str) -> tuple[list[Seat], bool, bool]:
    """Every seat checked for shape and the one-winner rule (the `players` step)."""
    void = _flag(raw, "void")
    depleted = _flag(raw, "depleted")
    if depleted and variant != "vazhushal":
        raise bad_request("`depleted` is a Vazhushal rule; other games end a dry stock as void.")
    seats: list[Seat] = []
    for index, entry in enumerate(raw["players"]):
        if not isinstance(entry, dict):
            raise bad_request(f"Seat {index + 1} must be an object with `id` and `result`.")
        ident = entry.get("id")
        if isinstance(ident, bool) or not isinstance(ident, (str, int)) or ident == "":
            raise bad_request(f"Seat {index + 1} needs an `id` that names the player.")
        result = entry.get("result")
        if result is None and not (variant == "vazhushal" and depleted):
            raise bad_request(f"Player {ident} needs a `result`: won, lost or dropped.")
        if result is not None and result not in _RESULTS:
            raise bad_request(f"Player {ident}: result {result!r} must be won, lost or dropped.")
        seats.append(Seat(str(ident), entry, result))
    ids = [seat.id for seat in seats]
    duplicate = next((i for i in ids if ids.count(i) > 1), None)
    if duplicate is not None:
        raise bad_request(f"Player id {duplicate!r} is used for two seats; ids must be unique.")
    if not (variant == "vazhushal" and depleted):
        _settle_winner(seats, void)
    for seat in seats:
        _check_seat(seat, variant)
    return seats, void, depleted


def _flag(raw: dict, key: str) -> bool:
    value = raw.get(key, False)
    if value is None:
        return False
    if not isinstance(value, bool):
        raise bad_request(f"`{key}` must be true or false.")
    return value


def _whole(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise bad_request(f"{what} must be a whole number of points, 0 or more; got {value!r}.")
    return value


def _check_seat(seat: Seat, variant: str) -> None:
    raw, who = seat.raw, f"Player {seat.id}"
    if seat.result == "dropped":
        if variant in ("marriage", "vazhushal"):
            raise bad_request(f"{who} cannot drop: nobody packs in this game.")
        if raw.get("drop") not in ("first", "later"):
            raise bad_request(f'{who} dropped: say when with `drop`, "first" or "later".')
    for key in ("penalty", "bonus"):
        if raw.get(key) is not None:
            _whole(raw[key], f"{who}'s {key}")
    if raw.get("penalty") is not None and variant in ("marriage", "vazhushal"):
        raise bad_request(f"{who}: this game has no penalty; give `hand` or `bonus`.")
    if raw.get("penalty") is not None and raw.get("hand") is not None:
        raise bad_request(f"{who}: give either `hand` or a typed `penalty`, not both.")
    if seat.result == "lost" and variant in ("indian13", "indian21", "rummy27"):
        if raw.get("hand") is None and raw.get("penalty") is None:
            raise bad_request(f"{who} lost: give the cards in `hand` or the points in `penalty`.")
    for key in ("first_turn_pending", "seen"):
        if raw.get(key) is not None and not isinstance(raw[key], bool):
            raise bad_request(f"{who}: `{key}` must be true or false.")
    declared = raw.get("declared")
    if declared is not None and (declared not in _DECLARED or seat.result != "won"):
        raise bad_request(
            f"{who}: `declared` is for the winner of an Indian Rummy hand and is "
            '"first_turn_after_draw" or "first_turn_before_draw".'
        )
    shown = raw.get("show")
    if shown is not None and (variant != "marriage" or shown not in ("complete", "eight_dublees")):
        raise bad_request(f'{who}: `show` is a marriage winner\'s "complete" or "eight_dublees".')


def _settle_winner(seats: list[Seat], void: bool) -> None:
    winners = [seat for seat in seats if seat.result == "won"]
    if len(winners) > 1:
        names_ = ", ".join(seat.id for seat in winners)
        raise bad_request(f"Only one player can win a hand; {names_} are all marked won.")
    if winners or void:
        return
    still_in = [seat for seat in seats if seat.result != "dropped"]
    if len(still_in) == 1:
        still_in[0].result = "won"  # everybody else packed: the last one in wins
        return
    raise bad_request(
        'Mark the player who won with result "won" (or set `void` for a hand with no winner).'
    )


def read_seat_cards(seats: list[Seat], table: Table, depleted: bool) -> None:
    """Cards of every seat (the `cards` step)."""
    for seat in seats:
        raw = seat.raw
        if raw.get("hand") is not None:
            seat.hand = parse_hand(raw["hand"], "hand")
        if raw.get("melds") is not None:
            seat.melds = read_groups(raw["melds"], "melds")
        if raw.get("initial_tunnelas") is not None:
            seat.tunnelas = read_groups(raw["initial_tunnelas"], "initial_tunnelas")
    if depleted:
        for seat in seats:
            if seat.hand is None or seat.melds is None:
                raise bad_request(
                    f"With a depleted stock give player {seat.id}'s table "
                    "`melds` and the `hand` left (an empty list if none)."
                )


def check_seat_hands(seats: list[Seat], table: Table) -> None:
    """Sizes, then copies, seat by seat (the `hand_size` and `impossible_hand` steps)."""
    full = HAND_SIZES[table.variant]
    for seat in seats:
        if seat.hand is not None and seat.result == "lost" and table.variant in DROP_POINTS:
            check_size(table, seat.hand, (full,), f"Player {seat.id}'s losing hand")
    for seat in seats:
        cards = list(seat.hand or []) + [c for group in seat.melds or [] for c in group]
        check_copies(table, cards, f"Player {seat.id}'s hand")
    for seat in seats:
        if seat.tunnelas:
            check_initial_tunnelas(seat.hand or [], seat.tunnelas)


# -- the ledger ----------------------------------------------------------------------------
@dataclass
class Ledger:
    seats: list[Seat]
    transfers: list[dict] = field(default_factory=list)
    details: dict[str, dict] = field(default_factory=dict)
    penalties: dict[tuple, Penalty] = field(default_factory=dict)  # see `_loser_penalty`

    def pay(self, payer: str, payee: str, points: int, reason: str) -> None:
        if points > 0:
            self.transfers.append({"from": payer, "to": payee, "points": points, "reason": reason})

    def net(self, debit_payers: bool = True) -> dict[str, int]:
        scores = {seat.id: 0 for seat in self.seats}
        for t in self.transfers:
            scores[t["to"]] += t["points"]
            if debit_payers:
                scores[t["from"]] -= t["points"]
        return scores

    def response(self, scores: dict[str, int]) -> dict:
        return {"scores": scores, "transfers": self.transfers, "details": self.details}


def score_hand(table: Table, seats: list[Seat], void: bool, depleted: bool) -> dict:
    ledger = Ledger(seats)
    if void:
        return ledger.response({seat.id: 0 for seat in seats})
    variant = table.variant
    if variant == "indian13":
        return _indian13(table, ledger)
    if variant in ("indian21", "rummy27"):
        return _big_hand(table, ledger)
    if variant == "marriage":
        return _marriage(table, ledger)
    return _vazhushal(table, ledger, depleted)


def _winner(seats: list[Seat]) -> Seat:
    return next(seat for seat in seats if seat.result == "won")


def _loser_penalty(table: Table, seat: Seat, first_turn: bool, known: dict) -> Penalty:
    """The count before caps: from the cards, or as the scorer typed it. A table may hold
    the same cards twice (each seat is checked against the decks alone): they are counted
    once, in `known`."""
    if seat.hand is None:
        points = int(seat.raw["penalty"])
        return Penalty(points, "entered", raw=points)
    key = (tuple(sorted(seat.hand)), first_turn)
    counted = known.get(key)
    if counted is None:
        hand = Hand(table, seat.hand)
        counted = known[key] = first_turn_count(hand) if first_turn else counted_penalty(hand)
    return counted


def _indian13(table: Table, ledger: Ledger) -> dict:
    winner = _winner(ledger.seats)
    declared = winner.raw.get("declared") or "first_turn_after_draw"
    doubled = bool(table.option("double_on_printed_joker")) and table.wild == JOKER
    factor = 2 if doubled else 1
    ledger.details[winner.id] = {"bonus": 0}
    for seat in ledger.seats:
        if seat is winner:
            continue
        if seat.result == "dropped":
            points = DROP_POINTS["indian13"][seat.raw["drop"]]
            ledger.details[seat.id] = {"penalty": points * factor, "rule": "drop", "bonus": 0}
            ledger.pay(seat.id, winner.id, points * factor, "drop")
            continue
        after_draw = seat.pending and declared == "first_turn_after_draw"
        counted = _loser_penalty(table, seat, after_draw, ledger.penalties)
        points = apply_cap13(table, counted.raw)
        if seat.pending:
            points = half_up(points) if after_draw else points * 2
        points *= factor
        ledger.details[seat.id] = {"penalty": points, "rule": counted.rule, "bonus": 0}
        ledger.pay(seat.id, winner.id, points, "penalty")
    zero_sum = table.option("scoring") == "zero_sum"
    return ledger.response(ledger.net(debit_payers=zero_sum))


def _seat_bonus(table: Table, seat: Seat) -> int:
    if seat.hand is not None:
        return int(bonus(table, seat.hand, seat.tunnelas)["points"])
    return int(seat.raw.get("bonus") or 0)


def _big_hand(table: Table, ledger: Ledger) -> dict:
    winner = _winner(ledger.seats)
    in_hand = [seat for seat in ledger.seats if seat.result != "dropped"]
    bonuses = {seat.id: _seat_bonus(table, seat) for seat in in_hand}
    for seat in ledger.seats:
        if seat is winner:
            ledger.details[seat.id] = {"bonus": bonuses[seat.id]}
        elif seat.result == "dropped":
            points = DROP_POINTS[table.variant][seat.raw["drop"]]
            ledger.details[seat.id] = {"penalty": points, "rule": "drop", "bonus": 0}
            ledger.pay(seat.id, winner.id, points, "drop")
        else:
            counted = _loser_penalty(table, seat, False, ledger.penalties)
            points = min(counted.raw, 120)
            if seat.pending:
                points = min(half_up(points), 60)
            ledger.details[seat.id] = {
                "penalty": points,
                "rule": counted.rule,
                "bonus": bonuses[seat.id],
            }
            ledger.pay(seat.id, winner.id, points, "penalty")
    for collector in in_hand:
        for payer in in_hand:
            if payer is collector:
                continue
            owed = bonuses[collector.id]
            ledger.pay(payer.id, collector.id, half_up(owed) if payer.pending else owed, "bonus")
    return ledger.response(ledger.net())


def _marriage(table: Table, ledger: Ledger) -> dict:
    winner = _winner(ledger.seats)
    eight_dublees = winner.raw.get("show") == "eight_dublees"
    bonuses = {seat.id: _seat_bonus(table, seat) for seat in ledger.seats}
    for seat in ledger.seats:
        ledger.details[seat.id] = {"bonus": bonuses[seat.id], "seen": bool(seat.raw.get("seen"))}
        if seat is winner:
            continue
        ledger.pay(seat.id, winner.id, 3 if seat.raw.get("seen") else 10, "win")
        if eight_dublees:
            ledger.pay(seat.id, winner.id, 5, "eight_dublees")
    for collector in ledger.seats:
        for payer in ledger.seats:
            if payer is not collector:
                ledger.pay(payer.id, collector.id, bonuses[collector.id], "bonus")
    return ledger.response(ledger.net())


def _vazhushal(table: Table, ledger: Ledger, depleted: bool) -> dict:
    if not depleted:
        winner = _winner(ledger.seats)
        return ledger.response({seat.id: int(seat is winner) for seat in ledger.seats})
    rules, wild = meld_rules(table), wild_flags(table)
    card_scores: dict[str, int] = {}
    for seat in ledger.seats:
        melded = 0
        for group in seat.melds or []:
            value = meld_card_value(group, rules, wild)
            kind = classify(group, rules, wild, vazhushal=True)
            if value is None or kind in ("dublee", "tunnela"):
                raise bad_request(
                    f"Player {seat.id}'s table meld {', '.join(names(group))} is not a legal "
                    "set or run."
                )
            melded += value
        in_hand = sum(
            20 if card == JOKER or wild[card] else penalty_value(card) for card in seat.hand or []
        )
        card_scores[seat.id] = melded - in_hand
        ledger.details[seat.id] = {"card_score": melded - in_hand}
    top = max(card_scores.values())
    return ledger.response({sid: int(score == top) for sid, score in card_scores.items()})
