"""`make bench BENCH=pages`: what the pages around the engine cost, against a bare answer.

Starts gunicorn with deploy/gunicorn.conf.py (DEBUG off) on a free loopback port, against a
database of its own (a SQLite file in a temporary folder, or PAGES_DATABASE_URL, which
issue 21 measured on PostgreSQL), with a private redis-server when there is one (the
standings update a hand starts is then queued, as deployed). bench/pages_seed.py seeds the
club. Then, in each round, one request of each kind in turn, so a busy moment of the machine
falls on all of them alike; the figure is each kind's median over the rounds, and its ratio
to the bare answer's median (bench/site_urls.py: a small JSON answer for the signed-in scorer
through the same middleware, as issue 21 measured against).

Printed per kind: the median, the ratio to bare, the target (issue 21), and the bytes of the
answer as sent (compressed when the server compresses; the bench asks for gzip, as a phone
does). PAGES_ROUNDS sets the rounds (default 15).
"""

from __future__ import annotations

import http.client
import json
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from . import server as servers

ROUNDS = int(os.environ.get("PAGES_ROUNDS") or 15)
WARM_UP = 3
HTTP_TIMEOUT = 60.0
API_HAND = {
    "wild": "7H",
    "seats": [
        {"position": 0, "result": "won"},
        {"position": 1, "result": "lost", "penalty": 30},
        {"position": 2, "result": "lost", "penalty": 12},
        {"position": 3, "result": "dropped", "drop": "first"},
    ],
}


@dataclass
class Answer:
    status: int
    ms: float
    size: int
    body: bytes
    headers: dict[str, str]


class Client:
    """One request at a time, a new connection each (as a phone on a club's Wi-Fi mostly has),
    with the scorer's cookie or token; times in ms to the answer's last byte."""

    def __init__(self, port: int, cookie: str = "", token: str = "") -> None:
        self.port = port
        self.cookie = cookie
        self.token = token

    def send(
        self,
        method: str,
        path: str,
        body: bytes | None = None,
        headers: dict[str, str] | None = None,
    ) -> Answer:
        sent = {"Connection": "close", "Accept-Encoding": "gzip", **(headers or {})}
        if self.cookie:
            sent["Cookie"] = self.cookie
        if self.token:
            sent["Authorization"] = f"Token {self.token}"
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=HTTP_TIMEOUT)
        start = time.perf_counter()
        try:
            connection.request(method, path, body, sent)
            response = connection.getresponse()
            data = response.read()
            elapsed = (time.perf_counter() - start) * 1000
            answer_headers = {key.lower(): value for key, value in response.getheaders()}
        finally:
            connection.close()
        return Answer(response.status, elapsed, len(data), data, answer_headers)


def json_of(answer: Answer) -> dict:
    """An answer's JSON, unzipped when it came compressed."""
    data = answer.body
    if answer.headers.get("content-encoding") == "gzip":
        import gzip

        data = gzip.decompress(data)
    return json.loads(data)


@dataclass
class Kind:
    name: str
    target: str  # issue 21's, as a ratio to bare ("3x") or "keep"
    ask: Callable[[], Answer]
    ok: tuple[int, ...] = (200,)
    answers: list[Answer] = field(default_factory=list)


class WebHands:
    """Hands recorded through the session screen's form, answered in JSON (as its script
    asks): each one at the revision the last answer gave."""

    def __init__(self, client: Client, page: str) -> None:
        self.client = client
        self.page = page
        first = client.send("GET", page, headers={"Accept-Encoding": "identity"})
        text = first.body.decode()
        found = re.search(r'"X-CSRFToken": "([^"]+)"', text.replace("&quot;", '"'))
        if found is None:
            raise SystemExit(
                f"the session screen ({first.status} {first.headers.get('location', '')}) "
                "carries no CSRF token: cannot post to it"
            )
        self.token = found.group(1)
        cookie = first.headers.get("set-cookie", "")
        csrf = re.search(r"csrftoken=([^;]+)", cookie)
        self.cookie = f"{client.cookie}; csrftoken={csrf.group(1)}" if csrf else client.cookie
        state = re.search(r'data-revision="(\d+)"', text)
        self.revision = int(state.group(1)) if state else 0
        self.number = 0

    def save(self) -> Answer:
        self.number += 1
        winner = self.number % 4
        fields = {
            "client_key": str(uuid.uuid4()),
            "revision": str(self.revision),
            "wild": "7H",
            f"s{winner}-how": "won",
        }
        for seat in range(4):
            if seat != winner:
                fields[f"s{seat}-how"] = "points"
                fields[f"s{seat}-points"] = str(10 + seat)
        body = "&".join(f"{key}={value}" for key, value in fields.items()).encode()
        answer = Client(self.client.port, self.cookie).send(
            "POST",
            self.page + "hands/",
            body,
            {
                "Content-Type": "application/x-www-form-urlencoded",
                "Accept": "application/json",
                "X-CSRFToken": self.token,
            },
        )
        if answer.status == 201:
            self.revision = json_of(answer)["session"]["revision"]
        return answer


def _kinds(port: int, seeded: dict) -> list[Kind]:
    plain = Client(port)
    scorer = Client(port, cookie=seeded["cookie"])
    api = Client(port, token=seeded["token"])
    web = WebHands(scorer, seeded["web"])
    short_live = seeded["short"] + "live/"
    json_headers = {"Accept": "application/json"}
    changed = json_of(scorer.send("GET", f"{short_live}?revision=0", headers=json_headers))
    now = changed["session"]["revision"]

    def long_page() -> Answer:
        return scorer.send("GET", seeded["long"])

    def api_hand() -> Answer:
        body = json.dumps(API_HAND).encode()
        headers = {"Content-Type": "application/json", "Idempotency-Key": str(uuid.uuid4())}
        return api.send("POST", seeded["api_hands"], body, headers)

    def first_look() -> Answer:
        # The API hand just before it moved this session on: no one has seen the screen at
        # this revision, so its parts are worked out and drawn afresh (the kept ones serve
        # every later reader: the 25-hand row).
        return scorer.send("GET", seeded["api_page"])

    return [
        Kind("bare answer (bench/site_urls.py)", "1x", lambda: scorer.send("GET", "/bench/bare/")),
        Kind("session screen, 25 hands", "3x", lambda: scorer.send("GET", seeded["short"])),
        Kind(
            "session screen, 200 hands", "1.5x the 25", lambda: scorer.send("GET", seeded["long"])
        ),
        Kind("recording a hand (web, JSON)", "3x", web.save, ok=(201,)),
        Kind("recording a hand (API)", "3x", api_hand, ok=(201,)),
        Kind("session screen, a first look", "report", first_look),
        Kind(
            "watching phone, a hand arrived",
            "2x, 3 KB",
            lambda: scorer.send("GET", f"{short_live}?revision={now - 1}", headers=json_headers),
        ),
        Kind(
            "watching phone, nothing changed",
            "keep (1.4-1.6x)",
            lambda: scorer.send("GET", f"{short_live}?revision={now}", headers=json_headers),
            ok=(204,),
        ),
        Kind("club page, 22 sessions", "3x", lambda: plain.send("GET", seeded["club"])),
        Kind("tournament public page", "3x", lambda: plain.send("GET", seeded["tournament"])),
    ]


def _measure(kinds: list[Kind]) -> None:
    for _ in range(WARM_UP):
        for kind in kinds:
            kind.ask()
    for _ in range(ROUNDS):
        for kind in kinds:
            kind.answers.append(kind.ask())


def _report(kinds: list[Kind]) -> int:
    bare = statistics.median(answer.ms for answer in kinds[0].answers)
    medians = {kind.name: statistics.median(a.ms for a in kind.answers) for kind in kinds}
    print(f"{'what':34} {'median':>9} {'x bare':>7} {'bytes':>8} {'encoding':>9}  target")
    failed = 0
    for kind in kinds:
        median = medians[kind.name]
        last = kind.answers[-1]
        wrong = [a.status for a in kind.answers if a.status not in kind.ok]
        failed += bool(wrong)
        encoding = last.headers.get("content-encoding", "-")
        print(
            f"{kind.name:34} {median:7.1f}ms {median / bare:6.1f}x {last.size:8d} {encoding:>9}  "
            f"{kind.target}{'  (answers: ' + str(sorted(set(wrong))) + ')' if wrong else ''}"
        )
    long, short = medians["session screen, 200 hands"], medians["session screen, 25 hands"]
    print(f"the 200-hand screen costs {long / short:.1f}x the 25-hand one")
    return 1 if failed else 0


@contextmanager
def seeded_server(name: str) -> Iterator[tuple[int, dict, int]]:
    """gunicorn serving the seeded club (bench/pages_seed.py): its port, what the seed
    printed, and the server's process id (its workers are its children)."""
    uptime = subprocess.run(["uptime"], capture_output=True, text=True, check=False)
    print("load:", uptime.stdout.strip() or os.getloadavg())
    with tempfile.TemporaryDirectory(prefix=f"rummyclub-{name}-") as folder:
        database_url = os.environ.get("PAGES_DATABASE_URL") or f"sqlite:///{folder}/pages.sqlite3"
        print("database:", database_url.split("@")[-1])
        redis, redis_url = servers.start_redis(folder)
        env = servers.environment(database_url, redis_url, name=name)
        env.setdefault("SLOTS_DIR", str(Path(folder) / "slots"))
        # The app's settings and addresses, with the bare answer beside them.
        env["DJANGO_SETTINGS_MODULE"] = "bench.site_settings"
        try:
            servers.migrate(env)
            servers.collect_static(env)
            started = time.monotonic()
            seeded = subprocess.run(
                [sys.executable, "-m", "bench.pages_seed"],
                cwd=servers.ROOT,
                env=env,
                check=True,
                capture_output=True,
                text=True,
            )
            print(f"seeded in {time.monotonic() - started:.0f} s")
            found = json.loads(seeded.stdout.strip().splitlines()[-1])
            port = servers.free_port()
            server = servers.start_gunicorn(env, port, Path(folder) / "gunicorn.log")
            try:
                yield port, found, server.pid
            finally:
                os.killpg(server.pid, signal.SIGTERM)
                server.wait(timeout=30)
        finally:
            if redis is not None:
                redis.terminate()
                redis.wait(timeout=10)


def main() -> int:
    with seeded_server("pages") as (port, found, _):
        kinds = _kinds(port, found)
        _measure(kinds)
        print(f"{ROUNDS} rounds, medians:")
        return _report(kinds)
