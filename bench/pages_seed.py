"""The pages bench's club: `python -m bench.pages_seed` prints what the bench needs as JSON.

Run with DATABASE_URL pointing at the bench's own, migrated database. One public club with:
22 finished sessions (its club page lists them), an open six-player session of 25 hands and
one of 200 (the session screen, short and long), two open sessions whose hands the bench
records (one through the web form's JSON answer, one through the API), and a published
tournament with a played round (its public page). The owner's web session and API token let
the bench ask as the scorer. And 20 open tables of six for the watchers bench
(bench/watchers_bench.py).
"""

from __future__ import annotations

import json
import os
import random
import uuid
from datetime import date
from typing import Any

from bench.tables import open_table

NAMES = ("Asha", "Bala", "Chitra", "Devendra", "Esha", "Farid")


def _entry(hand: int, seats: int) -> Any:
    from scoring.hand_entry import HandEntry, SeatEntry

    winner = hand % seats
    rng = random.Random(hand)
    entries = [SeatEntry(winner, "won")]
    entries += [
        SeatEntry(pos, "lost", penalty=rng.randint(2, 80)) for pos in range(seats) if pos != winner
    ]
    return HandEntry(seats=tuple(sorted(entries, key=lambda s: s.position)), wild="7H")


def _session(club: Any, owner: Any, players: list[Any], hands: int, *, finish: bool = False) -> Any:
    from scoring.services import hands as hand_services
    from scoring.services import sessions

    session = open_table(club, owner, players, stake_per_point=1)
    for number in range(hands):
        session.refresh_from_db()
        hand_services.record_hand(
            session_id=session.pk,
            entry=_entry(number, len(players)),
            client_key=uuid.uuid4(),
            revision=session.revision,
            user=owner,
        )
    if finish:
        session.refresh_from_db()
        sessions.finish_session(session_id=session.pk, revision=session.revision)
    return session


def _tournament(club: Any, owner: Any) -> str:
    from tournaments.services import entries
    from tournaments.services.draws import draw_round
    from tournaments.services.play import finish_round, start_round
    from tournaments.services.setup import create_tournament, set_published

    tournament = create_tournament(
        club=club,
        name="Diwali Cup",
        starts_on=date(2026, 11, 8),
        variant="indian13",
        min_table_size=3,
        max_table_size=4,
        rounds=3,
        round_ending="hands",
        round_target=1,
        scoring="placing",
        placing_points=[5, 3, 2, 1],
        tie_breakers=["wins", "head_to_head"],
        final_table_size=4,
        carry="full",
        user=owner,
    )
    for number in range(12):
        entry = entries.register(tournament=tournament, guest_name=f"Entrant {number + 1}")
        entries.check_in(tournament=tournament, player=entry.player)
    set_published(tournament=tournament, published=True)
    first = draw_round(tournament=tournament, rng=random.Random(1))
    start_round(round_=first, user=owner, rng=random.Random(1))
    for table in first.tables.order_by("number"):
        table.refresh_from_db()
        _play_one(table.session, owner, len(table.seats))
    finish_round(round_=first)
    return f"/t/{club.slug}/{tournament.slug}/"


def _play_one(session: Any, owner: Any, seats: int) -> None:
    from scoring.services import hands as hand_services

    session.refresh_from_db()
    hand_services.record_hand(
        session_id=session.pk,
        entry=_entry(0, seats),
        client_key=uuid.uuid4(),
        revision=session.revision,
        user=owner,
    )


def _web_session(user: Any) -> str:
    """A signed-in browser's session cookie for `user`, as logging in would leave it."""
    from importlib import import_module

    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.utils.module_loading import import_string

    store = import_module(settings.SESSION_ENGINE).SessionStore()
    store[SESSION_KEY] = str(user.pk)
    # The backend that finds the user again (the first, axes', only guards the log-in).
    store[BACKEND_SESSION_KEY] = next(
        path
        for path in settings.AUTHENTICATION_BACKENDS
        if hasattr(import_string(path), "get_user")
    )
    store[HASH_SESSION_KEY] = user.get_session_auth_hash()
    store.create()
    return str(store.session_key)


def seed() -> dict[str, object]:
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()

    from django.conf import settings
    from django.contrib.auth.models import User
    from rest_framework.authtoken.models import Token

    from clubs import services as club_services

    # A new name each run: a PostgreSQL bench database (PAGES_DATABASE_URL) is kept.
    owner = User.objects.create_user(f"pages-scorer-{uuid.uuid4().hex[:8]}")
    club = club_services.create_club(
        name=f"Pages Bench {uuid.uuid4().hex[:6]}", owner=owner, timezone_name="UTC", is_public=True
    )
    players = [club_services.add_guest(club=club, name=name) for name in NAMES]
    for number in range(22):
        _session(club, owner, players[: 3 + number % 4], 3, finish=True)
    short = _session(club, owner, players, 25)
    long = _session(club, owner, players, 200)
    web = _session(club, owner, players[:4], 0)
    api = _session(club, owner, players[:4], 0)
    # The watchers bench's evening, in a club of its own (the club page lists 22 sessions):
    # 20 tables of six, each with a few hands already.
    evening = club_services.create_club(
        name=f"Watchers Bench {uuid.uuid4().hex[:6]}", owner=owner, timezone_name="UTC"
    )
    guests = [club_services.add_guest(club=evening, name=name) for name in NAMES]
    tables = [_session(evening, owner, guests, 6) for _ in range(20)]
    base = f"/clubs/{club.slug}/sessions/"
    tables_base = f"/clubs/{evening.slug}/sessions/"
    return {
        "cookie": f"{settings.SESSION_COOKIE_NAME}={_web_session(owner)}",
        "token": Token.objects.create(user=owner).key,
        "club": f"/clubs/{club.slug}/",
        "short": f"{base}{short.pk}/",
        "long": f"{base}{long.pk}/",
        "web": f"{base}{web.pk}/",
        "api_hands": f"/api/v1/clubs/{club.slug}/sessions/{api.pk}/hands/",
        "api_page": f"{base}{api.pk}/",
        "tournament": _tournament(club, owner),
        "tables": [
            {
                "live": f"{tables_base}{table.pk}/live/",
                "hands": f"/api/v1/clubs/{evening.slug}/sessions/{table.pk}/hands/",
            }
            for table in tables
        ],
    }


if __name__ == "__main__":
    print(json.dumps(seed()))
