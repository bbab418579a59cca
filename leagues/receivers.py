"""Standings and ratings follow every change to a session's hands."""

from __future__ import annotations

from leagues.queue import mark_changed
from scoring.models import GameSession


def on_session_changed(sender: type, *, session: GameSession, **kwargs: object) -> None:
    mark_changed(session)
