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

import threading
from collections import OrderedDict
from datetime import datetime
from typing import Generic, TypeVar

from django.conf import settings

T = TypeVar("T")

Stamp = tuple[int, datetime]  # the session's revision and changed_at


class HistoryStore(Generic[T]):
    """Session id -> (stamp, history, its size in hands), least recently used first."""

    def __init__(self, limit: int | None = None) -> None:
        self._limit = limit
        self._kept: OrderedDict[int, tuple[Stamp, T, int]] = OrderedDict()
        self._size = 0
        self._lock = threading.Lock()

    @property
    def limit(self) -> int:
        # Read when first needed: settings overridden in a test apply.
        return settings.KEPT_HISTORY_HANDS if self._limit is None else self._limit

    def get(self, session_id: int, stamp: Stamp) -> T | None:
        with self._lock:
            found = self._kept.get(session_id)
            if found is None or found[0] != stamp:
                return None
            self._kept.move_to_end(session_id)
            return found[1]

    def put(self, session_id: int, stamp: Stamp, history: T, *, size: int) -> None:
        """Keep `history` as the session's at `stamp`, in place of any other of its."""
        limit = self.limit
        with self._lock:
            old = self._kept.pop(session_id, None)
            if old is not None:
                self._size -= old[2]
            if size > limit:
                return
            self._kept[session_id] = (stamp, history, size)
            self._size += size
            while self._size > limit:
                _, (_, _, dropped) = self._kept.popitem(last=False)
                self._size -= dropped

    def clear(self) -> None:
        with self._lock:
            self._kept.clear()
            self._size = 0

    def __len__(self) -> int:
        return len(self._kept)
