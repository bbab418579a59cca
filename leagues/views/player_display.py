"""A player's page as it reads: rating history as a chart and a table, results in words."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from leagues.models import RatingChange
from leagues.services.ratings import MODEL
from leagues.views.display import one_decimal, signed_decimal
from scoring.display.chart import Chart, build_chart
from scoring.rules.variants import GAME_NAMES, VARIANTS

HISTORY_ROWS = 10
# Everyone starts here before their first rated session (openskill's default, 0.0).
START = MODEL.rating().ordinal()


def _in_order(history: Sequence[RatingChange]) -> list[RatingChange]:
    return sorted(history, key=lambda change: (change.rated_at, change.session_id))


def rating_chart(history: Sequence[RatingChange]) -> Chart | None:
    """The conservative rating after each rated session, one line per game.

    Across is the player's rated sessions in the order they were rated, all games together,
    so a game's line stays flat while the player plays another game (its rating does not
    move then). Each line starts at the starting rating, as the session chart starts at 0.
    """
    ordered = _in_order(history)
    if not ordered:
        return None
    played = {change.variant for change in ordered}
    lines = {variant: index for index, variant in enumerate(v for v in VARIANTS if v in played)}
    current: dict[int, float] = {}
    running: list[dict[int, float]] = []
    for change in ordered:
        current[lines[change.variant]] = round(change.ordinal, 1)
        running.append(dict(current))
    # scoring.display.chart takes whole points; ratings rounded to one decimal draw the same way
    # and label the axis with one decimal. (Its `running` is typed as whole points: an ignore
    # until scoring types it Mapping[int, float].)
    names = {i: GAME_NAMES[v] for v, i in lines.items()}
    return build_chart(names=names, running=running)  # type: ignore[arg-type]


def chart_description(history: Sequence[RatingChange]) -> str:
    """What the chart shows, in words, for screen readers."""
    latest: dict[str, float] = {}
    for change in _in_order(history):
        latest[change.variant] = change.ordinal
    ends = ", ".join(f"{GAME_NAMES[v]} {one_decimal(o)}" for v, o in latest.items())
    sessions = "1 rated session" if len(history) == 1 else f"{len(history)} rated sessions"
    return f"Rating after each of {sessions}. Now: {ends}."


@dataclass(frozen=True)
class HistoryLine:
    rated_at: datetime
    session_id: int
    game: str
    rating: str
    change: str


def history_lines(
    history: Sequence[RatingChange], *, rows: int = HISTORY_ROWS
) -> list[HistoryLine]:
    """The latest `rows` rated sessions, newest first, each with how far the rating moved."""
    previous: dict[str, float] = {}
    lines = []
    for change in _in_order(history):
        before = previous.get(change.variant, START)
        previous[change.variant] = change.ordinal
        lines.append(
            HistoryLine(
                rated_at=change.rated_at,
                session_id=change.session_id,
                game=GAME_NAMES[change.variant],
                rating=one_decimal(change.ordinal),
                change=signed_decimal(change.ordinal - before),
            )
        )
    return lines[::-1][:rows]
