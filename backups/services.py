"""Back up a configured database, restore a backup into an empty one, and say what a backup
holds: PostgreSQL with its own tools (`backups/postgres.py`), SQLite with its online backup
(`backups/sqlite.py`). Which one is the database's engine's choice, never the file's name.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TypeVar

from django.db import DEFAULT_DB_ALIAS, OperationalError, connections
from django.db.backends.base.base import BaseDatabaseWrapper
from django.utils import timezone

from backups import files, postgres, sqlite
from backups.contents import Contents
from backups.errors import BackupError
from backups.files import Kind

T = TypeVar("T")


def back_up(*, directory: Path, alias: str = DEFAULT_DB_ALIAS, at: datetime | None = None) -> Path:
    """Write a dated backup of the database into `directory` and answer its path."""
    connection = _connection(alias)
    kind = _kind(connection)
    if not _reachable(connection, lambda: _tables(connection)):
        # A cron job pointed at the wrong database would otherwise keep nothing, nightly.
        raise BackupError(
            f"The database {connection.settings_dict['NAME']} holds no tables: there is "
            "nothing to back up. Is DATABASE_URL the club's database?"
        )
    partial, final = files.new_backup(directory, kind, at=at or timezone.now())
    try:
        if kind is Kind.POSTGRESQL:
            postgres.back_up(
                server=postgres.server_of(connection.settings_dict),
                server_version=_reachable(connection, lambda: _server_version(connection)),
                target=partial,
            )
        else:
            raw = _reachable(connection, lambda: _raw_sqlite(connection))
            sqlite.back_up(source=raw, target=partial)
        files.complete(partial, final)
    finally:
        files.discard(partial)
    return final


def check(*, path: Path) -> Contents:
    """What the backup holds; refuses one that cannot be read or is damaged."""
    kind = files.kind_of(path)
    if kind is Kind.POSTGRESQL:
        return postgres.read_contents(path)
    return sqlite.read_contents(path)


def restore(*, path: Path, alias: str = DEFAULT_DB_ALIAS) -> Contents:
    """Load the backup into the database, which must be empty; answers what it held."""
    connection = _connection(alias)
    kind = _kind(connection)
    made_by = files.kind_of(path)
    if made_by is not kind:
        raise BackupError(
            f"{path} is a {made_by.value} backup and the database is {kind.value}: a "
            "backup restores only into a database of its own kind."
        )
    contents = check(path=path)
    if kind is Kind.POSTGRESQL:
        _refuse_unless_empty(connection)
        connection.close()
        postgres.restore(backup=path, server=postgres.server_of(connection.settings_dict))
    else:
        target = str(connection.settings_dict["NAME"])
        if target == ":memory:" or "mode=memory" in target:
            raise BackupError("The database is kept in memory; restore into a database file.")
        # The restore writes the file itself; the app's connection would hold a stale view.
        connection.close()
        sqlite.restore(backup=path, target=Path(target))
    return contents


def _connection(alias: str) -> BaseDatabaseWrapper:
    if alias not in connections:
        raise BackupError(f"There is no database {alias!r} in the settings.")
    return connections[alias]


def _kind(connection: BaseDatabaseWrapper) -> Kind:
    if connection.vendor == "postgresql":
        return Kind.POSTGRESQL
    if connection.vendor == "sqlite":
        return Kind.SQLITE
    raise BackupError(f"Backups know PostgreSQL and SQLite, not {connection.vendor}.")


def _raw_sqlite(connection: BaseDatabaseWrapper) -> sqlite3.Connection:
    connection.ensure_connection()
    raw = connection.connection
    assert isinstance(raw, sqlite3.Connection)
    return raw


def _server_version(connection: BaseDatabaseWrapper) -> int:
    with connection.cursor() as cursor:
        cursor.execute("SHOW server_version_num")
        return int(cursor.fetchone()[0])


def _tables(connection: BaseDatabaseWrapper) -> list[str]:
    with connection.cursor() as cursor:
        return list(connection.introspection.table_names(cursor, include_views=True))


def _refuse_unless_empty(connection: BaseDatabaseWrapper) -> None:
    name = connection.settings_dict["NAME"]
    if _reachable(connection, lambda: _tables(connection), restoring=True):
        raise BackupError(
            f"The database {name} is not empty: a backup is restored only into an empty one. "
            f"Make one (dropdb {name}, or keep it under another name, then createdb {name}) "
            "and restore again."
        )


def _reachable(
    connection: BaseDatabaseWrapper, read: Callable[[], T], *, restoring: bool = False
) -> T:
    try:
        return read()
    except OperationalError as exc:
        name = connection.settings_dict["NAME"]
        reason = (str(exc).strip().splitlines() or ["no reason given"])[0]
        hint = f" A restore needs it to exist and be empty: createdb {name}." if restoring else ""
        raise BackupError(f"The database {name} cannot be reached: {reason}.{hint}") from None
