"""The embedded default holds a club room's evening: four tables scoring through the API at
once, on `make run`'s SQLite file and its in-process tasks, get no 5xx and store every hand
once (config/settings.py, docs/operations.md).

A real threaded server (runserver, as `make run` starts it) on a file database in a
temporary folder: the test database of pytest is never touched, so this runs the same on a
bare machine and in CI, whatever DATABASE_URL the suite itself uses.
"""

from __future__ import annotations

import json
import os
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.test_settings import SETTINGS_VARS

PROJECT_ROOT = Path(__file__).resolve().parent.parent
TABLES = 4
HANDS = 10

SEED = """
import json
from datetime import timedelta

from django.utils import timezone
from rest_framework.authtoken.models import Token

from leagues.services.setup import create_league
from tests.factories import make_club, make_session, owner_of

club = make_club("Room Club")
today = timezone.now().date()
# A league the sessions count in: each hand also queues a standings update, run in process.
create_league(
    club=club, name="Season", starts_on=today - timedelta(days=30),
    ends_on=today + timedelta(days=30),
)
names = "Asha Bala Chitra Dev Esha Farid Gita Hari Indu Jai Kavya Lata".split()
sessions = [make_session(club, names=names[i * 3 : i * 3 + 3]).pk for i in range(4)]
token = Token.objects.create(user=owner_of(club)).key
print(json.dumps({"slug": club.slug, "sessions": sessions, "token": token}))
"""


def _environment(database: Path) -> dict[str, str]:
    """`make run`'s: DEBUG, the SQLite file, no Redis (Celery tasks run in process)."""
    dropped = (*SETTINGS_VARS, "DJANGO_ALLOW_ASYNC_UNSAFE", "DJANGO_SETTINGS_MODULE")
    environ = {k: v for k, v in os.environ.items() if k not in dropped}
    environ |= {"DEBUG": "1", "DATABASE_URL": f"sqlite:///{database}", "PYTHONUNBUFFERED": "1"}
    return environ


def _manage(environ: dict[str, str], *arguments: str) -> str:
    result = subprocess.run(
        [sys.executable, "manage.py", *arguments],
        cwd=PROJECT_ROOT,
        env=environ,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    return result.stdout


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def room(tmp_path: Path) -> Iterator[dict]:
    """A migrated file database with a club and four sessions, served by runserver."""
    database = tmp_path / "db.sqlite3"
    environ = _environment(database)
    _manage(environ, "migrate", "--noinput")
    seeded = json.loads(_manage(environ, "shell", "-c", SEED).strip().splitlines()[-1])
    port = _free_port()
    log = (tmp_path / "server.log").open("w")
    server = subprocess.Popen(
        [sys.executable, "manage.py", "runserver", f"127.0.0.1:{port}", "--noreload"],
        cwd=PROJECT_ROOT,
        env=environ,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(base + "/healthz", timeout=2).close()
                break
            except OSError:
                assert server.poll() is None, (tmp_path / "server.log").read_text()[-3000:]
                assert time.monotonic() < deadline, "the server did not answer within 30 s"
                time.sleep(0.2)
        yield {**seeded, "base": base, "database": database, "log": tmp_path / "server.log"}
    finally:
        server.terminate()
        server.wait(timeout=10)
        log.close()


def _post_hand(room: dict, session_id: int, number: int) -> tuple[int, str]:
    winner = number % 3
    body = {
        "seats": [
            {"position": p, "result": "won"}
            if p == winner
            else {"position": p, "result": "lost", "penalty": 10 + p}
            for p in range(3)
        ],
        "wild": "7H",
    }
    request = urllib.request.Request(
        f"{room['base']}/api/v1/clubs/{room['slug']}/sessions/{session_id}/hands/",
        data=json.dumps(body).encode(),
        method="POST",
        headers={
            "Authorization": f"Token {room['token']}",
            "Content-Type": "application/json",
            "Idempotency-Key": uuid.uuid4().hex,
        },
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, ""
    except urllib.error.HTTPError as error:
        return error.code, error.read()[:300].decode(errors="replace")


def test_four_tables_scoring_at_once_get_no_5xx_and_every_hand_is_stored_once(room):
    answers: dict[int, list[tuple[int, str]]] = {}
    start = threading.Barrier(TABLES)

    def table(session_id: int) -> None:
        start.wait()
        answers[session_id] = [_post_hand(room, session_id, n) for n in range(1, HANDS + 1)]

    threads = [threading.Thread(target=table, args=(s,)) for s in room["sessions"]]
    began = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    took = time.monotonic() - began

    statuses = [status for table_answers in answers.values() for status, _ in table_answers]
    failures = [a for table_answers in answers.values() for a in table_answers if a[0] != 201]
    log = room["log"].read_text()[-2000:]
    assert len(statuses) == TABLES * HANDS, log
    assert not [s for s in statuses if s >= 500], (failures[:3], log)
    assert failures == [], failures[:3]

    with sqlite3.connect(room["database"]) as stored:
        rows = stored.execute("SELECT session_id, number FROM scoring_hand").fetchall()
    numbers = {s: sorted(n for sid, n in rows if sid == s) for s in room["sessions"]}
    assert numbers == {s: list(range(1, HANDS + 1)) for s in room["sessions"]}
    assert took < 60, f"{TABLES * HANDS} hands took {took:.1f} s"
