"""Standings and ratings follow every change to a session's hands."""

from __future__ import annotations

from scoring.models import GameSession
from tournaments.services.updates import mark_changed


def on_session_changed(sender: type, *, session: GameSession, **kwargs: object) -> None:
    mark_changed(session)
