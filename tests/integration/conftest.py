"""What the integration tests share: real services, or a clear failure in CI.

These tests start real processes (a Celery worker, a web server, a private redis-server)
against the test database, so they need a PostgreSQL DATABASE_URL: the other processes must
see what the test wrote. In CI (CI=true) a missing service fails the test; elsewhere the test
says it was not run.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from django.db import connection

IN_CI = os.environ.get("CI", "").lower() == "true"
PROJECT = str(Path(__file__).resolve().parents[2])
TEST_SECRET_KEY = "tests-only-insecure-key-" + "x" * 40


def require(missing: list[str], what: str) -> None:
    """Fail in CI, skip elsewhere, when a service the test needs is missing."""
    if not missing:
        return
    message = f"{what} needs {', '.join(missing)} (see .ci/run)"
    if IN_CI:
        pytest.fail(message, pytrace=False)
    pytest.skip(message)


def missing_postgresql(*env_names: str) -> list[str]:
    missing = [name for name in ("DATABASE_URL", *env_names) if not os.environ.get(name)]
    if connection.vendor != "postgresql":
        missing.append("a PostgreSQL DATABASE_URL")
    return missing


def database_url() -> str:
    """The test database, as a URL another process can use."""
    s = connection.settings_dict
    password = f":{s['PASSWORD']}" if s.get("PASSWORD") else ""
    host = f"{s['HOST'] or '127.0.0.1'}:{s['PORT'] or 5432}"
    return f"postgres://{s['USER']}{password}@{host}/{s['NAME']}"


def process_env(**extra: str) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        DATABASE_URL=database_url(),
        SECRET_KEY=env.get("SECRET_KEY") or TEST_SECRET_KEY,
    )
    env.update(extra)
    return env


def worker_command(queue: str | None = None, name: str | None = None) -> list[str]:
    """A Celery worker of this project; with `queue`, consuming only that queue; `name`
    tells two workers of one test apart."""
    return [
        sys.executable,
        "-m",
        "celery",
        "-A",
        "config",
        "worker",
        "--pool",
        "solo",
        *(["-Q", queue] if queue else []),
        *(["-n", f"{name}@%h"] if name else []),
        "--without-gossip",
        "--without-mingle",
        "--without-heartbeat",
        "--loglevel",
        "INFO",
    ]


@pytest.fixture
def spawn(tmp_path) -> Iterator[Callable[..., subprocess.Popen]]:
    """Start a process of the project; each is stopped after the test, its log printed."""
    started: list[tuple[subprocess.Popen, Path]] = []

    def start(command: list[str], env: dict[str, str], name: str) -> subprocess.Popen:
        log_path = tmp_path / f"{name}-{len(started)}.log"
        with open(log_path, "w") as log:
            # A file, not a pipe: a pipe nobody reads fills up and stops the process.
            process = subprocess.Popen(
                command, cwd=PROJECT, env=env, stdout=log, stderr=subprocess.STDOUT
            )
        started.append((process, log_path))
        return process

    yield start
    for process, log_path in started:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        # Shown when the test fails.
        print(f"--- {log_path.name} ---\n{log_path.read_text()[-4000:]}")


@pytest.fixture
def queue() -> Iterator[str]:
    """A queue of this test's own, so no message left by another test reaches its worker."""
    from config.celery import app

    name = f"tests-{uuid.uuid4().hex[:8]}"
    routes = app.conf.task_routes
    # Every task this process sends (by name pattern). conf.update (not plain assignment)
    # makes Celery drop the router it has cached.
    app.conf.update(task_routes={"*": {"queue": name}})
    yield name
    app.conf.update(task_routes=routes)


@pytest.fixture
def start_worker(queue: str, spawn) -> Callable[..., subprocess.Popen]:
    """Start a worker on the test's queue; each call one more (named worker1, worker2...)."""
    count = 0

    def start(**extra_env: str) -> subprocess.Popen:
        nonlocal count
        count += 1
        env = process_env(
            **{"STANDINGS_DELAY_SECONDS": "0", "STANDINGS_STALE_SECONDS": "1", **extra_env}
        )
        return spawn(worker_command(queue, f"worker{count}"), env, "worker")

    return start


def wait_for(condition: Callable[[], bool], what: str, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.2)
    pytest.fail(f"Timed out after {timeout:.0f} s waiting for {what}.", pytrace=False)
