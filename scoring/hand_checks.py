"""Where each hand stands with the players who must confirm it (the session's
`confirmation` rule): read from its current version's answers and decision.

A hand's current version is **entered** until the players the rule asks for confirm it,
then **confirmed**; a dispute makes it **disputed** until the scorer corrects it (a new
version, answered afresh) or an organiser decides it (**decided**). The player who saved a
version is not asked about it: their word is in it already.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

from django.db.models import QuerySet

from clubs.models import Confirmation
from clubs.services import display_name
from scoring.models import (
    GameSession,
    HandCheck,
    HandDecision,
    HandStatus,
    HandVersion,
    Seat,
    Verdict,
)

ENTERED, CONFIRMED, DISPUTED, DECIDED = "entered", "confirmed", "disputed", "decided"


@dataclass(frozen=True)
class HandState:
    number: int
    version: int  # the current version's number: an answer names the version it read
    state: str  # ENTERED, CONFIRMED, DISPUTED or DECIDED
    asked: tuple[int, ...]  # seat positions whose answer the rule asks for
    confirmed: tuple[int, ...] = ()
    disputed: tuple[tuple[int, str], ...] = ()  # (position, reason)
    decision: str = ""  # the outcome of an organiser's decision, when decided
    decision_reason: str = ""
    answered_at: int = 0  # the session's revision its last answer or decision made

    @property
    def waiting(self) -> tuple[int, ...]:
        """The asked seats that have not answered yet (none once settled)."""
        if self.state in (CONFIRMED, DECIDED):
            return ()
        answered = set(self.confirmed) | {position for position, _ in self.disputed}
        return tuple(position for position in self.asked if position not in answered)


@dataclass
class _Current:
    pk: int
    number: int
    version: int
    saved_by: int | None
    dealt: tuple[int, ...]
    checks: list[tuple[int, str, str]] = field(default_factory=list)  # position, verdict, why
    decided: tuple[str, str] | None = None  # outcome, reason
    answered_at: int = 0


def _asked(current: _Current, seat_users: dict[int, int | None]) -> tuple[int, ...]:
    saver = current.saved_by
    return tuple(p for p in current.dealt if saver is None or seat_users.get(p) != saver)


def _state(rule: str, current: _Current, asked: tuple[int, ...]) -> str:
    if current.decided is not None:
        return DECIDED
    if any(verdict == Verdict.DISPUTED for _, verdict, _ in current.checks):
        return DISPUTED
    confirmed = {p for p, verdict, _ in current.checks if verdict == Verdict.CONFIRMED}
    if rule == Confirmation.ANY and (confirmed & set(asked) or not asked):
        return CONFIRMED
    if rule == Confirmation.EVERY and set(asked) <= confirmed:
        return CONFIRMED
    return ENTERED


def _currents(session: GameSession) -> dict[int, _Current]:
    versions = (
        HandVersion.objects.filter(hand__session=session, is_current=True)
        .exclude(status=HandStatus.REMOVED)
        .values_list("pk", "hand__number", "version", "created_by_id", "ledger", "decided_by")
    )
    currents = {}
    for pk, number, version, saved_by, ledger, decided_by in versions:
        dealt = tuple(sorted(int(position) for position in ledger.get("scores", {})))
        currents[pk] = _Current(pk, number, version, saved_by, dealt)
        if decided_by is not None:  # made by an organiser's decision: settled
            currents[pk].decided = ("corrected", "")
    return currents


def hand_states(session: GameSession, seats: Iterable[Seat] | None = None) -> dict[int, HandState]:
    """Each counted hand's state by its number; empty for a session that asks no one."""
    rule = session.confirmation
    if rule == Confirmation.NONE:
        return {}
    currents = _currents(session)
    checks = HandCheck.objects.filter(version__in=list(currents)).values_list(
        "version", "position", "verdict", "reason", "revision"
    )
    for version, position, verdict, reason, revision in checks.order_by("pk"):
        currents[version].checks.append((position, verdict, reason))
        currents[version].answered_at = max(currents[version].answered_at, revision)
    decided = HandDecision.objects.filter(version__in=list(currents))
    for version, outcome, reason, revision in decided.values_list(
        "version", "outcome", "reason", "revision"
    ):
        currents[version].decided = (outcome, reason)
        currents[version].answered_at = max(currents[version].answered_at, revision)
    if seats is None:
        seats = Seat.objects.filter(session=session).select_related("player")
    seat_users = {seat.position: seat.player.user_id for seat in seats}
    states = {}
    for current in currents.values():
        asked = _asked(current, seat_users)
        outcome, why = current.decided or ("", "")
        states[current.number] = HandState(
            number=current.number,
            version=current.version,
            state=_state(rule, current, asked),
            asked=asked,
            confirmed=tuple(p for p, v, _ in current.checks if v == Verdict.CONFIRMED),
            disputed=tuple((p, r) for p, v, r in current.checks if v == Verdict.DISPUTED),
            decision=outcome,
            decision_reason=why,
            answered_at=current.answered_at,
        )
    return states


def _disputed(**where: object) -> QuerySet[HandVersion]:
    """The current versions disputed and not decided (`where` narrows them), each once."""
    return (
        HandVersion.objects.filter(
            is_current=True, checks__verdict=Verdict.DISPUTED, decision__isnull=True, **where
        )
        .exclude(status=HandStatus.REMOVED)
        .distinct()
    )


def disputed_count(session: GameSession) -> int:
    """How many hands' current versions are disputed and not decided: one query."""
    return _disputed(hand__session=session).values("pk").count()


@dataclass(frozen=True)
class Dispute:
    """A disputed hand waiting for an organiser (the club's disputes page)."""

    session: GameSession
    number: int
    version: int
    entered_by: str
    disputes: tuple[tuple[str, str], ...]  # (the player's name, their reason)
    # (name, result, what they paid) of each seat of the version as entered
    seats: tuple[tuple[str, str, int | None], ...]


def club_disputes(club_id: int) -> list[Dispute]:
    """The club's disputed hands, oldest session first: three queries."""
    versions = (
        _disputed(hand__session__club_id=club_id)
        .select_related("hand__session", "created_by")
        .order_by("hand__session_id", "hand__number")
    )
    found = list(versions)
    checks = HandCheck.objects.filter(version__in=found, verdict=Verdict.DISPUTED)
    names = {
        (seat.session_id, seat.position): seat.player.name
        for seat in Seat.objects.filter(
            session__in={version.hand.session_id for version in found}
        ).select_related("player")
    }
    reasons: dict[int, list[tuple[str, str]]] = defaultdict(list)
    for check in checks.order_by("pk"):
        session_id = next(v.hand.session_id for v in found if v.pk == check.version_id)
        reasons[check.version_id].append(
            (names.get((session_id, check.position), "?"), check.reason)
        )
    return [
        Dispute(
            session=version.hand.session,
            number=version.hand.number,
            version=version.version,
            entered_by=display_name(version.created_by) if version.created_by else "",
            disputes=tuple(reasons[version.pk]),
            seats=tuple(
                (
                    names.get((version.hand.session_id, seat["position"]), "?"),
                    seat.get("result", ""),
                    version.ledger.get("details", {}).get(str(seat["position"]), {}).get("penalty"),
                )
                for seat in version.entry.get("seats", [])
            ),
        )
        for version in found
    ]
