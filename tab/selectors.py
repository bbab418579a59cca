"""The tab's reads: each player's money from finished sessions, the payments recorded, and
who owes whom now; a fixed number of queries however many sessions the club has played.

One money balance per player. Each finished session with a stake gives every seat its net
in money, exactly as the session's summary settles it (`scoring.display.summary.settle`);
the tab adds those up over every stake the player played at (money is money: 100 won at 1
per point pays 100 lost at 5 per point) and keeps the breakdown per stake for reading.
A finished pool with an entry fee counts by its pot instead (each player's share less the
fees paid, the summary's `settle` again), whatever its stake per point; its money is kept
apart from the breakdown per stake (`pools`, `pool_net`).
Payments then move money: the payer's balance goes up by the amount, the payee's down.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.db.models import Q, QuerySet

from clubs.models import Club, Player
from scoring.display.summary import settle
from scoring.models import Format, GameSession, SessionStatus
from scoring.selectors import session_boards
from scoring.settlement import fewest_payments
from tab.models import Payment, PaymentChange

# `fewest_payments` tries every split of the players owed or owing, exact for a table of up
# to 12 (scoring/settlement.py); a club's tab can hold more, where that search would not
# finish. Beyond this many the tab settles greedily instead: still at most one payment
# fewer than the players, though perhaps not the very fewest.
EXACT_UP_TO = 12


@dataclass(frozen=True)
class StakeLine:
    stake: int  # money per point
    sessions: int  # finished sessions the player sat in at this stake
    net: int  # money won (+) or lost (-) in them


@dataclass(frozen=True)
class PlayerBalance:
    player: Player
    from_sessions: int  # money won (+) or lost (-) over every finished session with a stake
    paid: int  # payments the player made
    received: int  # payments the player received
    by_stake: tuple[StakeLine, ...]  # lowest stake first
    pools: int = 0  # finished pools with an entry fee the player sat in
    pool_net: int = 0  # money won (+) or lost (-) in them: part of `from_sessions`

    @property
    def balance(self) -> int:
        """What the player is owed (+) or owes (-) now."""
        return self.from_sessions + self.paid - self.received


@dataclass(frozen=True)
class Owed:
    payer: Player
    payee: Player
    amount: int


@dataclass(frozen=True)
class Tab:
    balances: tuple[PlayerBalance, ...]  # owed most first, owing most last
    owed: tuple[Owed, ...]  # who pays whom to settle everything, in the fewest payments
    payments: tuple[Payment, ...]  # kept payments, latest first
    removed: tuple[Payment, ...]  # removed payments, kept for the record, latest first
    sessions_counted: int  # finished sessions with a stake
    sessions_in_play: int  # sessions with a stake still in play: counted once finished
    stakes: tuple[int, ...]  # every stake played in the counted sessions, lowest first

    @property
    def settled(self) -> bool:
        return not self.owed


def money_sessions(club: Club) -> QuerySet[GameSession]:
    """The club's sessions played for money, finished or in play: a stake per point, or
    for a pool an entry fee (a pool's money is its pot, never its points)."""
    pool = Q(format=Format.POOL)
    return (
        GameSession.objects.filter(club=club)
        .filter((~pool & Q(stake_per_point__gt=0)) | (pool & Q(entry_fee__gt=0)))
        .order_by("pk")
    )


def payments(club: Club) -> QuerySet[Payment]:
    """Every payment of the club, removed ones too, with the players and who made each."""
    return Payment.objects.filter(club=club).select_related(
        "payer", "payee", "created_by", "removed_by"
    )


def club_tab(club: Club) -> Tab:
    """The whole tab in five queries (sessions, their seats and seat changes, their hands,
    the payments), whatever the number of sessions, hands or payments."""
    sessions = list(money_sessions(club))
    finished = [s for s in sessions if s.status == SessionStatus.FINISHED]
    in_play = len(sessions) - len(finished)

    players: dict[int, Player] = {}
    from_sessions: dict[int, int] = defaultdict(int)
    per_stake: dict[int, dict[int, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0]))
    in_pools: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    for board in session_boards(finished):
        settlement = settle(board)
        nets = settlement.nets
        stake = board.session.stake_per_point
        for seat in board.seats:
            player = seat.player
            players[player.pk] = player
            from_sessions[player.pk] += nets[seat.position]
            if settlement.pot is not None:
                line = in_pools[player.pk]
            else:
                line = per_stake[player.pk][stake]
            line[0] += 1
            line[1] += nets[seat.position]

    kept: list[Payment] = []
    removed: list[Payment] = []
    paid: dict[int, int] = defaultdict(int)
    received: dict[int, int] = defaultdict(int)
    for payment in payments(club):
        if payment.is_removed:
            removed.append(payment)
            continue
        kept.append(payment)
        players.setdefault(payment.payer_id, payment.payer)
        players.setdefault(payment.payee_id, payment.payee)
        paid[payment.payer_id] += payment.amount
        received[payment.payee_id] += payment.amount

    balances = [
        PlayerBalance(
            player=player,
            from_sessions=from_sessions[pk],
            paid=paid[pk],
            received=received[pk],
            by_stake=tuple(
                StakeLine(stake=stake, sessions=count, net=net)
                for stake, (count, net) in sorted(per_stake[pk].items())
            ),
            pools=in_pools[pk][0] if pk in in_pools else 0,
            pool_net=in_pools[pk][1] if pk in in_pools else 0,
        )
        for pk, player in players.items()
    ]
    balances.sort(key=lambda b: (-b.balance, b.player.name.lower(), b.player.pk))
    owed = tuple(
        Owed(payer=players[payer], payee=players[payee], amount=amount)
        for payer, payee, amount in settle_up({b.player.pk: b.balance for b in balances})
    )
    return Tab(
        balances=tuple(balances),
        owed=owed,
        payments=tuple(kept),
        removed=tuple(removed),
        sessions_counted=len(finished),
        sessions_in_play=in_play,
        stakes=tuple(sorted({s.stake_per_point for s in finished if s.format != Format.POOL})),
    )


def settle_up(balance: dict[int, int]) -> list[tuple[int, int, int]]:
    """(payer, payee, amount) settling every balance, which sum to zero.

    Two players whose balances cancel exactly settle between themselves first: some
    fewest-payments answer always pays them so, and it shrinks the search. The rest go to
    `fewest_payments` when few enough for its exact search, else debtors (largest
    first) pay creditors (largest first) in turn, never more payments than players less one."""
    open_ = {pk: amount for pk, amount in balance.items() if amount}
    payments: list[tuple[int, int, int]] = []
    creditors_by_amount: dict[int, list[int]] = defaultdict(list)
    for pk in sorted(open_):
        if open_[pk] > 0:
            creditors_by_amount[open_[pk]].append(pk)
    for pk in sorted(open_):
        amount = open_.get(pk, 0)  # a creditor paid off just now is gone
        if amount < 0 and creditors_by_amount.get(-amount):
            payee = creditors_by_amount[-amount].pop(0)
            payments.append((pk, payee, -amount))
            del open_[pk], open_[payee]
    if len(open_) <= EXACT_UP_TO:
        payments += [(p.payer, p.payee, p.amount) for p in fewest_payments(open_)]
    else:
        payments += _largest_first(open_)
    return payments


def _largest_first(balance: dict[int, int]) -> list[tuple[int, int, int]]:
    owing = sorted(((-a, pk) for pk, a in balance.items() if a < 0), reverse=True)
    owed = sorted(((a, pk) for pk, a in balance.items() if a > 0), reverse=True)
    payments = []
    debts = [a for a, _ in owing]
    dues = [a for a, _ in owed]
    d = c = 0
    while d < len(owing) and c < len(owed):
        amount = min(debts[d], dues[c])
        payments.append((owing[d][1], owed[c][1], amount))
        debts[d] -= amount
        dues[c] -= amount
        d += debts[d] == 0
        c += dues[c] == 0
    return payments


def payment_history(payment: Payment) -> QuerySet[PaymentChange]:
    """Every change to one payment, oldest first, with who made it."""
    return payment.changes.select_related("by").order_by("at", "pk")
