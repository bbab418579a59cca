"""Clients, addresses and hand bodies for the REST API tests, on top of tests/factories.py."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from clubs.models import Club
from scoring.models import GameSession

API = "/api/v1/"


def anonymous() -> APIClient:
    return APIClient()


def with_token(user: User) -> APIClient:
    """A client that sends the user's token, as a script or an app would."""
    token, _ = Token.objects.get_or_create(user=user)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client


def club_url(club: Club, rest: str = "") -> str:
    return f"{API}clubs/{club.slug}/{rest}"


def session_url(session: GameSession, rest: str = "") -> str:
    return f"{API}clubs/{session.club.slug}/sessions/{session.pk}/{rest}"


def seat(position: int, result: str, **fields: Any) -> dict[str, Any]:
    return {"position": position, "result": result, **fields}


def typed_hand(winner: int, penalties: dict[int, int], **fields: Any) -> dict[str, Any]:
    """A hand body: `winner` won and each seat in `penalties` lost that many typed points."""
    seats = [seat(winner, "won")] + [
        seat(position, "lost", penalty=points) for position, points in penalties.items()
    ]
    return {"seats": sorted(seats, key=lambda s: s["position"]), **fields}


def revision_of(session: GameSession) -> int:
    session.refresh_from_db()
    return session.revision
