"""A limit on how many requests of one kind run at once across every web process of a machine.

Each slot is a lock file; taking a slot is a non-blocking `flock` on it. flock locks belong to
an open file, not to a process, so two threads of one gunicorn process contend as two
processes do, and the kernel frees a slot held by a process that dies. A request that finds
every slot taken is told at once that the server is busy rather than queued: a queue of slow
requests is what held the scorers up (issue 19).
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from django.conf import settings


class NoSlotFree(Exception):
    """Every slot of the kind is taken: answer "busy, try again in a moment"."""


def slot_directory() -> Path:
    """SLOTS_DIR, or a folder of the temporary directory named for this deployment (its
    code and database), so two sites on one machine do not share their slots."""
    if settings.SLOTS_DIR:
        return Path(settings.SLOTS_DIR)
    database = settings.DATABASES["default"]
    name = f"{settings.BASE_DIR}|{database.get('HOST', '')}|{database.get('NAME', '')}"
    digest = hashlib.sha256(name.encode()).hexdigest()[:16]
    return Path(tempfile.gettempdir()) / f"rummyclub-slots-{digest}"


@contextmanager
def slot(kind: str, limit: int) -> Iterator[None]:
    """Hold one of `limit` slots of `kind` for the block; NoSlotFree when none is free."""
    directory = slot_directory()
    directory.mkdir(parents=True, exist_ok=True)
    for number in range(limit):
        descriptor = os.open(directory / f"{kind}-{number}.lock", os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(descriptor)
            continue
        try:
            yield
        finally:
            # Closing the file releases the lock.
            os.close(descriptor)
        return
    raise NoSlotFree(kind)
