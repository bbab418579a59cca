"""Reading two databases row by row, and a club's pages from a database in a process of its
own, to compare an original with its restored copy."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
from contextlib import closing
from datetime import datetime
from pathlib import Path
from typing import Any
from urllib.parse import quote

import psycopg
import pytest
from psycopg import sql

PROJECT_ROOT = Path(__file__).resolve().parents[2]


def postgres_rows(settings: dict[str, Any], name: str) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table of the database `name` on the server of `settings` (a
    Django database's), in an order that does not depend on how they were stored; and the
    last value of every sequence (the next ids)."""
    found: dict[str, list[tuple[Any, ...]]] = {}
    with psycopg.connect(
        dbname=name,
        host=settings.get("HOST") or None,
        port=settings.get("PORT") or None,
        user=settings.get("USER") or None,
        password=settings.get("PASSWORD") or None,
    ) as db:
        tables = db.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' "
            "AND table_type = 'BASE TABLE' ORDER BY table_name"
        ).fetchall()
        for (table,) in tables:
            rows = db.execute(sql.SQL("SELECT * FROM {}").format(sql.Identifier(table)))
            found[table] = sorted(rows.fetchall(), key=repr)
        found["pg_sequences"] = db.execute(
            "SELECT sequencename, last_value FROM pg_sequences WHERE schemaname = 'public' "
            "ORDER BY sequencename"
        ).fetchall()
    return found


def sqlite_rows(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    """The same for an SQLite file, SQLite's own `sqlite_sequence` (the next ids) included."""
    with closing(sqlite3.connect(path)) as db:
        tables = [
            row[0]
            for row in db.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"
            )
        ]
        return {
            table: sorted(db.execute(f'SELECT * FROM "{table}"').fetchall(), key=repr)
            for table in tables
        }


def database_url(settings: dict[str, Any], name: str) -> str:
    """DATABASE_URL for the database `name` on the PostgreSQL server of `settings`."""
    password = f":{quote(settings['PASSWORD'], safe='')}" if settings.get("PASSWORD") else ""
    user = quote(settings.get("USER") or "", safe="")
    host = settings.get("HOST") or "localhost"
    port = f":{settings['PORT']}" if settings.get("PORT") else ""
    return f"postgres://{user}{password}@{host}{port}/{quote(name, safe='')}"


def run(database_url: str, *args: str, fails: bool = False) -> str:
    """A `python` of this project against `database_url`, with tasks run in its process and
    nothing sent to the Redis that CI shares. Answers its output (its errors, when it is
    expected to fail); fails when it does not end as expected."""
    environment = {**os.environ, "DATABASE_URL": database_url}
    environment.pop("REDIS_URL", None)
    done = subprocess.run(
        [sys.executable, *args],
        cwd=PROJECT_ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    if fails:
        assert done.returncode != 0, done.stdout
        return done.stderr
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def require_postgresql() -> None:
    """Skip unless the tests run on PostgreSQL with its client tools; in CI, fail instead."""
    from django.db import connection

    why = None
    if connection.vendor != "postgresql":
        why = "the test database is not PostgreSQL (set DATABASE_URL)"
    elif not (shutil.which("pg_dump") and shutil.which("pg_restore")):
        why = "pg_dump and pg_restore are not installed (Debian's postgresql-client)"
    if why is None:
        return
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"CI must run the PostgreSQL backup tests, but {why}.")
    pytest.skip(why)


def snapshot_of(database_url: str, now: datetime) -> dict[str, Any]:
    return json.loads(run(database_url, "-m", "tests.backups.snapshot", now.isoformat()))


def assert_worth_comparing(snapshot: dict[str, Any]) -> None:
    """The club holds what the round trip is meant to prove is kept: corrections (a hand of
    three versions), a void hand, standings, ratings, a tournament and payments."""
    club = snapshot["demo-rummy-club"]
    versions = [len(history) for history in club["hands"].values()]
    assert max(versions) == 3
    statuses = {v["status"] for history in club["hands"].values() for v in history}
    assert "void" in statuses
    assert any(table["rows"] for table in club["leagues"])
    assert any(rows for rows in club["leaderboards"].values())
    assert club["tournaments"]
    assert club["tab"]["payments"] and club["tab"]["removed"]
