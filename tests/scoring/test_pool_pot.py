"""A pool's money is its pot: every entry and rejoin pays the fee in, and the last player in
takes it, or the players still in split it when they agree to stop. No points settlement."""

from __future__ import annotations

import pytest

from common.errors import UserError
from scoring.display.summary import session_summary
from scoring.errors import StaleSession
from scoring.models import SessionStatus
from scoring.selectors import session_board
from scoring.services.pots import split_pot
from scoring.services.sessions import finish_session
from tests.factories import correct, make_club, make_session, record, typed_entry
from tests.scoring.pot_factories import (
    ASHA,
    BALA,
    CHITRA,
    DEV,
    all_four_still_in,
    asha_takes_the_pot,
    four_player_pool,
    rejoin,
    split,
)

pytestmark = pytest.mark.django_db


def payments(summary) -> list[tuple[str, str, int]]:
    return sorted((p.payer, p.payee, p.amount) for p in summary.settlement.payments)


def test_the_last_player_in_takes_the_pot_and_the_settlement_is_that_money_not_points():
    session = asha_takes_the_pot(four_player_pool())
    summary = session_summary(session_board(session))
    pot = summary.pot
    assert pot is not None
    assert (pot.total, pot.split) == (250, "winner")
    assert pot.fees == {ASHA: 50, BALA: 100, CHITRA: 50, DEV: 50}
    assert pot.shares == {ASHA: 250}
    # Each player's money is their share less the fees they paid; points play no part.
    assert summary.settlement.nets == {ASHA: 200, BALA: -100, CHITRA: -50, DEV: -50}
    assert summary.settlement.in_money
    assert payments(summary) == [("Bala", "Asha", 100), ("Chitra", "Asha", 50), ("Dev", "Asha", 50)]
    assert {row.name: (row.fees, row.share, row.money) for row in summary.pot_rows} == {
        "Asha": (50, 250, 200),
        "Chitra": (50, 0, -50),
        "Bala": (100, 0, -100),
        "Dev": (50, 0, -50),
    }
    assert summary.pot_rows[0].name == "Asha"
    assert summary.format_lines[0] == "Pool to 101; pot 250."
    assert summary.format_lines[-1] == "Asha is the last player in and takes the pot."


def test_a_stake_per_point_does_not_turn_a_pools_points_into_money():
    session = asha_takes_the_pot(four_player_pool(stake=5))
    assert session_summary(session_board(session)).settlement.nets == {
        ASHA: 200,
        BALA: -100,
        CHITRA: -50,
        DEV: -50,
    }


def test_a_pool_in_play_owes_nothing_yet_and_shows_the_fees_paid():
    session = all_four_still_in(four_player_pool())
    summary = session_summary(session_board(session))
    assert summary.pot is not None and not summary.pot.settled
    assert summary.settlement.nets == dict.fromkeys((ASHA, BALA, CHITRA, DEV), 0)
    assert summary.settlement.payments == ()
    assert {row.name: (row.fees, row.share) for row in summary.pot_rows}["Bala"] == (100, None)


def test_an_equal_split_gives_what_does_not_divide_one_each_to_the_first_to_play():
    # 250 among four: 62 each and 2 over. Asha dealt hand 1; Indian Rummy deals to the
    # right, so Dev deals next and Chitra, at his right, plays first, then Bala.
    session = split(all_four_still_in(four_player_pool()), "equal")
    assert session.status == SessionStatus.FINISHED
    summary = session_summary(session_board(session))
    assert summary.is_final
    assert summary.pot is not None and summary.pot.split == "equal"
    assert summary.pot.shares == {CHITRA: 63, BALA: 63, ASHA: 62, DEV: 62}
    assert summary.settlement.nets == {ASHA: 12, BALA: -37, CHITRA: 13, DEV: 12}
    assert payments(summary) == [
        ("Bala", "Asha", 12),
        ("Bala", "Chitra", 13),
        ("Bala", "Dev", 12),
    ]
    # By who lasted: the lowest pool score first (Asha 0, Dev 10, Chitra 20, Bala back at 21).
    assert summary.shared_by == ("Asha", "Dev", "Chitra", "Bala")
    assert summary.format_lines[-1] == (
        "The players still in split the pot equally: Asha 62, Bala 63, Chitra 63, Dev 62."
    )


def test_typed_shares_must_add_up_to_the_pot_and_go_only_to_players_still_in():
    session = asha_takes_the_pot_before_the_last_hand()
    with pytest.raises(UserError, match="add up to 240; they must add up to the pot, 250"):
        split(session, "amounts", {ASHA: 200, CHITRA: 40})
    with pytest.raises(UserError, match="Only the players still in the pool share its pot"):
        split(session, "amounts", {ASHA: 200, BALA: 50})
    with pytest.raises(UserError, match="whole number, 0 or more"):
        split(session, "amounts", {ASHA: 300, CHITRA: -50})
    session.refresh_from_db()
    assert session.status == SessionStatus.ACTIVE and session.pot_split == ""

    summary = session_summary(session_board(split(session, "amounts", {ASHA: 170, CHITRA: 80})))
    assert summary.settlement.nets == {ASHA: 120, BALA: -100, CHITRA: 30, DEV: -50}


def asha_takes_the_pot_before_the_last_hand():
    """Asha (10) and Chitra (30) still in; Bala and Dev out; the pot is 250."""
    session = four_player_pool()
    record(session, typed_entry(ASHA, {BALA: 60, CHITRA: 20, DEV: 20}))
    record(session, typed_entry(ASHA, {BALA: 45, CHITRA: 10, DEV: 10}))
    rejoin(session, BALA)
    record(session, typed_entry(CHITRA, {ASHA: 10, BALA: 80, DEV: 80}))
    session.refresh_from_db()
    return session


def test_a_split_tapped_twice_is_stored_once_and_a_different_one_is_refused():
    session = all_four_still_in(four_player_pool())
    revision = session.revision
    split(session, "equal")
    again = split_pot(session_id=session.pk, revision=revision, kind="equal")
    assert again.revision == revision + 1
    with pytest.raises(UserError, match="already settled"):
        split_pot(session_id=session.pk, revision=revision, kind="amounts", amounts={ASHA: 250})


def test_a_split_from_a_stale_screen_is_refused():
    session = all_four_still_in(four_player_pool())
    with pytest.raises(StaleSession):
        split_pot(session_id=session.pk, revision=session.revision - 1, kind="equal")


def test_only_a_pool_splits_and_a_pool_in_play_ends_only_by_a_split():
    points = make_session(make_club("Points Club"), stake=2)
    with pytest.raises(UserError, match="Only a pool has a pot to split"):
        split(points, "equal")
    pool = all_four_still_in(four_player_pool())
    with pytest.raises(UserError, match="ends when its players split the pot"):
        finish_session(session_id=pool.pk, revision=pool.revision)


def test_after_a_split_a_correction_that_puts_a_sharer_out_is_refused_but_others_are_kept():
    session = split(all_four_still_in(four_player_pool()), "equal")
    with pytest.raises(UserError, match="The pot was split among the players still in"):
        correct(session, 1, typed_entry(ASHA, {BALA: 110, CHITRA: 105, DEV: 10}), reason="105")
    # A score that keeps everyone in is corrected; the split and the money stand.
    correct(session, 1, typed_entry(ASHA, {BALA: 110, CHITRA: 25, DEV: 10}), reason="25")
    session.refresh_from_db()
    summary = session_summary(session_board(session))
    assert session.status == SessionStatus.FINISHED
    assert summary.settlement.nets == {ASHA: 12, BALA: -37, CHITRA: 13, DEV: 12}


def test_a_points_session_still_settles_its_points_times_the_stake():
    session = make_session(make_club("Points Club"), stake=2)
    record(session, typed_entry(0, {1: 20, 2: 5}))
    summary = session_summary(session_board(session))
    assert summary.pot is None and summary.pot_rows == ()
    assert summary.settlement.nets == {0: 50, 1: -40, 2: -10}
