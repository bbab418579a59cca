"""A session's history as a hash chain: what each stored record says, and how it is linked.

Every hand version, every player's answer to one (confirmed or disputed) and every
organiser's decision on a disputed one is stored with `digest`, the SHA-256 of the digest
of the record before it in the session and of the record's own content in a canonical
form. The session keeps the last digest (its head) and the number of records. Change a
stored record, or delete one, and its digest, or the count, no longer follows
(`scoring/chain_records.py`; `manage.py verify_history`).

The canonical form is a contract with every chain already stored: changing a field's name,
its format or the order of hashing makes every old record look changed. A new record kind
adds its own `kind` and content; nothing else here changes.

No Django import: plain values in, plain strings out.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

# The digest before the first record of every session.
START = "0" * 64
SHORT_LENGTH = 8  # hex digits of the head a person reads and keeps: 4,294,967,296 codes


def canonical(content: Mapping[str, Any]) -> bytes:
    """The content as bytes that do not depend on key order or spacing (JSON, sorted keys,
    no spaces, UTF-8)."""
    text = json.dumps(content, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return text.encode()


def link(previous: str, content: Mapping[str, Any]) -> str:
    """The digest of a record whose content is `content`, after a record whose digest is
    `previous` (`START` for the first)."""
    return hashlib.sha256(previous.encode() + b"\n" + canonical(content)).hexdigest()


def moment(when: datetime) -> str:
    """A stored time as the chain says it: UTC, to the microsecond, as both databases keep
    it."""
    return when.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def version_content(
    *,
    session: int,
    hand: int,
    dealer: int,
    version: int,
    status: str,
    entry: Any,
    ledger: Any,
    client_key: str,
    by: int | None,
    at: datetime,
    reason: str,
    revision: int,
) -> dict[str, Any]:
    """A hand version's content: what was entered and scored, by whom, when and why.
    `hand` is the hand's number in the session; `by` the account's id."""
    return {
        "kind": "hand_version",
        "session": session,
        "hand": hand,
        "dealer": dealer,
        "version": version,
        "status": status,
        "entry": entry,
        "ledger": ledger,
        "client_key": client_key,
        "by": by,
        "at": moment(at),
        "reason": reason,
        "revision": revision,
    }


def content_of_version(version: Any) -> dict[str, Any]:
    """`version_content` of a stored hand version: its attributes, read as the model, or
    a migration's historical model, has them."""
    hand = version.hand
    return version_content(
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


def check_content(
    *,
    session: int,
    hand: int,
    version: int,
    position: int,
    verdict: str,
    reason: str,
    by: int | None,
    phone: str,
    client_key: str,
    at: datetime,
    revision: int,
) -> dict[str, Any]:
    """A player's answer to a hand version: which seat, confirmed or disputed and why, by
    which account (None for a guest) from which phone."""
    return {
        "kind": "hand_check",
        "session": session,
        "hand": hand,
        "version": version,
        "position": position,
        "verdict": verdict,
        "reason": reason,
        "by": by,
        "phone": phone,
        "client_key": client_key,
        "at": moment(at),
        "revision": revision,
    }


def decision_content(
    *,
    session: int,
    hand: int,
    version: int,
    outcome: str,
    result: int | None,
    reason: str,
    by: int,
    client_key: str,
    at: datetime,
    revision: int,
) -> dict[str, Any]:
    """An organiser's decision on a disputed version; `result` is the number of the version
    it made, when it corrected the hand."""
    return {
        "kind": "hand_decision",
        "session": session,
        "hand": hand,
        "version": version,
        "outcome": outcome,
        "result": result,
        "reason": reason,
        "by": by,
        "client_key": client_key,
        "at": moment(at),
        "revision": revision,
    }


def short_code(head: str) -> str:
    """The head as a person reads it aloud or writes it down: "7F3A-92C1"."""
    if not head:
        return ""
    code = head[:SHORT_LENGTH].upper()
    return f"{code[:4]}-{code[4:]}"
