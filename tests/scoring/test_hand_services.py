"""Recording and correcting hands: what the scorer relies on never being lost or doubled."""

from __future__ import annotations

import uuid

import pytest

from scoring.errors import HandRejected, SessionClosed, StaleSession
from scoring.hand_entry import HandEntry, SeatEntry
from scoring.models import Hand, HandStatus, HandVersion
from scoring.selectors import session_board
from scoring.services import hands
from tests.factories import make_club, make_session, record, typed_entry

pytestmark = pytest.mark.django_db

# An indian13 hand with no sequence at all: every card counts (all_cards).
NO_MELDS = "2S 5H 9C JD KS 3H 7D QC 4S 8H 10C AD 6S"


@pytest.fixture
def session():
    return make_session(make_club())


def test_a_recorded_hand_stores_the_engines_ledger_and_the_totals_follow(session):
    version = record(session, typed_entry(0, {1: 30, 2: 45}, wild="7H"))

    assert version.status == HandStatus.PLAYED
    assert version.ledger["scores"] == {"0": 75, "1": 0, "2": 0}
    assert {"from": "1", "to": "0", "points": 30, "reason": "penalty"} in version.ledger[
        "transfers"
    ]
    assert session_board(session).totals == {0: 75, 1: 0, 2: 0}


def test_a_card_picked_loser_pays_the_penalty_the_engine_counts(session):
    entry = HandEntry(
        seats=(
            SeatEntry(0, "won"),
            SeatEntry(1, "lost", cards=NO_MELDS.split()),
            SeatEntry(2, "dropped", drop="later"),
        ),
        wild="JK",
    )
    version = record(session, entry)

    assert version.ledger["details"]["1"]["rule"] == "all_cards"
    assert (
        version.ledger["details"]["1"]["penalty"]
        == 2 + 5 + 9 + 10 + 10 + 3 + 7 + 10 + 4 + 8 + 10 + 10 + 6
    )
    assert version.ledger["details"]["2"] == {"penalty": 40, "rule": "drop", "bonus": 0}


def test_the_same_client_key_twice_stores_the_hand_once(session):
    key = uuid.uuid4()
    entry = typed_entry(0, {1: 20, 2: 20}, wild="7H")
    first = hands.record_hand(
        session_id=session.pk, entry=entry, client_key=key, revision=0, user=session.created_by
    )
    # The retry was drawn from the same screen, so it carries the old revision too.
    again = hands.record_hand(
        session_id=session.pk, entry=entry, client_key=key, revision=0, user=session.created_by
    )

    assert again.pk == first.pk
    assert Hand.objects.filter(session=session).count() == 1
    assert session_board(session).totals[0] == 40


def test_a_change_from_a_stale_screen_is_refused_and_stores_nothing(session):
    record(session, typed_entry(0, {1: 20, 2: 20}, wild="7H"))

    with pytest.raises(StaleSession, match="Someone else changed this session"):
        hands.record_hand(
            session_id=session.pk,
            entry=typed_entry(1, {0: 5, 2: 5}, wild="7H"),
            client_key=uuid.uuid4(),
            revision=0,
            user=session.created_by,
        )
    assert Hand.objects.filter(session=session).count() == 1


def test_it_rejects_a_hand_with_two_winners(session):
    entry = HandEntry(
        seats=(SeatEntry(0, "won"), SeatEntry(1, "won"), SeatEntry(2, "lost", penalty=10)),
        wild="7H",
    )
    with pytest.raises(HandRejected, match="Only one player can win"):
        record(session, entry)
    assert not Hand.objects.exists()


def test_cards_the_decks_cannot_hold_are_pinned_on_the_player_who_has_them(session):
    hand = "7H 7H 7H 2S 3S 4S 5D 6D 7D 9C 9S 9D KH".split()
    entry = HandEntry(
        seats=(
            SeatEntry(0, "won"),
            SeatEntry(1, "lost", cards=hand),
            SeatEntry(2, "lost", penalty=3),
        ),
        wild="5C",
    )
    with pytest.raises(HandRejected) as caught:
        record(session, entry)
    assert caught.value.seat == 1
    assert "7H" in caught.value.message


def test_a_finished_session_takes_no_new_hands():
    session = make_session(make_club(), ending="hands", ending_target=1)
    record(session, typed_entry(0, {1: 10, 2: 10}, wild="7H"))
    session.refresh_from_db()
    assert not session.is_active

    with pytest.raises(SessionClosed):
        record(session, typed_entry(0, {1: 10, 2: 10}, wild="7H"))


def test_an_edit_writes_a_new_version_and_keeps_the_old_one_with_who_and_why(session):
    record(session, typed_entry(0, {1: 20, 2: 30}, wild="7H"))
    session.refresh_from_db()

    hands.correct_hand(
        session_id=session.pk,
        number=1,
        entry=typed_entry(0, {1: 25, 2: 30}, wild="7H"),
        client_key=uuid.uuid4(),
        revision=session.revision,
        user=session.created_by,
        reason="Bala counted 25, not 20",
    )

    versions = list(HandVersion.objects.filter(hand__session=session).order_by("version"))
    assert [(v.version, v.is_current) for v in versions] == [(1, False), (2, True)]
    assert versions[0].ledger["scores"]["0"] == 50
    assert versions[1].reason == "Bala counted 25, not 20"
    assert versions[1].created_by == session.created_by
    assert session_board(session).totals[0] == 55


def test_an_edit_needs_a_reason(session):
    record(session, typed_entry(0, {1: 20, 2: 30}, wild="7H"))
    session.refresh_from_db()
    with pytest.raises(HandRejected, match="Say why") as caught:
        hands.correct_hand(
            session_id=session.pk,
            number=1,
            entry=typed_entry(0, {1: 25, 2: 30}, wild="7H"),
            client_key=uuid.uuid4(),
            revision=session.revision,
            user=session.created_by,
            reason="  ",
        )
    assert caught.value.field == "reason"


def test_a_void_hand_scores_nothing_but_the_deal_still_moves_on(session):
    record(session, typed_entry(0, {1: 20, 2: 30}, wild="7H"))
    session.refresh_from_db()
    dealer_before = session_board(session).next_dealer

    hands.void_hand(
        session_id=session.pk,
        number=1,
        client_key=uuid.uuid4(),
        revision=session.revision,
        user=session.created_by,
        reason="Misdeal: Chitra had 14 cards",
    )

    board = session_board(session)
    assert board.totals == {0: 0, 1: 0, 2: 0}
    assert board.rows[0].is_void
    assert board.next_dealer == dealer_before


def test_undo_takes_back_the_last_hand_and_its_deal_but_keeps_its_versions(session):
    record(session, typed_entry(0, {1: 20, 2: 30}, wild="7H"))
    dealer_of_second = session_board(session).next_dealer
    record(session, typed_entry(1, {0: 5, 2: 5}, wild="7H"))
    session.refresh_from_db()

    hands.undo_last_hand(
        session_id=session.pk,
        client_key=uuid.uuid4(),
        revision=session.revision,
        user=session.created_by,
    )

    board = session_board(session)
    assert board.totals == {0: 50, 1: 0, 2: 0}
    assert board.hands_dealt == 1
    assert board.next_dealer == dealer_of_second
    assert HandVersion.objects.filter(hand__number=2, status=HandStatus.REMOVED).exists()
    assert HandVersion.objects.filter(hand__number=2, status=HandStatus.PLAYED).exists()

    # The hand recorded next is shown as the second hand again, dealt by the same seat.
    record(session, typed_entry(2, {0: 1, 1: 1}, wild="7H"))
    board = session_board(session)
    assert [row.shown_number for row in board.rows] == [1, 2]
    assert board.rows[1].dealer == dealer_of_second


def test_undo_with_no_hands_says_so(session):
    with pytest.raises(HandRejected, match="no hand to undo"):
        hands.undo_last_hand(
            session_id=session.pk, client_key=uuid.uuid4(), revision=0, user=session.created_by
        )


def test_an_undone_hand_cannot_be_edited(session):
    record(session, typed_entry(0, {1: 20, 2: 30}, wild="7H"))
    session.refresh_from_db()
    hands.undo_last_hand(
        session_id=session.pk,
        client_key=uuid.uuid4(),
        revision=session.revision,
        user=session.created_by,
    )
    session.refresh_from_db()
    with pytest.raises(HandRejected, match="undone"):
        hands.correct_hand(
            session_id=session.pk,
            number=1,
            entry=typed_entry(0, {1: 1, 2: 1}, wild="7H"),
            client_key=uuid.uuid4(),
            revision=session.revision,
            user=session.created_by,
            reason="typo",
        )


def test_the_preview_shows_the_ledger_without_storing_it(session):
    ledger = hands.preview_hand(session=session, entry=typed_entry(2, {0: 12, 1: 7}, wild="7H"))

    assert ledger["scores"]["2"] == 19
    assert not Hand.objects.exists()


def test_every_change_keeps_the_sessions_hand_count_that_lists_show():
    from tests.factories import undo, void

    session = make_session(make_club("Tuesday Club"))
    counts = []
    for winner in (0, 1, 2):
        record(session, typed_entry(winner, {p: 5 for p in range(3) if p != winner}))
    session.refresh_from_db()
    counts.append(session.hand_count)
    void(session, 2, reason="misdeal")  # a void hand still counts as dealt
    session.refresh_from_db()
    counts.append(session.hand_count)
    undo(session)
    session.refresh_from_db()
    counts.append(session.hand_count)
    assert counts == [3, 3, 2]
