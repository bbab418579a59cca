"""`make bench BENCH=watchers`: every player at the table following on their own phone.

20 tables of six (bench/pages_seed.py), each phone asking its table's live address every 3
seconds as the session screen does (static/js/table_sync.js), while each table's scorer
records a hand every 20 seconds or so. WATCHERS_SECONDS long (default 30). Printed: how
many asks a second the server answered, their answer times (median, 95th percentile,
slowest), how many carried news, and the CPU the server's processes spent, as a share of
one core and per ask: what polling costs, to choose between it and server-sent events.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import threading
import time
import uuid
from pathlib import Path

from .pages_bench import Client, seeded_server

PHONES_PER_TABLE = 6
EVERY_SECONDS = 3.0
HAND_EVERY_SECONDS = 20.0
ASK_JSON = {"Accept": "application/json"}
SECONDS = float(os.environ.get("WATCHERS_SECONDS") or 30)
HAND = {
    "wild": "7H",
    "seats": [
        {"position": 0, "result": "won"},
        *({"position": p, "result": "lost", "penalty": 10 + p} for p in range(1, 6)),
    ],
}


def _cpu_seconds(pid: int) -> float:
    """User and system CPU of the server and its workers so far (Linux /proc)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0.0
    pids = [pid]
    children = Path(f"/proc/{pid}/task/{pid}/children")
    if children.exists():
        pids += [int(child) for child in children.read_text().split()]
    for each in pids:
        try:
            fields = Path(f"/proc/{each}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / ticks  # utime, stime
    return total


def _phone(client: Client, live: str, until: float, times: list[float], news: list[int]) -> None:
    revision = -1
    time.sleep(random.uniform(0, EVERY_SECONDS))  # phones do not ask in step
    while time.monotonic() < until:
        answer = client.send(
            "GET", f"{live}?revision={revision}", None, {"Accept": "application/json"}
        )
        times.append(answer.ms)
        if answer.status == 200:
            news.append(answer.size)
            data = answer.body
            if answer.headers.get("content-encoding") == "gzip":
                import gzip

                data = gzip.decompress(data)
            revision = json.loads(data)["session"]["revision"]
        time.sleep(EVERY_SECONDS)


def _scorer(client: Client, hands: str, until: float, recorded: list[int]) -> None:
    time.sleep(random.uniform(0, HAND_EVERY_SECONDS))
    while time.monotonic() < until:
        headers = {"Content-Type": "application/json", "Idempotency-Key": str(uuid.uuid4())}
        answer = client.send("POST", hands, json.dumps(HAND).encode(), headers)
        recorded.append(answer.status)
        time.sleep(HAND_EVERY_SECONDS)


def main() -> int:
    with seeded_server("watchers") as (port, found, pid):
        watcher = Client(port, cookie=found["cookie"])
        scorer = Client(port, token=found["token"])
        times: list[float] = []
        news: list[int] = []
        recorded: list[int] = []
        until = time.monotonic() + SECONDS
        threads = [
            threading.Thread(target=_phone, args=(watcher, table["live"], until, times, news))
            for table in found["tables"]
            for _ in range(PHONES_PER_TABLE)
        ]
        threads += [
            threading.Thread(target=_scorer, args=(scorer, table["hands"], until, recorded))
            for table in found["tables"]
        ]
        cpu_before = _cpu_seconds(pid)
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        cpu = _cpu_seconds(pid) - cpu_before
        phones = len(found["tables"]) * PHONES_PER_TABLE
        ordered = sorted(times)
        print(
            f"{phones} phones on {len(found['tables'])} tables, asking every "
            f"{EVERY_SECONDS:.0f} s for {SECONDS:.0f} s; {len(recorded)} hands recorded "
            f"({sum(status != 201 for status in recorded)} not 201)"
        )
        print(
            f"asks: {len(times) / SECONDS:.1f} a second; answer median "
            f"{statistics.median(ordered):.1f} ms, 95th percentile "
            f"{ordered[int(len(ordered) * 0.95)]:.1f} ms, slowest {ordered[-1]:.1f} ms"
        )
        print(
            f"with news: {len(news)} (median {statistics.median(news) if news else 0:.0f} bytes); "
            f"the rest an empty 204"
        )
        print(
            # The last phones stop asking at the deadline; the scorers' last pause adds idle time.
            f"server CPU: {cpu / SECONDS * 100:.0f}% of one core while the phones asked, "
            f"{cpu / max(1, len(times)) * 1000:.2f} ms an ask (recording included)"
        )
        return 0
