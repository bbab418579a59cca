"""Players coming and going between hands: the deal goes round the new table, each person's
totals are their own hands, and the hands already played keep who played them."""

from __future__ import annotations

import pytest

from clubs.services import add_guest
from common.errors import UserError
from leagues.results import session_results
from scoring.errors import StaleSession
from scoring.models import SeatChange
from scoring.selectors import playing_names, session_board
from scoring.services import seats
from scoring.settlement import balances_from_transfers
from tests.factories import make_club, make_session, owner_of, record, typed_entry

pytestmark = pytest.mark.django_db

ASHA, BALA, CHITRA = 0, 1, 2


def fresh(session):
    session.refresh_from_db()
    return session


def seat(session, name: str):
    player = add_guest(club=session.club, name=name)
    return seats.seat_player(
        session_id=session.pk,
        player_id=player.pk,
        revision=fresh(session).revision,
        user=owner_of(session.club),
    )


def leave(session, position: int):
    return seats.leave_table(
        session_id=session.pk,
        position=position,
        revision=fresh(session).revision,
        user=owner_of(session.club),
    )


def test_a_newcomer_sits_after_everyone_and_plays_from_the_next_hand() -> None:
    session = make_session(make_club("Evening Club"), variant="indian21")  # clockwise
    record(session, typed_entry(ASHA, {BALA: 20, CHITRA: 30}))
    change = seat(session, "Dev")
    dev = change.seat.position
    assert dev == 3
    board = session_board(fresh(session))
    assert sorted(board.playing) == [ASHA, BALA, CHITRA, dev]
    # Asha dealt hand 1; the deal goes on to Bala, and comes to Dev after Chitra.
    assert board.next_dealer == BALA
    record(session, typed_entry(dev, {ASHA: 10, BALA: 10, CHITRA: 10}))
    record(session, typed_entry(dev, {ASHA: 10, BALA: 10, CHITRA: 10}))
    board = session_board(fresh(session))
    assert [row.dealer for row in board.rows] == [ASHA, BALA, CHITRA]
    assert board.next_dealer == dev
    # Dev played two hands, the others three; the totals are each person's own.
    lines = {line.player_id: line for line in session_results(board)}
    assert lines[change.seat.player_id].hands_played == 2
    assert sum(board.totals.values()) == 0


def test_a_player_who_leaves_keeps_their_hands_and_the_deal_passes_over_them() -> None:
    session = make_session(make_club("Evening Club"), names=("Asha", "Bala", "Chitra", "Dev"))
    record(session, typed_entry(ASHA, {BALA: 20, CHITRA: 30, 3: 10}))
    leave(session, CHITRA)
    board = session_board(fresh(session))
    assert sorted(board.playing) == [ASHA, BALA, 3]
    # Indian Rummy deals counter-clockwise: after Asha (0) comes Dev (3); Chitra is gone.
    assert board.next_dealer == 3
    record(session, typed_entry(BALA, {ASHA: 5, 3: 5}))
    board = session_board(fresh(session))
    balances = balances_from_transfers([s.position for s in board.seats], board.transfers)
    assert balances[CHITRA] == -30
    assert SeatChange.objects.filter(session=session, kind="left").count() == 1


def test_a_substitute_takes_the_place_and_the_hands_stay_with_who_played_them() -> None:
    session = make_session(make_club("Evening Club"), variant="indian21")
    record(session, typed_entry(ASHA, {BALA: 20, CHITRA: 30}))
    eshan = add_guest(club=session.club, name="Eshan")
    change = seats.substitute(
        session_id=session.pk,
        position=BALA,
        player_id=eshan.pk,
        revision=fresh(session).revision,
        user=owner_of(session.club),
    )
    board = session_board(fresh(session))
    sub = change.seat.position
    assert change.seat.place == 1
    # Eshan sits where Bala sat, so he deals next (after Asha, clockwise).
    assert board.next_dealer == sub
    assert board.playing == {ASHA: "Asha", CHITRA: "Chitra", sub: "Eshan"}
    assert board.totals[BALA] == -20 and board.totals[sub] == 0


def test_the_table_never_drops_below_the_game_s_players_nor_passes_its_most() -> None:
    session = make_session(make_club("Evening Club"), names=("Asha", "Bala"))
    with pytest.raises(UserError, match="needs at least 2 players"):
        leave(session, BALA)
    full = make_session(
        make_club("Full Club"), variant="marriage", names=("A1", "B2", "C3", "D4", "E5")
    )
    with pytest.raises(UserError, match="at most 5 players"):
        seat(full, "F6")


def test_someone_already_at_the_table_cannot_sit_down_twice() -> None:
    session = make_session(make_club("Evening Club"))
    bala = session.seats.get(position=BALA).player
    with pytest.raises(UserError, match="Bala is already at the table"):
        seats.seat_player(
            session_id=session.pk,
            player_id=bala.pk,
            revision=fresh(session).revision,
            user=owner_of(session.club),
        )


def test_a_change_from_a_stale_screen_is_refused() -> None:
    session = make_session(make_club("Evening Club"))
    stale = fresh(session).revision
    record(session, typed_entry(ASHA, {BALA: 20, CHITRA: 30}))
    with pytest.raises(StaleSession):
        seats.leave_table(
            session_id=session.pk, position=BALA, revision=stale, user=owner_of(session.club)
        )


def test_a_player_who_left_can_come_back_to_their_own_seat() -> None:
    session = make_session(make_club("Evening Club"), names=("Asha", "Bala", "Chitra", "Dev"))
    leave(session, CHITRA)
    record(session, typed_entry(ASHA, {BALA: 10, 3: 10}))
    chitra = session.seats.get(position=CHITRA).player
    seats.seat_player(
        session_id=session.pk,
        player_id=chitra.pk,
        revision=fresh(session).revision,
        user=owner_of(session.club),
    )
    assert CHITRA in session_board(fresh(session)).playing


def test_a_hand_is_read_with_the_names_of_the_seats_at_the_table_now() -> None:
    # The record form reads a hand with the seats' names alone (`playing_names`), not the
    # board: they must be the board's, in table order, once players come and go.
    session = make_session(make_club("Evening Club"), variant="indian21")
    record(session, typed_entry(ASHA, {BALA: 20, CHITRA: 30}))
    seat(session, "Dev")
    leave(session, BALA)
    session = fresh(session)
    names = playing_names(session)
    assert list(names.items()) == list(session_board(session).playing.items())
    assert "Bala" not in names.values()
    assert "Dev" in names.values()
