"""`make bench BENCH=stall`: does a burst of slow rules checks hold up the scorers?

Starts gunicorn with deploy/gunicorn.conf.py on a free loopback port against a database of its
own (a SQLite file in a temporary folder, or STALL_DATABASE_URL), seeds a club, a session and
an API token (bench/stall_seed.py), and takes the slowest constructed request of the rules
bench (`deals.WORST`, timed here in process). Then it sends 16 copies of it at once to
`POST /api/v1/rules/evaluate/` and, while they run, records hands at the session through the
API one after another while another client asks `/healthz` every 100 ms; three rounds.
Printed: each hand's answer time (median, slowest), `/healthz`'s, how many checks were
answered busy, and when the last check answered. Target (issue 19): every hand answered
within 300 ms. The machine's load is printed first: on a busy machine even an idle hand is
slow, so compare the hands during the checks with the idle ones.

To measure another server set-up, STALL_GUNICORN_ARGS adds gunicorn arguments after the file's
(`--worker-class sync --workers 2` is the set-up issue 19 measured), STALL_GUNICORN_CONFIG
another settings file, STALL_APP_DIR serves the
code of another folder (an older checkout), and other variables (RULES_CONCURRENCY,
WEB_CONCURRENCY, WEB_THREADS) pass through to the server.
"""

from __future__ import annotations

import http.client
import json
import os
import shlex
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

from scoring.rules import evaluate

from . import server as servers
from .deals import WORST

ROOT = Path(__file__).resolve().parent.parent
CHECKS = 16
MOST_HANDS = 40
ROUNDS = int(os.environ.get("STALL_ROUNDS") or 3)
PAUSE_SECONDS = 2.0
TARGET_MS = 300.0
HTTP_TIMEOUT = 60.0
WILDS = {"op": "wilds", "variant": "indian13", "wild": "7H"}
HAND = {
    "wild": "7H",
    "seats": [
        {"position": 0, "result": "won"},
        {"position": 1, "result": "lost", "penalty": 30},
        {
            "position": 2,
            "result": "lost",
            "cards": [
                "2S",
                "3S",
                "4S",
                "5H",
                "6H",
                "7D",
                "8D",
                "9C",
                "10C",
                "JC",
                "QH",
                "KH",
                "AH",
            ],
        },
        {"position": 3, "result": "dropped", "drop": "first"},
    ],
}


def slowest_check() -> tuple[float, dict]:
    """The constructed request the engine takes longest over (ms, request), answered in time."""
    found: tuple[float, dict] = (0.0, {})
    for requests in WORST.values():
        for request in requests:
            start = time.perf_counter()
            answer = evaluate(request, time_limit=2.0)
            elapsed = (time.perf_counter() - start) * 1000
            if "error" not in answer and elapsed > found[0]:
                found = (elapsed, request)
    return found


class Client:
    """One keep-alive-free HTTP request at a time to the bench's server; times in ms."""

    def __init__(self, port: int, token: str = "") -> None:
        self.port = port
        self.token = token

    def send(self, method: str, path: str, body: dict | None = None) -> tuple[int, float, dict]:
        headers = {"Content-Type": "application/json", "Connection": "close"}
        if self.token:
            headers["Authorization"] = f"Token {self.token}"
            headers["Idempotency-Key"] = str(uuid.uuid4())
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=HTTP_TIMEOUT)
        start = time.perf_counter()
        try:
            connection.request(method, path, json.dumps(body) if body else None, headers)
            response = connection.getresponse()
            data = response.read()
            elapsed = (time.perf_counter() - start) * 1000
            retry = response.getheader("Retry-After")
        finally:
            connection.close()
        parsed = json.loads(data) if data.startswith(b"{") else {}
        if retry:
            parsed["retry_after"] = retry
        return response.status, elapsed, parsed


def _prepare(env: dict[str, str]) -> dict:
    servers.migrate(env)
    seeded = subprocess.run(
        [sys.executable, "-m", "bench.stall_seed"],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(seeded.stdout.strip().splitlines()[-1])


def _start(env: dict[str, str], port: int, log: Path) -> subprocess.Popen:
    return servers.start_gunicorn(
        env,
        port,
        log,
        app_dir=Path(os.environ.get("STALL_APP_DIR") or ROOT),
        config=os.environ.get("STALL_GUNICORN_CONFIG", ""),
        extra=shlex.split(os.environ.get("STALL_GUNICORN_ARGS", "")),
    )


def _summary(times: list[float]) -> str:
    if not times:
        return "none"
    return f"median {statistics.median(times):.0f} ms, slowest {max(times):.0f} ms"


def _round(
    scorer: Client, plain: Client, hands_url: str, request: dict
) -> tuple[list[tuple[int, float, dict]], list[float], list[float], int]:
    """Fire the checks together; record hands (and ask /healthz) until the last is answered."""
    answers: list[tuple[int, float, dict]] = []
    gate = threading.Barrier(CHECKS + 1)

    def check() -> None:
        gate.wait()
        try:
            answers.append(plain.send("POST", "/api/v1/rules/evaluate/", request))
        except OSError as error:
            answers.append((0, 0.0, {"error": str(error)}))

    threads = [threading.Thread(target=check) for _ in range(CHECKS)]
    for thread in threads:
        thread.start()
    gate.wait()
    time.sleep(0.05)  # the checks reach the server first
    hands: list[float] = []
    health: list[float] = []
    failed = 0

    def running() -> bool:
        return any(t.is_alive() for t in threads)

    def probe() -> None:
        # As a load balancer would: /healthz on its own, every 100 ms, beside the hands.
        while running() and len(health) < MOST_HANDS * 4:
            health.append(plain.send("GET", "/healthz")[1])
            time.sleep(0.1)

    prober = threading.Thread(target=probe)
    prober.start()
    while len(hands) < MOST_HANDS and (running() or len(hands) < 3):
        status, elapsed, _ = scorer.send("POST", hands_url, HAND)
        failed += status != 201
        hands.append(elapsed)
    for thread in [*threads, prober]:
        thread.join()
    return answers, hands, health, failed


def _code(body: dict) -> str:
    error = body.get("error")
    return str(error.get("code", "")) if isinstance(error, dict) else str(error or "")


def _burst(port: int, seeded: dict, request: dict) -> int:
    scorer = Client(port, seeded["token"])
    plain = Client(port)
    hands_url = seeded["hands_url"]
    # Warm every worker: the first requests of a process load the views and the engine.
    for _ in range(6):
        scorer.send("POST", hands_url, HAND)
        plain.send("POST", "/api/v1/rules/evaluate/", WILDS)
    idle_hands = [scorer.send("POST", hands_url, HAND)[1] for _ in range(5)]
    idle_health = [plain.send("GET", "/healthz")[1] for _ in range(5)]
    print(f"idle: hand {_summary(idle_hands)}; /healthz {_summary(idle_health)}")

    hands: list[float] = []
    health: list[float] = []
    failed = 0
    for round_number in range(1, ROUNDS + 1):
        answers, round_hands, round_health, round_failed = _round(scorer, plain, hands_url, request)
        hands += round_hands
        health += round_health
        failed += round_failed
        last = max(elapsed for _, elapsed, _ in answers) / 1000
        busy = [answer for answer in answers if answer[0] == 503]
        answered = sum(1 for status, _, _ in answers if status == 200)
        others = sorted(
            f"{status} {_code(body)}".strip()
            for status, _, body in answers
            if status not in (200, 503)
        )
        retry = f", Retry-After {busy[0][2].get('retry_after', '?')}" if busy else ""
        print(
            f"round {round_number}: {CHECKS} slow checks at once: {answered} answered, "
            f"{len(busy)} busy (503{retry}), {len(others)} other "
            f"{'(' + ', '.join(sorted(set(others))) + ') ' if others else ''}"
            f"- the last answered after {last:.1f} s; meanwhile {len(round_hands)} hands: "
            f"{_summary(round_hands)}"
        )
        time.sleep(PAUSE_SECONDS)  # the Retry-After the busy answers ask for
    print(f"while the checks ran, {len(hands)} hands recorded at another table ({failed} not 201)")
    print(f"  hand: {_summary(hands)} (target: every hand under {TARGET_MS:.0f} ms)")
    print(f"  /healthz: {_summary(health)}")
    met = max(hands) < TARGET_MS and not failed
    print("target met" if met else "target missed")
    return 0 if met else 1


def main() -> int:
    uptime = subprocess.run(["uptime"], capture_output=True, text=True, check=False)
    print("load:", uptime.stdout.strip() or os.getloadavg())
    elapsed, request = slowest_check()
    print(
        f"slow check: the slowest of the rules bench's constructed requests, {request['op']} "
        f"{request['variant']} ({elapsed:.0f} ms in this process)"
    )
    with tempfile.TemporaryDirectory(prefix="rummyclub-stall-") as folder:
        database_url = os.environ.get("STALL_DATABASE_URL") or f"sqlite:///{folder}/stall.sqlite3"
        redis, redis_url = servers.start_redis(folder)
        print(
            f"standings updates: queued in a private Redis ({redis_url}), as deployed"
            if redis
            else "standings updates: run inside each hand's request (no redis-server found)"
        )
        env = servers.environment(database_url, redis_url, name="stall")
        env.setdefault("SLOTS_DIR", str(Path(folder) / "slots"))
        try:
            seeded = _prepare(env)
            port = servers.free_port()
            server = _start(env, port, Path(folder) / "gunicorn.log")
            try:
                return _burst(port, seeded, request)
            finally:
                os.killpg(server.pid, signal.SIGTERM)
                server.wait(timeout=30)
        finally:
            if redis is not None:
                redis.terminate()
                redis.wait(timeout=10)
