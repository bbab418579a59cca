"""`make bench` for leagues: standings and ratings over a season, on PostgreSQL.

A dedicated database (`rummyclub_bench` on 127.0.0.1:5432, or BENCH_DATABASE_URL) is created
and migrated if needed and seeded once (bench/league_seed.py): one club, 200 players, 20,000
finished sessions of four players over a year, 500,000 hands, and a league over that year.
Then, with Celery running tasks in process as it does without REDIS_URL:

- full rebuild: `rebuild_everything()`, what `manage.py rebuild_standings` runs;
- applying one hand: a new session of four of the 200 players (the latest in time), and,
  50 times, a hand recorded through `record_hand` (untimed) followed by a timed
  `apply_session` (what the Celery task runs);
- finishing a session: `apply_session` after `finish_session`, which rates it;
- for reference, a correction to a session half a year back, which re-rates every later
  session of its game;
- the standings and leaderboard endpoints, through Django's test client, anonymously on the
  public club, at the API's default page size and at 200 (the API gives 100 at most), and
  for reference the two HTML pages.

After the rebuilds the rewritten tables get VACUUM ANALYZE, as autovacuum would give them
on a server in use (a test server may run without autovacuum).

Targets (the leagues issue): rebuild under one minute, one hand applied in under 20 ms
(median), endpoints under 30 ms (median). Sessions a run adds are deleted at its end and
again at the start of the next (the first rebuild then repairs what they left).
"""

from __future__ import annotations

import math
import os
import statistics
import sys
import time
import uuid
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, TypeVar

import psycopg
from psycopg import sql
from psycopg.conninfo import conninfo_to_dict

if TYPE_CHECKING:  # the seed module needs Django set up first
    from bench.league_seed import Seeded

T = TypeVar("T")

DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/rummyclub_bench"
REPEATS = 50
WARMUP = 5
REBUILDS = max(1, int(os.environ.get("BENCH_REBUILDS", "2")))
FINISHES = 10
HANDS_BEFORE_FINISH = 5
CORRECTIONS = 3
TARGET_REBUILD_MS = 60_000.0
TARGET_APPLY_MS = 20.0
TARGET_ENDPOINT_MS = 30.0


@dataclass
class Figure:
    name: str
    samples: list[float]  # milliseconds
    target_ms: float | None = None
    unit: str = "ms"
    note: str = ""

    @property
    def median(self) -> float:
        return statistics.median(self.samples)

    @property
    def p90(self) -> float:
        ordered = sorted(self.samples)
        return ordered[max(0, math.ceil(len(ordered) * 0.9) - 1)]

    @property
    def met(self) -> bool | None:
        return None if self.target_ms is None else self.median < self.target_ms


def main() -> int:
    url = os.environ.get("BENCH_DATABASE_URL", DEFAULT_URL)
    problem = _ensure_database(url)
    if problem:
        print(problem)
        return 2
    _configure_django(url)
    return _run(database=str(conninfo_to_dict(url).get("dbname", "?")))


def _ensure_database(url: str) -> str | None:
    """Create the bench database if it is missing; a sentence saying what to do if the
    server cannot be reached."""
    params = conninfo_to_dict(url)
    name = str(params.get("dbname") or "")
    where = f"{params.get('host', 'localhost')}:{params.get('port', '5432')}"
    if not name:
        return f"BENCH_DATABASE_URL ({url}) names no database; end it with /rummyclub_bench."
    try:
        with psycopg.connect(url, dbname="postgres", autocommit=True, connect_timeout=5) as conn:
            exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name])
            if exists.fetchone() is None:
                conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    except psycopg.OperationalError as exc:
        # libpq's first line ends with the cause: "... failed: Connection refused".
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        reason = first.rsplit(": ", 1)[-1].strip()
        if "FATAL" in str(exc):  # the server answered: the URL's user or rights are wrong
            return (
                f"PostgreSQL at {where} refused the league bench ({reason}): set "
                f"BENCH_DATABASE_URL to a user that may create databases."
            )
        return (
            f"The league bench needs PostgreSQL at {where} and cannot reach it ({reason}): "
            f"start it ({_how_to_start()}) or point BENCH_DATABASE_URL at a running server, "
            f"then run `make bench` again."
        )
    return None


def _how_to_start() -> str:
    """Debian's command for the installed cluster, as .ci/run uses it."""
    try:
        versions = sorted(os.listdir("/etc/postgresql"))
    except OSError:
        versions = []
    if versions:
        return f"`sudo pg_ctlcluster {versions[-1]} main start`"
    return "for example `sudo service postgresql start`"


def _configure_django(url: str) -> None:
    """This process only: Django on the bench database, tasks in process, no debug."""
    os.environ["DATABASE_URL"] = url
    os.environ.pop("REDIS_URL", None)  # no broker: Celery runs tasks eagerly
    os.environ["DEBUG"] = "0"  # no query log kept in memory
    os.environ["ALLOWED_HOSTS"] = "testserver"  # the test client's host
    os.environ.setdefault("SECRET_KEY", "bench-only-secret-key-never-deployed")
    # Hundreds of anonymous requests a minute: the throttle still runs, but never refuses.
    os.environ["API_ANON_RATE"] = "1000000/minute"
    os.environ["API_USER_RATE"] = "1000000/minute"
    os.environ.setdefault("LOG_LEVEL", "WARNING")
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"
    # WhiteNoise warns that `collectstatic` has not run; the bench serves no static file.
    warnings.filterwarnings("ignore", message="No directory at", module="django.core.handlers")
    import django

    django.setup()
    from django.test.utils import override_settings

    # Pages link plain static names, as under DEBUG: the bench needs no `collectstatic`.
    override_settings(
        STORAGES={
            "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
            "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
        }
    ).enable()


def _say(message: str) -> None:
    print(message, flush=True)


def _run(*, database: str) -> int:
    from django.core.management import call_command

    from bench.league_seed import (
        HANDS_PER_SESSION,
        PLAYERS,
        SESSIONS,
        NotABenchDatabase,
        ensure_seeded,
    )

    _say(f"League bench on PostgreSQL database {database}")
    call_command("migrate", interactive=False, verbosity=0)
    try:
        seeded = ensure_seeded(log=_say, force=os.environ.get("BENCH_RESEED") == "1")
    except NotABenchDatabase as exc:
        print(exc)
        return 2
    if seeded.seconds is None:
        _say("  reusing the seeded data of an earlier run")
    else:
        _say(f"  seeding took {seeded.seconds:.1f} s")
    _remove_added_sessions(seeded)
    _keep_league_open(seeded)

    figures: list[Figure] = []
    try:
        figures.append(_rebuild())
        figures += _endpoints(seeded)
        figures += _incremental(seeded)
    finally:
        _remove_added_sessions(seeded)
    _say("")
    _say(
        f"{PLAYERS} players, {SESSIONS:,} sessions, {SESSIONS * HANDS_PER_SESSION:,} hands; "
        f"medians, 90th percentiles and maxima over the repeats"
    )
    _print_table(figures)
    return 0


def _remove_added_sessions(seeded: Seeded) -> None:
    """Sessions a bench run added (above the seeded ids) go; their results and rating
    changes go with them, and the next rebuild repairs standings and ratings."""
    from scoring.models import GameSession

    GameSession.objects.filter(club_id=seeded.club_id, pk__gt=seeded.last_session_id).delete()


def _keep_league_open(seeded: Seeded) -> None:
    """A seed more than a year old: the league still has to count today's sessions."""
    from django.utils import timezone

    from bench.league_seed import league_end
    from leagues.models import League

    today = timezone.now().date()
    League.objects.filter(pk=seeded.league_id, ends_on__lt=today).update(ends_on=league_end(today))


def _timed(call: Callable[[], T]) -> tuple[float, T]:
    started = time.perf_counter()
    result = call()
    return (time.perf_counter() - started) * 1000, result


def _rebuild() -> Figure:
    from leagues.services.updates import rebuild_everything

    samples = []
    for n in range(1, REBUILDS + 1):
        elapsed, counts = _timed(rebuild_everything)
        samples.append(elapsed)
        _say(
            f"  full rebuild {n}/{REBUILDS}: {elapsed / 1000:.1f} s "
            f"({counts['sessions']:,} sessions, {counts['leagues']} league, "
            f"{counts['rating_pools']} rating pools)"
        )
    _vacuum_analyze()
    return Figure(
        "full rebuild (rebuild_everything)", samples, target_ms=TARGET_REBUILD_MS, unit="s"
    )


def _vacuum_analyze() -> None:
    """What autovacuum does within a minute of a rebuild on a server that runs it: without
    it the rewritten tables keep their dead rows and stale planner statistics, and the
    standings queries pick plans several times slower. (autovacuum may be off on a test
    server; the bench does not rely on it.)"""
    from django.db import connection

    from leagues.models import Rating, RatingChange, SessionResult, Standing

    tables = [m._meta.db_table for m in (SessionResult, Standing, Rating, RatingChange)]
    started = time.perf_counter()
    with connection.cursor() as cursor:
        cursor.execute(f"VACUUM ANALYZE {', '.join(tables)}")
    _say(f"  VACUUM ANALYZE of the rebuilt tables: {time.perf_counter() - started:.1f} s")


def _endpoints(seeded: Seeded) -> list[Figure]:
    """The API's standings and leaderboard at two page sizes, and the pages showing them."""
    from django.test import Client
    from django.urls import reverse

    from clubs.models import Club
    from leagues.models import League

    club = Club.objects.get(pk=seeded.club_id)
    league = League.objects.get(pk=seeded.league_id)
    client = Client()  # anonymous: the bench club is public
    standings = reverse(
        "api-league-standings", kwargs={"slug": club.slug, "league_slug": league.slug}
    )
    board = reverse("api-leaderboard", kwargs={"slug": club.slug, "variant": "indian13"})
    figures = []
    for label, url in (("standings", standings), ("leaderboard indian13", board)):
        for page_label, params in (("default page", {}), ("page_size=200", {"page_size": 200})):
            samples, rows = _get_many(client, url, params)
            note = f"{rows} rows"
            if params.get("page_size", 0) > rows:
                note += ": the API's largest page"
            figures.append(
                Figure(
                    f"GET API {label}, {page_label}",
                    samples,
                    target_ms=TARGET_ENDPOINT_MS,
                    note=note,
                )
            )
    pages: tuple[tuple[str, str, dict[str, str]], ...] = (
        ("league table", reverse("league-detail", args=[club.slug, league.slug]), {}),
        ("leaderboard", reverse("leaderboard", args=[club.slug]), {"variant": "indian13"}),
    )
    for label, url, query in pages:
        samples, _ = _get_many(client, url, query)
        figures.append(Figure(f"GET page: {label} (HTML)", samples, note="for reference"))
    for figure in figures:
        _say(f"  {figure.name}: median {figure.median:.1f} ms")
    return figures


def _get_many(client, url: str, params: dict) -> tuple[list[float], int]:
    def get():
        response = client.get(url, params)
        if response.status_code != 200:
            raise SystemExit(f"GET {url} {params} answered {response.status_code}")
        return response

    for _ in range(WARMUP):
        get()
    samples = []
    for _ in range(REPEATS):  # at least once: `response` is the last answer
        elapsed, response = _timed(get)
        samples.append(elapsed)
    if not response["Content-Type"].startswith("application/json"):
        return samples, 0
    return samples, len(response.json()["results"])


def _incremental(seeded: Seeded) -> list[Figure]:
    """Hands recorded in a new session, each followed by the update the task would run."""
    import random
    from datetime import timedelta

    from django.contrib.auth.models import User
    from django.core.cache import cache
    from django.utils import timezone

    from bench.league_seed import random_entry
    from clubs.models import Club, Player
    from leagues.services.updates import apply_session, queued_key
    from scoring.models import Ending, GameSession
    from scoring.services.hands import correct_hand, record_hand
    from scoring.services.sessions import finish_session, start_session

    rng = random.Random(7)
    club = Club.objects.get(pk=seeded.club_id)
    owner = User.objects.get(pk=seeded.owner_id)
    players = list(Player.objects.filter(club=club).values_list("pk", flat=True))

    def new_session() -> GameSession:
        session, _ = start_session(
            club=club,
            variant="indian13",
            options={},
            player_ids=rng.sample(players, 4),
            first_dealer=0,
            ending=Ending.OPEN,
            ending_target=None,
            stake_per_point=0,
            user=owner,
        )
        return session

    def record(session: GameSession) -> float:
        # A task already queued for the session: the hand's commit queues no other, so the
        # update runs where it is timed, not inside record_hand (Celery is eager here).
        cache.add(queued_key(session.pk), 1, timeout=3600)
        entry = random_entry("indian13", rng, wild="5H")
        elapsed, _ = _timed(
            lambda: record_hand(
                session_id=session.pk,
                entry=entry,
                client_key=uuid.uuid4(),
                revision=session.revision,
                user=owner,
            )
        )
        session.refresh_from_db(fields=["revision"])
        return elapsed

    def apply(session: GameSession) -> float:
        elapsed, applied = _timed(lambda: apply_session(session.pk))
        if not applied:
            raise SystemExit(f"session {session.pk} had no pending update to apply")
        return elapsed

    recording, applying = [], []
    session = new_session()
    for _ in range(REPEATS):
        recording.append(record(session))
        applying.append(apply(session))
    _say(f"  applying one hand: median {statistics.median(applying):.1f} ms")

    finishing, finish_apply = [], []
    sessions = [session] + [new_session() for _ in range(FINISHES - 1)]
    for other in sessions[1:]:
        for _ in range(HANDS_BEFORE_FINISH):
            record(other)
            apply(other)
    for each in sessions:
        cache.add(queued_key(each.pk), 1, timeout=3600)
        elapsed, _ = _timed(partial(finish_session, session_id=each.pk, revision=each.revision))
        finishing.append(elapsed)
        finish_apply.append(apply(each))
    _say(f"  applying a finished session: median {statistics.median(finish_apply):.1f} ms")

    # A correction to a session played half a year ago re-rates every later session of its
    # game: a finished bench session is moved back in time, then one of its hands corrected.
    correcting, later = [], 0
    for each in sessions[:CORRECTIONS]:
        back = timezone.now() - timedelta(days=182)
        GameSession.objects.filter(pk=each.pk).update(
            started_at=back, finished_at=back + timedelta(hours=2)
        )
        each.refresh_from_db()
        later = GameSession.objects.filter(
            club=club, variant=each.variant, finished_at__gt=each.finished_at
        ).count()
        cache.add(queued_key(each.pk), 1, timeout=3600)
        correct_hand(
            session_id=each.pk,
            number=1,
            entry=random_entry("indian13", rng, wild="5H"),
            client_key=uuid.uuid4(),
            revision=each.revision,
            user=owner,
            reason="Bench: a correction months later",
        )
        correcting.append(apply(each))
    _say(f"  applying a correction 6 months back: median {statistics.median(correcting):.0f} ms")
    return [
        Figure("record_hand (the scorer's save, no update)", recording, note="for reference"),
        Figure("apply_session after one hand", applying, target_ms=TARGET_APPLY_MS),
        Figure("finish_session (no update)", finishing, note="for reference"),
        Figure(
            "apply_session after finishing (rates it)",
            finish_apply,
            target_ms=TARGET_APPLY_MS,
            note="same target as a hand",
        ),
        Figure(
            "apply_session, correction 6 months back",
            correcting,
            note=f"for reference: re-rates {later:,} later sessions",
        ),
    ]


def _print_table(figures: list[Figure]) -> None:
    print(f"{'measure':<46} {'n':>3} {'median':>9} {'p90':>9} {'max':>9} {'target':>9}  verdict")
    for figure in figures:
        scale = 1000 if figure.unit == "s" else 1

        def shown(ms: float, figure=figure, scale=scale) -> str:
            return f"{ms / scale:.1f} {figure.unit}" if scale > 1 else f"{ms:.2f} ms"

        target = f"< {shown(figure.target_ms)}" if figure.target_ms else "-"
        verdict = {True: "met", False: "MISSED", None: ""}[figure.met]
        if figure.note:
            verdict = f"{verdict} ({figure.note})" if verdict else figure.note
        print(
            f"{figure.name:<46} {len(figure.samples):>3} {shown(figure.median):>9} "
            f"{shown(figure.p90):>9} {shown(max(figure.samples)):>9} {target:>9}  {verdict}"
        )
    print()
    for figure in figures:
        if figure.target_ms is None:
            continue
        scale = 1000 if figure.unit == "s" else 1
        median, goal = figure.median / scale, figure.target_ms / scale
        word = "met" if figure.met else "MISSED"
        print(
            f"{figure.name}: median {median:.1f} {figure.unit} against a target under "
            f"{goal:g} {figure.unit}: {word}."
        )


if __name__ == "__main__":
    sys.exit(main())
