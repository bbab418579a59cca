from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from .bonus import bonus, check_initial_tunnelas
from .cards import JOKER, names, parse_hand, penalty_value
from .errors import RulesError, bad_request
from .hand import Hand
from .judge import classify, meld_card_value
from .penalty import Penalty, counted_penalty, first_turn_count, half_up, loser_charge
from .phrases import Phrase, phrase
from .request import Request, check_copies, check_size, read_groups
from .table_rules import meld_rules, wild_flags
from .typed import Ledger, SeatDetail, Transfer
from .variants import HAND_SIZES, PENALTY_VARIANTS, Table

_RESULTS = ("won", "lost", "dropped", "wrong_show")
_DECLARED = ("first_turn_after_draw", "first_turn_before_draw")
# Results that leave the hand before it ends: a pack, and a show the table found not valid.
_OUT = ("dropped", "wrong_show")

_T = TypeVar("_T")


def printed_joker_doubles(variant: str, options: Mapping[str, object], wild: str | None) -> bool:
    """Whether every payment of an indian13 hand is doubled: `double_on_printed_joker` and
    the exposed card (`wild`, as the contract writes it) a printed joker."""
    return (
        variant == "indian13"
        and bool(options.get("double_on_printed_joker"))
        and wild == names([JOKER])[0]
    )


def _card_name(card: int | None) -> str | None:
    return None if card is None else names([card])[0]


def last_one_in(results: Sequence[str | None], out: Sequence[str] = _OUT) -> int | None:
    """The rule that a hand nobody was marked to win goes to the last player still in it:
    the index of the one result that is not out (dropped), or None when there is not
    exactly one. The record-hand panel uses it too, so the rule is written once."""
    still_in = [index for index, result in enumerate(results) if result not in out]
    return still_in[0] if len(still_in) == 1 else None


@dataclass
class Seat:
    """One seat as the engine reads it: the request's entry, checked field by field."""

    id: str
    raw: Request
    result: str | None
    hand: list[int] | None = None
    melds: list[list[int]] | None = None
    tunnelas: list[list[int]] = field(default_factory=list)
    drop: str = ""
    penalty: int | None = None
    bonus: int | None = None
    pending: bool = False  # first_turn_pending
    seen: bool = False
    show: str | None = None
    declared: str | None = None


def needs_cards(raw: Request) -> bool:
    seats = raw.get("players")
    return isinstance(seats, list) and any(
        isinstance(seat, dict) and (seat.get("hand") is not None or seat.get("melds") is not None)
        for seat in seats
    )


# -- reading the seats ---------------------------------------------------------------------
def read_seats(raw: Request, variant: str) -> tuple[list[Seat], bool, bool]:
    """Every seat checked for shape and the one-winner rule (the `players` step)."""
    void = _flag(raw, "void")
    depleted = _flag(raw, "depleted")
    if depleted and variant != "vazhushal":
        raise bad_request(
            phrase("`depleted` is a Vazhushal rule; other games end a dry stock as void."),
            field="depleted",
        )
    entries = raw["players"]
    assert isinstance(entries, list)
    seats: list[Seat] = []
    for index, entry in enumerate(entries):
        if not isinstance(entry, dict):
            raise bad_request(
                phrase("Seat %(seat)s must be an object with `id` and `result`.", seat=index + 1),
                field="players",
            )
        ident = entry.get("id")
        if isinstance(ident, bool) or not isinstance(ident, (str, int)) or ident == "":
            raise bad_request(
                phrase("Seat %(seat)s needs an `id` that names the player.", seat=index + 1),
                field="id",
            )
        seat_id = str(ident)
        result = entry.get("result")
        if result is None and not (variant == "vazhushal" and depleted):
            raise bad_request(
                phrase(
                    "Player %(player)s needs a `result`: won, lost, dropped or wrong_show.",
                    player=seat_id,
                ),
                seat=seat_id,
                field="result",
            )
        if result is not None and result not in _RESULTS:
            raise bad_request(
                phrase(
                    "Player %(player)s: result %(result)s must be won, lost, dropped or "
                    "wrong_show.",
                    player=seat_id,
                    result=repr(result),
                ),
                seat=seat_id,
                field="result",
            )
        seats.append(Seat(seat_id, entry, result))
    ids = [seat.id for seat in seats]
    duplicate = next((i for i in ids if ids.count(i) > 1), None)
    if duplicate is not None:
        raise bad_request(
            phrase(
                "Player id %(player)s is used for two seats; ids must be unique.",
                player=repr(duplicate),
            ),
            seat=duplicate,
            field="id",
        )
    if not (variant == "vazhushal" and depleted):
        _settle_winner(seats, void)
    for seat in seats:
        _check_seat(seat, variant)
    return seats, void, depleted


def _flag(raw: Request, key: str) -> bool:
    value = raw.get(key, False)
    if value is None:
        return False
    if not isinstance(value, bool):
        raise bad_request(phrase("`%(field)s` must be true or false.", field=key), field=key)
    return value


def _whole(value: object, seat: str, key: str) -> int:
    """A seat's typed `penalty` or `bonus`."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        if key == "penalty":
            message = phrase(
                "Player %(player)s's penalty must be a whole number of points, 0 or more; "
                "got %(value)s.",
                player=seat,
                value=repr(value),
            )
        else:
            message = phrase(
                "Player %(player)s's bonus must be a whole number of points, 0 or more; "
                "got %(value)s.",
                player=seat,
                value=repr(value),
            )
        raise bad_request(message, seat=seat, field=key)
    return value


def _one_of(value: object, allowed: Sequence[_T]) -> _T | None:
    return next((choice for choice in allowed if choice == value), None)


def _check_seat(seat: Seat, variant: str) -> None:
    raw, who = seat.raw, seat.id

    def refuse(message: Phrase, key: str) -> RulesError:
        return bad_request(message, seat=seat.id, field=key)

    if seat.result == "wrong_show" and variant in ("marriage", "vazhushal"):
        raise refuse(
            phrase("Player %(player)s: this game has no wrong shows.", player=who), "result"
        )
    if seat.result == "dropped":
        if variant in ("marriage", "vazhushal"):
            raise refuse(
                phrase("Player %(player)s cannot drop: nobody packs in this game.", player=who),
                "result",
            )
        drop = _one_of(raw.get("drop"), ("first", "later"))
        if drop is None:
            raise refuse(
                phrase(
                    'Player %(player)s dropped: say when with `drop`, "first" or "later".',
                    player=who,
                ),
                "drop",
            )
        seat.drop = drop
    typed = {
        key: _whole(raw[key], seat.id, key)
        for key in ("penalty", "bonus")
        if raw.get(key) is not None
    }
    seat.penalty, seat.bonus = typed.get("penalty"), typed.get("bonus")
    if seat.penalty is not None and variant in ("marriage", "vazhushal"):
        raise refuse(
            phrase(
                "Player %(player)s: this game has no penalty; give `hand` or `bonus`.", player=who
            ),
            "penalty",
        )
    if seat.penalty is not None and raw.get("hand") is not None:
        raise refuse(
            phrase(
                "Player %(player)s: give either `hand` or a typed `penalty`, not both.", player=who
            ),
            "penalty",
        )
    if seat.result == "lost" and variant in PENALTY_VARIANTS:
        if raw.get("hand") is None and seat.penalty is None:
            raise refuse(
                phrase(
                    "Player %(player)s lost: give the cards in `hand` or the points in `penalty`.",
                    player=who,
                ),
                "hand",
            )
    for key in ("first_turn_pending", "seen"):
        if raw.get(key) is not None and not isinstance(raw[key], bool):
            raise refuse(
                phrase(
                    "Player %(player)s: `%(field)s` must be true or false.", player=who, field=key
                ),
                key,
            )
    seat.pending, seat.seen = bool(raw.get("first_turn_pending")), bool(raw.get("seen"))
    declared = raw.get("declared")
    if declared is not None:
        seat.declared = _one_of(declared, _DECLARED) if seat.result == "won" else None
        if seat.declared is None:
            raise refuse(
                phrase(
                    "Player %(player)s: `declared` is for the winner of an Indian Rummy hand "
                    'and is "first_turn_after_draw" or "first_turn_before_draw".',
                    player=who,
                ),
                "declared",
            )
    shown = raw.get("show")
    if shown is not None:
        seat.show = _one_of(shown, ("complete", "eight_dublees")) if variant == "marriage" else None
        if seat.show is None:
            raise refuse(
                phrase(
                    'Player %(player)s: `show` is a marriage winner\'s "complete" or '
                    '"eight_dublees".',
                    player=who,
                ),
                "show",
            )


def _settle_winner(seats: list[Seat], void: bool) -> None:
    winners = [seat for seat in seats if seat.result == "won"]
    if len(winners) > 1:
        raise bad_request(
            phrase(
                "Only one player can win a hand; %(players)s are all marked won.",
                players=[seat.id for seat in winners],
            ),
            seat=winners[1].id,
            field="result",
        )
    if winners or void:
        return
    last = last_one_in([seat.result for seat in seats])
    if last is not None:
        seats[last].result = "won"  # everybody else packed: the last one in wins
        return
    raise bad_request(
        phrase(
            'Mark the player who won with result "won" (or set `void` for a hand with no winner).'
        ),
        field="result",
    )


def read_seat_cards(seats: list[Seat], table: Table, depleted: bool) -> None:
    """Cards of every seat (the `cards` step)."""
    seat = None
    try:
        for seat in seats:
            raw = seat.raw
            if raw.get("hand") is not None:
                seat.hand = parse_hand(raw["hand"], "hand")
            if raw.get("melds") is not None:
                seat.melds = read_groups(raw["melds"], "melds")
            if raw.get("initial_tunnelas") is not None:
                seat.tunnelas = read_groups(raw["initial_tunnelas"], "initial_tunnelas")
    except RulesError as error:
        raise _pinned(error, seat) from None
    if depleted:
        for seat in seats:
            if seat.hand is None or seat.melds is None:
                raise bad_request(
                    phrase(
                        "With a depleted stock give player %(player)s's table `melds` and the "
                        "`hand` left (an empty list if none).",
                        player=seat.id,
                    ),
                    seat=seat.id,
                    field="hand" if seat.hand is None else "melds",
                )


def check_seat_hands(seats: list[Seat], table: Table) -> None:
    """Sizes, then copies, seat by seat (the `hand_size` and `impossible_hand` steps)."""
    full = HAND_SIZES[table.variant]
    seat = None
    try:
        for seat in seats:
            losing = seat.result == "lost" and table.variant in PENALTY_VARIANTS
            if seat.hand is not None and losing and len(seat.hand) != full:
                what = phrase("Player %(player)s's losing hand", player=seat.id)
                check_size(table, seat.hand, (full,), what)
        for seat in seats:
            cards = list(seat.hand or []) + [c for group in seat.melds or [] for c in group]
            check_copies(table, cards, seat.id)
        for seat in seats:
            if seat.tunnelas:
                check_initial_tunnelas(seat.hand or [], seat.tunnelas)
    except RulesError as error:
        raise _pinned(error, seat) from None


def _pinned(error: RulesError, seat: Seat | None) -> RulesError:
    """The error, about `seat` (the one being read when it was raised)."""
    return error.about(seat=seat.id) if seat is not None else error


# -- the ledger ----------------------------------------------------------------------------
@dataclass
class _Book:
    """The ledger while it is being written: payments and details, in the order made."""

    seats: list[Seat]
    transfers: list[Transfer] = field(default_factory=list)
    details: dict[str, SeatDetail] = field(default_factory=dict)
    # One count per distinct hand and first-turn case (see `_loser_penalty`).
    penalties: dict[tuple[tuple[int, ...], bool], Penalty] = field(default_factory=dict)

    def pay(self, payer: str, payee: str, points: int, reason: str) -> None:
        if points > 0:
            self.transfers.append(Transfer(payer, payee, points, reason))

    def net(self, debit_payers: bool = True) -> dict[str, int]:
        scores = {seat.id: 0 for seat in self.seats}
        for t in self.transfers:
            scores[t.payee] += t.points
            if debit_payers:
                scores[t.payer] -= t.points
        return scores

    def closed(self, scores: dict[str, int]) -> Ledger:
        return Ledger(scores=scores, transfers=tuple(self.transfers), details=self.details)


def score_hand(table: Table, seats: list[Seat], void: bool, depleted: bool) -> Ledger:
    book = _Book(seats)
    if void:
        return book.closed({seat.id: 0 for seat in seats})
    variant = table.variant
    if variant == "indian13":
        return _indian13(table, book)
    if variant in ("indian21", "rummy27"):
        return _big_hand(table, book)
    if variant == "marriage":
        return _marriage(table, book)
    return _vazhushal(table, book, depleted)


def _winner(seats: list[Seat]) -> Seat:
    return next(seat for seat in seats if seat.result == "won")


def _loser_penalty(
    table: Table, seat: Seat, first_turn: bool, known: dict[tuple[tuple[int, ...], bool], Penalty]
) -> Penalty:
    """The count before caps: from the cards, or as the scorer typed it. A table may hold
    the same cards twice (each seat is checked against the decks alone): they are counted
    once, in `known`."""
    if seat.hand is None:
        points = seat.penalty or 0
        return Penalty(points, "entered", raw=points)
    key = (tuple(sorted(seat.hand)), first_turn)
    counted = known.get(key)
    if counted is None:
        hand = Hand(table, seat.hand)
        counted = known[key] = first_turn_count(hand) if first_turn else counted_penalty(hand)
    return counted


def _indian13(table: Table, book: _Book) -> Ledger:
    winner = _winner(book.seats)
    declared = winner.declared or "first_turn_after_draw"
    doubled = printed_joker_doubles(table.variant, table.options, _card_name(table.wild))
    factor = 2 if doubled else 1
    book.details[winner.id] = SeatDetail(bonus=0)
    for seat in book.seats:
        if seat is winner:
            continue
        if _charged_out(table, book, seat, winner, factor):
            continue
        after_draw = seat.pending and declared == "first_turn_after_draw"
        counted = _loser_penalty(table, seat, after_draw, book.penalties)
        cap = table.option("penalty_cap")
        points = loser_charge(
            "indian13",
            counted.raw,
            cap=cap if isinstance(cap, int) else None,
            first_turn_pending=seat.pending,
            before_draw=declared == "first_turn_before_draw",
            printed_joker=doubled,
        ).points
        book.details[seat.id] = SeatDetail(penalty=points, rule=counted.rule, bonus=0)
        book.pay(seat.id, winner.id, points, "penalty")
    zero_sum = table.option("scoring") == "zero_sum"
    return book.closed(book.net(debit_payers=zero_sum))


def _charged_out(table: Table, book: _Book, seat: Seat, winner: Seat, factor: int = 1) -> bool:
    """A player out of the hand pays the club's charge to the winner: a pack (`drop_first`,
    `drop_later`) or a wrong show (`wrong_show`); `factor` doubles it on a printed joker."""
    if seat.result == "dropped":
        points = table.number(f"drop_{seat.drop}") * factor
        book.details[seat.id] = SeatDetail(penalty=points, rule="drop", bonus=0)
        book.pay(seat.id, winner.id, points, "drop")
        return True
    if seat.result == "wrong_show":
        points = table.number("wrong_show") * factor
        book.details[seat.id] = SeatDetail(wrong_show=points)
        book.pay(seat.id, winner.id, points, "wrong_show")
        return True
    return False


def _seat_bonus(table: Table, seat: Seat) -> int:
    if seat.hand is not None:
        return bonus(table, seat.hand, seat.tunnelas).points
    return seat.bonus or 0


def _big_hand(table: Table, book: _Book) -> Ledger:
    winner = _winner(book.seats)
    in_hand = [seat for seat in book.seats if seat.result not in _OUT]
    bonuses = {seat.id: _seat_bonus(table, seat) for seat in in_hand}
    for seat in book.seats:
        if seat is winner:
            book.details[seat.id] = SeatDetail(bonus=bonuses[seat.id])
        elif _charged_out(table, book, seat, winner):
            continue
        else:
            counted = _loser_penalty(table, seat, False, book.penalties)
            points = loser_charge(
                table.variant, counted.raw, first_turn_pending=seat.pending
            ).points
            book.details[seat.id] = SeatDetail(
                penalty=points, rule=counted.rule, bonus=bonuses[seat.id]
            )
            book.pay(seat.id, winner.id, points, "penalty")
    for collector in in_hand:
        for payer in in_hand:
            if payer is collector:
                continue
            owed = bonuses[collector.id]
            book.pay(payer.id, collector.id, half_up(owed) if payer.pending else owed, "bonus")
    return book.closed(book.net())


def _marriage(table: Table, book: _Book) -> Ledger:
    winner = _winner(book.seats)
    eight_dublees = winner.show == "eight_dublees"
    bonuses = _marriage_bonuses(table, book.seats, winner)
    seen, unseen = table.number("seen_points"), table.number("unseen_points")
    for seat in book.seats:
        book.details[seat.id] = SeatDetail(bonus=bonuses[seat.id], seen=seat.seen)
        if seat is winner:
            continue
        book.pay(seat.id, winner.id, seen if seat.seen else unseen, "win")
        if eight_dublees:
            book.pay(seat.id, winner.id, table.number("dublee_bonus"), "eight_dublees")
    for collector in book.seats:
        for payer in book.seats:
            if payer is not collector:
                book.pay(payer.id, collector.id, bonuses[collector.id], "bonus")
    return book.closed(book.net())


def _marriage_bonuses(table: Table, seats: list[Seat], winner: Seat) -> dict[str, int]:
    """Each player's value-card bonus after `unseen_maal`: an unseen player's bonus counts,
    is void (`murder`), or goes to the winner (`kidnap`). The winner counts as seen."""
    bonuses = {seat.id: _seat_bonus(table, seat) for seat in seats}
    rule = table.option("unseen_maal")
    if rule == "counts":
        return bonuses
    for seat in seats:
        if seat is winner or seat.seen:
            continue
        if rule == "kidnap":
            bonuses[winner.id] += bonuses[seat.id]
        bonuses[seat.id] = 0
    return bonuses


def _vazhushal(table: Table, book: _Book, depleted: bool) -> Ledger:
    if not depleted:
        winner = _winner(book.seats)
        return book.closed({seat.id: int(seat is winner) for seat in book.seats})
    rules, wild = meld_rules(table), wild_flags(table)
    card_scores: dict[str, int] = {}
    for seat in book.seats:
        melded = 0
        for group in seat.melds or []:
            value = meld_card_value(group, rules, wild)
            kind = classify(group, rules, wild, vazhushal=True)
            if value is None or kind in ("dublee", "tunnela"):
                raise bad_request(
                    phrase(
                        "Player %(player)s's table meld %(cards)s is not a legal set or run.",
                        player=seat.id,
                        cards=names(group),
                    ),
                    seat=seat.id,
                    field="melds",
                )
            melded += value
        in_hand = sum(
            20 if card == JOKER or wild[card] else penalty_value(card) for card in seat.hand or []
        )
        card_scores[seat.id] = melded - in_hand
        book.details[seat.id] = SeatDetail(card_score=melded - in_hand)
    top = max(card_scores.values())
    return book.closed({sid: int(score == top) for sid, score in card_scores.items()})
