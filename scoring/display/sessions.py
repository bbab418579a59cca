"""The session screen's pieces, ready to draw: names instead of seat positions, signs on
scores, ledgers in sentences. Pure functions of a `Board` (or a ledger), so the screen costs
no query beyond the ones `session_board` makes."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, npgettext, pgettext, pgettext_lazy

from common.addresses import Addresses
from common.numbers import MINUS, signed, unsigned_plus
from scoring import rotation
from scoring.display.check_show import SUIT_SYMBOLS
from scoring.display.formatting import Words
from scoring.display.maal import maal_notes, nepal_maal
from scoring.display.penalties import SeatPaid, seat_payments
from scoring.display.summary import decided_by_net, settle
from scoring.formats import DEFAULT_POOL_LIMIT, PoolState
from scoring.hand_checks import DECIDED, HandState
from scoring.hand_entry import HandEntry
from scoring.models import Ending, GameSession, Outcome
from scoring.selectors import Board, HandRow, position_of

RULE_LABELS = Words(
    {
        "all_cards": gettext_lazy("no pure sequence: every card counts"),
        "pure_exempt": gettext_lazy("pure sequences not counted"),
        "deadwood": gettext_lazy("only the cards outside melds count"),
        "first_turn": gettext_lazy("no turn yet: halved"),
        "two_points": gettext_lazy("everything melds: 2 points"),
        "entered": pgettext_lazy("points a scorer typed rather than counted", "typed"),
        "drop": pgettext_lazy("a rummy move: the player left the hand early", "packed"),
    }
)
# Why one player pays another in a hand's ledger ("Dev pays Asha 40 (pack)").
REASON_LABELS = Words(
    {
        "penalty": pgettext_lazy("why a player pays: the points of a losing hand", "penalty"),
        "drop": pgettext_lazy("a rummy move: the player left the hand early", "packed"),
        "bonus": pgettext_lazy("why a player pays: the winner's bonus cards", "value cards"),
        "win": pgettext_lazy("why a player pays: the hand's winner collects", "win"),
        "eight_dublees": pgettext_lazy(
            "why a player pays: a Marriage show of eight pairs", "eight dublees"
        ),
        "wrong_show": pgettext_lazy("a rummy declaration that was not valid", "wrong show"),
    }
)


@dataclass(frozen=True)
class SeatTotal:
    position: int
    name: str
    total: int
    leader: bool
    dealer: bool
    short: str = ""  # the name as a narrow column heads it ("Ashw" for Ashwin)
    net: int | None = None  # winner-takes games: the settlement's net (money, or points)
    net_in_money: bool = False  # which of the two, so the tile says it (a stake per point)
    note: str = ""  # what another app says of the seat (scoring.pages): "carried +45"
    # Pool and deals: the tile's number is a pool score ("37 of 101") or chips, unsigned.
    unit: str = ""
    state: str = ""  # "out in hand 7", "left", "in for Bala"
    away: bool = False  # out of the pool or gone from the table

    @property
    def shown(self) -> str:
        return str(self.total) if self.unit else unsigned_plus(self.total)

    @property
    def net_shown(self) -> str:
        return "" if self.net is None else signed(self.net)

    @property
    def abbreviated(self) -> bool:
        return self.short != self.name


@dataclass(frozen=True)
class Cell:
    points: int
    won: bool
    paid: SeatPaid | None = None  # what the seat paid as a loser or for a pack
    dealt: bool = False

    # Each is read by the page and by its state (session_state.py): worked out once.
    @cached_property
    def shown(self) -> str:
        return unsigned_plus(self.points)

    @cached_property
    def penalty_shown(self) -> str:
        """The penalty with a minus sign, where the score alone does not show it (a
        winner-takes game leaves a loser's score at 0)."""
        paid = self.paid
        if paid is None or paid.penalty is None or self.points == -paid.penalty:
            return ""
        return f"{MINUS}{paid.penalty}" if paid.penalty else "0"


@dataclass(frozen=True)
class TableRow:
    number: int
    shown_number: int
    dealer_name: str
    cells: list[Cell]
    is_void: bool
    edited: bool
    history_url: str | None
    notes: tuple[str, ...] = ()  # where the engine adjusted a penalty, in sentences
    edit_url: str = ""
    void_url: str = ""
    # Where the hand stands with the players asked to confirm it (scoring/hand_checks.py):
    # "" in a session that asks no one.
    check: str = ""
    version: int = 0  # the current version's number, which an answer names
    waiting: tuple[int, ...] = ()  # the seats whose answer it waits for
    answer_url: str = ""
    check_note: str = ""  # who confirmed, who disputed and why, who it waits for

    # The row's labels, said once here rather than translated in the template per row.
    @cached_property
    def history_label(self) -> str:
        return _("History of hand %(number)s") % {"number": self.shown_number}

    @cached_property
    def change_label(self) -> str:
        return _("Change hand %(number)s") % {"number": self.shown_number}


@dataclass(frozen=True)
class Turn:
    hand_label: str
    dealer_name: str
    first_name: str
    direction: str


@dataclass(frozen=True)
class LedgerView:
    changes: list[tuple[str, int, str]]  # name, points, points with their sign
    transfers: list[str]
    details: list[str]
    void: bool
    adjustments: tuple[str, ...] = ()  # where the engine changed a number typed or counted
    maal: tuple[str, ...] = ()  # what Marriage's murder or kidnap did to value cards
    # Marriage as Nepal plays it: each player's alter and man maal ("Asha: 2 alters 15"),
    # said right under the changes, which it explains
    held: tuple[str, ...] = ()


def card_text(code: str) -> str:
    """`KS` as a player writes it on paper: K♠."""
    if code[-1:] in SUIT_SYMBOLS:
        return code[:-1] + SUIT_SYMBOLS[code[-1]]
    return code


# A column of the hands table is headed by the name if it is this short, else by the
# shortest start of the first name (at least SHORT_NAME letters) no other player's shares.
SHORT_NAME = 4


def short_names(names: dict[int, str]) -> dict[int, str]:
    """Names for narrow columns: Asha, Bala; Ashwin and Ashok become Ashw and Asho."""
    firsts = {pos: (name.split() or [name])[0] for pos, name in names.items()}
    short = {}
    for pos, first in firsts.items():
        if len(names[pos]) <= SHORT_NAME + 1:
            short[pos] = names[pos]
            continue
        length = SHORT_NAME
        others = [f for p, f in firsts.items() if p != pos]
        while length < len(first) and any(o[:length] == first[:length] for o in others):
            length += 1
        short[pos] = first[:length]
    return short


def with_notes(totals: list[SeatTotal], notes: dict[int, str]) -> list[SeatTotal]:
    """The tiles with what other apps say of each seat (scoring.pages)."""
    return [replace(total, note=notes.get(total.position, "")) for total in totals]


def seat_totals(board: Board) -> list[SeatTotal]:
    """The tiles: in a winner-takes game the leader is who is ahead in the settlement (the
    money), shown beside the points, so the screen never names a leader the money denies.
    A pool's tiles show each pool score (the lowest in play leads), a deals session's the
    chips (the most lead)."""
    session = board.session
    if board.pool is not None:
        return _pool_totals(board, board.pool)
    if board.chips is not None:
        chips = board.chips
        unit = pgettext("a deals session's score", "chips")
        return _tiles(board, chips, _best(chips, set(chips)) if board.rows else set(), unit)
    by_net = decided_by_net(session)
    settlement = settle(board) if by_net else None
    nets = settlement.nets if settlement is not None else {}
    if not board.rows:
        leaders: set[int] = set()
    elif by_net:
        best = max(nets.values())
        leaders = {pos for pos, net in nets.items() if net == best}
    else:
        leaders = set(board.leaders)
    tiles = _tiles(board, board.totals, leaders, "", nets if by_net else None)
    if settlement is not None and settlement.in_money:
        tiles = [replace(tile, net_in_money=True) for tile in tiles]
    return tiles


def _best(figures: dict[int, int], among: set[int], *, lowest: bool = False) -> set[int]:
    if not among:
        return set()
    pick = min if lowest else max
    best = pick(figures[pos] for pos in among)
    return {pos for pos in among if figures[pos] == best}


def _tiles(
    board: Board,
    figures: dict[int, int],
    leaders: set[int],
    unit: str,
    nets: dict[int, int] | None = None,
    states: dict[int, str] | None = None,
    away: set[int] | None = None,
) -> list[SeatTotal]:
    dealer = board.next_dealer if board.session.is_active else None
    short = short_names(board.names)
    playing = board.playing
    substitutes = _substitutes(board)
    tiles = []
    for seat in sorted(board.seats, key=lambda seat: (seat.place, seat.position)):
        pos = seat.position
        state = (states or {}).get(pos, "")
        if not state and not seat.seated:
            state = pgettext("a player who left the table", "left")
        elif not state and pos in substitutes:
            # Translators: a substitute's tile, naming the player they came in for
            state = _("in for %(name)s") % {"name": substitutes[pos]}
        tiles.append(
            SeatTotal(
                position=pos,
                name=seat.player.name,
                total=figures.get(pos, 0),
                leader=pos in leaders,
                dealer=pos == dealer,
                short=short[pos],
                net=nets.get(pos) if nets is not None else None,
                unit=unit,
                state=state,
                away=pos not in playing,
            )
        )
    return tiles


def _substitutes(board: Board) -> dict[int, str]:
    """Seat position -> the name of the player they came in for."""
    names = {seat.pk: seat.player.name for seat in board.seats}
    return {
        position_of(board.seats, change.seat_id): names[change.replaced_id]
        for change in board.changes
        if change.replaced_id
    }


def _pool_totals(board: Board, pool: PoolState) -> list[SeatTotal]:
    limit = board.session.pool_limit or DEFAULT_POOL_LIMIT
    states = {
        # Translators: a pool player knocked out, e.g. "out in hand 7"
        pos: _("out in hand %(number)s") % {"number": hand}
        for pos, hand in pool.out_at.items()
    }
    for pos in pool.left:
        states.setdefault(pos, pgettext("a player who left the table", "left"))
    if pool.winner is not None:
        states[pool.winner] = _("wins the pool")
    leaders = _best(pool.scores, set(pool.in_play), lowest=True) if board.rows else set()
    # Translators: after a pool score on a tile, e.g. "37" then "of 101"
    unit = pgettext("a pool score out of the pool's limit", "of %(limit)s") % {"limit": limit}
    return _tiles(board, pool.scores, leaders, unit, states=states)


def row_payments(board: Board, row: HandRow) -> dict[int, SeatPaid]:
    session = board.session
    if row.is_void:
        return {}
    return seat_payments(row.entry, row.ledger, variant=session.variant, options=session.options)


def adjustment_notes(paid: dict[int, SeatPaid], names: dict[int, str]) -> tuple[str, ...]:
    """ "Asha: typed 130, capped at 120", one per seat the engine adjusted."""
    return tuple(
        # Translators: a player and what the rules did to their penalty, e.g.
        # "Asha: typed 130, capped at 120"
        _("%(name)s: %(notes)s") % {"name": names.get(pos, "?"), "notes": ", ".join(seat.notes)}
        for pos, seat in sorted(paid.items())
        if seat.notes
    )


def table_rows(
    board: Board,
    *,
    slug: str,
    recent: int | None = None,
    states: dict[int, HandState] | None = None,
) -> list[TableRow]:
    """The hands table's rows, oldest first: every hand, or the `recent` last ones (the
    session screen's, on a long evening: the rest are one tap away). `states`: where each
    hand stands with the players asked to confirm it, in a session that asks them."""
    rows = board.rows[-recent:] if recent else board.rows
    links = HandLinks(slug, board.session.pk)
    states = states or {}
    return [
        table_row(board, row, slug=slug, links=links, state=states.get(row.number)) for row in rows
    ]


class HandLinks:
    """The addresses of a session's hands, each pattern reversed once per table."""

    def __init__(self, slug: str, session_id: int) -> None:
        self._of = {
            name: Addresses(name, slug, session_id)
            for name in ("hand-history", "hand-edit", "hand-void", "hand-answer")
        }

    def of(self, name: str, number: int) -> str:
        return self._of[name].of(number)


def table_row(
    board: Board,
    row: HandRow,
    *,
    slug: str,
    links: HandLinks | None = None,
    state: HandState | None = None,
) -> TableRow:
    names = board.names
    links = links or HandLinks(slug, board.session.pk)
    winner = row.winner
    paid = row_payments(board, row)
    return TableRow(
        number=row.number,
        shown_number=row.shown_number,
        dealer_name=names.get(row.dealer, "?"),
        cells=[
            Cell(
                points=row.scores.get(pos, 0),
                won=pos == winner,
                paid=paid.get(pos),
                dealt=pos == row.dealer,
            )
            for pos in sorted(names)
        ],
        is_void=row.is_void,
        edited=row.version > 1,
        history_url=links.of("hand-history", row.number),
        notes=adjustment_notes(paid, names),
        edit_url=links.of("hand-edit", row.number),
        void_url=links.of("hand-void", row.number),
        check=state.state if state else "",
        version=row.version,
        waiting=state.waiting if state else (),
        answer_url=links.of("hand-answer", row.number) if state else "",
        check_note=check_note(state, names) if state else "",
    )


@dataclass(frozen=True)
class Ask:
    """A hand waiting for one player's answer: their own line of it, and where to answer."""

    number: int
    shown_number: int
    version: int
    points: str  # the player's cell, as the table shows it (`own_line`)
    url: str
    key: str  # a fresh key for the answer's form: a double tap on its button is one answer


def asks_for(rows: Sequence[TableRow], tiles: Sequence[SeatTotal], position: int) -> list[Ask]:
    """The shown hands that wait for the answer of the player at `position`, newest first
    (the table's cells are in the tiles' order)."""
    columns = [tile.position for tile in tiles]
    if position not in columns:
        return []
    column = columns.index(position)
    return [
        Ask(
            row.number,
            row.shown_number,
            row.version,
            own_line(row.cells[column]),
            row.answer_url,
            str(uuid.uuid4()),
        )
        for row in reversed(rows)
        if position in row.waiting and row.answer_url
    ]


def check_note(state: HandState, names: dict[int, str]) -> str:
    """Where a hand stands with its players, in words: who confirmed it, who disputed it and
    why, who it waits for, or what an organiser decided."""

    def who(positions: Sequence[int]) -> str:
        return ", ".join(names.get(position, "?") for position in positions)

    if state.state == DECIDED:
        outcome = str(Outcome(state.decision).label) if state.decision else ""
        said = _("decided: %(outcome)s") % {"outcome": outcome}
        return f"{said} ({state.decision_reason})" if state.decision_reason else said
    parts = [
        _("disputed by %(name)s: %(reason)s") % {"name": names.get(position, "?"), "reason": why}
        for position, why in state.disputed
    ]
    if state.confirmed:
        parts.append(_("confirmed by %(names)s") % {"names": who(state.confirmed)})
    if state.waiting:
        parts.append(_("waiting for %(names)s") % {"names": who(state.waiting)})
    return "; ".join(parts)


def own_line(cell: Cell) -> str:
    """A player's cell in words of its own: the points, and what they paid ("0 · -20")."""
    return f"{cell.shown} · {cell.penalty_shown}" if cell.penalty_shown else cell.shown


def turn(board: Board) -> Turn:
    """Whose deal the next hand is."""
    order = board.deal_order
    names = board.names
    return Turn(
        hand_label=hand_label(board) % {"number": board.hands_dealt + 1},
        dealer_name=names[order[0]],
        first_name=names[order[1 % len(order)]],
        direction=direction_words(board.session.variant),
    )


def hand_label(board: Board) -> str:
    """The next hands' label with `%(number)s` still to fill ("Hand %(number)s of 12"): the
    session screen fills it for the next hand, and its script for the hands waiting offline."""
    session = board.session
    target = session.ending_target
    number = {"number": "%(number)s"}
    if session.ending in (Ending.DEALS, Ending.HANDS) and target:
        # Translators: the hand being played out of those the session lasts, e.g. "Hand 4 of 12"
        return pgettext("a hand of cards, with its number", "Hand %(number)s of %(total)s") % {
            **number,
            "total": planned_hands(board),
        }
    if session.ending == Ending.POINTS and target:
        return npgettext(
            "a hand of cards, with its number",
            "Hand %(number)s · first to %(target)s point",
            "Hand %(number)s · first to %(target)s points",
            target,
        ) % {**number, "target": target}
    return pgettext("a hand of cards, with its number", "Hand %(number)s") % number


def planned_hands(board: Board) -> int | None:
    """How many hands the session lasts, when it is set in hands or deals."""
    session = board.session
    if not session.ending_target or session.ending not in (Ending.DEALS, Ending.HANDS):
        return None
    if session.ending == Ending.DEALS:
        return session.ending_target * len(board.playing)
    return session.ending_target


def direction_words(variant: str) -> str:
    """The way the deal and play go round the table, in words."""
    if rotation.direction(variant) < 0:
        return pgettext("the direction of play round the table", "counter-clockwise")
    return pgettext("the direction of play round the table", "clockwise")


def ledger_view(
    ledger: dict[str, Any],
    names: dict[int, str],
    *,
    void: bool,
    entry: HandEntry | None = None,
    session: GameSession | None = None,
) -> LedgerView:
    """The engine's ledger (players by seat position) in words. Given the entry it was
    computed from (and its session's game), it also says where a number was adjusted."""
    adjustments: tuple[str, ...] = ()
    maal: tuple[str, ...] = ()
    held: dict[int, tuple[str, ...]] = {}
    if entry is not None and session is not None and not void:
        paid = seat_payments(entry, ledger, variant=session.variant, options=session.options)
        adjustments = adjustment_notes(paid, names)
        maal = maal_notes(entry, ledger, names, variant=session.variant, options=session.options)
        held = nepal_maal(entry, variant=session.variant, options=session.options)
    scores = {int(pos): points for pos, points in ledger.get("scores", {}).items()}

    def name(pos: str | int) -> str:
        return names.get(int(pos), "?")

    transfers = [
        # Translators: one line of a hand's ledger, e.g. "Dev pays Asha 40 (pack)".
        _("%(payer)s pays %(payee)s %(points)s (%(reason)s)")
        % {
            "payer": name(t["from"]),
            "payee": name(t["to"]),
            "points": t["points"],
            "reason": REASON_LABELS.get(t["reason"], t["reason"]),
        }
        for t in ledger.get("transfers", [])
    ]
    details = []
    for pos, detail in sorted(ledger.get("details", {}).items(), key=lambda item: int(item[0])):
        rule = detail.get("rule")
        if rule and rule not in ("entered", "drop"):
            label = RULE_LABELS.get(rule, rule.replace("_", " "))
            details.append(
                _("%(name)s: %(points)s points (%(rule)s)")
                % {"name": name(pos), "points": detail.get("penalty", 0), "rule": label}
            )
        if detail.get("bonus"):
            details.append(
                _("%(name)s's value cards: %(points)s from each player")
                % {"name": name(pos), "points": detail["bonus"]}
            )
        if "card_score" in detail:
            details.append(
                _("%(name)s's card score: %(points)s")
                % {"name": name(pos), "points": detail["card_score"]}
            )
    # The players dealt into the hand: one who joined later or had left is not in it.
    dealt = sorted(seat.position for seat in entry.seats) if entry is not None else sorted(names)
    return LedgerView(
        changes=[(name(pos), scores.get(pos, 0), signed(scores.get(pos, 0))) for pos in dealt],
        transfers=transfers,
        details=details,
        void=void,
        adjustments=adjustments,
        maal=maal,
        held=tuple(
            # Translators: a Marriage player's alter and man maal, "Asha: 2 alters 15, 1 man 5"
            _("%(name)s: %(maal)s") % {"name": name(pos), "maal": ", ".join(held[pos])}
            for pos in dealt
            if pos in held
        ),
    )


def draw_sentence(draw: rotation.DealerDraw, names: dict[int, str]) -> str:
    """Who drew what for the deal, as the table would say it."""
    drawn = ", ".join(
        # Translators: a player and the card(s) they drew for the deal, e.g. "Asha K♠"
        _("%(name)s %(cards)s") % {"name": names[pos], "cards": _drawn_cards(cards)}
        for pos, cards in sorted(draw.cards.items())
    )
    high = names[draw.high_seat]
    if draw.dealer == draw.high_seat:
        return _("Drawn for the deal: %(drawn)s. %(high)s drew highest and deals first.") % {
            "drawn": drawn,
            "high": high,
        }
    return _(
        "Drawn for the deal: %(drawn)s. %(high)s drew highest and plays first, so %(dealer)s deals."
    ) % {"drawn": drawn, "high": high, "dealer": names[draw.dealer]}


def _drawn_cards(cards: Sequence[str]) -> str:
    """One player's cards drawn for the deal, in order: "K♠", "3♥ then Q♦" after a tie."""
    shown = [card_text(card) for card in cards]
    text = shown[0] if shown else ""
    for card in shown[1:]:
        # Translators: one card drawn after another for the deal, e.g. "3♥ then Q♦"
        text = _("%(earlier)s then %(later)s") % {"earlier": text, "later": card}
    return text
