"""A backup restores: the club read from the restored database equals the original, row
by row in every table and page by page through the app's own selectors (hands with every
version, standings, ratings, tournaments and the tab).

PostgreSQL: backs up the test database with `manage.py backup` (pg_dump), restores it into a
new empty database with `manage.py restore` (pg_restore). It runs when the tests run on
PostgreSQL, and in CI it fails rather than skips when it cannot.
SQLite: always runs, as a person would: `manage.py` in processes of their own, on a file
database in WAL mode.
"""

from __future__ import annotations

import json
import re
import sqlite3
import uuid
from contextlib import closing
from io import StringIO

import pytest
from django.core.management import call_command
from django.db import connection
from django.utils import timezone

from tests.backups.club import build_club
from tests.backups.helpers import (
    assert_worth_comparing,
    database_url,
    postgres_rows,
    require_postgresql,
    run,
    snapshot_of,
    sqlite_rows,
)
from tests.backups.snapshot import snapshot


@pytest.mark.django_db(transaction=True)
def test_a_postgresql_backup_restored_into_an_empty_database_holds_the_same_club(
    tmp_path, tasks_run_in_process
):
    require_postgresql()
    build_club()
    now = timezone.now()
    original = snapshot(now)
    assert_worth_comparing(original)

    call_command("backup", dir=tmp_path, stdout=StringIO())
    [backup] = tmp_path.iterdir()
    assert re.fullmatch(r"rummyclub-\d{8}-\d{6}\.dump", backup.name)
    assert backup.stat().st_mode & 0o777 == 0o600

    settings = connection.settings_dict
    name = f"test_rc_restore_{uuid.uuid4().hex[:12]}"
    with connection.cursor() as cursor:
        cursor.execute(f'CREATE DATABASE "{name}"')
    try:
        url = database_url(settings, name)
        run(url, "manage.py", "restore", str(backup))
        # Every row, and the next id of every table, as in the original.
        assert postgres_rows(settings, name) == postgres_rows(settings, settings["NAME"])
        assert snapshot_of(url, now) == original
    finally:
        with connection.cursor() as cursor:
            cursor.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def test_an_sqlite_backup_restored_into_an_empty_file_holds_the_same_club(tmp_path):
    source, restored = tmp_path / "club.sqlite3", tmp_path / "restored.sqlite3"
    source_url, restored_url = f"sqlite:///{source}", f"sqlite:///{restored}"
    now = timezone.now()
    original = json.loads(run(source_url, "-m", "tests.backups.make_club", now.isoformat()))
    assert_worth_comparing(original)
    folder = tmp_path / "backups"

    said = run(source_url, "manage.py", "backup", "--dir", str(folder))
    assert "hand versions" in said
    [backup] = folder.iterdir()
    assert re.fullmatch(r"rummyclub-\d{8}-\d{6}\.sqlite3", backup.name)
    assert backup.stat().st_mode & 0o777 == 0o600
    with closing(sqlite3.connect(backup)) as db:
        # One self-contained file, whatever the journal mode of the database it came from.
        assert db.execute("PRAGMA journal_mode").fetchone() == ("delete",)

    run(restored_url, "manage.py", "restore", str(backup))
    assert not (tmp_path / "restored.sqlite3-wal").exists()
    assert sqlite_rows(restored) == sqlite_rows(source)
    assert snapshot_of(restored_url, now) == original
