"""Everything a club's pages read, through the app's own selectors, as plain JSON: every
session's board, every version of every hand, league tables, leaderboards, player pages,
tournaments and the tab.

`python -m tests.backups.snapshot NOW` prints it for the database DATABASE_URL names, so a
test can read a restored database exactly as the app would, in a process of its own.
"""

from __future__ import annotations

import dataclasses
import json
import os
import sys
from datetime import date, datetime
from decimal import Decimal
from typing import Any
from uuid import UUID


def snapshot(now: datetime) -> dict[str, Any]:
    from clubs.models import Club
    from leagues import selectors as leagues
    from scoring import selectors as scoring
    from scoring.models import GameSession
    from tab import selectors as tab
    from tournaments import selectors as tournaments

    clubs = {}
    for club in Club.objects.order_by("pk"):
        sessions = GameSession.objects.filter(club=club).order_by("pk")
        clubs[club.slug] = {
            "club": _plain(club),
            "boards": [_plain(scoring.session_board(session)) for session in sessions],
            "hands": {
                f"{session.pk}/{hand.number}": [
                    _plain(version) for version in scoring.hand_history(session, hand.number)
                ]
                for session in sessions
                for hand in session.hands.order_by("number")
            },
            "leagues": [
                _plain(leagues.league_table(league)) for league in leagues.club_leagues(club)
            ],
            "leaderboards": {
                variant: _plain(leagues.leaderboard(club, variant, now=now))
                for variant in leagues.rated_variants(club)
            },
            "players": [
                _plain(leagues.player_stats(player, now=now))
                for player in club.players.select_related("club").order_by("pk")
            ],
            "tournaments": [
                _plain(tournaments.public_view(cup))
                for cup in tournaments.club_tournaments(club, released_only=False)
            ],
            "tab": _plain(tab.club_tab(club)),
        }
    return json.loads(json.dumps(clubs, sort_keys=True))


def _plain(value: Any) -> Any:
    """Models as their stored fields, dataclasses as their fields, down to JSON's types."""
    from django.db.models import Model

    if isinstance(value, Model):
        fields = value._meta.concrete_fields
        return {
            "model": value._meta.label,
            **{f.attname: _plain(getattr(value, f.attname)) for f in fields},
        }
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        # A hand's ledger and entry as they read, whether carried as text or decoded.
        return {
            f.name: _plain(getattr(value, f.name.removeprefix("stored_")))
            for f in dataclasses.fields(value)
        }
    if isinstance(value, dict):
        return {str(key): _plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        items = [_plain(item) for item in value]
        return sorted(items, key=repr) if isinstance(value, set | frozenset) else items
    if isinstance(value, datetime | date | Decimal | UUID):
        return str(value)
    return value


if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    print(json.dumps(snapshot(datetime.fromisoformat(sys.argv[1])), sort_keys=True))
