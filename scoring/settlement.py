"""Who pays whom at the end of a session, in the fewest payments.

Each player's balance comes from the payments the rules engine listed for every hand
(penalties, drops, bonuses), so it is right whatever the game's scoring of points. Vazhushal
hands carry no payments, only game points; there each player settles the difference in
game points with every other player, which sums to n * own points - everyone's points.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache


@dataclass(frozen=True)
class Payment:
    payer: int
    payee: int
    amount: int


def balances_from_transfers(seats: Iterable[int], transfers: Iterable[Mapping]) -> dict[int, int]:
    balance = dict.fromkeys(seats, 0)
    for transfer in transfers:
        balance[int(transfer["from"])] -= transfer["points"]
        balance[int(transfer["to"])] += transfer["points"]
    return balance


def balances_from_points(totals: Mapping[int, int]) -> dict[int, int]:
    everyone = sum(totals.values())
    return {seat: len(totals) * points - everyone for seat, points in totals.items()}


def fewest_payments(balance: Mapping[int, int]) -> list[Payment]:
    """Payments that settle every balance (they sum to zero), as few as can be.

    The fewest is the number of players owed or owing, less the largest number of groups
    they split into that each settle among themselves. A table has at most 12 players, so
    trying every subset (4,096) finds that split exactly.
    """
    if sum(balance.values()) != 0:
        raise ValueError("Balances must sum to zero.")
    open_ = [(seat, amount) for seat, amount in sorted(balance.items()) if amount]
    amounts = [amount for _, amount in open_]
    n = len(open_)
    full = (1 << n) - 1
    sums = [0] * (1 << n)
    for mask in range(1, 1 << n):
        low = mask & -mask
        sums[mask] = sums[mask ^ low] + amounts[low.bit_length() - 1]

    @cache
    def most_groups(mask: int) -> tuple[int, int]:
        """(groups, the first group's mask) for the best split of `mask` into zero-sum groups."""
        if mask == 0:
            return 0, 0
        best = (1, mask)  # at worst the whole of it is one group
        low = mask & -mask
        rest = mask ^ low
        # Each group holds the lowest remaining player, so every split is seen once.
        others = rest
        while others:
            group = others | low
            if group != mask and sums[group] == 0:
                groups = 1 + most_groups(mask ^ group)[0]
                if groups > best[0]:
                    best = (groups, group)
            others = (others - 1) & rest
        return best

    payments: list[Payment] = []
    mask = full
    while mask:
        _, group = most_groups(mask)
        payments.extend(_settle_group([open_[i] for i in range(n) if group >> i & 1]))
        mask ^= group
    return payments


def _settle_group(members: list[tuple[int, int]]) -> list[Payment]:
    """A zero-sum group of k players settles in k - 1 payments: largest debtor to creditor."""
    debtors = sorted(((-amount, seat) for seat, amount in members if amount < 0), reverse=True)
    creditors = sorted(((amount, seat) for seat, amount in members if amount > 0), reverse=True)
    payments = []
    d = c = 0
    owed = [amount for amount, _ in debtors]
    due = [amount for amount, _ in creditors]
    while d < len(debtors) and c < len(creditors):
        amount = min(owed[d], due[c])
        payments.append(Payment(payer=debtors[d][1], payee=creditors[c][1], amount=amount))
        owed[d] -= amount
        due[c] -= amount
        if owed[d] == 0:
            d += 1
        if due[c] == 0:
            c += 1
    return payments
