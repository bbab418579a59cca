"""A tournament's stored standings follow its tables' session results (leagues' signals)."""

from __future__ import annotations

from scoring.models import GameSession
from tournaments.services.lines import refresh_every_tournament, refresh_for_session


def on_results_changed(sender: object, *, session: GameSession, **kwargs: object) -> None:
    refresh_for_session(session)


def on_results_rebuilt(sender: object, **kwargs: object) -> dict[str, int]:
    return {"tournaments": refresh_every_tournament()}
