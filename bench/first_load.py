"""`make bench BENCH=firstload`: the first visit to the session screen on a cheap phone.

Issue 21's row "first load of the session screen, slow 3G, CPU 4x slower, 360x740", as
deployed: `collectstatic` (WhiteNoise's hashed, compressed files) and gunicorn with
deploy/gunicorn.conf.py, DEBUG off, on a database of its own (a SQLite file in a temporary
folder, or FIRSTLOAD_DATABASE_URL) holding a session of 25 hands and its scorer's session
cookie (bench/first_load_seed.py). Debian's Chromium opens the screen at 360x740 in English,
Hindi and Tamil, each time as a phone that never saw the site, under Chromium's emulation of
"Slow 3G" (2 s of latency, 400 kbit/s) and a CPU four times slower; ROUNDS times each.

Printed per language (medians): the requests until the page's load event and the bytes they
brought (encoded, headers included), the fonts among them, whether the HTML came
compressed, and the times: first paint, every script run (DOMContentLoaded), loaded (the
load event: every script, style and font in, which is when the screen is interactive).
Target (issue 21): interactive under 4 s, and only the page's language's fonts.

FIRSTLOAD_APP_DIR serves the code of another folder (an older checkout, to measure before a
change), FIRSTLOAD_ROUNDS sets the rounds.
"""

from __future__ import annotations

import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import uuid
from pathlib import Path
from typing import Any

from . import server as servers

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = Path("/usr/bin/chromium")
LANGUAGES = ("en", "hi", "ta")
ROUNDS = int(os.environ.get("FIRSTLOAD_ROUNDS") or 3)
TARGET_SECONDS = 4.0
START_SECONDS = 60.0
# Chromium DevTools' "Slow 3G": 400 ms of latency times 5, 500 kbit/s times 0.8 each way.
SLOW_3G = {
    "offline": False,
    "latency": 2000,
    "downloadThroughput": 50_000,
    "uploadThroughput": 50_000,
}
CPU_SLOWDOWN = 4
PHONE = {"width": 360, "height": 740}
TIMES = """() => {
    const nav = performance.getEntriesByType("navigation")[0];
    const paint = performance.getEntriesByName("first-contentful-paint")[0];
    return {paint: paint ? paint.startTime : 0, scripts: nav.domContentLoadedEventEnd,
            loaded: nav.loadEventEnd};
}"""


def _environment(folder: str) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        DATABASE_URL=os.environ.get("FIRSTLOAD_DATABASE_URL")
        or f"sqlite:///{folder}/firstload.sqlite3",
        SECRET_KEY="firstload-bench-" + uuid.uuid4().hex,
        ALLOWED_HOSTS="127.0.0.1",
        DEBUG="0",
        LOG_LEVEL="WARNING",
    )
    env.pop("REDIS_URL", None)
    return env


def _prepare(app: Path, env: dict[str, str]) -> dict[str, str]:
    python = sys.executable
    for command in (["migrate", "--noinput"], ["collectstatic", "--noinput", "--clear"]):
        subprocess.run([python, "manage.py", *command, "-v", "0"], cwd=app, env=env, check=True)
    # Run as `-c` in the served folder, so that an older checkout seeds with its own code.
    seeded = subprocess.run(
        [python, "-c", (ROOT / "bench" / "first_load_seed.py").read_text()],
        cwd=app,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    return dict(json.loads(seeded.stdout.strip().splitlines()[-1]))


def _visit(browser: Any, site: str, seeded: dict[str, str], language: str) -> dict[str, Any]:
    """One first visit: a new phone, signed in and in `language` by its cookies alone."""
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True, locale=language
    )
    context.add_cookies(
        [
            {"name": "sessionid", "value": seeded["cookie"], "url": site + "/"},
            {"name": "django_language", "value": language, "url": site + "/"},
        ]
    )
    page = context.new_page()
    requests: list[Any] = []
    loaded: list[bool] = []
    page.on("load", lambda _: loaded.append(True))
    page.on("request", lambda request: None if loaded else requests.append(request))
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", SLOW_3G)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
    page.goto(site + seeded["path"], wait_until="load", timeout=180_000)
    times = page.evaluate(TIMES)
    total = 0
    fonts = []
    for request in requests:
        request.response()
        sizes = request.sizes()
        total += sizes["responseBodySize"] + sizes["responseHeadersSize"]
        if request.resource_type == "font":
            fonts.append(request.url.rsplit("/", 1)[1].split(".")[0])
    answer = requests[0].response()
    encoding = answer.header_value("content-encoding") if answer else None
    context.close()
    return {"requests": len(requests), "bytes": total, "fonts": fonts, "html": encoding, **times}


def _measure(site: str, seeded: dict[str, str]) -> bool:
    from playwright.sync_api import sync_playwright

    met = True
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=["--headless", "--no-sandbox", "--disable-gpu"]
        )
        for language in LANGUAGES:
            visits = [_visit(browser, site, seeded, language) for _ in range(ROUNDS)]
            loaded = statistics.median(v["loaded"] for v in visits) / 1000
            each = ", ".join(f"{v['loaded'] / 1000:.2f}" for v in visits)
            met = met and loaded < TARGET_SECONDS
            print(
                f"{language}: {statistics.median(v['requests'] for v in visits):.0f} requests,"
                f" {statistics.median(v['bytes'] for v in visits) / 1000:.0f} KB"
                f" (HTML {visits[0]['html'] or 'uncompressed'}; fonts:"
                f" {', '.join(visits[0]['fonts']) or 'none'});"
                f" first paint {statistics.median(v['paint'] for v in visits) / 1000:.2f} s,"
                f" scripts run {statistics.median(v['scripts'] for v in visits) / 1000:.2f} s,"
                f" loaded (interactive) {loaded:.2f} s"
                f" [{each}]",
                flush=True,
            )
        browser.close()
    return met


def main() -> int:
    if not CHROMIUM.is_file():
        print(f"The first-load bench needs Debian's Chromium at {CHROMIUM} (`make chromium`).")
        return 1
    app = Path(os.environ.get("FIRSTLOAD_APP_DIR") or ROOT)
    print(
        f"first visit to the session screen (25 hands), 360x740, slow 3G and CPU"
        f" {CPU_SLOWDOWN}x slower, gunicorn and collectstatic, median of {ROUNDS}; code: {app}",
        flush=True,
    )
    with tempfile.TemporaryDirectory(prefix="rummyclub-firstload-") as folder:
        env = _environment(folder)
        seeded = _prepare(app, env)
        port = servers.free_port()
        server = servers.start_gunicorn(env, port, Path(folder) / "gunicorn.log", app_dir=app)
        try:
            met = _measure(f"http://127.0.0.1:{port}", seeded)
        finally:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(timeout=30)
    print(f"target (interactive under {TARGET_SECONDS:.0f} s): {'met' if met else 'missed'}")
    return 0 if met else 1
