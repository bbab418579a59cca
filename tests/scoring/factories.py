"""Helpers for the session and hand screen tests, on top of the shared test factories."""

from __future__ import annotations

import uuid

from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from clubs.models import Club
from clubs.roles import Role
from scoring.models import GameSession
from tests.factories import join, make_club, make_session, make_user, record, typed_entry

__all__ = [
    "join",
    "logged_in",
    "make_club",
    "make_session",
    "make_user",
    "panel_post",
    "record",
    "scorer_of",
    "session_url",
    "typed_entry",
]


def logged_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def scorer_of(club: Club, username: str = "scorer", role: str = Role.SCORER) -> User:
    user = make_user(username)
    join(club, user, role)
    return user


def session_url(name: str, session: GameSession, **kwargs: object) -> str:
    return reverse(name, kwargs={"slug": session.club.slug, "session_id": session.pk, **kwargs})


def panel_post(session: GameSession, seats: dict[int, dict[str, str]], **fields: str) -> dict:
    """What the record-hand panel posts: `seats` maps a position to its fields (how, points...)."""
    session.refresh_from_db()
    data = {"client_key": str(uuid.uuid4()), "revision": str(session.revision)}
    for position, values in seats.items():
        for key, value in values.items():
            data[f"s{position}-{key}"] = value
    data.update(fields)
    return data
