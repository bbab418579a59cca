"""A tournament's stored standings follow its tables' session results (leagues' signals)."""

from __future__ import annotations

from scoring.models import GameSession
from tournaments.services.lines import refresh_club_tournaments, refresh_for_session


def on_results_changed(sender: object, *, session: GameSession, **kwargs: object) -> None:
    refresh_for_session(session)


def on_results_rebuilt(sender: object, *, club_id: int, **kwargs: object) -> dict[str, int]:
    return {"tournaments": refresh_club_tournaments(club_id=club_id)}
