"""The league benchmark's data: one club, 200 players, 20,000 sessions, 500,000 hands.

Hands carry real engine ledgers: a pool of a few thousand distinct hands is scored once by
`scoring.rules.score_hand` (typed penalties, value-card bonuses, packs, a few void hands) and
reused at random. Sessions, seats, hands and hand versions go in with PostgreSQL COPY:
through the services it would take hours. Everything is drawn from a seeded random, so two
seedings give the same sessions on the same days relative to the day of seeding.

A marker row (`bench_seed`) records the seed version and what was inserted; a database that
still matches it is reused, so only the first `make bench` pays for seeding.
"""

from __future__ import annotations

import json
import random
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import date, datetime, timedelta
from typing import Any

from django.contrib.auth.models import User
from django.db import connection, transaction
from django.db.models import Field, Model
from django.utils import timezone

from clubs.models import Club, Player
from clubs.services import create_club
from leagues.models import Basis, League, TieBreaker
from leagues.services.setup import create_league
from scoring.hand_entry import HandEntry, SeatEntry, ledger_by_position
from scoring.models import Ending, GameSession, Hand, HandStatus, HandVersion, Seat, SessionStatus
from scoring.rotation import dealer_for
from scoring.rules import RulesError, score_hand

# Bump when what is seeded changes: an older bench database is then seeded again.
SEED_VERSION = 1
RANDOM_SEED = 20261122
PLAYERS = 200
SESSIONS = 20_000
SEATS = 4
HANDS_PER_SESSION = 25
POOL_PER_VARIANT = 2_000
VARIANTS = ("indian13", "indian21")
DAYS = 365
MAX_PENALTY = {"indian13": 80, "indian21": 120}
CLUB_NAME = "Bench League Club"
OWNER = "bench-owner"
MARKER_TABLE = "bench_seed"


@dataclass(frozen=True)
class Seeded:
    club_id: int
    league_id: int
    owner_id: int
    last_session_id: int  # sessions above this id were added by a bench run
    seconds: float | None  # how long seeding took; None when an earlier seed was reused


@dataclass(frozen=True)
class PoolHand:
    entry: str  # HandEntry.as_json() as JSON text
    ledger: str  # the engine's ledger by seat position, as JSON text
    status: str


class NotABenchDatabase(Exception):
    """The database holds clubs the bench did not seed: it is never wiped."""


def ensure_seeded(*, log: Callable[[str], None] = print, force: bool = False) -> Seeded:
    """The seeded club and league, seeding (after wiping the bench's tables) if needed."""
    _create_marker_table()
    seeded = None if force else _reusable()
    if seeded is not None:
        return seeded
    if Club.objects.exists() and not _has_marker_rows():
        raise NotABenchDatabase(
            "The bench database already holds clubs the bench did not seed; point "
            "BENCH_DATABASE_URL at a database of its own."
        )
    log(
        f"Seeding the bench database: {PLAYERS} players, {SESSIONS:,} sessions, "
        f"{SESSIONS * HANDS_PER_SESSION:,} hands (once; later runs reuse it) ..."
    )
    started = time.perf_counter()
    with transaction.atomic():
        _wipe()
        seeded = _seed(log)
    _analyze()
    seconds = time.perf_counter() - started
    with connection.cursor() as cursor:
        cursor.execute(f"UPDATE {MARKER_TABLE} SET seconds = %s", [seconds])
    return replace(seeded, seconds=seconds)


def _create_marker_table() -> None:
    with connection.cursor() as cursor:
        cursor.execute(
            f"""CREATE TABLE IF NOT EXISTS {MARKER_TABLE} (
                version integer NOT NULL,
                club_id bigint NOT NULL,
                league_id bigint NOT NULL,
                owner_id bigint NOT NULL,
                last_session_id bigint NOT NULL,
                sessions integer NOT NULL,
                hands integer NOT NULL,
                seeded_at timestamptz NOT NULL,
                seconds double precision
            )"""
        )


def _has_marker_rows() -> bool:
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT count(*) FROM {MARKER_TABLE}")
        return cursor.fetchone()[0] > 0


def _reusable() -> Seeded | None:
    """The earlier seed, if it is this version and every seeded row is still there."""
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT version, club_id, league_id, owner_id, last_session_id, sessions, hands "
            f"FROM {MARKER_TABLE}"
        )
        rows = cursor.fetchall()
    if len(rows) != 1:
        return None
    version, club_id, league_id, owner_id, last_id, sessions, hands = rows[0]
    if version != SEED_VERSION:
        return None
    seeded_sessions = GameSession.objects.filter(club_id=club_id, pk__lte=last_id)
    if (
        not League.objects.filter(pk=league_id, club_id=club_id).exists()
        or Player.objects.filter(club_id=club_id).count() != PLAYERS
        or seeded_sessions.count() != sessions
        or Hand.objects.filter(session__club_id=club_id, session_id__lte=last_id).count() != hands
    ):
        return None
    return Seeded(club_id, league_id, owner_id, last_id, seconds=None)


def _wipe() -> None:
    """Empty the bench database's tables: clubs and users, and everything hanging off them."""
    tables = [Club._meta.db_table, User._meta.db_table, MARKER_TABLE]
    with connection.cursor() as cursor:
        cursor.execute(f"TRUNCATE {', '.join(tables)} RESTART IDENTITY CASCADE")


def _seed(log: Callable[[str], None]) -> Seeded:
    rng = random.Random(RANDOM_SEED)
    owner = User.objects.create_user(OWNER)
    club = create_club(name=CLUB_NAME, owner=owner, is_public=True)
    Player.objects.bulk_create(Player(club=club, name=f"Guest {n:03d}") for n in range(1, PLAYERS))
    player_ids = list(Player.objects.filter(club=club).order_by("pk").values_list("pk", flat=True))

    step = time.perf_counter()
    pool = {variant: hand_pool(variant, rng) for variant in VARIANTS}
    log(
        f"  scored a pool of {sum(len(p) for p in pool.values()):,} distinct hands with the "
        f"engine in {time.perf_counter() - step:.1f} s"
    )

    today = timezone.now().replace(minute=0, second=0, microsecond=0)
    year_start = today - timedelta(days=DAYS)
    starts = sorted(
        year_start + timedelta(minutes=rng.randrange((DAYS * 24 - 4) * 60)) for _ in range(SESSIONS)
    )
    step = time.perf_counter()
    first_id = _next_id(GameSession)
    counts = _copy_sessions(
        rng, club=club, owner=owner, starts=starts, players=player_ids, pool=pool, first=first_id
    )
    log(
        f"  copied {counts['sessions']:,} sessions, {counts['seats']:,} seats, "
        f"{counts['hands']:,} hands and their versions in {time.perf_counter() - step:.1f} s"
    )
    league = create_league(
        club=club,
        name="Bench season",
        starts_on=year_start.date(),
        ends_on=league_end(today.date()),
        basis=Basis.POINTS,
        tie_breakers=[TieBreaker.WINS, TieBreaker.AVERAGE, TieBreaker.HEAD_TO_HEAD],
    )
    last_id = first_id + SESSIONS - 1
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {MARKER_TABLE} (version, club_id, league_id, owner_id, "
            f"last_session_id, sessions, hands, seeded_at) VALUES (%s, %s, %s, %s, %s, %s, "
            f"%s, now())",
            [SEED_VERSION, club.pk, league.pk, owner.pk, last_id, SESSIONS, counts["hands"]],
        )
    return Seeded(club.pk, league.pk, owner.pk, last_id, seconds=None)


def league_end(today: date) -> date:
    """The season runs on past the seeding day, so sessions a bench run adds still count."""
    return today + timedelta(days=DAYS)


def hand_pool(variant: str, rng: random.Random) -> list[PoolHand]:
    """Distinct hands of four seats, each scored by the engine as a scorer would enter it."""
    names = {pos: f"Seat {pos + 1}" for pos in range(SEATS)}
    deck = [rank + suit for rank in "A 2 3 4 5 6 7 8 9 10 J Q K".split() for suit in "SHDC"]
    pool: list[PoolHand] = []
    while len(pool) < POOL_PER_VARIANT:
        entry = random_entry(variant, rng, wild=rng.choice(deck))
        try:
            ledger = score_hand(
                entry.engine_game(variant=variant, options={}),
                entry.engine_players(names),
                void=entry.void,
                depleted=entry.depleted,
            )
        except RulesError as error:
            raise SystemExit(f"the engine refused a bench hand: {error.message}") from None
        pool.append(
            PoolHand(
                entry=json.dumps(entry.as_json()),
                ledger=json.dumps(ledger_by_position(ledger, names)),
                status=HandStatus.VOID if entry.void else HandStatus.PLAYED,
            )
        )
    return pool


def random_entry(variant: str, rng: random.Random, *, wild: str) -> HandEntry:
    winner = rng.randrange(SEATS)
    seats = []
    for pos in range(SEATS):
        bonus = _bonus(variant, rng)
        if pos == winner:
            seats.append(SeatEntry(position=pos, result="won", bonus=bonus))
            continue
        roll = rng.random()
        if roll < 0.12:
            seats.append(SeatEntry(position=pos, result="dropped", drop="first"))
        elif roll < 0.2:
            seats.append(SeatEntry(position=pos, result="dropped", drop="later"))
        else:
            penalty = rng.randint(2, MAX_PENALTY[variant])
            seats.append(SeatEntry(position=pos, result="lost", penalty=penalty, bonus=bonus))
    return HandEntry(seats=tuple(seats), wild=wild, void=rng.random() < 0.01)


def _bonus(variant: str, rng: random.Random) -> int | None:
    """indian21 pays value-card bonuses; indian13 has none to type."""
    if variant == "indian21" and rng.random() < 0.15:
        return rng.choice((5, 10, 15, 20, 30))
    return None


def _next_id(model: type[Model]) -> int:
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT coalesce(max(id), 0) + 1 FROM {model._meta.db_table}")
        return cursor.fetchone()[0]


def _column(model: type[Model], name: str) -> str:
    field = model._meta.get_field(name)
    assert isinstance(field, Field) and field.column  # a concrete field: it has a column
    return field.column


def _columns(model: type[Model], names: list[str]) -> str:
    columns = [_column(model, name) for name in [*names, *_unlisted_defaults(model, names)]]
    return f"COPY {model._meta.db_table} ({', '.join(columns)}) FROM STDIN"


def _unlisted_defaults(model: type[Model], names: list[str]) -> dict[str, Any]:
    """The model's NOT NULL fields the bench does not list, with their defaults: Django
    keeps defaults in Python, not in the table, so COPY must write them (a field added to a
    model later then needs no change here)."""
    return {
        field.name: field.get_default()
        for field in model._meta.concrete_fields
        if field.name not in names and not field.null and field.has_default()
    }


def _copy_sessions(
    rng: random.Random,
    *,
    club: Club,
    owner: User,
    starts: list[datetime],
    players: list[int],
    pool: dict[str, list[PoolHand]],
    first: int,
) -> dict[str, int]:
    """COPY sessions, seats, hands and hand versions, with ids given here (then the
    sequences are moved past them)."""
    hand_id = _next_id(Hand)
    version_id = _next_id(HandVersion)
    seat_id = _next_id(Seat)
    sessions, seats, hands, versions = [], [], [], []
    for n, started in enumerate(starts):
        session_id = first + n
        variant = rng.choice(VARIANTS)
        first_dealer = rng.randrange(SEATS)
        finished = started + timedelta(minutes=HANDS_PER_SESSION * 4 + rng.randrange(30))
        sessions.append(
            (
                session_id,
                club.pk,
                variant,
                "{}",
                Ending.HANDS,
                HANDS_PER_SESSION,
                first_dealer,
                0,
                SessionStatus.FINISHED,
                False,
                started,
                finished,
                owner.pk,
                HANDS_PER_SESSION,
            )
        )
        for position, player_id in enumerate(rng.sample(players, SEATS)):
            seats.append((seat_id, session_id, player_id, position))
            seat_id += 1
        for number in range(1, HANDS_PER_SESSION + 1):
            at = started + timedelta(minutes=4 * number)
            dealer = dealer_for(
                variant=variant, first_dealer=first_dealer, seats=SEATS, hands_dealt=number - 1
            )
            hands.append((hand_id, session_id, number, dealer, at))
            hand = rng.choice(pool[variant])
            key = uuid.UUID(int=rng.getrandbits(128), version=4)
            versions.append(
                (
                    version_id,
                    hand_id,
                    1,
                    True,
                    hand.status,
                    hand.entry,
                    hand.ledger,
                    key,
                    owner.pk,
                    at,
                    "",
                )
            )
            hand_id += 1
            version_id += 1
    plan: list[tuple[type[Model], list[str], list[tuple[Any, ...]]]] = [
        (
            GameSession,
            [
                "id", "club", "variant", "options", "ending", "ending_target", "first_dealer",
                "stake_per_point", "status", "ended_early", "started_at", "finished_at",
                "created_by", "revision",
            ],
            sessions,
        ),
        (Seat, ["id", "session", "player", "position"], seats),
        (Hand, ["id", "session", "number", "dealer", "created_at"], hands),
        (
            HandVersion,
            [
                "id", "hand", "version", "is_current", "status", "entry", "ledger",
                "client_key", "created_by", "created_at", "reason",
            ],
            versions,
        ),
    ]  # fmt: skip
    tables = [model._meta.db_table for model, _, _ in plan]
    rebuild = _drop_secondary_indexes(tables)
    raw = connection.connection
    with raw.cursor() as cursor:
        for model, fields, rows in plan:
            defaults = tuple(_unlisted_defaults(model, fields).values())
            with cursor.copy(_columns(model, fields)) as copy:
                for row in rows:
                    copy.write_row(row + defaults)
            table = model._meta.db_table
            cursor.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                f"(SELECT max(id) FROM {table}))"
            )
    with connection.cursor() as cursor:
        for statement in rebuild:
            cursor.execute(statement)
    return {
        "sessions": len(sessions),
        "seats": len(seats),
        "hands": len(hands),
        "versions": len(versions),
    }


def _drop_secondary_indexes(tables: list[str]) -> list[str]:
    """Drop the tables' foreign keys, unique constraints and indexes (primary keys stay);
    the statements that put them back. Loading first and indexing after is several times
    faster than checking every row as it comes, and the checks still run, once, in bulk."""
    restore: list[str] = []
    with connection.cursor() as cursor:
        # Checks deferred to the commit (the club and its players) run now: a table with
        # checks still pending cannot be altered.
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        for table in tables:
            cursor.execute(
                "SELECT conname, pg_get_constraintdef(oid) FROM pg_constraint "
                "WHERE conrelid = %s::regclass AND contype IN ('f', 'u')",
                [table],
            )
            for name, definition in cursor.fetchall():
                cursor.execute(f'ALTER TABLE {table} DROP CONSTRAINT "{name}"')
                restore.append(f'ALTER TABLE {table} ADD CONSTRAINT "{name}" {definition}')
            cursor.execute(
                "SELECT c.relname, pg_get_indexdef(c.oid) FROM pg_index i "
                "JOIN pg_class c ON c.oid = i.indexrelid "
                "WHERE i.indrelid = %s::regclass AND NOT i.indisprimary",
                [table],
            )
            for name, definition in cursor.fetchall():
                cursor.execute(f'DROP INDEX "{name}"')
                restore.append(definition)
    return restore


def _analyze() -> None:
    """Fresh planner statistics, as autovacuum would gather on a database in use."""
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
