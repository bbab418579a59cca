"""The session screen's pieces, ready to draw: names instead of seat positions, signs on
scores, ledgers in sentences. Pure functions of a `Board` (or a ledger), so the screen costs
no query beyond the ones `session_board` makes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.urls import reverse

from scoring import rotation
from scoring.formatting import signed, unsigned_plus
from scoring.forms import RANKS
from scoring.models import Ending
from scoring.selectors import Board
from scoring.services.check_show import RANK_NAMES, SUIT_NAMES, SUIT_SYMBOLS

RULE_LABELS = {
    "all_cards": "no pure sequence: every card counts",
    "pure_exempt": "pure sequences not counted",
    "deadwood": "only the cards outside melds count",
    "first_turn": "no turn yet: halved",
    "two_points": "everything melds: 2 points",
    "entered": "typed",
    "drop": "packed",
}
REASON_LABELS = {
    "penalty": "penalty",
    "drop": "packed",
    "bonus": "value cards",
    "win": "win",
    "eight_dublees": "eight dublees",
}


@dataclass(frozen=True)
class SeatTotal:
    position: int
    name: str
    total: int
    leader: bool
    dealer: bool

    @property
    def shown(self) -> str:
        return unsigned_plus(self.total)


@dataclass(frozen=True)
class Cell:
    points: int
    won: bool

    @property
    def shown(self) -> str:
        return unsigned_plus(self.points)


@dataclass(frozen=True)
class TableRow:
    number: int
    shown_number: int
    dealer_name: str
    cells: list[Cell]
    is_void: bool
    edited: bool
    history_url: str | None


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


def card_text(code: str) -> str:
    """`KS` as a player writes it on paper: K♠."""
    if code[-1:] in SUIT_SYMBOLS:
        return code[:-1] + SUIT_SYMBOLS[code[-1]]
    return code


def seat_totals(board: Board) -> list[SeatTotal]:
    leaders = set(board.leaders) if board.rows else set()
    dealer = board.next_dealer if board.session.is_active else None
    return [
        SeatTotal(
            position=seat.position,
            name=seat.player.name,
            total=board.totals.get(seat.position, 0),
            leader=seat.position in leaders,
            dealer=seat.position == dealer,
        )
        for seat in board.seats
    ]


def table_rows(board: Board, *, slug: str) -> list[TableRow]:
    names = board.names
    session_id = board.session.pk
    rows = []
    for row in board.rows:
        winner = row.winner
        rows.append(
            TableRow(
                number=row.number,
                shown_number=row.shown_number,
                dealer_name=names.get(row.dealer, "?"),
                cells=[
                    Cell(points=row.scores.get(pos, 0), won=pos == winner) for pos in sorted(names)
                ],
                is_void=row.is_void,
                edited=row.version > 1,
                history_url=reverse("hand-history", args=(slug, session_id, row.number)),
            )
        )
    return rows


def turn(board: Board) -> Turn:
    session = board.session
    names = board.names
    number = board.hands_dealt + 1
    label = f"Hand {number}"
    if session.ending == Ending.DEALS and session.ending_target:
        label += f" of {session.ending_target * len(board.seats)}"
    elif session.ending == Ending.HANDS and session.ending_target:
        label += f" of {session.ending_target}"
    elif session.ending == Ending.POINTS and session.ending_target:
        label += f" · first to {session.ending_target} points"
    return Turn(
        hand_label=label,
        dealer_name=names[board.next_dealer],
        first_name=names[board.first_to_play],
        direction=rotation.direction_name(session.variant),
    )


def ledger_view(ledger: dict[str, Any], names: dict[int, str], *, void: bool) -> LedgerView:
    """The engine's ledger (players by seat position) in words."""
    scores = {int(pos): points for pos, points in ledger.get("scores", {}).items()}

    def name(pos: str | int) -> str:
        return names.get(int(pos), "?")

    transfers = [
        f"{name(t['from'])} pays {name(t['to'])} {t['points']} "
        f"({REASON_LABELS.get(t['reason'], t['reason'])})"
        for t in ledger.get("transfers", [])
    ]
    details = []
    for pos, detail in sorted(ledger.get("details", {}).items(), key=lambda item: int(item[0])):
        rule = detail.get("rule")
        if rule and rule not in ("entered", "drop"):
            label = RULE_LABELS.get(rule, rule.replace("_", " "))
            details.append(f"{name(pos)}: {detail.get('penalty', 0)} points ({label})")
        if detail.get("bonus"):
            details.append(f"{name(pos)}'s value cards: {detail['bonus']} from each player")
        if "card_score" in detail:
            details.append(f"{name(pos)}'s card score: {detail['card_score']}")
    return LedgerView(
        changes=[
            (names[pos], scores.get(pos, 0), signed(scores.get(pos, 0))) for pos in sorted(names)
        ],
        transfers=transfers,
        details=details,
        void=void,
    )


def card_grid() -> list[dict[str, Any]]:
    """The tap grid of the card picker: a row per suit (and the printed joker)."""
    return [
        {
            "symbol": symbol,
            "red": suit in "HD",
            "cards": [
                {
                    "code": f"{rank}{suit}",
                    "rank": rank,
                    "spoken": f"{RANK_NAMES.get(rank, rank)} of {SUIT_NAMES[suit]}",
                }
                for rank in RANKS
            ],
        }
        for suit, symbol in SUIT_SYMBOLS.items()
    ]


def wild_choices() -> list[tuple[str, list[tuple[str, str]]]]:
    """The wild card select: cards grouped by suit, then the printed joker."""
    groups = [
        (
            f"{symbol} {SUIT_NAMES[suit].capitalize()}",
            [(f"{rank}{suit}", f"{rank}{symbol}") for rank in RANKS],
        )
        for suit, symbol in SUIT_SYMBOLS.items()
    ]
    return groups + [("Joker", [("JK", "Printed joker")])]


def draw_sentence(draw: rotation.DealerDraw, names: dict[int, str]) -> str:
    """Who drew what for the deal, as the table would say it."""
    drawn = ", ".join(
        f"{names[pos]} {' then '.join(card_text(card) for card in cards)}"
        for pos, cards in sorted(draw.cards.items())
    )
    high = names[draw.high_seat]
    if draw.dealer == draw.high_seat:
        outcome = f"{high} drew highest and deals first."
    else:
        outcome = f"{high} drew highest and plays first, so {names[draw.dealer]} deals."
    return f"Drawn for the deal: {drawn}. {outcome}"
