"""What the end-of-session summary and a hand's history show, read from the stored hands.

Nothing here is stored: the summary (winner, totals, chart, settlement) is derived again
from the current hand versions every time, so a late correction shows up in it at once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from django.contrib.auth.models import AbstractBaseUser
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext_lazy

from clubs.services import display_name
from common.numbers import grouped, signed
from scoring.display.chart import Chart, build_chart
from scoring.display.maal import nepal_maal
from scoring.display.penalties import seat_payments
from scoring.formats import AMOUNTS, EQUAL, PoolState, Pot
from scoring.hand_entry import HandEntry
from scoring.models import GameSession, HandStatus, HandVersion, Outcome, Seat, Verdict
from scoring.rules.variants import DEFAULTS
from scoring.selectors import Board, HandRead, pool_rules
from scoring.settlement import balances_from_points, balances_from_transfers, fewest_payments

# Vazhushal is won on game points, and its hands carry no payments (see settlement.py).
GAME_POINTS_VARIANTS = {"vazhushal"}


def decided_by_net(session: GameSession) -> bool:
    """Whether the points and the money can tell different stories: in an Indian Rummy
    game scored `winner_takes` a hand credits its winner but debits nobody, so the points
    leader may be behind in the settlement. There the money (the settlement's net) decides
    who is ahead, and the screens show it beside the points."""
    defaults = DEFAULTS.get(session.variant, {})
    if "scoring" not in defaults:
        return False
    return (session.options or {}).get("scoring", defaults["scoring"]) == "winner_takes"


@dataclass(frozen=True)
class Standing:
    position: int
    name: str
    total: int
    place: int  # 1 for the leaders; tied players share a place
    net: int  # what the settlement gives or takes: money, or points when there is no stake
    signed_total: bool = True

    @property
    def total_shown(self) -> str:
        return signed(self.total) if self.signed_total else str(self.total)

    @property
    def net_shown(self) -> str:
        return signed(self.net)


@dataclass(frozen=True)
class PaymentLine:
    payer: str
    payee: str
    amount: int


@dataclass(frozen=True)
class Settlement:
    stake: int  # per point; 0 plays for points only
    unit: str  # "points" or "game points": what a balance counts before the stake
    payments: tuple[PaymentLine, ...]
    nets: dict[int, int]  # seat -> money (or points without a stake); they sum to 0
    pot: Pot | None = None  # a pool: its money is the pot, whatever the stake per point

    @property
    def in_money(self) -> bool:
        return self.stake > 0 or self.pot is not None


@dataclass(frozen=True)
class PotRow:
    """One player's money in a pool: the fees paid in, the share taken out, and the net."""

    name: str
    fees: int
    share: int | None  # None while the pot is unsettled
    money: int

    @property
    def money_shown(self) -> str:
        return signed(self.money)


@dataclass(frozen=True)
class SessionSummary:
    board: Board
    is_final: bool
    unit: str
    winners: tuple[str, ...]  # the leaders' names; more than one is a tie
    winning_total: int | None  # None when no hand was played
    standings: tuple[Standing, ...]
    void_hands: int
    settlement: Settlement
    chart: Chart | None
    by_net: bool = False  # winner-takes: the settlement's net decides, the points beside it
    winning_net: int | None = None  # the winners' net, when `by_net`
    format_lines: tuple[str, ...] = ()  # a pool's outs, rejoins and pot; a deals' chips
    pot_rows: tuple[PotRow, ...] = ()  # a pool: each player's fees, share and money
    shared_by: tuple[str, ...] = ()  # a pool stopped early: the players who split the pot

    @property
    def pot(self) -> Pot | None:
        return self.settlement.pot

    @property
    def winning_net_shown(self) -> str:
        net = self.winning_net or 0
        if self.settlement.in_money:
            # Translators: what a player is up in the settlement, in money, e.g. "+240 net"
            return _("%(amount)s net") % {"amount": signed(net)}
        if self.settlement.unit == "game points":
            return ngettext("%(count)s game point net", "%(count)s game points net", abs(net)) % {
                "count": signed(net)
            }
        return ngettext("%(count)s point net", "%(count)s points net", abs(net)) % {
            "count": signed(net)
        }

    @property
    def hands_played(self) -> int:
        return self.board.hands_dealt

    @property
    def winning_total_shown(self) -> str:
        """Like 120 points or 1 game point. A lead is never below 0 (every game is zero-sum
        or only ever adds points), but a sign is kept should one be."""
        total = self.winning_total or 0
        return amount_in(self.unit, total, total if total >= 0 else signed(total))


def amount_in(unit: str, count: int, shown: object) -> str:
    """`shown` (the number `count` as written) with its unit: "120 points", "1 chip"."""
    values = {"count": shown}
    if unit == "game points":
        return ngettext("%(count)s game point", "%(count)s game points", abs(count)) % values
    if unit == "pool points":
        return ngettext("%(count)s pool point", "%(count)s pool points", abs(count)) % values
    if unit == "chips":
        return ngettext("%(count)s chip", "%(count)s chips", abs(count)) % values
    return ngettext("%(count)s point", "%(count)s points", abs(count)) % values


def session_summary(board: Board) -> SessionSummary:
    """The summary of what `session_board` read: it reads nothing more."""
    session = board.session
    names = board.names
    unit = "game points" if session.variant in GAME_POINTS_VARIANTS else "points"
    settlement = settle(board)
    by_net = decided_by_net(session)
    standings = _standings(board, settlement.nets, by_net=by_net)
    played = bool(board.rows)
    format_lines: tuple[str, ...] = ()
    running = [row.running for row in board.rows]
    chart_label: Callable[[int], str] = signed
    pot_rows: tuple[PotRow, ...] = ()
    shared_by: tuple[str, ...] = ()
    if board.pool is not None and settlement.pot is not None:
        unit, by_net = "pool points", False
        standings = _pool_standings(board, board.pool, settlement.nets)
        format_lines = pool_lines(board, board.pool, settlement.pot)
        pot_rows = tuple(_pot_row(names[s.position], s.position, settlement.pot) for s in standings)
        if settlement.pot.split in (EQUAL, AMOUNTS):
            shared_by = tuple(s.name for s in standings if s.position in settlement.pot.shares)
        # The pool's own scores, which only grow towards the limit (or jump at a rejoin).
        running, chart_label = board.pool.running, str
    elif board.chips is not None:
        unit, by_net = "chips", False
        standings = _standings(board, settlement.nets, by_net=False, figures=board.chips)
        format_lines = (
            ngettext(
                "%(count)s deal, %(chips)s chips each to start.",
                "%(count)s deals, %(chips)s chips each to start.",
                board.hands_dealt,
            )
            % {"count": board.hands_dealt, "chips": session.chips},
        )
    leaders = [standing for standing in standings if standing.place == 1] if played else []
    return SessionSummary(
        board=board,
        is_final=not session.is_active,
        unit=unit,
        winners=tuple(standing.name for standing in leaders),
        winning_total=max(s.total for s in leaders) if leaders else None,
        standings=standings,
        void_hands=sum(1 for row in board.rows if row.is_void),
        settlement=settlement,
        chart=build_chart(names=names, running=running, label=chart_label) if played else None,
        by_net=by_net,
        winning_net=leaders[0].net if by_net and leaders else None,
        format_lines=format_lines,
        pot_rows=pot_rows,
        shared_by=shared_by,
    )


def _pot_row(name: str, position: int, pot: Pot) -> PotRow:
    return PotRow(
        name=name,
        fees=pot.fees.get(position, 0),
        share=pot.shares.get(position, 0) if pot.settled else None,
        money=pot.money.get(position, 0),
    )


def pool_lines(board: Board, pool: PoolState, pot: Pot | None = None) -> tuple[str, ...]:
    """The pool's limit and pot, then who went out when and who rejoined at what, in the
    order it happened (a player out twice is named twice), then the one left in."""
    names = board.names
    rules = pool_rules(board.session)
    lines = [
        _("Pool to %(limit)s; pot %(pot)s.")
        % {"limit": rules.limit, "pot": grouped(pool.pot(rules))}
    ]
    for event in pool.history:
        words = {"name": names[event.position], "score": event.score, "hand": event.hand}
        if event.kind == "out":
            lines.append(_("%(name)s went out in hand %(hand)s at %(score)s.") % words)
        else:
            lines.append(_("%(name)s rejoined at %(score)s.") % words)
    if pot is not None and pot.split in (EQUAL, AMOUNTS):
        shares = ", ".join(
            f"{names[pos]} {grouped(amount)}" for pos, amount in sorted(pot.shares.items())
        )
        if pot.split == EQUAL:
            # Translators: the players still in a pool stopped; e.g. "Asha 125, Bala 125"
            lines.append(
                _("The players still in split the pot equally: %(shares)s.") % {"shares": shares}
            )
        else:
            # Translators: the players still in a pool stopped; the scorer typed each share
            lines.append(_("The players still in split the pot: %(shares)s.") % {"shares": shares})
    elif pool.winner is not None:
        lines.append(
            _("%(name)s is the last player in and takes the pot.") % {"name": names[pool.winner]}
        )
    return tuple(lines)


def _pool_standings(board: Board, pool: PoolState, nets: dict[int, int]) -> tuple[Standing, ...]:
    names = board.names
    standings: list[Standing] = []
    for index, pos in enumerate(pool.place_order()):
        standings.append(
            Standing(
                position=pos,
                name=names[pos],
                total=pool.scores.get(pos, 0),
                place=index + 1,
                net=nets.get(pos, 0),
                # A pool score only ever grows from 0: a plus sign would read as a gain.
                signed_total=False,
            )
        )
    return tuple(standings)


def settle(board: Board) -> Settlement:
    """Who pays whom: every hand's payments (or game points) times the stake per point; in a
    pool, each player's share of the pot less the fees they paid (nothing while unsettled)."""
    session = board.session
    seats = [seat.position for seat in board.seats]
    pot = board.pot
    if pot is not None:
        money = pot.money
        nets = {seat: money.get(seat, 0) for seat in seats}
        return Settlement(
            stake=0, unit="money", payments=_payment_lines(board, nets), nets=nets, pot=pot
        )
    if session.variant in GAME_POINTS_VARIANTS:
        balance = balances_from_points(board.totals)
        unit = "game points"
    else:
        balance = balances_from_transfers(seats, board.transfers)
        unit = "points"
    # Without a stake the players settle in points: the same payments, counted in points.
    per_point = session.stake_per_point or 1
    nets = {seat: points * per_point for seat, points in balance.items()}
    return Settlement(
        stake=session.stake_per_point,
        unit=unit,
        payments=_payment_lines(board, nets),
        nets=nets,
    )


def _payment_lines(board: Board, nets: dict[int, int]) -> tuple[PaymentLine, ...]:
    names = board.names
    return tuple(
        PaymentLine(payer=names[p.payer], payee=names[p.payee], amount=p.amount)
        for p in fewest_payments(nets)
    )


def _standings(
    board: Board,
    nets: dict[int, int],
    *,
    by_net: bool,
    figures: dict[int, int] | None = None,
) -> tuple[Standing, ...]:
    """Best first: by points (or another figure, a deals session's chips), or by the
    settlement's net where that decides (`by_net`; the points then break a tie in the order
    shown, but players level on net share a place)."""
    names = board.names
    totals = board.totals if figures is None else figures

    def key(item: tuple[int, int]) -> tuple[int, ...]:
        pos, total = item
        return (-nets[pos], -total, pos) if by_net else (-total, pos)

    def level(pos: int) -> int:
        return nets[pos] if by_net else totals[pos]

    order = sorted(totals.items(), key=key)
    standings: list[Standing] = []
    for index, (pos, total) in enumerate(order):
        tied_with_previous = index and level(pos) == level(order[index - 1][0])
        place = standings[-1].place if tied_with_previous else index + 1
        standings.append(
            Standing(position=pos, name=names[pos], total=total, place=place, net=nets[pos])
        )
    return tuple(standings)


# What happened to a seat, alone and with what it paid ("lost 35", "packed 10": the buttons
# say "Packed", not "dropped").
RESULT_WORDS = {
    "won": (
        pgettext_lazy("what happened to a player in a hand", "won"),
        pgettext_lazy("what happened to a player in a hand", "won %(points)s"),
    ),
    "lost": (
        pgettext_lazy("what happened to a player in a hand", "lost"),
        pgettext_lazy("what happened to a player in a hand", "lost %(points)s"),
    ),
    "dropped": (
        pgettext_lazy("a rummy move: the player left the hand early", "packed"),
        pgettext_lazy("a rummy move: the player left the hand early", "packed %(points)s"),
    ),
    "wrong_show": (
        pgettext_lazy("a rummy declaration that was not valid", "wrong show"),
        pgettext_lazy("a rummy declaration that was not valid", "wrong show %(points)s"),
    ),
}


def result_words(result: str, penalty: int | None = None) -> str:
    """How the table says what happened to a seat, with what it paid if it did. An unknown
    result shows as stored."""
    if result not in RESULT_WORDS:
        return result if penalty is None else f"{result} {penalty}"
    alone, paid = RESULT_WORDS[result]
    return str(alone) if penalty is None else str(paid) % {"points": penalty}


@dataclass(frozen=True)
class SeatScore:
    name: str
    result: str  # won, lost, dropped, or "" where nothing was entered for the seat
    points: int | None  # None: the version scores nothing (the hand was undone)
    penalty: int | None = None  # what the seat paid as a loser or for packing, if it did
    notes: tuple[str, ...] = ()  # where the engine adjusted the penalty ("capped at 120")
    # Marriage as Nepal plays it: the alter and man maal, a piece a category ("2 alters 15")
    maal: tuple[str, ...] = ()

    @property
    def points_shown(self) -> str:
        return "\u2014" if self.points is None else signed(self.points)

    @property
    def what_happened(self) -> str:
        """Like "lost 35" or "packed 10": what was entered, which a correction changes."""
        return result_words(self.result, self.penalty)


@dataclass(frozen=True)
class VersionEntry:
    version: int
    status: str
    status_label: str
    is_current: bool
    created_at: datetime
    created_by: str
    reason: str
    scores: tuple[SeatScore, ...]
    answers: tuple[AnswerEntry, ...] = ()
    decision: DecisionEntry | None = None


@dataclass(frozen=True)
class AnswerEntry:
    """A player's answer to a version, as its history shows it."""

    name: str  # the seat's player
    verdict: str
    verdict_label: str
    reason: str
    at: datetime
    phone: str = ""  # from which phone, in words


@dataclass(frozen=True)
class DecisionEntry:
    outcome_label: str
    by: str
    reason: str
    at: datetime


@dataclass(frozen=True)
class HandHistory:
    number: int  # the stored hand number (as in URLs)
    shown_number: int | None  # its place among the counted hands; None once undone
    versions: tuple[VersionEntry, ...]  # newest first


def hand_versions(read: HandRead) -> HandHistory:
    """Every version of one hand, newest first, with each seat's score (`hand_read` read
    them)."""
    return HandHistory(
        number=read.number,
        shown_number=read.shown_number,
        versions=tuple(_version_entry(v, read.seats, read.session) for v in read.versions),
    )


def _version_entry(version: HandVersion, seats: list[Seat], session: GameSession) -> VersionEntry:
    scores = version.ledger.get("scores", {})
    details = version.ledger.get("details", {})
    paid = {}
    held: dict[int, tuple[str, ...]] = {}
    if version.status == HandStatus.PLAYED:
        entry = HandEntry.from_json(version.entry)
        paid = seat_payments(
            entry, version.ledger, variant=session.variant, options=session.options
        )
        held = nepal_maal(entry, variant=session.variant, options=session.options)
    results = {
        seat.get("position"): seat.get("result", "") for seat in version.entry.get("seats", [])
    }
    removed = version.status == HandStatus.REMOVED
    names = {seat.position: seat.player.name for seat in seats}
    answers = tuple(
        AnswerEntry(
            name=names.get(check.position, "?"),
            verdict=check.verdict,
            verdict_label=str(Verdict(check.verdict).label),
            reason=check.reason,
            at=check.created_at,
            phone=phone_words(check.phone),
        )
        for check in version.checks.all()
    )
    decided = getattr(version, "decision", None)
    decision = (
        DecisionEntry(
            outcome_label=str(Outcome(decided.outcome).label),
            by=_who(decided.by),
            reason=decided.reason,
            at=decided.created_at,
        )
        if decided is not None
        else None
    )
    return VersionEntry(
        answers=answers,
        decision=decision,
        version=version.version,
        status=version.status,
        status_label=str(HandStatus(version.status).label),
        is_current=version.is_current,
        created_at=version.created_at,
        created_by=_who(version.created_by),
        reason=version.reason,
        scores=tuple(
            SeatScore(
                name=seat.player.name,
                result=results.get(seat.position, ""),
                # A void hand's ledger may list no scores at all: each seat scored 0.
                points=None if removed else scores.get(str(seat.position), 0),
                penalty=details.get(str(seat.position), {}).get("penalty"),
                notes=paid[seat.position].notes if seat.position in paid else (),
                maal=held.get(seat.position, ()),
            )
            for seat in seats
        ),
    )


def phone_words(phone: str) -> str:
    """Which phone an answer came from ("account 4", "guest link 7"), as a club says it."""
    if phone.startswith("guest link"):
        return _("from a phone that joined by the table's code")
    return _("from the player's own account")


def _who(user: AbstractBaseUser | None) -> str:
    return display_name(user) if user is not None else _("A removed account")
