"""Recording and correcting hands: the scorer's every change to a session.

Each change is one transaction that:
1. locks the session row, so two scorers' changes happen one after the other;
2. returns the earlier result when the same client key was already stored (a double tap or
   a retried request is the same change, stored once);
3. refuses a change drawn from an older revision of the session (`StaleSession`): the other
   scorer's change stands and this one sees the current state;
4. asks the rules engine for the ledger, and writes a new version, never over an old one.
"""

from __future__ import annotations

import uuid
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from common.rules_words import error_text
from scoring import rules
from scoring.chain_records import store_linked
from scoring.errors import HandRejected, KeyUsedElsewhere, SessionClosed, StaleSession
from scoring.hand_entry import HandEntry, ledger_by_position
from scoring.models import GameSession, Hand, HandStatus, HandVersion
from scoring.rules_limits import time_limit
from scoring.selectors import board_with_hand, session_board
from scoring.services.sessions import lock_session, save_change

EMPTY_LEDGER: dict[str, Any] = {"scores": {}, "transfers": [], "details": {}}
REASON_MAX = 200


def compute_ledger(
    *, session: GameSession, names: dict[int, str], entry: HandEntry
) -> dict[str, Any]:
    """The engine's ledger for the entry, by seat position; `HandRejected` if it refuses,
    with the seat of the player the engine's error is about. `names` are the seats dealt
    into the hand (the board's `playing` for the next hand)."""
    if sorted(seat.position for seat in entry.seats) != sorted(names):
        raise HandRejected(_("Every seat at the table needs a result for this hand."))
    game = entry.engine_game(variant=session.variant, options=session.options)
    players = entry.engine_players(names)
    try:
        # Every seat's cards together, which the engine's score_hand does not add up.
        rules.check_cards_together(game, players)
        # The session's row stays locked while the engine thinks: it may not think for long.
        ledger = rules.score_hand(
            game,
            players,
            void=entry.void,
            depleted=entry.depleted,
            time_limit=time_limit(),
        )
    except rules.RulesError as error:
        positions = {name: position for position, name in names.items()}
        seat = positions.get(error.seat) if error.seat is not None else None
        # The panel has a place for the wild card's sentence; the engine names its field.
        field = "wild" if error.field == "wild" and seat is None else None
        raise HandRejected(error_text(error), seat=seat, field=field) from error
    return ledger_by_position(ledger, names)


def preview_hand(*, session: GameSession, entry: HandEntry) -> dict[str, Any]:
    """The ledger the hand would get, without storing anything."""
    return compute_ledger(session=session, names=session_board(session).playing, entry=entry)


def _lock(
    session_id: int, *, client_key: uuid.UUID, revision: int | None
) -> tuple[GameSession, HandVersion | None]:
    session = lock_session(session_id)
    # A key is unique over every session: one read finds a replay, or a key used elsewhere.
    replay = HandVersion.objects.filter(client_key=client_key).select_related("hand").first()
    if replay is not None:
        if replay.hand.session_id != session.pk:
            raise KeyUsedElsewhere(
                _("This form was already used for another session; reload the page.")
            )
        replay.replayed = True
        return session, replay
    if revision is not None and session.revision != revision:
        raise StaleSession(
            _(
                "Someone else changed this session a moment ago, so your change was not saved. "
                "Here is the session as it is now; enter the change again if it is still needed."
            )
        )
    return session, None


@transaction.atomic
def record_hand(
    *,
    session_id: int,
    entry: HandEntry,
    client_key: uuid.UUID,
    revision: int | None,
    user: User,
) -> HandVersion:
    """Append the next hand. Without a `revision` it is added to the session as it is
    under the lock, so it is never refused as stale: appending needs no earlier state."""
    session, replay = _lock(session_id, client_key=client_key, revision=revision)
    if replay is not None:
        return replay
    if not session.is_active:
        raise SessionClosed(_("This session has ended, so no more hands can be added."))
    board = session_board(session)
    ledger = compute_ledger(session=session, names=board.playing, entry=entry)
    hand = Hand.objects.create(
        session=session, number=board.last_number + 1, dealer=board.next_dealer
    )
    version = store_version(
        session,
        hand=hand,
        version=1,
        status=HandStatus.VOID if entry.void else HandStatus.PLAYED,
        entry=entry.as_json(),
        ledger=ledger,
        client_key=client_key,
        created_by=user,
    )
    version.board_after = save_change(session, board=board_with_hand(board, version))
    return version


def store_version(session: GameSession, **fields: Any) -> HandVersion:
    """A new version, linked into the session's hash chain, in one INSERT. Its time is set
    here, as its digest holds it."""
    version = HandVersion(
        **fields,
        created_at=timezone.now(),
        revision=session.revision + 1,  # the revision save_change gives the session
    )
    store_linked(session, version)
    return version


def clean_reason(reason: str, *, missing: str = "") -> str:
    """The reason on one line; `missing` (or "say why the hand is being changed") when
    there is none, and a sentence when it is too long."""
    reason = " ".join(reason.split())
    if not reason:
        raise HandRejected(missing or _("Say why the hand is being changed."), field="reason")
    if len(reason) > REASON_MAX:
        raise HandRejected(
            _("Keep the reason under %(most)s characters.") % {"most": REASON_MAX}, field="reason"
        )
    return reason


def _current_version(session: GameSession, number: int) -> HandVersion:
    """The version of hand `number` a correction replaces; it must not be undone."""
    current = (
        HandVersion.objects.select_related("hand")
        .filter(hand__session=session, hand__number=number, is_current=True)
        .first()
    )
    if current is None:
        raise HandRejected(_("This session has no hand %(number)s.") % {"number": number})
    if current.status == HandStatus.REMOVED:
        raise HandRejected(_("That hand was undone; it can no longer be changed."))
    return current


def _supersede(
    *,
    session: GameSession,
    current: HandVersion,
    status: str,
    entry: HandEntry,
    ledger: dict[str, Any],
    client_key: uuid.UUID,
    user: User,
    reason: str,
) -> HandVersion:
    # The old version stops being current first: only one version of a hand is current.
    HandVersion.objects.filter(pk=current.pk).update(is_current=False)
    version = store_version(
        session,
        hand=current.hand,
        version=current.version + 1,
        status=status,
        entry=entry.as_json(),
        ledger=ledger,
        client_key=client_key,
        created_by=user,
        reason=reason,
    )
    version.board_after = save_change(session)
    return version


@transaction.atomic
def correct_hand(
    *,
    session_id: int,
    number: int,
    entry: HandEntry,
    client_key: uuid.UUID,
    revision: int,
    user: User,
    reason: str,
) -> HandVersion:
    """Replace what was entered for a hand; the old version stays in its history."""
    session, replay = _lock(session_id, client_key=client_key, revision=revision)
    if replay is not None:
        return replay
    reason = clean_reason(reason)
    current = _current_version(session, number)
    return _supersede(
        session=session,
        current=current,
        status=HandStatus.VOID if entry.void else HandStatus.PLAYED,
        entry=entry,
        ledger=compute_ledger(
            session=session,
            names=session_board(session).dealt_names(HandEntry.from_json(current.entry)),
            entry=entry,
        ),
        client_key=client_key,
        user=user,
        reason=reason,
    )


@transaction.atomic
def void_hand(
    *,
    session_id: int,
    number: int,
    client_key: uuid.UUID,
    revision: int,
    user: User,
    reason: str,
) -> HandVersion:
    """The hand stays dealt (the deal moves on) but scores nothing."""
    session, replay = _lock(session_id, client_key=client_key, revision=revision)
    if replay is not None:
        return replay
    reason = clean_reason(reason)
    current = _current_version(session, number)
    return _supersede(
        session=session,
        current=current,
        status=HandStatus.VOID,
        entry=HandEntry.from_json(current.entry).voided(),
        ledger=EMPTY_LEDGER,
        client_key=client_key,
        user=user,
        reason=reason,
    )


@transaction.atomic
def undo_last_hand(
    *,
    session_id: int,
    client_key: uuid.UUID,
    revision: int,
    user: User,
    reason: str = "",
) -> HandVersion:
    """Take back the latest hand as if it was never dealt; its versions are kept."""
    session, replay = _lock(session_id, client_key=client_key, revision=revision)
    if replay is not None:
        return replay
    board = session_board(session)
    last = board.last_row
    if last is None:
        raise HandRejected(_("There is no hand to undo yet."))
    return _supersede(
        session=session,
        current=_current_version(session, last.number),
        status=HandStatus.REMOVED,
        entry=last.entry,
        ledger=EMPTY_LEDGER,
        client_key=client_key,
        user=user,
        # Stored, so not translated: the history shows it as the reason of an undo.
        reason=" ".join(reason.split())[:REASON_MAX] or "Undone",
    )
