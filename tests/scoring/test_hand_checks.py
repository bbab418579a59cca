"""Every player confirms or disputes each hand on their own phone (scoring/services/checks.py,
scoring/hand_checks.py): who is asked, what a dispute blocks, and how it is settled."""

from __future__ import annotations

import uuid

import pytest

from clubs.models import Confirmation
from common.errors import UserError
from scoring.chain_records import first_break
from scoring.errors import HandChanged, HandRejected
from scoring.hand_checks import CONFIRMED, DECIDED, DISPUTED, ENTERED, hand_states
from scoring.models import GameSession, HandCheck, HandVersion, SessionStatus
from scoring.services import checks, sessions
from tests.factories import (
    correct,
    make_club,
    make_session,
    make_user,
    owner_of,
    record,
    typed_entry,
)

pytestmark = pytest.mark.django_db

NAMES = ("Asha", "Bala", "Chitra")


def table(rule: str, *, scorer_seated: bool = False, **fields: object) -> GameSession:
    """Three members at a table, each player linked to their own account; the scorer is the
    club's owner, seated as Asha when `scorer_seated`."""
    club = make_club(f"{rule.title()} Club")
    names = list(NAMES)
    if scorer_seated:  # the owner's own player, made with the club
        names[0] = club.players.get(user=owner_of(club)).name
    session = make_session(club, names=names, confirmation=rule, **fields)
    for seat in session.seats.select_related("player"):
        if seat.player.user is None:
            seat.player.user = make_user(f"{seat.player.name.lower()}-{club.pk}")
            seat.player.save()
    return session


def user_at(session: GameSession, position: int):
    return session.seats.get(position=position).player.user


def answer(session, position, verdict="confirmed", *, number=1, version=1, reason="", key=None):
    return checks.answer_hand(
        session_id=session.pk,
        number=number,
        version=version,
        position=position,
        verdict=verdict,
        reason=reason,
        client_key=key or uuid.uuid4(),
        user=user_at(session, position),
        phone=f"account {user_at(session, position).pk}",
    )


def decide(session, *, reason="kept", version=1, entry=None):
    return checks.decide_hand(
        session_id=session.pk,
        number=1,
        version=version,
        reason=reason,
        client_key=uuid.uuid4(),
        user=owner_of(session.club),
        entry=entry,
    )


def state(session, number=1):
    session.refresh_from_db()
    return hand_states(session)[number]


def hand(session):
    return record(session, typed_entry(0, {1: 20, 2: 7}))


def test_with_every_player_asked_a_hand_is_confirmed_once_all_three_confirm():
    session = table(Confirmation.EVERY)
    hand(session)
    assert (state(session).state, state(session).asked) == (ENTERED, (0, 1, 2))
    answer(session, 1)
    answer(session, 2)
    assert (state(session).state, state(session).waiting) == (ENTERED, (0,))
    answer(session, 0)
    assert state(session).state == CONFIRMED and state(session).confirmed == (1, 2, 0)


def test_with_any_player_asked_one_confirmation_is_enough_but_another_may_still_dispute():
    session = table(Confirmation.ANY)
    hand(session)
    answer(session, 2)
    assert state(session).state == CONFIRMED and state(session).waiting == ()
    answer(session, 1, "disputed", reason="I had 15, not 20")
    assert state(session).state == DISPUTED
    assert state(session).disputed == ((1, "I had 15, not 20"),)


def test_the_seated_scorer_is_not_asked_about_the_hand_they_saved():
    session = table(Confirmation.EVERY, scorer_seated=True)
    hand(session)
    assert state(session).asked == (1, 2)
    with pytest.raises(HandRejected, match="your word is in it already"):
        answer(session, 0)
    answer(session, 1)
    answer(session, 2)
    assert state(session).state == CONFIRMED


def test_a_dispute_needs_a_reason_and_a_seat_answers_once():
    session = table(Confirmation.EVERY)
    hand(session)
    with pytest.raises(HandRejected, match="Say what is wrong"):
        answer(session, 1, "disputed", reason="  ")
    answer(session, 1)
    with pytest.raises(HandRejected, match="answered this hand already"):
        answer(session, 1, "disputed", reason="changed my mind")


def test_a_double_tap_is_stored_once():
    session = table(Confirmation.EVERY)
    hand(session)
    key = uuid.uuid4()
    first = answer(session, 1, key=key)
    again = answer(session, 1, key=key)
    assert again.replayed and again.pk == first.pk
    assert HandCheck.objects.count() == 1


def test_an_answer_to_a_version_corrected_meanwhile_is_refused():
    session = table(Confirmation.EVERY)
    hand(session)
    correct(session, 1, typed_entry(0, {1: 25, 2: 7}), reason="Bala's count")
    with pytest.raises(HandChanged, match="changed since you read it"):
        answer(session, 1, version=1)
    answer(session, 1, version=2)
    assert state(session).version == 2 and state(session).confirmed == (1,)


def test_a_session_that_asks_no_one_refuses_answers():
    session = table(Confirmation.NONE)
    hand(session)
    with pytest.raises(HandRejected, match="asks no one"):
        answer(session, 1)
    assert hand_states(session) == {}


def test_a_disputed_hand_keeps_the_session_from_ending_until_the_scorer_corrects_it():
    session = table(Confirmation.EVERY)
    hand(session)
    answer(session, 1, "disputed", reason="I had 15")
    session.refresh_from_db()
    assert session.disputed_hands == 1
    with pytest.raises(UserError, match="A hand is disputed"):
        sessions.finish_session(session_id=session.pk, revision=session.revision)
    correct(session, 1, typed_entry(0, {1: 15, 2: 7}), reason="Bala had 15")
    session.refresh_from_db()
    assert session.disputed_hands == 0 and state(session).state == ENTERED  # asked again
    finished = sessions.finish_session(session_id=session.pk, revision=session.revision)
    assert finished.status == SessionStatus.FINISHED


def test_a_session_reaching_its_target_waits_for_its_disputed_hand():
    session = table(Confirmation.ANY, ending="hands", ending_target=1)
    hand(session)
    session.refresh_from_db()
    assert session.status == SessionStatus.FINISHED
    answer(session, 2, "disputed", reason="wrong winner")
    session.refresh_from_db()
    assert session.status == SessionStatus.ACTIVE and session.disputed_hands == 1
    decide(session, reason="Asha showed her cards to the organiser")
    session.refresh_from_db()
    assert session.status == SessionStatus.FINISHED and state(session).state == DECIDED


def test_an_organiser_may_correct_a_disputed_hand_and_the_correction_needs_no_answers():
    session = table(Confirmation.EVERY)
    hand(session)
    answer(session, 1, "disputed", reason="I had 15")
    decision = decide(
        session, reason="Counted again at the table", entry=typed_entry(0, {1: 15, 2: 7})
    )
    assert decision.outcome == "corrected" and decision.result.version == 2
    current = HandVersion.objects.get(hand__session=session, is_current=True)
    assert current.ledger["scores"]["0"] == 15 + 7  # was 20 + 7
    assert state(session).state == DECIDED and state(session).waiting == ()
    with pytest.raises(HandRejected, match="is not disputed"):
        decide(session, reason="again", version=2)


def test_answers_and_decisions_are_linked_into_the_chain_and_a_changed_reason_is_caught():
    session = table(Confirmation.EVERY)
    hand(session)
    answer(session, 2)
    answer(session, 1, "disputed", reason="I had 15")
    decide(session, reason="kept")
    session.refresh_from_db()
    assert session.chain_length == 4 and first_break(session) is None
    HandCheck.objects.filter(position=1).update(reason="I had 20")
    found = first_break(session)
    assert found is not None and "disputed for seat 2" in str(found)


def test_the_club_default_starts_every_session_and_the_scorer_may_choose_another():
    club = make_club("Default Club")
    club.confirmation = Confirmation.ANY
    club.save()
    assert make_session(club).confirmation == Confirmation.ANY
    assert make_session(club, confirmation="every").confirmation == Confirmation.EVERY
    with pytest.raises(UserError, match="who confirms each hand"):
        make_session(club, confirmation="some")
