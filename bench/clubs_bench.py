"""`make bench BENCH=clubs`: a thousand clubs on PostgreSQL and real Celery workers.

A dedicated database (`rummyclub_clubs_bench` on 127.0.0.1:5432, or CLUBS_BENCH_DATABASE_URL)
is created if needed, migrated and seeded afresh (bench/clubs_seed.py) in steps of 10, 100
and 1,000 small clubs; each club has 12 players, a league and 12 finished sessions of 20
hands (CLUBS_BENCH_SESSIONS, CLUBS_BENCH_HANDS). A private redis-server on a free port is the
broker, as deployed (the machine's own Redis is never touched). Printed:

- one hand's update (`apply_session`, what the Celery task runs) in the same club as the
  clubs grow: the median of 30 hands recorded in a new session of the first club, at each
  step. It should stay flat: the update reads and writes one club's rows only;
- one club's rebuild (`rebuild_club`, one task of the fan-out), in this process;
- the full rebuild of every club, medians over CLUBS_BENCH_ROUNDS rounds (3): in one process
  (`rebuild_everything`, what the command does without a broker), and fanned out by
  `rebuild_standings`'s own code (`leagues/fanout.py`) to 1 and then 2 real worker processes
  (`celery worker --pool solo`), from the first task queued to the last club's answer. The
  rounds take turns, so a busy moment on the machine falls on each alike; the rebuilt tables
  get VACUUM ANALYZE before each (what autovacuum does on a server in use).

The machine's load is printed first and last: on a 2-core machine shared with other work,
two workers cannot be twice as fast as one when anything else runs.
"""

from __future__ import annotations

import math
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
import warnings
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import psycopg
from psycopg import sql
from psycopg.conninfo import conninfo_to_dict

from . import server as servers

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/rummyclub_clubs_bench"
STEPS = (10, 100, 1000)
ROUNDS = max(1, int(os.environ.get("CLUBS_BENCH_ROUNDS") or 3))
SESSIONS = max(1, int(os.environ.get("CLUBS_BENCH_SESSIONS") or 12))
HANDS = max(1, int(os.environ.get("CLUBS_BENCH_HANDS") or 20))
APPLIES = 30
WARMUP = 3
CLUB_REBUILDS = 20
# Flat: one hand's update among 1,000 clubs costs at most this much more than among 10.
FLAT = 1.5
REBUILD_TASK = "leagues.tasks.rebuild_club_task"


def main() -> int:
    url = os.environ.get("CLUBS_BENCH_DATABASE_URL", DEFAULT_URL)
    problem = _ensure_database(url)
    if problem:
        print(problem)
        return 2
    if shutil.which("redis-server") is None:
        print("The clubs bench runs its workers on a private redis-server: install Redis.")
        return 2
    with tempfile.TemporaryDirectory(prefix="rummyclub-clubs-") as folder:
        redis, redis_url = servers.start_redis(folder)
        if redis is None:
            raise SystemExit("The clubs bench needs redis-server to start a private one.")
        try:
            env = _environment(url, redis_url)
            os.environ.update(env)
            _configure_django()
            return _run(env, Path(folder))
        finally:
            redis.terminate()
            redis.wait(timeout=10)


def _ensure_database(url: str) -> str | None:
    """Create the bench database if missing; a sentence saying what to do if it cannot."""
    name = str(conninfo_to_dict(url).get("dbname") or "")
    if not name:
        return f"CLUBS_BENCH_DATABASE_URL ({url}) names no database."
    try:
        with psycopg.connect(url, dbname="postgres", autocommit=True, connect_timeout=5) as conn:
            if conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone():
                return None
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    except psycopg.OperationalError as exc:
        reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        return (
            f"The clubs bench needs PostgreSQL ({reason}): start it, or point "
            f"CLUBS_BENCH_DATABASE_URL at a server where it may create a database."
        )
    return None


def _environment(database_url: str, redis_url: str) -> dict[str, str]:
    """What this process and its workers run with: the bench database and Redis, no debug."""
    return {
        "DATABASE_URL": database_url,
        "REDIS_URL": redis_url,
        "DEBUG": "0",  # no query log kept in memory
        "SECRET_KEY": os.environ.get("SECRET_KEY") or "clubs-bench-" + uuid.uuid4().hex,
        "LOG_LEVEL": "WARNING",
        "DJANGO_SETTINGS_MODULE": "config.settings",
    }


def _configure_django() -> None:
    warnings.filterwarnings("ignore", message="No directory at", module="django.core.handlers")
    import django

    django.setup()


def _say(message: str) -> None:
    print(message, flush=True)


def _load() -> str:
    one, five, _ = os.getloadavg()
    return f"load average {one:.1f} (1 min), {five:.1f} (5 min), {os.cpu_count()} cores"


def _timed(call: Callable[[], Any]) -> tuple[float, Any]:
    started = time.perf_counter()
    answer = call()
    return (time.perf_counter() - started) * 1000, answer


def _run(env: dict[str, str], folder: Path) -> int:
    from django.core.management import call_command

    from bench.clubs_seed import NotABenchDatabase, Scale, Seeder, analyze
    from leagues.services.rebuild import rebuild_club

    _say(f"Clubs bench on {conninfo_to_dict(env['DATABASE_URL']).get('dbname')}; {_load()}")
    call_command("migrate", interactive=False, verbosity=0)
    seeder = Seeder(Scale(sessions=SESSIONS, hands=HANDS))
    try:
        owner = seeder.start()
    except NotABenchDatabase as exc:
        print(exc)
        return 2
    ids: list[int] = []
    applies: dict[int, list[float]] = {}
    for step in STEPS:
        copied, added = _timed(partial(seeder.add_clubs, step - len(ids), owner))
        derived, _ = _timed(partial(_rebuild_each, added))
        ids += added
        analyze()
        _say(
            f"  {step:,} clubs: {step - len(added):,} + {len(added):,} seeded in "
            f"{copied / 1000:.1f} s, their tables built in {derived / 1000:.1f} s"
        )
        applies[step] = _apply_times(ids[0], owner)
        _say(f"    one hand's update in club 1: median {statistics.median(applies[step]):.2f} ms")
    club_rebuilds = [_timed(lambda: rebuild_club(ids[0]))[0] for _ in range(CLUB_REBUILDS)]
    rebuilds = _rebuilds(ids, env, folder)
    _report(applies, club_rebuilds, rebuilds, clubs=len(ids))
    _say(_load())
    first, last = (statistics.median(applies[step]) for step in (STEPS[0], STEPS[-1]))
    return 0 if last <= first * FLAT else 1


def _rebuild_each(club_ids: list[int]) -> None:
    from leagues.services.rebuild import rebuild_club

    for club_id in club_ids:
        rebuild_club(club_id)


def _apply_times(club_id: int, owner: Any) -> list[float]:
    """One hand recorded (untimed), then its update timed, again and again, in a new session
    of the club; the session goes again after, so every step times the same club."""
    from django.core.cache import cache

    from bench.league_seed import random_entry
    from clubs.models import Club
    from leagues.services.rebuild import rebuild_club
    from leagues.services.updates import apply_session, queued_key
    from scoring.models import Ending, GameSession
    from scoring.services.hands import record_hand
    from scoring.services.sessions import start_session

    rng = random.Random(7)  # the same hands at every step
    club = Club.objects.get(pk=club_id)
    players = list(club.players.order_by("pk").values_list("pk", flat=True))
    session, _ = start_session(
        club=club,
        variant="indian13",
        options={},
        player_ids=players[:4],
        first_dealer=0,
        ending=Ending.OPEN,
        ending_target=None,
        stake_per_point=0,
        user=owner,
    )
    samples = []
    for n in range(WARMUP + APPLIES):
        # As if a task were queued already: the hand's commit queues none, and the update
        # runs here, timed, rather than on a worker.
        cache.add(queued_key(session.pk), 1, timeout=3600)
        record_hand(
            session_id=session.pk,
            entry=random_entry("indian13", rng, wild="5H"),
            client_key=uuid.uuid4(),
            revision=session.revision,
            user=owner,
        )
        session.refresh_from_db(fields=["revision"])
        elapsed, applied = _timed(lambda: apply_session(session.pk))
        if not applied:
            raise SystemExit(f"session {session.pk} had no update to apply")
        if n >= WARMUP:
            samples.append(elapsed)
    GameSession.objects.filter(pk=session.pk).delete()
    rebuild_club(club_id)
    return samples


def _rebuilds(ids: list[int], env: dict[str, str], folder: Path) -> dict[str, list[float]]:
    """The full rebuild in one process and on 1 and 2 workers, the rounds taking turns.

    Two workers are started once: the first consumes queues `one` and `two`, the second
    `two` only, so a rebuild sent to `one` has one worker and one sent to `two` has both."""
    from config.celery import app
    from leagues.services.updates import rebuild_everything

    workers = [
        _start_worker("one,two", "first", env, folder),
        _start_worker("two", "second", env, folder),
    ]
    try:
        _wait_for_workers(app, len(workers))
        for queue in ("one", "two"):  # each worker's Django warmed up, untimed
            _fanned_out(app, ids[:8], queue)
        ways: dict[str, Callable[[], float]] = {
            "one process (no broker)": lambda: _timed(rebuild_everything)[0],
            "1 worker": lambda: _fanned_out(app, ids, "one"),
            "2 workers": lambda: _fanned_out(app, ids, "two"),
        }
        samples: dict[str, list[float]] = {name: [] for name in ways}
        for number in range(1, ROUNDS + 1):
            for name, way in ways.items():
                _vacuum_analyze()
                samples[name].append(way())
                _say(f"  round {number}/{ROUNDS}, {name}: {samples[name][-1] / 1000:.1f} s")
        return samples
    finally:
        for worker in workers:
            os.killpg(worker.pid, signal.SIGTERM)
        for worker in workers:
            worker.wait(timeout=60)


def _start_worker(queues: str, name: str, env: dict[str, str], folder: Path) -> subprocess.Popen:
    command = [sys.executable, "-m", "celery", "-A", "config", "worker", "--pool", "solo"]
    command += ["-Q", queues, "-n", f"{name}@%h", "--without-gossip", "--without-mingle"]
    command += ["--without-heartbeat", "--loglevel", "WARNING"]
    with (folder / f"worker-{name}.log").open("w") as log:
        return subprocess.Popen(
            command,
            cwd=ROOT,
            env={**os.environ, **env},
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )


def _wait_for_workers(app: Any, count: int) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if len(app.control.ping(timeout=1.0)) >= count:
            return
    raise SystemExit(f"{count} Celery workers did not answer within 60 s.")


def _fanned_out(app: Any, ids: list[int], queue: str) -> float:
    """The command's fan-out to `queue`, from the first task queued to the last answer."""
    from leagues import fanout

    app.conf.update(task_routes={REBUILD_TASK: {"queue": queue}})
    started = time.perf_counter()
    outcome = fanout.wait(fanout.queue_rebuild(ids), timeout=3600)
    elapsed = (time.perf_counter() - started) * 1000
    if outcome.failed or outcome.waiting:
        raise SystemExit(f"The fan-out did not finish: {outcome.failed or outcome.waiting}")
    return elapsed


def _vacuum_analyze() -> None:
    from django.db import connection

    from leagues.models import PendingUpdate, Rating, RatingChange, SessionResult, Standing

    models = (SessionResult, Standing, Rating, RatingChange, PendingUpdate)
    with connection.cursor() as cursor:
        cursor.execute(f"VACUUM ANALYZE {', '.join(m._meta.db_table for m in models)}")


def _p90(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[max(0, math.ceil(len(ordered) * 0.9) - 1)]


def _report(
    applies: dict[int, list[float]],
    club_rebuilds: list[float],
    rebuilds: dict[str, list[float]],
    *,
    clubs: int,
) -> None:
    sessions = clubs * SESSIONS
    _say("")
    from bench.clubs_seed import PLAYERS

    _say(f"Each club: {PLAYERS} players, a league, {SESSIONS} sessions of {HANDS} hands.")
    heading = f"{'clubs':>6} {'sessions':>9} {'median':>9} {'p90':>9}"
    _say(f"{'one hand update (apply_session)':<34} {heading}")
    for step, samples in applies.items():
        _say(
            f"{'':<34} {step:>6,} {step * SESSIONS:>9,} "
            f"{statistics.median(samples):>6.2f} ms {_p90(samples):>6.2f} ms"
        )
    first, last = (statistics.median(applies[step]) for step in (STEPS[0], STEPS[-1]))
    verdict = "flat" if last <= first * FLAT else "NOT flat"
    ratio = f"{last / first:.2f}x ({verdict}: at most {FLAT}x)"
    _say(f"  {STEPS[-1]:,} clubs against {STEPS[0]}: {ratio}")
    _say(
        f"one club's rebuild ({SESSIONS} sessions), in process: median "
        f"{statistics.median(club_rebuilds):.0f} ms of {len(club_rebuilds)}"
    )
    _say(f"full rebuild, {clubs:,} clubs, {sessions:,} sessions, {sessions * HANDS:,} hands:")
    one = statistics.median(rebuilds["1 worker"])
    for name, samples in rebuilds.items():
        median = statistics.median(samples)
        spread = ", ".join(f"{s / 1000:.1f}" for s in samples)
        against = f"  {one / median:.2f}x one worker" if name == "2 workers" else ""
        _say(f"  {name:<26} median {median / 1000:6.1f} s  (rounds: {spread} s){against}")


if __name__ == "__main__":
    sys.exit(main())
