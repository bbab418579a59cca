"""Who pays whom at the end of a session (scoring/settlement.py): no database needed."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.settlement import (
    Payment,
    balances_from_points,
    balances_from_transfers,
    fewest_payments,
)


def settled(balance: dict[int, int], payments: list[Payment]) -> dict[int, int]:
    """Each balance after the payments are made: all 0 when they settle everything."""
    left = dict(balance)
    for payment in payments:
        left[payment.payer] += payment.amount
        left[payment.payee] -= payment.amount
    return left


def fewest_by_brute_force(amounts: list[int]) -> int:
    """The fewest payments, from every way of splitting the players into groups that settle
    among themselves (a group of k settles in k - 1 payments): independent of the code."""
    open_ = [a for a in amounts if a]

    def most_groups(rest: list[int]) -> int:
        if not rest:
            return 0
        first, others = rest[0], rest[1:]
        best = 0
        for mask in range(1 << len(others)):
            group = [first] + [o for i, o in enumerate(others) if mask >> i & 1]
            if sum(group) == 0:
                remaining = [o for i, o in enumerate(others) if not mask >> i & 1]
                best = max(best, 1 + most_groups(remaining))
        return best

    return len(open_) - most_groups(open_)


def test_balances_from_transfers_add_what_each_seat_received_and_take_what_it_paid() -> None:
    transfers = [
        {"from": "1", "to": "0", "points": 20, "reason": "penalty"},
        {"from": "2", "to": "0", "points": 30, "reason": "drop"},
        {"from": "0", "to": "2", "points": 5, "reason": "bonus"},
    ]
    assert balances_from_transfers([0, 1, 2, 3], transfers) == {0: 45, 1: -20, 2: -25, 3: 0}


def test_a_seat_that_never_paid_or_received_has_a_balance_of_zero() -> None:
    assert balances_from_transfers([0, 1], []) == {0: 0, 1: 0}


def test_game_points_settle_the_difference_with_every_other_player() -> None:
    # Asha 3, Bala 1, Chitra 0: Asha gets 2 from Bala and 3 from Chitra; Bala gets 1 from Chitra.
    assert balances_from_points({0: 3, 1: 1, 2: 0}) == {0: 5, 1: -1, 2: -4}


def test_equal_game_points_owe_nothing() -> None:
    assert balances_from_points({0: 2, 1: 2, 2: 2}) == {0: 0, 1: 0, 2: 0}


def test_balances_from_points_always_sum_to_zero() -> None:
    assert sum(balances_from_points({0: 7, 1: 0, 2: 3, 3: 1, 4: 9}).values()) == 0


def test_one_winner_is_paid_by_each_loser_once() -> None:
    payments = fewest_payments({0: 50, 1: -20, 2: -30})
    assert sorted(payments, key=lambda p: p.payer) == [
        Payment(payer=1, payee=0, amount=20),
        Payment(payer=2, payee=0, amount=30),
    ]


def test_two_independent_pairs_settle_in_two_payments() -> None:
    payments = fewest_payments({0: -10, 1: 10, 2: -5, 3: 5})
    assert sorted(payments, key=lambda p: p.payer) == [
        Payment(payer=0, payee=1, amount=10),
        Payment(payer=2, payee=3, amount=5),
    ]


def test_groups_that_settle_among_themselves_save_a_payment_where_greedy_would_not() -> None:
    # Largest-debtor-to-largest-creditor alone takes 4 payments here; {+2, +3, -5} and
    # {+4, -4} settle apart in 3.
    balance = {0: 2, 1: 3, 2: -5, 3: 4, 4: -4}
    payments = fewest_payments(balance)
    assert len(payments) == 3
    assert set(settled(balance, payments).values()) == {0}
    assert Payment(payer=4, payee=3, amount=4) in payments


def test_everyone_even_needs_no_payment() -> None:
    assert fewest_payments({0: 0, 1: 0, 2: 0}) == []
    assert fewest_payments({}) == []


def test_balances_that_do_not_sum_to_zero_are_refused() -> None:
    with pytest.raises(ValueError, match="sum to zero"):
        fewest_payments({0: 10, 1: -5})


def test_twelve_players_with_no_even_subgroup_need_eleven_payments() -> None:
    balance = dict.fromkeys(range(11), 1) | {11: -11}
    payments = fewest_payments(balance)
    assert len(payments) == 11
    assert all(p.payer == 11 and p.amount == 1 for p in payments)


def test_payments_are_the_same_whatever_order_the_balances_come_in() -> None:
    balance = {3: -7, 0: 4, 2: 3, 1: -2, 4: 2}
    reordered = dict(sorted(balance.items()))
    assert fewest_payments(balance) == fewest_payments(reordered)


balances = st.lists(st.integers(min_value=-500, max_value=500), min_size=1, max_size=11).map(
    lambda amounts: dict(enumerate([*amounts, -sum(amounts)]))
)


@given(balances)
@settings(max_examples=300, deadline=None)
def test_payments_settle_every_balance_exactly_in_at_most_one_fewer_than_the_players_owed(
    balance: dict[int, int],
) -> None:
    payments = fewest_payments(balance)
    assert set(settled(balance, payments).values()) <= {0}
    owed_or_owing = sum(1 for amount in balance.values() if amount)
    assert len(payments) <= max(owed_or_owing - 1, 0)
    for payment in payments:
        # Only those who owe pay, only those owed receive, and never a zero payment.
        assert payment.amount > 0
        assert balance[payment.payer] < 0 < balance[payment.payee]


small_balances = st.lists(st.integers(min_value=-6, max_value=6), min_size=1, max_size=6).map(
    lambda amounts: dict(enumerate([*amounts, -sum(amounts)]))
)


@given(small_balances)
@settings(max_examples=300, deadline=None)
def test_no_way_of_settling_needs_fewer_payments(balance: dict[int, int]) -> None:
    # Small amounts make players who settle among themselves common, the case that matters.
    payments = fewest_payments(balance)
    assert len(payments) == fewest_by_brute_force(list(balance.values()))
    assert set(settled(balance, payments).values()) <= {0}
