"""The first-load bench's session: run by bench/first_load.py in the served code's folder
(`python -c`, so an older checkout seeds with its own code), DATABASE_URL pointing at the
bench's migrated database. Prints, as JSON, the session screen's path and the session
cookie of its scorer: a club, four players and 25 hands of Indian Rummy, an evening's board.
"""

from __future__ import annotations

import json
import os
import uuid

from bench.tables import open_table

HANDS = 25


def seed() -> dict[str, str]:
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()

    from django.contrib.auth.models import User
    from django.test import Client

    from clubs import services as club_services
    from scoring.hand_entry import HandEntry, SeatEntry
    from scoring.services import hands

    # A new name each run: a PostgreSQL bench database (FIRSTLOAD_DATABASE_URL) is kept.
    owner = User.objects.create_user(f"firstload-{uuid.uuid4().hex[:8]}")
    club = club_services.create_club(
        name=f"First Load Club {uuid.uuid4().hex[:6]}",
        owner=owner,
        timezone_name="UTC",
        is_public=False,
    )
    players = [
        club_services.add_guest(club=club, name=name) for name in ("Asha", "Bala", "Chitra", "Dev")
    ]
    session = open_table(club, owner, players)
    for number in range(HANDS):
        winner = number % 4
        seats = [
            SeatEntry(seat, "won") if seat == winner else SeatEntry(seat, "lost", penalty=10 + seat)
            for seat in range(4)
        ]
        hands.record_hand(
            session_id=session.pk,
            entry=HandEntry(seats=tuple(seats)),
            client_key=uuid.uuid4(),
            revision=None,
            user=owner,
        )
    client = Client()
    client.force_login(owner)
    return {
        "path": f"/clubs/{club.slug}/sessions/{session.pk}/",
        "cookie": client.cookies["sessionid"].value,
    }


if __name__ == "__main__":
    print(json.dumps(seed()))
