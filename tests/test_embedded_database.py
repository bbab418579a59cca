"""The embedded default holds a club room's evening: four tables scoring through the API at
once, and two more at the web form, on `make run`'s SQLite file and its in-process tasks,
get no 5xx and store every hand once (config/settings.py, docs/operations.md).

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
from http.cookiejar import CookieJar
from pathlib import Path
from urllib.parse import urlencode

import pytest

from tests.factories import PASSWORD
from tests.test_settings import SETTINGS_VARS

PROJECT_ROOT = Path(__file__).resolve().parent.parent
TABLES = 4
HANDS = 10

SEED = """
import json
from datetime import timedelta

from django.core.management import call_command
from django.utils import timezone
from rest_framework.authtoken.models import Token

from leagues.services.setup import create_league
from tests.factories import make_club, make_session, owner_of

call_command("migrate", interactive=False, verbosity=0)
club = make_club("Room Club")
today = timezone.now().date()
# A league the sessions count in: each hand also queues a standings update, run in process.
create_league(
    club=club, name="Season", starts_on=today - timedelta(days=30),
    ends_on=today + timedelta(days=30),
)
names = "Asha Bala Chitra Dev Esha Farid Gita Hari Indu Jai Kavya Lata Mani Nila Om Priya Ravi Sita"
seated = [make_session(club, names=names.split()[i * 3 : i * 3 + 3]) for i in range(6)]
owner = owner_of(club)
print(json.dumps({
    "slug": club.slug,
    "sessions": [s.pk for s in seated[:4]],
    "web_sessions": {s.pk: s.revision for s in seated[4:]},
    "token": Token.objects.create(user=owner).key,
    "username": owner.username,
}))
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
    """A migrated file database with a club and six sessions, served by runserver."""
    database = tmp_path / "db.sqlite3"
    environ = _environment(database)
    # Migrated and seeded in one process: one Django start-up fewer.
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


class _Stay(urllib.request.HTTPRedirectHandler):
    """A redirect is the answer itself (the panel's "saved"), not followed."""

    def redirect_request(self, *args: object, **kwargs: object) -> None:
        return None


def _scorer_at_the_web_form(room: dict) -> urllib.request.OpenerDirector:
    """A browser logged in as the club's owner: cookies, and the CSRF token in them."""
    browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()), _Stay())
    login = f"{room['base']}/accounts/login/"
    browser.open(login, timeout=60).close()
    form = {"username": room["username"], "password": PASSWORD, **_csrf(browser)}
    status, where = _send(browser, login, form)
    assert status == 302 and "/accounts/login/" not in where, (status, where)
    return browser


def _csrf(browser: urllib.request.OpenerDirector) -> dict[str, str]:
    jar = next(h for h in browser.handlers if isinstance(h, urllib.request.HTTPCookieProcessor))
    return {"csrfmiddlewaretoken": next(c.value for c in jar.cookiejar if c.name == "csrftoken")}


def _send(browser: urllib.request.OpenerDirector, url: str, form: dict) -> tuple[int, str]:
    """A form posted: its status, and where it redirects (or the start of what it says)."""
    try:
        with browser.open(url, data=urlencode(form).encode(), timeout=60) as response:
            return response.status, response.read()[:300].decode(errors="replace")
    except urllib.error.HTTPError as answer:
        if answer.code == 302:
            return 302, answer.headers["Location"]
        return answer.code, answer.read()[:300].decode(errors="replace")


def _save_hand_at_the_web_form(
    room: dict, browser: urllib.request.OpenerDirector, session_id: int, revision: int
) -> tuple[int, str]:
    """What the record-hand panel posts; saved, it redirects to the session."""
    winner = revision % 3
    form = {"client_key": str(uuid.uuid4()), "revision": str(revision), **_csrf(browser)}
    for position in range(3):
        if position == winner:
            form[f"s{position}-how"] = "won"
        else:
            form[f"s{position}-points"] = str(10 + position)
    url = f"{room['base']}/clubs/{room['slug']}/sessions/{session_id}/hands/"
    return _send(browser, url, form)


def test_four_tables_on_the_api_and_two_at_the_web_form_get_no_5xx_and_store_each_hand_once(
    room,
):
    """Four tables through the API and, at the same time, two at the web form."""
    answers: dict[int, list[tuple[int, str]]] = {}
    start = threading.Barrier(TABLES + len(room["web_sessions"]))

    def table(session_id: int) -> None:
        start.wait()
        answers[session_id] = [_post_hand(room, session_id, n) for n in range(1, HANDS + 1)]

    def web_table(session_id: int, revision: int) -> None:
        browser = _scorer_at_the_web_form(room)
        start.wait()
        answers[session_id] = [
            _save_hand_at_the_web_form(room, browser, session_id, revision + n)
            for n in range(HANDS)
        ]

    threads = [threading.Thread(target=table, args=(s,)) for s in room["sessions"]]
    threads += [
        threading.Thread(target=web_table, args=(int(s), r))
        for s, r in room["web_sessions"].items()
    ]
    began = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    took = time.monotonic() - began

    statuses = [status for table_answers in answers.values() for status, _ in table_answers]
    # Saved: 201 from the API, the redirect to the session from the web form.
    failures = [a for answer in answers.values() for a in answer if a[0] not in (201, 302)]
    log = room["log"].read_text()[-2000:]
    tables = [*room["sessions"], *map(int, room["web_sessions"])]
    assert len(statuses) == len(tables) * HANDS, log
    assert not [s for s in statuses if s >= 500], (failures[:3], log)
    assert failures == [], failures[:3]

    with sqlite3.connect(room["database"]) as stored:
        rows = stored.execute("SELECT session_id, number FROM scoring_hand").fetchall()
    numbers = {s: sorted(n for sid, n in rows if sid == s) for s in tables}
    assert numbers == {s: list(range(1, HANDS + 1)) for s in tables}
    assert took < 60, f"{len(tables) * HANDS} hands took {took:.1f} s"
