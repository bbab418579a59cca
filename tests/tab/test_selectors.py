"""The tab's balances come from the sessions' own settlements, less the payments, and cost
the same number of queries however many sessions the club has played."""

from __future__ import annotations

import random
import time

import pytest

from scoring.display.summary import session_summary
from scoring.selectors import session_board
from scoring.settlement import fewest_payments
from tab import selectors, services
from tests.factories import correct, make_club, owner_of, typed_entry
from tests.tab.factories import money_session, pay

pytestmark = pytest.mark.django_db


def balances(tab: selectors.Tab) -> dict[str, int]:
    return {line.player.name: line.balance for line in tab.balances}


def owed(tab: selectors.Tab) -> list[tuple[str, str, int]]:
    return [(line.payer.name, line.payee.name, line.amount) for line in tab.owed]


@pytest.fixture
def club():
    return make_club("Friday Club")


def test_a_finished_session_gives_each_player_what_its_summary_settles(club):
    # Asha wins; Bala loses 20 points and Chitra 5, at 2 per point.
    session = money_session(club, stake=2, hands=[(0, {1: 20, 2: 5})])
    tab = selectors.club_tab(club)
    assert balances(tab) == {"Asha": 50, "Chitra": -10, "Bala": -40}
    nets = session_summary(session_board(session)).settlement.nets
    assert [line.from_sessions for line in tab.balances] == [nets[0], nets[2], nets[1]]
    assert sorted(owed(tab)) == [("Bala", "Asha", 40), ("Chitra", "Asha", 10)]
    assert tab.sessions_counted == 1 and tab.stakes == (2,)


def test_sessions_for_points_only_and_sessions_in_play_do_not_count(club):
    money_session(club, stake=0, hands=[(0, {1: 20, 2: 5})])
    money_session(club, stake=5, hands=[(1, {0: 40, 2: 5})], finished=False)
    tab = selectors.club_tab(club)
    assert tab.balances == ()
    assert tab.settled
    assert (tab.sessions_counted, tab.sessions_in_play) == (0, 1)


def test_one_money_balance_over_every_stake_with_the_breakdown_per_stake(club):
    money_session(club, stake=1, hands=[(0, {1: 30, 2: 10})])  # Asha +40
    money_session(club, stake=5, hands=[(1, {0: 10, 2: 2})])  # Asha -50
    tab = selectors.club_tab(club)
    asha = next(line for line in tab.balances if line.player.name == "Asha")
    assert asha.from_sessions == asha.balance == -10
    assert [(s.stake, s.sessions, s.net) for s in asha.by_stake] == [(1, 1, 40), (5, 1, -50)]
    assert tab.stakes == (1, 5)
    assert sum(balances(tab).values()) == 0


def test_payments_move_the_balances_and_removed_ones_do_not(club):
    money_session(club, stake=2, hands=[(0, {1: 20, 2: 5})])
    pay(club, "Bala", "Asha", 30)
    gone = pay(club, "Chitra", "Asha", 10)
    services.remove_payment(club=club, by=owner_of(club), payment_id=gone.pk)
    tab = selectors.club_tab(club)
    assert balances(tab) == {"Asha": 20, "Bala": -10, "Chitra": -10}
    bala = next(line for line in tab.balances if line.player.name == "Bala")
    assert (bala.from_sessions, bala.paid, bala.received) == (-40, 30, 0)
    assert sorted(owed(tab)) == [("Bala", "Asha", 10), ("Chitra", "Asha", 10)]
    assert [p.amount for p in tab.payments] == [30]
    assert [p.amount for p in tab.removed] == [10]


def test_everyone_paid_up_is_square(club):
    money_session(club, stake=2, hands=[(0, {1: 20, 2: 5})])
    pay(club, "Bala", "Asha", 40)
    pay(club, "Chitra", "Asha", 10)
    tab = selectors.club_tab(club)
    assert tab.settled
    assert set(balances(tab).values()) == {0}


def test_a_hand_corrected_after_the_session_ended_changes_the_tab(club):
    session = money_session(club, stake=1, hands=[(0, {1: 20, 2: 5})])
    correct(session, 1, typed_entry(0, {1: 60, 2: 5}), reason="Bala's cards were miscounted")
    assert balances(selectors.club_tab(club))["Bala"] == -60


def test_the_tab_costs_five_queries_however_many_sessions(club, django_assert_num_queries):
    money_session(club, stake=2, hands=[(0, {1: 20, 2: 5})])
    pay(club, "Bala", "Asha", 10)
    with django_assert_num_queries(5):
        selectors.club_tab(club)
    for stake in (1, 2, 5, 10):
        money_session(
            club,
            stake=stake,
            hands=[(1, {0: 10, 2: 3}), (2, {0: 7, 1: 4})],
            names=("Asha", "Bala", "Dev"),
        )
    money_session(club, stake=3, hands=[(0, {1: 5, 2: 1})], finished=False)
    pay(club, "Dev", "Asha", 5)
    with django_assert_num_queries(5):
        tab = selectors.club_tab(club)
    assert tab.sessions_counted == 5
    assert sum(balances(tab).values()) == 0


def test_settling_up_pays_players_who_cancel_out_directly():
    payments = selectors.settle_up({1: -30, 2: 30, 3: -10, 4: 20, 5: -10})
    assert (1, 2, 30) in payments
    assert len(payments) == len(fewest_payments({1: -30, 2: 30, 3: -10, 4: 20, 5: -10}))


def test_settling_up_a_big_club_finishes_fast_and_squares_everyone():
    rng = random.Random(13)
    balance = {pk: rng.randint(-500, 500) for pk in range(1, 40)}
    balance[40] = -sum(balance.values())
    started = time.perf_counter()
    payments = selectors.settle_up(balance)
    assert time.perf_counter() - started < 1
    left = dict(balance)
    for payer, payee, amount in payments:
        assert amount > 0
        left[payer] += amount
        left[payee] -= amount
    assert set(left.values()) == {0}
    assert len(payments) <= len([b for b in balance.values() if b]) - 1


def test_a_finished_pool_counts_by_its_pot_not_by_its_points_times_the_stake(club):
    from tests.scoring.pot_factories import asha_takes_the_pot, four_player_pool

    # A stake per point set on the pool by mistake changes nothing: the pot is the money.
    asha_takes_the_pot(four_player_pool(club, stake=2))
    money_session(club, stake=1, hands=[(1, {0: 30, 2: 10})], names=("Asha", "Bala", "Chitra"))
    tab = selectors.club_tab(club)
    assert balances(tab) == {"Asha": 170, "Chitra": -60, "Dev": -50, "Bala": -60}
    asha = next(line for line in tab.balances if line.player.name == "Asha")
    assert (asha.pools, asha.pool_net) == (1, 200)
    assert [(s.stake, s.sessions, s.net) for s in asha.by_stake] == [(1, 1, -30)]
    assert tab.sessions_counted == 2 and tab.stakes == (1,)


def test_a_pool_without_an_entry_fee_is_not_a_money_session(club):
    from scoring.services.sessions import PoolSetup
    from tests.factories import make_session, record

    pool = make_session(
        club, stake=3, format="pool", pool=PoolSetup(limit=101, rejoins=0, entry_fee=0)
    )
    record(pool, typed_entry(0, {1: 110, 2: 120}))
    tab = selectors.club_tab(club)
    assert tab.balances == () and tab.sessions_counted == 0
