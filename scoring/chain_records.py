"""The hash chain over the records stored in this database (scoring/chain.py says how a
chain is made): each record's content as the chain reads it, and the check of a session's
whole chain against what is stored now (`manage.py verify_history`, whose reader is an
operator: its sentences are English, as the other commands')."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from scoring import chain
from scoring.models import GameSession, HandVersion


def version_content(version: HandVersion) -> dict[str, Any]:
    hand = version.hand
    return chain.version_content(
        session=hand.session_id,
        hand=hand.number,
        dealer=hand.dealer,
        version=version.version,
        status=version.status,
        entry=version.entry,
        ledger=version.ledger,
        client_key=str(version.client_key),
        by=version.created_by_id,
        at=version.created_at,
        reason=version.reason,
        revision=version.revision,
    )


def chain_version(session: GameSession, version: HandVersion) -> None:
    """Give a version about to be stored its place and digest after the session's head, and
    move the head on; the caller saves both (the version, then `save_change`)."""
    version.chain_seq = session.chain_length + 1
    version.digest = chain.link(session.chain_head, version_content(version))
    session.chain_head, session.chain_length = version.digest, version.chain_seq


@dataclass(frozen=True)
class Break:
    """Where a session's chain stops matching what is stored."""

    session_id: int
    record: str  # the record, as a club says it ("hand 3, version 2"), or "" for the session
    problem: str

    def __str__(self) -> str:
        where = f"session {self.session_id}"
        if self.record:
            where = f"{where}, {self.record}"
        return f"{where}: {self.problem}"


def _versions(session: GameSession) -> list[HandVersion]:
    return list(
        HandVersion.objects.filter(hand__session=session)
        .select_related("hand")
        .order_by("chain_seq", "pk")
    )


def _record_name(version: HandVersion) -> str:
    return f"hand {version.hand.number}, version {version.version}"


def first_break(session: GameSession) -> Break | None:
    """The first record of the session's chain that does not match what is stored now, or
    None when every record and the session's head agree."""
    previous = chain.START
    expected = 1
    for version in _versions(session):
        name = _record_name(version)
        if version.chain_seq != expected:
            if version.chain_seq > expected:
                problem = f"record {expected} of the history is missing (deleted)."
            else:
                problem = "it is not in its place in the history."
            return Break(session.pk, name, problem)
        if chain.link(previous, version_content(version)) != version.digest:
            problem = "what is stored no longer matches its hash (changed after it was saved)."
            return Break(session.pk, name, problem)
        previous, expected = version.digest, expected + 1
    if expected - 1 != session.chain_length or previous != session.chain_head:
        code = chain.short_code(session.chain_head) or "-"
        found = chain.short_code(previous) if expected > 1 else "-"
        problem = (
            f"the session's history code says {session.chain_length} records, ending {code}, "
            f"but {expected - 1} are stored, ending {found} (a record was deleted or changed)."
        )
        return Break(session.pk, "", problem)
    return None


def breaks(sessions: Any = None) -> Iterator[Break]:
    """The first break of each session's chain that has one, oldest session first."""
    if sessions is None:
        sessions = GameSession.objects.all()
    for session in sessions.order_by("pk").iterator(chunk_size=200):
        found = first_break(session)
        if found is not None:
            yield found
