"""The clubs bench's data: many small clubs, each a league, players and finished sessions.

Clubs are added in steps (10, then 100, then 1,000), so one hand's update can be timed as the
number of clubs grows. Each club: `PLAYERS` players, `SESSIONS` finished sessions of four of
them over the last half year, `HANDS` hands each (the engine's ledgers, drawn from the league
bench's pool of scored hands), and a league over the year. Sessions, seats, hands and hand
versions go in with PostgreSQL COPY, clubs, players and leagues with bulk inserts; the
results, standings and ratings are then rebuilt club by club, as the rebuild does.

A marker table (`bench_clubs_seed`) says the database is the bench's own: one holding clubs
without it is never wiped.
"""

from __future__ import annotations

import json
import random
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.contrib.auth.models import User
from django.db import connection, transaction
from django.db.models import Model
from django.utils import timezone

from bench.league_seed import PoolHand, hand_pool
from clubs.models import Club, Membership, Player
from clubs.roles import Role
from leagues.models import Basis, League, TieBreaker
from scoring.models import Ending, GameSession, Hand, HandVersion, Seat, SessionStatus
from scoring.rotation import dealer_for

RANDOM_SEED = 20261201
PLAYERS = 12
SEATS = 4
VARIANTS = ("indian13", "indian21")
DAYS = 180
MARKER_TABLE = "bench_clubs_seed"
OWNER = "bench-clubs-owner"


@dataclass(frozen=True)
class Scale:
    sessions: int  # per club
    hands: int  # per session


class NotABenchDatabase(Exception):
    """The database holds clubs the bench did not seed: it is never wiped."""


class Seeder:
    """Adds clubs to the bench database, each like the others."""

    def __init__(self, scale: Scale) -> None:
        self.scale = scale
        self.rng = random.Random(RANDOM_SEED)
        self.pool = {variant: hand_pool(variant, self.rng) for variant in VARIANTS}
        self.now = timezone.now().replace(minute=0, second=0, microsecond=0)

    def start(self) -> User:
        """Empty the bench database (only one the bench seeded) and make its one user."""
        with connection.cursor() as cursor:
            cursor.execute(f"CREATE TABLE IF NOT EXISTS {MARKER_TABLE} (seeded_at timestamptz)")
            cursor.execute(f"SELECT count(*) FROM {MARKER_TABLE}")
            marked = cursor.fetchone()[0] > 0
            if Club.objects.exists() and not marked:
                raise NotABenchDatabase(
                    "The clubs bench database already holds clubs the bench did not seed; "
                    "point CLUBS_BENCH_DATABASE_URL at a database of its own."
                )
            tables = [Club._meta.db_table, User._meta.db_table, MARKER_TABLE]
            cursor.execute(f"TRUNCATE {', '.join(tables)} RESTART IDENTITY CASCADE")
            cursor.execute(f"INSERT INTO {MARKER_TABLE} VALUES (now())")
        return User.objects.create_user(OWNER)

    @transaction.atomic
    def add_clubs(self, count: int, owner: User) -> list[int]:
        """`count` more clubs with their players, leagues and sessions; their ids."""
        first = Club.objects.count()
        clubs = Club.objects.bulk_create(
            Club(name=f"Bench club {n:04d}", slug=f"bench-club-{n:04d}", is_public=True)
            for n in range(first, first + count)
        )
        Membership.objects.bulk_create(
            Membership(club=club, user=owner, role=Role.OWNER) for club in clubs
        )
        players = Player.objects.bulk_create(
            Player(club=club, name=f"Guest {n:02d}") for club in clubs for n in range(PLAYERS)
        )
        League.objects.bulk_create(self._league(club) for club in clubs)
        self._copy_sessions(clubs, players, owner)
        return [club.pk for club in clubs]

    def _league(self, club: Club) -> League:
        return League(
            club=club,
            name="Season",
            slug="season",
            starts_on=(self.now - timedelta(days=365)).date(),
            ends_on=(self.now + timedelta(days=365)).date(),
            basis=Basis.POINTS,
            tie_breakers=[TieBreaker.WINS, TieBreaker.AVERAGE],
        )

    def _copy_sessions(self, clubs: list[Club], players: list[Player], owner: User) -> None:
        rng, scale = self.rng, self.scale
        by_club: dict[int, list[int]] = {}
        for player in players:
            by_club.setdefault(player.club_id, []).append(player.pk)
        session_id, seat_id = _next_id(GameSession), _next_id(Seat)
        hand_id, version_id = _next_id(Hand), _next_id(HandVersion)
        sessions: list[tuple[Any, ...]] = []
        seats: list[tuple[Any, ...]] = []
        hands: list[tuple[Any, ...]] = []
        versions: list[tuple[Any, ...]] = []
        for club in clubs:
            for _ in range(scale.sessions):
                variant = rng.choice(VARIANTS)
                started = self.now - timedelta(minutes=rng.randrange(DAYS * 24 * 60))
                finished = started + timedelta(minutes=4 * scale.hands + rng.randrange(30))
                sessions.append(
                    (session_id, club.pk, variant, "{}", Ending.HANDS, scale.hands, 0, 0)
                    + (SessionStatus.FINISHED, False, started, finished, owner.pk, scale.hands)
                )
                seated = rng.sample(by_club[club.pk], SEATS)
                for position, player_id in enumerate(seated):
                    seats.append((seat_id, session_id, player_id, position))
                    seat_id += 1
                for number in range(1, scale.hands + 1):
                    at = started + timedelta(minutes=4 * number)
                    dealer = dealer_for(
                        variant=variant, first_dealer=0, seats=SEATS, hands_dealt=number - 1
                    )
                    hands.append((hand_id, session_id, number, dealer, at))
                    hand: PoolHand = rng.choice(self.pool[variant])
                    key = uuid.UUID(int=rng.getrandbits(128), version=4)
                    versions.append(
                        (version_id, hand_id, 1, True, hand.status, hand.entry, hand.ledger)
                        + (key, owner.pk, at, "")
                    )
                    hand_id += 1
                    version_id += 1
                session_id += 1
        session_fields = [
            "id", "club", "variant", "options", "ending", "ending_target", "first_dealer",
            "stake_per_point", "status", "ended_early", "started_at", "finished_at",
            "created_by", "revision",
        ]  # fmt: skip
        version_fields = [
            "id", "hand", "version", "is_current", "status", "entry", "ledger", "client_key",
            "created_by", "created_at", "reason",
        ]  # fmt: skip
        _copy(GameSession, session_fields, sessions)
        _copy(Seat, ["id", "session", "player", "position"], seats)
        _copy(Hand, ["id", "session", "number", "dealer", "created_at"], hands)
        _copy(HandVersion, version_fields, versions)


def analyze() -> None:
    """Fresh planner statistics, as autovacuum would gather on a database in use."""
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")


def _next_id(model: type[Model]) -> int:
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT coalesce(max(id), 0) + 1 FROM {model._meta.db_table}")
        return int(cursor.fetchone()[0])


def _copy(model: type[Model], names: Sequence[str], rows: list[tuple[Any, ...]]) -> None:
    """COPY `rows` (the values of `names`, ids included) and move the id sequence past them.

    The model's other NOT NULL fields get their defaults: Django keeps defaults in Python,
    not in the table, so COPY must write them (a field added later needs no change here)."""
    fields = [field for field in model._meta.concrete_fields if field.name in names]
    fields.sort(key=lambda field: names.index(field.name))
    others = [
        field
        for field in model._meta.concrete_fields
        if field.name not in names and not field.null and field.has_default()
    ]
    defaults = tuple(_plain(field.get_default()) for field in others)
    columns = ", ".join(str(field.column) for field in [*fields, *others])
    table = model._meta.db_table
    with connection.connection.cursor() as cursor:
        with cursor.copy(f"COPY {table} ({columns}) FROM STDIN") as copy:
            for row in rows:
                copy.write_row(row + defaults)
        cursor.execute(
            f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), (SELECT max(id) FROM {table}))"
        )


def _plain(value: object) -> object:
    """A JSON field's default as the text COPY writes."""
    return json.dumps(value) if isinstance(value, dict | list) else value
