"""The players' answers to each hand, and the organisers' decisions on disputed ones.

Like every change to a session, each is one transaction under the session's lock, stored
once however often it is sent (its client key), linked into the session's hash chain, and
bumps the session's revision so every watching phone hears of it. An answer names the
version it read: a hand corrected meanwhile refuses it (`HandChanged`), so no one confirms
what they have not seen.
"""

from __future__ import annotations

import uuid

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.models import Confirmation
from scoring.chain_records import store_linked
from scoring.errors import HandChanged, HandRejected
from scoring.hand_checks import DECIDED, DISPUTED, hand_states
from scoring.hand_entry import HandEntry
from scoring.models import (
    GameSession,
    HandCheck,
    HandDecision,
    HandStatus,
    HandVersion,
    Outcome,
    Verdict,
)
from scoring.selectors import session_board
from scoring.services.hands import REASON_MAX, clean_reason, compute_ledger, store_version
from scoring.services.sessions import lock_session, save_change


def _replayed(found: HandCheck | HandDecision, session: GameSession) -> bool:
    """A change stored under the same key is this one again (a double tap, a retried
    request); a key used in another session is refused."""
    if found.version.hand.session_id != session.pk:
        raise HandRejected(_("This answer was already used for another session; reload the page."))
    found.replayed = True
    return True


def _current(session: GameSession, number: int, version: int) -> HandVersion:
    current = (
        HandVersion.objects.select_related("hand")
        .filter(hand__session=session, hand__number=number, is_current=True)
        .first()
    )
    if current is None or current.status == HandStatus.REMOVED:
        raise HandRejected(_("This session has no hand %(number)s.") % {"number": number})
    if current.version != version:
        raise HandChanged(
            _(
                "Hand %(number)s was changed since you read it. Read it again, then confirm "
                "or dispute what it says now."
            )
            % {"number": number}
        )
    return current


@transaction.atomic
def answer_hand(
    *,
    session_id: int,
    number: int,
    version: int,
    position: int,
    verdict: str,
    reason: str,
    client_key: uuid.UUID,
    user: User | None,
    phone: str,
) -> HandCheck:
    """The player at seat `position` confirms hand `number` as it reads at `version`, or
    disputes it with a reason. `user` is the account (None for a guest's link), `phone`
    names the phone it came from."""
    session = lock_session(session_id)
    replay = HandCheck.objects.filter(client_key=client_key).select_related("version__hand")
    if (found := replay.first()) is not None and _replayed(found, session):
        return found
    if session.confirmation == Confirmation.NONE:
        raise HandRejected(_("This session asks no one to confirm its hands."))
    if verdict not in Verdict.values:
        raise HandRejected(_("Confirm the hand or dispute it."), field="verdict")
    current = _current(session, number, version)
    state = hand_states(session)[number]
    if position not in state.asked:
        if str(position) in current.ledger.get("scores", {}):
            raise HandRejected(_("You saved this hand, so your word is in it already."))
        raise HandRejected(_("You were not dealt into hand %(number)s.") % {"number": number})
    if state.state == DECIDED:
        raise HandRejected(_("An organiser has decided this hand already."))
    # Any asked player may answer, even once the rule is met: a dispute still counts.
    if position in set(state.confirmed) | {p for p, _ in state.disputed}:
        raise HandRejected(_("You have answered this hand already."))
    why = " ".join(reason.split())
    if verdict == Verdict.DISPUTED:
        why = clean_reason(reason, missing=_("Say what is wrong with the hand."))
    elif len(why) > REASON_MAX:
        why = why[:REASON_MAX]
    check = HandCheck(
        version=current,
        position=position,
        verdict=verdict,
        reason=why,
        by=user,
        phone=phone[:40],
        client_key=client_key,
        created_at=timezone.now(),
        revision=session.revision + 1,
    )
    store_linked(session, check)
    save_change(session)
    return check


@transaction.atomic
def decide_hand(
    *,
    session_id: int,
    number: int,
    version: int,
    reason: str,
    client_key: uuid.UUID,
    user: User,
    entry: HandEntry | None = None,
) -> HandDecision:
    """An organiser settles a disputed hand: kept as entered (`entry` None), or corrected
    to `entry`, which then needs no answers. Either way with a reason."""
    session = lock_session(session_id)
    replay = HandDecision.objects.filter(client_key=client_key).select_related("version__hand")
    if (found := replay.first()) is not None and _replayed(found, session):
        return found
    current = _current(session, number, version)
    state = hand_states(session).get(number)
    if state is None or state.state != DISPUTED:
        raise HandRejected(_("Hand %(number)s is not disputed.") % {"number": number})
    why = clean_reason(reason, missing=_("Say why the hand is decided this way."))
    result = None
    if entry is not None:
        names = session_board(session).dealt_names(HandEntry.from_json(current.entry))
        ledger = compute_ledger(session=session, names=names, entry=entry)
        HandVersion.objects.filter(pk=current.pk).update(is_current=False)
        result = store_version(
            session,
            hand=current.hand,
            version=current.version + 1,
            status=HandStatus.VOID if entry.void else HandStatus.PLAYED,
            entry=entry.as_json(),
            ledger=ledger,
            client_key=uuid.uuid5(client_key, "version"),
            created_by=user,
            reason=why,
        )
    decision = HandDecision(
        version=current,
        outcome=Outcome.KEPT if result is None else Outcome.CORRECTED,
        result=result,
        reason=why,
        by=user,
        client_key=client_key,
        created_at=timezone.now(),
        revision=session.revision + 1,
    )
    store_linked(session, decision)
    save_change(session)
    return decision
