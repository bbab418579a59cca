"""The hash chain over the records stored in this database (scoring/chain.py says how a
chain is made; each record says its own content, `ChainedRecord.chain_content`): storing a
record linked after its session's head, and the check of a session's whole chain against
what is stored now (`manage.py verify_history`, whose reader is an
operator: its sentences are English, as the other commands')."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from django.db.models import QuerySet

from scoring import chain
from scoring.models import ChainedRecord, GameSession, HandCheck, HandDecision, HandVersion


def store_linked(session: GameSession, record: ChainedRecord) -> None:
    """Store a new record with its place and digest after the session's head (one INSERT),
    and move the head on; the caller's `save_change` stores the session's."""
    record.chain_seq = session.chain_length + 1
    record.digest = chain.link(session.chain_head, record.chain_content())
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


def _records(session: GameSession) -> list[ChainedRecord]:
    """Every chained record of the session as stored now, in chain order."""
    records: list[ChainedRecord] = [
        *HandVersion.objects.filter(hand__session=session).select_related("hand"),
        *HandCheck.objects.filter(version__hand__session=session).select_related("version__hand"),
        *HandDecision.objects.filter(version__hand__session=session).select_related(
            "version__hand", "result"
        ),
    ]
    return sorted(records, key=lambda record: record.chain_seq)


def first_break(session: GameSession) -> Break | None:
    """The first record of the session's chain that does not match what is stored now, or
    None when every record and the session's head agree."""
    previous = chain.START
    expected = 1
    for record in _records(session):
        if record.chain_seq != expected:
            if record.chain_seq > expected:
                problem = f"record {expected} of the history is missing (deleted)."
            else:
                problem = "it is not in its place in the history."
            return Break(session.pk, record.chain_name(), problem)
        if chain.link(previous, record.chain_content()) != record.digest:
            problem = "what is stored no longer matches its hash (changed after it was saved)."
            return Break(session.pk, record.chain_name(), problem)
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
