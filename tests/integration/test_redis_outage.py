"""Redis goes away for 20 s while the club plays: nothing saved says otherwise, nothing is
doubled, the worker lives through it and the standings catch up once Redis is back.

Everything is real and separate: a private redis-server on a free port (the machine's own
Redis is never touched), the web app under gunicorn, a Celery worker, and PostgreSQL (the
test database, which the other processes must see). Hands are posted over HTTP through the
API (a token) and through the web form (a session cookie and its CSRF token).
"""

from __future__ import annotations

import http.cookiejar
import json
import shutil
import socket
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections.abc import Callable
from datetime import date

import pytest
from django.test import Client
from rest_framework.authtoken.models import Token

from leagues.models import PendingUpdate, SessionResult
from leagues.services.setup import create_league
from leagues.services.updates import rebuild_everything
from scoring.models import Hand
from tests.factories import make_club, make_session
from tests.integration.conftest import (
    missing_postgresql,
    process_env,
    require,
    wait_for,
    worker_command,
)
from tests.leagues.helpers import derived_state
from tests.scoring.factories import scorer_of

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

OUTAGE_SECONDS = 20


@pytest.fixture(autouse=True)
def real_services() -> None:
    missing = missing_postgresql()
    if shutil.which("redis-server") is None:
        missing.append("redis-server")
    require(missing, "the Redis outage test")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Web:
    """A scorer's two ways in, over HTTP: the API with a token, the web form with a cookie."""

    def __init__(self, base: str, token: str, sessionid: str) -> None:
        self.base = base
        self.token = token
        jar = http.cookiejar.CookieJar()
        jar.set_cookie(_cookie("sessionid", sessionid))
        self.jar = jar
        self.browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))

    def get(self, path: str) -> int:
        return _status(lambda: self.browser.open(self.base + path, timeout=10))

    def api_hand(self, session) -> int:
        body = {
            "client_key": str(uuid.uuid4()),
            "seats": [
                {"position": 0, "result": "won"},
                {"position": 1, "result": "lost", "penalty": 10},
                {"position": 2, "result": "lost", "penalty": 20},
            ],
        }
        request = urllib.request.Request(
            f"{self.base}/api/v1/clubs/{session.club.slug}/sessions/{session.pk}/hands/",
            data=json.dumps(body).encode(),
            headers={"Authorization": f"Token {self.token}", "Content-Type": "application/json"},
            method="POST",
        )
        return _status(lambda: urllib.request.urlopen(request, timeout=10))

    def form_hand(self, session) -> int:
        session.refresh_from_db()
        csrf = next(cookie.value for cookie in self.jar if cookie.name == "csrftoken")
        form = {
            "csrfmiddlewaretoken": csrf,
            "client_key": str(uuid.uuid4()),
            "revision": str(session.revision),
            "s0-how": "won",
            "s1-points": "5",
            "s2-points": "15",
        }
        url = f"{self.base}/clubs/{session.club.slug}/sessions/{session.pk}/hands/"
        data = urllib.parse.urlencode(form).encode()
        return _status(lambda: self.browser.open(url, data=data, timeout=10))


def _cookie(name: str, value: str) -> http.cookiejar.Cookie:
    return http.cookiejar.Cookie(
        0, name, value, None, False, "127.0.0.1", False, False, "/", True, False, None, True,
        None, None, {},
    )  # fmt: skip


def _status(call: Callable[[], object]) -> int:
    try:
        response = call()
    except urllib.error.HTTPError as error:
        return error.code
    return response.status  # type: ignore[attr-defined]


def test_a_redis_outage_loses_nothing_doubles_nothing_and_the_standings_catch_up(spawn) -> None:
    club = make_club("Hill Club")
    create_league(club=club, name="Season", starts_on=date(2026, 1, 1), ends_on=date(2026, 12, 31))
    session = make_session(club)  # Asha, Bala, Chitra
    scorer = scorer_of(club)
    token = Token.objects.create(user=scorer).key
    browser = Client()
    browser.force_login(scorer)

    redis_port, web_port = _free_port(), _free_port()
    redis_command = [
        "redis-server", "--port", str(redis_port), "--bind", "127.0.0.1",
        "--save", "", "--appendonly", "no",
    ]  # fmt: skip
    redis = spawn(redis_command, process_env(), "redis")
    redis_url = f"redis://127.0.0.1:{redis_port}/0"
    # The web app queues each update 3 s after its hand, so the worker is holding one when
    # Redis goes: the moment a worker used to die of an outage.
    # DEBUG only so that pages name their static files without a `collectstatic` first.
    env = process_env(
        REDIS_URL=redis_url,
        ALLOWED_HOSTS="127.0.0.1",
        STANDINGS_DELAY_SECONDS="3",
        DEBUG="true",
    )
    spawn(
        [sys.executable, "-m", "gunicorn", "config.wsgi", "--bind", f"127.0.0.1:{web_port}",
         "--workers", "2", "--timeout", "30"],
        env,
        "gunicorn",
    )  # fmt: skip
    worker = spawn(worker_command(), env, "worker")
    web = Web(f"http://127.0.0.1:{web_port}", token, browser.cookies["sessionid"].value)
    wait_for(lambda: _answers(web), "the web server to start")
    session_page = f"/clubs/{club.slug}/sessions/{session.pk}/"
    assert web.get(session_page) == 200  # and it sets the CSRF cookie

    # A hand posted answers 201 (the API) or 200 (the form, once its redirect is followed).
    hands = [web.api_hand(session)]
    wait_for(lambda: not PendingUpdate.objects.exists(), "the worker to apply the first hand")
    hands.append(web.form_hand(session))  # queued: the worker holds it for 3 s
    pages = []

    redis.terminate()
    redis.wait(timeout=10)
    outage_ends = time.monotonic() + OUTAGE_SECONDS
    while time.monotonic() < outage_ends:
        hands.append(web.api_hand(session))
        hands.append(web.form_hand(session))
        pages.append(web.get(session_page))
        time.sleep(0.5)
    spawn(redis_command, process_env(), "redis")

    assert [status for status in hands + pages if status >= 500] == []
    assert set(hands) == {200, 201} and set(pages) == {200}, (hands, pages)
    stored = Hand.objects.filter(session=session).count()
    assert stored == len(hands)  # every hand stored, none twice
    assert worker.poll() is None, "the worker died while Redis was away"

    wait_for(
        lambda: not PendingUpdate.objects.exists(),
        "the standings to catch up after Redis came back",
        timeout=60,
    )
    assert worker.poll() is None
    # Asha won every hand: the results hold every stored hand, each once.
    asha = SessionResult.objects.get(session=session, player__name="Asha")
    assert asha.hands_played == stored
    applied = derived_state()
    rebuild_everything()
    assert derived_state() == applied


def _answers(web: Web) -> bool:
    try:
        return web.get("/healthz") == 200
    except OSError:
        return False
