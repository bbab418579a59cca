"""The histories of the sessions a process read last, kept in its memory.

A session's history (the current version of each of its hands, and its seat changes) at one
revision never changes: every change to it goes through `services.sessions.save_change`,
which moves the revision on and sets `changed_at` in the same UPDATE. So the pair names one
history, and a board read again at that pair needs no query for its hands and no hand's JSON
decoded again. `changed_at` is in the key because a revision number alone names two histories
when a database is restored, or when a test database reuses a session's id.

Only a session's latest history is kept (a phone's next read is at the newest revision), and
at most `settings.KEPT_HISTORY_HANDS` hands in all: the sessions read longest ago go first.
Who may put a history in, and when, is in `scoring.selectors` (a reader only when the revision
did not move while it read) and `scoring.services.sessions` (a writer once it has committed).

What is kept is shared by every request this process serves, on all its threads: its readers
must not change what they are given (tests/scoring/test_kept_histories.py checks the screens
leave it as stored).
"""

from __future__ import annotations

from datetime import datetime
from typing import Generic, TypeVar

from django.conf import settings

from common.memo import Memo

T = TypeVar("T")

Stamp = tuple[int, datetime]  # the session's revision and changed_at


def _kept_hands() -> int:
    # Read at each keep: settings overridden in a test apply.
    return settings.KEPT_HISTORY_HANDS


class HistoryStore(Generic[T]):
    """Session id -> its latest history kept and the stamp it is at, weighed in hands."""

    def __init__(self, limit: int | None = None) -> None:
        self._memo: Memo[tuple[Stamp, T]] = Memo(_kept_hands if limit is None else limit)

    def get(self, session_id: int, stamp: Stamp) -> T | None:
        found = self._memo.get(session_id)
        return found[1] if found is not None and found[0] == stamp else None

    def put(self, session_id: int, stamp: Stamp, history: T, *, size: int) -> None:
        """Keep `history` as the session's at `stamp`, in place of any other of its."""
        self._memo.put(session_id, (stamp, history), weight=size)

    def clear(self) -> None:
        self._memo.clear()

    def __len__(self) -> int:
        return len(self._memo)
