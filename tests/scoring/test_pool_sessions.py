"""A pool evening: scores add up, players go out at the limit, rejoin, and the last one in
wins the pot; the deal passes over players who are out."""

from __future__ import annotations

import pytest

from common.errors import UserError
from leagues.results import session_results
from scoring.display.summary import session_summary
from scoring.models import SessionStatus
from scoring.selectors import pool_rules, session_board
from scoring.services import seats
from scoring.services.sessions import PoolSetup
from tests.factories import make_club, make_session, owner_of, record, typed_entry, undo

pytestmark = pytest.mark.django_db

ASHA, BALA, CHITRA = 0, 1, 2


def pool_session(**pool: int):
    club = make_club("Pool Club")
    setup = PoolSetup(**({"limit": 101, "rejoins": 1, "entry_fee": 50} | pool))
    return make_session(club, format="pool", pool=setup)


def board_of(session):
    session.refresh_from_db()
    return session_board(session)


def rejoin(session, position: int):
    session.refresh_from_db()
    return seats.rejoin_pool(
        session_id=session.pk,
        position=position,
        revision=session.revision,
        user=owner_of(session.club),
    )


def play_to_the_end(session) -> None:
    """Bala out in hand 2 at 105, back at 51, out again in hand 3; Asha out in hand 4 at
    110: Chitra is the last one in."""
    record(session, typed_entry(ASHA, {BALA: 60, CHITRA: 30}))
    record(session, typed_entry(ASHA, {BALA: 45, CHITRA: 20}))
    rejoin(session, BALA)
    record(session, typed_entry(CHITRA, {ASHA: 80, BALA: 50}))
    record(session, typed_entry(CHITRA, {ASHA: 30}))


def test_scores_add_what_each_player_paid_and_the_limit_puts_them_out() -> None:
    session = pool_session()
    record(session, typed_entry(ASHA, {BALA: 60, CHITRA: 30}))
    record(session, typed_entry(ASHA, {BALA: 45, CHITRA: 20}))
    pool = board_of(session).pool
    assert pool is not None
    assert pool.scores == {ASHA: 0, BALA: 105, CHITRA: 50}
    assert pool.out_at == {BALA: 2}
    assert sorted(board_of(session).playing) == [ASHA, CHITRA]


def test_a_pack_and_a_wrong_show_count_but_value_card_bonuses_do_not() -> None:
    session = pool_session()
    record(session, typed_entry(ASHA, {}, drops={BALA: "first", CHITRA: "later"}))
    pool = board_of(session).pool
    assert pool is not None
    assert pool.scores == {ASHA: 0, BALA: 10, CHITRA: 40}


def test_an_out_player_rejoins_at_the_top_score_plus_one_and_pays_into_the_pot() -> None:
    session = pool_session()
    record(session, typed_entry(ASHA, {BALA: 60, CHITRA: 30}))
    record(session, typed_entry(ASHA, {BALA: 45, CHITRA: 20}))
    rejoin(session, BALA)
    board = board_of(session)
    assert board.pool is not None
    assert board.pool.scores[BALA] == 51
    assert board.pool.pot(pool_rules(session)) == 200
    assert sorted(board.playing) == [ASHA, BALA, CHITRA]


def test_rejoining_is_refused_once_used_up_or_once_the_top_score_reaches_the_mark() -> None:
    session = pool_session()
    record(session, typed_entry(ASHA, {BALA: 60, CHITRA: 30}))
    record(session, typed_entry(ASHA, {BALA: 45, CHITRA: 20}))
    rejoin(session, BALA)
    record(session, typed_entry(CHITRA, {ASHA: 80, BALA: 50}))
    with pytest.raises(UserError, match="once; that is used up"):
        rejoin(session, BALA)

    other = pool_session(rejoins=3)
    record(other, typed_entry(ASHA, {BALA: 80, CHITRA: 79}))
    record(other, typed_entry(ASHA, {BALA: 30, CHITRA: 0}))
    with pytest.raises(UserError, match="reaches 79; the highest is 79"):
        rejoin(other, BALA)


def test_the_last_player_in_wins_the_pot_and_the_session_ends() -> None:
    session = pool_session()
    play_to_the_end(session)
    session.refresh_from_db()
    assert session.status == SessionStatus.FINISHED
    board = board_of(session)
    assert board.pool is not None and board.pool.winner == CHITRA
    assert board.pool.out_at == {BALA: 3, ASHA: 4}
    # Standings: the winner first, then the last one out; points are minus the pool score.
    lines = {line.player_id: line for line in session_results(board)}
    seat_player = {seat.position: seat.player_id for seat in board.seats}
    assert lines[seat_player[CHITRA]].place == 1
    assert lines[seat_player[ASHA]].place == 2
    assert lines[seat_player[BALA]].place == 3
    assert lines[seat_player[ASHA]].points == -110


def test_the_summary_tells_the_pool_in_order_with_every_going_out_and_plain_scores() -> None:
    session = pool_session()
    play_to_the_end(session)
    summary = session_summary(session_board(session))
    assert summary.format_lines == (
        "Pool to 101; pot 200.",
        "Bala went out in hand 2 at 105.",
        "Bala rejoined at 51.",
        "Bala went out in hand 3 at 101.",
        "Asha went out in hand 4 at 110.",
        "Chitra is the last player in and takes the pot.",
    )
    # Pool scores only grow: no plus sign in the totals.
    shown = {standing.name: standing.total_shown for standing in summary.standings}
    assert shown == {"Chitra": "50", "Asha": "110", "Bala": "101"}
    # The chart follows the pool scores, with Bala's comeback at 51 after hand 2.
    board = board_of(session)
    assert board.pool is not None
    assert [after[BALA] for after in board.pool.running] == [60, 105, 101, 101]
    assert summary.chart is not None


def test_undoing_the_hand_that_ended_the_pool_reopens_it() -> None:
    session = pool_session()
    record(session, typed_entry(ASHA, {BALA: 101, CHITRA: 30}))
    record(session, typed_entry(ASHA, {CHITRA: 80}))
    session.refresh_from_db()
    assert session.status == SessionStatus.FINISHED
    undo(session)
    session.refresh_from_db()
    assert session.status == SessionStatus.ACTIVE


def test_the_deal_passes_over_players_who_are_out() -> None:
    # Indian Rummy deals counter-clockwise: Asha (0), then Chitra (2), then Bala (1).
    session = pool_session()
    record(session, typed_entry(ASHA, {BALA: 20, CHITRA: 110}))
    board = board_of(session)
    assert board.rows[-1].dealer == ASHA
    # Chitra is out: the deal skips her place and goes to Bala.
    assert board.next_dealer == BALA


def test_a_hand_must_give_a_result_to_exactly_the_players_in_play() -> None:
    session = pool_session()
    record(session, typed_entry(ASHA, {BALA: 110, CHITRA: 30}))
    with pytest.raises(UserError, match="Every seat at the table needs a result"):
        record(session, typed_entry(ASHA, {BALA: 10, CHITRA: 30}))
    record(session, typed_entry(ASHA, {CHITRA: 30}))


def test_pool_is_offered_only_in_the_games_that_play_it() -> None:
    club = make_club("Marriage Club")
    with pytest.raises(UserError, match="Pool is played in 13 and 21 card"):
        make_session(club, variant="marriage", format="pool")
    with pytest.raises(UserError, match="below the pool's limit"):
        make_session(club, format="pool", pool=PoolSetup(limit=101, rejoin_below=101))
