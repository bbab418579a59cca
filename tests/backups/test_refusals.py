"""What the backup commands refuse, each with one sentence: a database that is not empty, a
file SQLite left from an earlier database, a damaged backup, a file that is no backup, a
backup of the other kind of database, PostgreSQL's tools missing or too old."""

from __future__ import annotations

import os
import sqlite3
import stat
from contextlib import closing
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection

from backups import postgres, services, sqlite
from backups.errors import BackupError
from tests.backups.helpers import require_postgresql, run
from tests.factories import make_club, make_session, record, typed_entry


def _database(path: Path, *rows: int, wal: bool = False) -> Path:
    """A small SQLite database holding one table of `rows`."""
    with closing(sqlite3.connect(path)) as db:
        if wal:
            db.execute("PRAGMA journal_mode=WAL")
        db.execute("CREATE TABLE points (value INTEGER)")
        db.executemany("INSERT INTO points VALUES (?)", [(row,) for row in rows])
        db.commit()
    return path


def _points(path: Path) -> list[int]:
    with closing(sqlite3.connect(path)) as db:
        return [row[0] for row in db.execute("SELECT value FROM points ORDER BY value")]


def test_an_sqlite_restore_refuses_a_database_that_is_not_empty_and_leaves_it_as_it_was(
    tmp_path,
):
    backup = _database(tmp_path / "backup.sqlite3", 1, 2)
    target = _database(tmp_path / "club.sqlite3", 7)
    with pytest.raises(BackupError, match="is not empty: a backup is restored only into an empty"):
        sqlite.restore(backup=backup, target=target)
    assert _points(target) == [7]


def test_an_sqlite_restore_refuses_a_wal_file_left_beside_the_target_by_an_earlier_database(
    tmp_path,
):
    backup = _database(tmp_path / "backup.sqlite3", 1)
    target = tmp_path / "club.sqlite3"
    (tmp_path / "club.sqlite3-wal").write_bytes(b"left from a database deleted by hand")
    with pytest.raises(BackupError, match=r"club\.sqlite3-wal is left beside the database"):
        sqlite.restore(backup=backup, target=target)
    assert not target.exists()


def test_an_sqlite_restore_into_an_empty_database_in_wal_mode_leaves_one_whole_file(tmp_path):
    backup = _database(tmp_path / "backup.sqlite3", 1, 2, 3)
    target = tmp_path / "club.sqlite3"
    with closing(sqlite3.connect(target)) as db:
        db.execute("PRAGMA journal_mode=WAL")
    sqlite.restore(backup=backup, target=target)
    assert not (tmp_path / "club.sqlite3-wal").exists()
    assert _points(target) == [1, 2, 3]


def test_an_sqlite_backup_of_a_database_in_wal_mode_holds_what_is_committed_in_one_file(
    tmp_path,
):
    source = _database(tmp_path / "club.sqlite3", 4, 5, wal=True)
    with closing(sqlite3.connect(source)) as db:
        # Still in the -wal file, not yet in the database file: the backup must see it.
        db.execute("PRAGMA wal_autocheckpoint=0")
        db.execute("INSERT INTO points VALUES (6)")
        db.commit()
        assert (tmp_path / "club.sqlite3-wal").stat().st_size
        sqlite.back_up(source=db, target=tmp_path / "backup.sqlite3")
    assert _points(tmp_path / "backup.sqlite3") == [4, 5, 6]
    assert not (tmp_path / "backup.sqlite3-wal").exists()


def test_a_damaged_sqlite_backup_is_refused_by_the_check(tmp_path):
    backup = _database(tmp_path / "backup.sqlite3", *range(2000))
    data = bytearray(backup.read_bytes())
    data[4096:8192] = b"\xff" * 4096  # a page of the table overwritten
    backup.write_bytes(bytes(data))
    with pytest.raises(BackupError, match=r"backup\.sqlite3 (is damaged|cannot be read)"):
        services.check(path=backup)


def test_a_file_that_is_no_backup_is_refused_with_a_sentence(tmp_path):
    notes = tmp_path / "notes.dump"
    notes.write_text("Thursday: Asha owes Bala 40")
    with pytest.raises(BackupError, match=r"is neither a PostgreSQL backup .* nor an SQLite one"):
        services.check(path=notes)


def test_the_check_says_a_backup_lacking_the_apps_tables_is_not_one_to_restore_as_it_is(
    tmp_path,
):
    backup = _database(tmp_path / "backup.sqlite3", 1)
    with pytest.raises(CommandError, match=r"made by an older version .* then migrate"):
        call_command("check_backup", str(backup), stdout=StringIO())


@pytest.mark.django_db
def test_a_backup_of_the_other_kind_of_database_is_refused(tmp_path):
    other = tmp_path / "other"
    if connection.vendor == "sqlite":
        other.write_bytes(b"PGDMP" + b"\0" * 100)
        refusal = "is a PostgreSQL backup and the database is SQLite"
    else:
        other.write_bytes(b"SQLite format 3\0" + b"\0" * 100)
        refusal = "is a SQLite backup and the database is PostgreSQL"
    with pytest.raises(CommandError, match=refusal):
        call_command("restore", str(other), stdout=StringIO())


@pytest.mark.django_db(transaction=True)
def test_a_backup_of_the_configured_database_is_whole_and_says_what_it_holds(tmp_path):
    club = make_club()
    session = make_session(club)
    record(session, typed_entry(0, {1: 20, 2: 30}))
    call_command("backup", dir=tmp_path / "backups", stdout=StringIO())
    [backup] = (tmp_path / "backups").iterdir()
    said = StringIO()
    call_command("check_backup", str(backup), stdout=said)
    text = said.getvalue()
    assert "Clubs 1, players 4, sessions 1, hands 1, hand versions 1, payments 0" in text
    assert "Latest hand recorded or corrected at" in text
    assert f"{backup} is whole and holds every table the app needs." in text
    assert stat.S_IMODE((tmp_path / "backups").stat().st_mode) == 0o700


@pytest.mark.django_db
def test_a_postgresql_restore_refuses_a_database_that_is_not_empty(tmp_path):
    require_postgresql()
    call_command("backup", dir=tmp_path, stdout=StringIO())
    [backup] = tmp_path.iterdir()
    with pytest.raises(CommandError, match="is not empty: a backup is restored only into an empty"):
        call_command("restore", str(backup), stdout=StringIO())


def test_without_pg_dump_the_backup_says_which_package_to_install(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))
    server = postgres.Server(name="club", conninfo="dbname=club", password=None)
    with pytest.raises(
        BackupError, match="pg_dump is not installed; install Debian's postgresql-client"
    ):
        postgres.back_up(server=server, server_version=150020, target=tmp_path / "x.dump")


def test_a_pg_dump_older_than_the_server_is_refused_before_it_runs(tmp_path, monkeypatch):
    fake = tmp_path / "pg_dump"
    fake.write_text("#!/bin/sh\necho 'pg_dump (PostgreSQL) 14.11'\n")
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", f"{tmp_path}{os.pathsep}{os.environ['PATH']}")
    server = postgres.Server(name="club", conninfo="dbname=club", password=None)
    with pytest.raises(
        BackupError,
        match="pg_dump 14 cannot back up a PostgreSQL 16 server; install postgresql-client-16",
    ):
        postgres.back_up(server=server, server_version=160004, target=tmp_path / "x.dump")
    assert not (tmp_path / "x.dump").exists()


def test_a_backup_of_a_database_without_tables_is_refused_rather_than_kept_empty(tmp_path):
    said = run(
        f"sqlite:///{tmp_path / 'wrong.sqlite3'}",
        "manage.py",
        "backup",
        "--dir",
        str(tmp_path / "backups"),
        fails=True,
    )
    assert "holds no tables: there is nothing to back up. Is DATABASE_URL" in said
    assert not (tmp_path / "backups").exists()
