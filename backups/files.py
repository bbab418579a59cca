"""Backup files: their dated names, which kind a file is, and how one comes to exist.

A file is written under a temporary name and renamed when complete, so a backup that
stopped half way never carries a backup's name; it is readable by its owner only, since it
holds every account's password hash and the club's money.
"""

from __future__ import annotations

import enum
import os
from datetime import UTC, datetime
from pathlib import Path

from backups.errors import BackupError

PREFIX = "rummyclub"
_PARTIAL = ".partial"


class Kind(enum.Enum):
    POSTGRESQL = "PostgreSQL"
    SQLITE = "SQLite"


SUFFIX = {Kind.POSTGRESQL: ".dump", Kind.SQLITE: ".sqlite3"}
# The first bytes of pg_dump's custom format and of every SQLite database file.
_MAGIC = {Kind.POSTGRESQL: b"PGDMP", Kind.SQLITE: b"SQLite format 3\x00"}


def dated_name(kind: Kind, *, at: datetime) -> str:
    """`rummyclub-YYYYMMDD-HHMMSS.dump` (or `.sqlite3`), in UTC, so names sort by age."""
    return f"{PREFIX}-{at.astimezone(UTC):%Y%m%d-%H%M%S}{SUFFIX[kind]}"


def kind_of(path: Path) -> Kind:
    """What a backup file is, from its first bytes rather than its name."""
    try:
        with path.open("rb") as file:
            head = file.read(16)
    except FileNotFoundError:
        raise BackupError(f"There is no file {path}.") from None
    except OSError as exc:
        raise BackupError(f"{path} cannot be read: {exc.strerror}.") from None
    for kind, magic in _MAGIC.items():
        if head.startswith(magic):
            return kind
    raise BackupError(
        f"{path} is neither a PostgreSQL backup (pg_dump's custom format) nor an SQLite one."
    )


def new_backup(directory: Path, kind: Kind, *, at: datetime) -> tuple[Path, Path]:
    """The (temporary, final) paths of a new backup in `directory`, made if missing."""
    try:
        # Owner only: the files hold password hashes and money.
        directory.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError as exc:
        raise BackupError(f"The folder {directory} cannot be made: {exc.strerror}.") from None
    final = directory / dated_name(kind, at=at)
    if final.exists():
        raise BackupError(f"{final} already exists; wait a second and back up again.")
    return final.with_name(final.name + _PARTIAL), final


def complete(partial: Path, final: Path) -> None:
    """Give a finished backup its name, readable by its owner only."""
    os.chmod(partial, 0o600)
    partial.replace(final)


def discard(partial: Path) -> None:
    partial.unlink(missing_ok=True)
