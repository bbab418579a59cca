"""What the benches that measure a real server share: a free port, a private redis-server, the
server's environment, and gunicorn started with the deployment's settings
(deploy/gunicorn.conf.py), waited on until it answers /healthz."""

from __future__ import annotations

import http.client
import os
import shutil
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
START_SECONDS = 60.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_redis(folder: str) -> tuple[subprocess.Popen | None, str]:
    """A private redis-server, as the deployment has: the web process then only queues the
    standings update a hand starts, for a Celery worker (none here) to run. Without one,
    Celery runs it inside the request, and the hand's time includes it."""
    binary = shutil.which("redis-server")
    if binary is None:
        return None, ""
    port = free_port()
    server = subprocess.Popen(
        [
            binary,
            "--port",
            str(port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            folder,
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return server, f"redis://127.0.0.1:{port}/0"
        except OSError:
            time.sleep(0.1)
    server.terminate()
    return None, ""


def environment(database_url: str, redis_url: str, *, name: str) -> dict[str, str]:
    """The server's settings: production's (DEBUG off), on the bench's own database."""
    env = dict(os.environ)
    env.update(
        DATABASE_URL=database_url,
        SECRET_KEY=f"{name}-bench-" + uuid.uuid4().hex,
        ALLOWED_HOSTS="127.0.0.1",
        DEBUG="0",
        LOG_LEVEL="WARNING",
    )
    env.pop("REDIS_URL", None)
    if redis_url:
        env["REDIS_URL"] = redis_url
    return env


def migrate(env: dict[str, str]) -> None:
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
        cwd=ROOT,
        env=env,
        check=True,
    )


def collect_static(env: dict[str, str]) -> None:
    """The files WhiteNoise serves with DEBUG off (staticfiles/, ignored by git), as a
    deployment collects them: a page naming a file not collected is a server error."""
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v", "0"],
        cwd=ROOT,
        env=env,
        check=True,
    )


def _answers(port: int) -> bool:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        connection.request("GET", "/healthz")
        return connection.getresponse().status == 200
    finally:
        connection.close()


def start_gunicorn(
    env: dict[str, str],
    port: int,
    log: Path,
    *,
    app_dir: Path = ROOT,
    config: str = "",
    extra: Sequence[str] = (),
) -> subprocess.Popen:
    command = [
        str(Path(sys.executable).parent / "gunicorn"),
        "-c",
        config or str(ROOT / "deploy" / "gunicorn.conf.py"),
        "--chdir",
        str(app_dir),
        "--bind",
        f"127.0.0.1:{port}",
        "--access-logfile",
        os.devnull,
        *extra,
        "config.wsgi",
    ]
    print("server:", " ".join(command[1:]), flush=True)
    with log.open("w") as output:
        server = subprocess.Popen(
            command, env=env, stdout=output, stderr=subprocess.STDOUT, start_new_session=True
        )
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"gunicorn stopped at start:\n{log.read_text()}")
        try:
            if _answers(port):
                return server
        except OSError:
            time.sleep(0.2)
    server.terminate()
    raise SystemExit(f"gunicorn did not answer in {START_SECONDS:.0f} s:\n{log.read_text()}")
