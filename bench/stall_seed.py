"""The stall bench's club: `python -m bench.stall_seed` prints what the bench needs as JSON.

Run with DATABASE_URL pointing at the bench's own, migrated database: one club, its owner's
API token and an open Indian Rummy session of four, the table whose hands the bench records.
"""

from __future__ import annotations

import json
import os
import uuid

from bench.tables import open_table


def seed() -> dict[str, object]:
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()

    from django.contrib.auth.models import User
    from rest_framework.authtoken.models import Token

    from clubs import services as club_services

    # A new name each run: a PostgreSQL bench database (STALL_DATABASE_URL) is kept.
    owner = User.objects.create_user(f"stall-scorer-{uuid.uuid4().hex[:8]}")
    club = club_services.create_club(
        name="Stall Bench Club", owner=owner, timezone_name="UTC", is_public=False
    )
    players = [club_services.add_guest(club=club, name=name) for name in "ABCD"]
    session = open_table(club, owner, players)
    token = Token.objects.create(user=owner)
    return {
        "token": token.key,
        "hands_url": f"/api/v1/clubs/{club.slug}/sessions/{session.pk}/hands/",
    }


if __name__ == "__main__":
    print(json.dumps(seed()))
