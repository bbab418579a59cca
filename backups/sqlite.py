"""SQLite backups: SQLite's online backup (Python's `Connection.backup`), which copies a
consistent picture of the database while the app keeps using it, in WAL mode or not.

A backup file is one self-contained database in rollback-journal mode: no `-wal` file goes
with it. A restore copies it page by page into an empty database file.
"""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

from backups.contents import Contents, hand_versions, parse_time
from backups.errors import BackupError
from backups.files import Kind

# Files SQLite keeps beside a database; one left from an earlier database would be read
# into the restored one (the way SQLite databases get corrupted), so a restore refuses.
_LEFTOVERS = ("-wal", "-journal")


def back_up(*, source: sqlite3.Connection, target: Path) -> None:
    with closing(sqlite3.connect(target)) as copy:
        source.backup(copy)
        # The copy takes the source's journal mode; in WAL mode it would need a `-wal` file
        # beside it. Rollback mode keeps the backup one file.
        copy.execute("PRAGMA journal_mode=DELETE")
        _check_integrity(copy, target)


def read_contents(path: Path) -> Contents:
    """What the backup holds, after SQLite has checked every page of it."""
    try:
        db = _read_only(path)
    except sqlite3.DatabaseError as exc:
        raise BackupError(f"{path} cannot be read as an SQLite database: {exc}.") from None
    with closing(db):
        _check_integrity(db, path)
        names = [
            row[0]
            for row in db.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' "
                "AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name"
            )
        ]
        rows = {
            name: db.execute(f"SELECT count(*) FROM {_quoted(name)}").fetchone()[0]
            for name in names
        }
        table, column = hand_versions()
        latest = None
        if table in rows:
            found = db.execute(f"SELECT max({_quoted(column)}) FROM {_quoted(table)}").fetchone()[0]
            latest = parse_time(found) if found else None
    return Contents(kind=Kind.SQLITE, rows=rows, latest_hand_change=latest)


def restore(*, backup: Path, target: Path) -> None:
    """Copy the backup into `target`, which must be a missing or empty database file."""
    for suffix in _LEFTOVERS:
        leftover = target.with_name(target.name + suffix)
        if leftover.exists():
            raise BackupError(
                f"{leftover} is left beside the database from an earlier one: stop the app, "
                "move that file away and restore again."
            )
    if not target.parent.is_dir():
        raise BackupError(f"The folder {target.parent} for the database does not exist.")
    if target.exists() and target.stat().st_size:
        with closing(sqlite3.connect(target)) as db:
            tables = db.execute(
                "SELECT count(*) FROM sqlite_master WHERE type IN ('table', 'view')"
            ).fetchone()[0]
        if tables:
            raise BackupError(
                f"The database {target} is not empty: a backup is restored only into an empty "
                "one. Move that file away (keep it until the restore is checked) and restore "
                "again."
            )
    with closing(_read_only(backup)) as source, closing(sqlite3.connect(target)) as copy:
        source.backup(copy)
        _check_integrity(copy, target)
        # The target keeps its journal mode. In WAL mode, closing this last connection folds
        # the `-wal` file back into the database and removes it.
        copy.execute("PRAGMA wal_checkpoint(TRUNCATE)")


def _check_integrity(db: sqlite3.Connection, path: Path) -> None:
    try:
        answer = [row[0] for row in db.execute("PRAGMA integrity_check")]
    except sqlite3.DatabaseError as exc:
        raise BackupError(f"{path} cannot be read as an SQLite database: {exc}.") from None
    if answer != ["ok"]:
        raise BackupError(f"{path} is damaged; SQLite's integrity check says: {answer[0]}")


def _read_only(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)


def _quoted(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'
