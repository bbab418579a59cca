"""PostgreSQL backups with PostgreSQL's own tools: `pg_dump --format=custom` and
`pg_restore`, from Debian's postgresql-client package.

The tools are run with an argument list, never through a shell; where to connect is one
libpq connection string built by psycopg (so a database name is only ever a name), and the
password travels in the child's environment (`PGPASSWORD`), never on its command line.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from psycopg.conninfo import make_conninfo

from backups.contents import Contents, hand_versions, parse_time
from backups.errors import BackupError
from backups.files import Kind

# Connection options of Django's OPTIONS that libpq itself reads.
_LIBPQ_OPTIONS = (
    "sslmode",
    "sslrootcert",
    "sslcert",
    "sslkey",
    "sslpassword",
    "connect_timeout",
    "options",
    "application_name",
    "target_session_attrs",
)
_VERSION = re.compile(r"\(PostgreSQL\) (\d+)")
_COPY = re.compile(r"^COPY (\S+) \((.*)\) FROM stdin;$")
_CREATED = re.compile(r"^;\s+Archive created at (.+)$")


@dataclass(frozen=True)
class Server:
    """Where one database is, as the tools are told it."""

    name: str
    conninfo: str  # host, port, user, database and TLS options; never the password
    password: str | None

    def environment(self) -> dict[str, str]:
        # Without a password in the settings, libpq's own ways (PGPASSWORD, ~/.pgpass) stay,
        # as they do for the app's connection.
        child = dict(os.environ)
        if self.password:
            child["PGPASSWORD"] = self.password
        return child


def server_of(settings: Mapping[str, Any]) -> Server:
    """The tools' view of a Django database's settings (`connections[alias].settings_dict`)."""
    options = settings.get("OPTIONS") or {}
    params = {
        "dbname": settings["NAME"],
        "host": settings.get("HOST") or None,
        "port": str(settings["PORT"]) if settings.get("PORT") else None,
        "user": settings.get("USER") or None,
    }
    params.update({key: str(options[key]) for key in _LIBPQ_OPTIONS if key in options})
    return Server(
        name=str(settings["NAME"]),
        conninfo=make_conninfo(**{k: v for k, v in params.items() if v is not None}),
        password=settings.get("PASSWORD") or None,
    )


def back_up(*, server: Server, server_version: int, target: Path) -> None:
    """Dump the database into `target`. `server_version`: the server's, as 150020."""
    pg_dump = _tool("pg_dump")
    client = _major(pg_dump)
    wanted = server_version // 10000
    if client < wanted:
        raise BackupError(
            f"pg_dump {client} cannot back up a PostgreSQL {wanted} server; install "
            f"postgresql-client-{wanted} (its pg_dump) and back up again."
        )
    _run(
        [pg_dump, "--format=custom", f"--file={target}", f"--dbname={server.conninfo}"],
        server=server,
    )


def restore(*, backup: Path, server: Server) -> None:
    """Load the dump into the server's database, all of it or (on any error) none of it.

    Ownership and privileges are left out: the restored tables belong to the user the app
    connects as, whoever owned them where the backup was made.
    """
    _run(
        [
            _tool("pg_restore"),
            "--no-owner",
            "--no-privileges",
            "--exit-on-error",
            "--single-transaction",
            f"--dbname={server.conninfo}",
            str(backup),
        ],
        server=server,
    )


def read_contents(path: Path) -> Contents:
    """What the dump holds, read from the file alone: no database is needed."""
    pg_restore = _tool("pg_restore")
    listing = _run([pg_restore, "--list", str(path)], server=None)
    made_at = next((m.group(1) for m in map(_CREATED.match, listing.splitlines()) if m), None)
    table, column = hand_versions()
    rows: dict[str, int] = {}
    latest: datetime | None = None
    for name, columns, lines in _copied_tables(pg_restore, path):
        rows[name] = 0
        at = columns.index(column) if name == table and column in columns else None
        for line in lines:
            rows[name] += 1
            if at is not None:
                value = line.split("\t")[at]
                if value != "\\N":
                    moment = parse_time(value)
                    latest = moment if latest is None or moment > latest else latest
    for line in listing.splitlines():
        # A table the dump made but holds no data for (none in a whole backup) counts 0.
        parts = line.split()
        if len(parts) >= 6 and parts[3:5] == ["TABLE", "public"]:
            rows.setdefault(parts[5], 0)
    return Contents(kind=Kind.POSTGRESQL, rows=rows, latest_hand_change=latest, made_at=made_at)


def _copied_tables(pg_restore: str, path: Path) -> Iterator[tuple[str, list[str], Iterator[str]]]:
    """Each table's data in the dump: its name, its columns and its rows (COPY text, one row
    a line, fields split by tabs), read as pg_restore writes them out."""
    with subprocess.Popen(
        [pg_restore, "--data-only", "--file=-", str(path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as child:
        assert child.stdout is not None
        lines = (line.rstrip("\n") for line in child.stdout)
        for line in lines:
            match = _COPY.match(line)
            if not match:
                continue
            name = match.group(1).split(".", 1)[-1].strip('"')
            columns = [c.strip().strip('"') for c in match.group(2).split(",")]
            yield name, columns, _until_end(lines)
        child.stdout.close()
        error = child.stderr.read() if child.stderr else ""
        if child.wait() != 0:
            raise BackupError(f"{path} cannot be read: {_reason(error)}")


def _until_end(lines: Iterator[str]) -> Iterator[str]:
    for line in lines:
        if line == "\\.":
            return
        yield line


def _tool(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        raise BackupError(
            f"{name} is not installed; install Debian's postgresql-client package "
            "(sudo apt-get install postgresql-client) and try again."
        )
    return found


def _major(tool: str) -> int:
    answer = _run([tool, "--version"], server=None)
    match = _VERSION.search(answer)
    if match is None:
        raise BackupError(f"{tool} did not say its version: {answer.strip()}")
    return int(match.group(1))


def _run(argv: list[str], *, server: Server | None) -> str:
    done = subprocess.run(
        argv,
        env=server.environment() if server else None,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        tool = Path(argv[0]).name
        raise BackupError(f"{tool} stopped: {_reason(done.stderr)}")
    return done.stdout


def _reason(error: str) -> str:
    """The tool's own error line: it may go on with the statement that failed."""
    lines = [line.strip() for line in error.splitlines() if line.strip()]
    errors = [line for line in lines if "error:" in line]
    return (errors or lines or ["no reason given."])[0]
