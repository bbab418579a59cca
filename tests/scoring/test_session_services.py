"""Starting a session, its dealer rotation and how it ends."""

from __future__ import annotations

import random
import uuid

import pytest

from clubs.services import add_guest
from common.errors import UserError
from scoring.errors import StaleSession
from scoring.hand_entry import HandEntry, SeatEntry
from scoring.models import SessionStatus
from scoring.selectors import session_board
from scoring.services import hands, sessions
from tests.factories import make_club, make_session, record, typed_entry

pytestmark = pytest.mark.django_db


def _start(club, **overrides):
    if "player_ids" not in overrides:
        overrides["player_ids"] = [
            (club.players.filter(name=name).first() or add_guest(club=club, name=name)).pk
            for name in ("Bala", "Chitra", "Dev")
        ]
    arguments = {
        "club": club,
        "variant": "indian13",
        "options": {},
        "first_dealer": 0,
        "ending": "open",
        "ending_target": None,
        "stake_per_point": 0,
        "user": club.memberships.get().user,
    } | overrides
    return sessions.start_session(**arguments)


def test_players_are_seated_in_the_order_given():
    club = make_club()
    session, _ = _start(club)
    assert [seat.player.name for seat in session_board(session).seats] == ["Bala", "Chitra", "Dev"]


@pytest.mark.parametrize(
    ("overrides", "field", "sentence"),
    [
        (
            {"variant": "rummy27", "options": {"ace_value": 11}},
            "options",
            "no option `ace_value`",
        ),
        ({"ending": "points", "ending_target": 5}, "ending", "Vazhushal"),
        ({"ending": "deals", "ending_target": None}, "ending_target", "Give a number"),
        ({"first_dealer": 7}, "first_dealer", "Choose the first dealer"),
        ({"stake_per_point": -1}, "stake_per_point", "below zero"),
    ],
)
def test_it_refuses_a_session_it_cannot_run_with_a_sentence(overrides, field, sentence):
    with pytest.raises(UserError, match=sentence) as caught:
        _start(make_club(), **overrides)
    assert caught.value.field == field


def test_it_refuses_a_player_seated_twice_or_from_another_club():
    club, other = make_club("One"), make_club("Two")
    stranger = add_guest(club=other, name="Esha").pk
    bala = add_guest(club=club, name="Bala").pk
    with pytest.raises(UserError, match="only one seat"):
        _start(club, player_ids=[bala, bala, stranger])
    with pytest.raises(UserError, match="club's players"):
        _start(club, player_ids=[bala, stranger])


def test_it_refuses_more_players_than_the_game_seats():
    club = make_club()
    ids = [add_guest(club=club, name=f"P{i}").pk for i in range(6)]
    with pytest.raises(UserError, match="27 card Rummy is played by 2 to 5 players; 6"):
        _start(club, variant="rummy27", player_ids=ids)


def test_indian_rummy_deals_counter_clockwise_and_the_others_clockwise():
    club = make_club()
    paplu = make_session(club, variant="indian13", names=("A", "B", "C", "D"), first_dealer=1)
    twenty_seven = make_session(club, variant="rummy27", names=("E", "F", "G", "H"), first_dealer=1)

    paplu_dealers, rummy_dealers = [], []
    for _ in range(4):
        board = session_board(paplu)
        paplu_dealers.append((board.next_dealer, board.first_to_play))
        record(paplu, _void(4))
        board = session_board(twenty_seven)
        rummy_dealers.append((board.next_dealer, board.first_to_play))
        record(twenty_seven, _void(4))

    assert paplu_dealers == [(1, 0), (0, 3), (3, 2), (2, 1)]
    assert rummy_dealers == [(1, 2), (2, 3), (3, 0), (0, 1)]


def _void(seats: int) -> HandEntry:
    return HandEntry(
        seats=tuple(SeatEntry(pos, "lost", penalty=0) for pos in range(seats)),
        wild="7H",
        void=True,
    )


def test_a_drawn_first_dealer_follows_the_highest_card():
    club = make_club()
    for seed in range(20):
        session, draw = _start(club, first_dealer="draw", rng=random.Random(seed))
        high = draw.high_seat
        # Indian Rummy: the highest card plays first, so its right-hand neighbour deals.
        assert session_board(session).first_to_play == high
        assert session.first_dealer == (high + 1) % 3
        session, draw = _start(
            club, variant="rummy27", first_dealer="draw", rng=random.Random(seed)
        )
        assert session.first_dealer == draw.high_seat


def test_a_session_of_deals_ends_when_everyone_has_dealt_n_times_and_undo_reopens_it():
    session = make_session(make_club(), ending="deals", ending_target=1)
    for winner in range(3):
        record(session, typed_entry(winner, {p: 2 for p in range(3) if p != winner}, wild="7H"))
    session.refresh_from_db()
    assert session.status == SessionStatus.FINISHED
    assert session.finished_at is not None

    hands.undo_last_hand(
        session_id=session.pk,
        client_key=uuid.uuid4(),
        revision=session.revision,
        user=session.created_by,
    )
    session.refresh_from_db()
    assert session.status == SessionStatus.ACTIVE


def test_a_vazhushal_session_ends_at_its_target_of_game_points():
    session = make_session(
        make_club(), variant="vazhushal", names=("A", "B"), ending="points", ending_target=2
    )
    win_for_a = HandEntry(seats=(SeatEntry(0, "won"), SeatEntry(1, "lost")), wild="5S")
    record(session, win_for_a)
    session.refresh_from_db()
    assert session.is_active
    record(session, win_for_a)
    session.refresh_from_db()
    assert not session.is_active
    assert session_board(session).leaders == [0]


def test_ending_a_session_early_is_kept_through_corrections():
    session = make_session(make_club(), ending="hands", ending_target=10)
    record(session, typed_entry(0, {1: 2, 2: 2}, wild="7H"))
    session.refresh_from_db()
    sessions.finish_session(session_id=session.pk, revision=session.revision)
    # Finishing twice is the same as once.
    session.refresh_from_db()
    sessions.finish_session(session_id=session.pk, revision=session.revision - 1)
    session.refresh_from_db()
    assert session.status == SessionStatus.FINISHED and session.ended_early

    hands.void_hand(
        session_id=session.pk,
        number=1,
        client_key=uuid.uuid4(),
        revision=session.revision,
        user=session.created_by,
        reason="Misdeal",
    )
    session.refresh_from_db()
    assert session.status == SessionStatus.FINISHED


def test_finishing_from_a_stale_screen_is_refused():
    session = make_session(make_club())
    record(session, typed_entry(0, {1: 2, 2: 2}, wild="7H"))
    with pytest.raises(StaleSession):
        sessions.finish_session(session_id=session.pk, revision=0)
