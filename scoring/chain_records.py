"""The hash chain over the records stored in this database (scoring/chain.py says how a
chain is made): each record's content as the chain reads it, and the check of a session's
whole chain against what is stored now (`manage.py verify_history`, whose reader is an
operator: its sentences are English, as the other commands')."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet

from scoring import chain
from scoring.models import ChainedRecord, GameSession, HandCheck, HandDecision, HandVersion


def check_content(check: HandCheck) -> dict[str, Any]:
    version = check.version
    return chain.check_content(
        session=version.hand.session_id,
        hand=version.hand.number,
        version=version.version,
        position=check.position,
        verdict=check.verdict,
        reason=check.reason,
        by=check.by_id,
        phone=check.phone,
        client_key=str(check.client_key),
        at=check.created_at,
        revision=check.revision,
    )


def decision_content(decision: HandDecision) -> dict[str, Any]:
    version = decision.version
    return chain.decision_content(
        session=version.hand.session_id,
        hand=version.hand.number,
        version=version.version,
        outcome=decision.outcome,
        result=decision.result.version if decision.result is not None else None,
        reason=decision.reason,
        by=decision.by_id,
        client_key=str(decision.client_key),
        at=decision.created_at,
        revision=decision.revision,
    )


def store_linked(session: GameSession, record: ChainedRecord) -> None:
    """Store a new record with its place and digest after the session's head (one INSERT),
    and move the head on; the caller's `save_change` stores the session's."""
    if isinstance(record, HandVersion):
        content = chain.content_of_version(record)
    elif isinstance(record, HandCheck):
        content = check_content(record)
    else:
        assert isinstance(record, HandDecision)
        content = decision_content(record)
    record.chain_seq = session.chain_length + 1
    record.digest = chain.link(session.chain_head, content)
    record.save(force_insert=True)
    session.chain_head, session.chain_length = record.digest, record.chain_seq


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


@dataclass(frozen=True)
class Stored:
    seq: int
    name: str
    content: dict[str, Any]
    digest: str


def _stored(session: GameSession) -> list[Stored]:
    """Every chained record of the session as stored now, in chain order."""
    versions = HandVersion.objects.filter(hand__session=session).select_related("hand")
    checks = HandCheck.objects.filter(version__hand__session=session).select_related(
        "version__hand"
    )
    decisions = HandDecision.objects.filter(version__hand__session=session).select_related(
        "version__hand", "result"
    )
    records = [
        Stored(
            v.chain_seq,
            f"hand {v.hand.number}, version {v.version}",
            chain.content_of_version(v),
            v.digest,
        )
        for v in versions
    ]
    records += [
        Stored(
            c.chain_seq,
            f"hand {c.version.hand.number}, version {c.version.version}, "
            f"{c.verdict} for seat {c.position + 1}",
            check_content(c),
            c.digest,
        )
        for c in checks
    ]
    records += [
        Stored(
            d.chain_seq,
            f"hand {d.version.hand.number}, version {d.version.version}, decision",
            decision_content(d),
            d.digest,
        )
        for d in decisions
    ]
    return sorted(records, key=lambda record: record.seq)


def first_break(session: GameSession) -> Break | None:
    """The first record of the session's chain that does not match what is stored now, or
    None when every record and the session's head agree."""
    return _first_break(session, _stored(session))


def _first_break(session: GameSession, records: Iterable[Stored]) -> Break | None:
    previous = chain.START
    expected = 1
    for record in records:
        if record.seq != expected:
            if record.seq > expected:
                problem = f"record {expected} of the history is missing (deleted)."
            else:
                problem = "it is not in its place in the history."
            return Break(session.pk, record.name, problem)
        if chain.link(previous, record.content) != record.digest:
            problem = "what is stored no longer matches its hash (changed after it was saved)."
            return Break(session.pk, record.name, problem)
        previous, expected = record.digest, expected + 1
    if expected - 1 != session.chain_length or previous != session.chain_head:
        code = chain.short_code(session.chain_head) or "-"
        found = chain.short_code(previous) if expected > 1 else "-"
        problem = (
            f"the session's history code says {session.chain_length} records, ending {code}, "
            f"but {expected - 1} are stored, ending {found} (a record was deleted or changed)."
        )
        return Break(session.pk, "", problem)
    return None


def breaks(sessions: QuerySet[GameSession] | None = None) -> Iterator[Break]:
    """The first break of each session's chain that has one, oldest session first."""
    if sessions is None:
        sessions = GameSession.objects.all()
    for session in sessions.order_by("pk").iterator(chunk_size=200):
        found = first_break(session)
        if found is not None:
            yield found
