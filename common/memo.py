"""A process's memory of answers it worked out, by a key that names everything they depend
on: the least recently used go first. Thread-safe, as gunicorn's threads share it; what it
holds is shared by every request, so its readers change nothing in it."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

T = TypeVar("T")


class Memo(Generic[T]):
    """At most `size` in all: each answer weighs 1, or what `put` says it weighs. `size` may
    be a callable, read at each `put` (a setting a test overrides)."""

    def __init__(self, size: int | Callable[[], int]) -> None:
        self._size = size
        self._kept: OrderedDict[Hashable, tuple[T, int]] = OrderedDict()
        self._weight = 0
        self._lock = threading.Lock()

    @property
    def size(self) -> int:
        return self._size() if callable(self._size) else self._size

    def get(self, key: Hashable) -> T | None:
        with self._lock:
            found = self._kept.get(key)
            if found is None:
                return None
            self._kept.move_to_end(key)
            return found[0]

    def put(self, key: Hashable, answer: T, *, weight: int = 1) -> None:
        """Keep `answer` for `key`, in place of any other; one heavier than the whole memory
        is not kept."""
        size = self.size
        with self._lock:
            old = self._kept.pop(key, None)
            if old is not None:
                self._weight -= old[1]
            if weight > size:
                return
            self._kept[key] = (answer, weight)
            self._weight += weight
            while self._weight > size:
                _, (_, dropped) = self._kept.popitem(last=False)
                self._weight -= dropped

    def clear(self) -> None:
        with self._lock:
            self._kept.clear()
            self._weight = 0

    def __len__(self) -> int:
        return len(self._kept)
