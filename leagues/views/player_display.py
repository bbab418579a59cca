"""A player's page as it reads: rating history as a chart and a table, results in words."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from django.utils.translation import ngettext

from common.numbers import MINUS, signed
from common.rules_words import game_name
from leagues.models import RatingChange
from leagues.rating_scale import START, rating_text, shown_change, shown_rating
from leagues.services.ratings import MODEL
from scoring.display.chart import Chart, build_chart
from scoring.rules.variants import VARIANTS

HISTORY_ROWS = 10
# Everyone's ordinal before their first rated session (openskill's default, 0.0): it reads
# as `rating_scale.START`.
START_ORDINAL = MODEL.rating().ordinal()


def _in_order(history: Sequence[RatingChange]) -> list[RatingChange]:
    return sorted(history, key=lambda change: (change.rated_at, change.session_id))


def rating_chart(history: Sequence[RatingChange]) -> Chart | None:
    """The readable rating after each rated session, one line per game.

    Across is the player's rated sessions in the order they were rated, all games together,
    so a game's line stays flat while the player plays another game (its rating does not
    move then). Each line starts at the starting rating, as the session chart starts at 0:
    the chart is drawn in points above or below the start (`scoring.display.chart` keeps its
    0 line in view), its labels saying the ratings themselves.
    """
    ordered = _in_order(history)
    if not ordered:
        return None
    played = {change.variant for change in ordered}
    lines = {variant: index for index, variant in enumerate(v for v in VARIANTS if v in played)}
    current: dict[int, int] = {}
    running: list[dict[int, int]] = []
    for change in ordered:
        current[lines[change.variant]] = shown_rating(change.ordinal) - START
        running.append(dict(current))
    names = {i: game_name(v) for v, i in lines.items()}
    return build_chart(names=names, running=running, label=_as_rating)


def _as_rating(from_start: int) -> str:
    """An axis label: the rating `from_start` points above (or below) the start."""
    value = START + from_start
    return f"{MINUS}{-value}" if value < 0 else str(value)


def chart_description(history: Sequence[RatingChange]) -> str:
    """What the chart shows, in words, for screen readers."""
    latest: dict[str, float] = {}
    for change in _in_order(history):
        latest[change.variant] = change.ordinal
    ends = ", ".join(f"{game_name(v)} {rating_text(o)}" for v, o in latest.items())
    # Translators: read out for the rating chart; "Now:" lists each game with its rating,
    # e.g. "Indian Rummy 1040, Pool 101 985".
    sentence = ngettext(
        "Rating after each of %(count)s rated session, from %(start)s. Now: %(ratings)s.",
        "Rating after each of %(count)s rated sessions, from %(start)s. Now: %(ratings)s.",
        len(history),
    )
    return sentence % {"count": len(history), "start": START, "ratings": ends}


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
        before = previous.get(change.variant, START_ORDINAL)
        previous[change.variant] = change.ordinal
        lines.append(
            HistoryLine(
                rated_at=change.rated_at,
                session_id=change.session_id,
                game=game_name(change.variant),
                rating=rating_text(change.ordinal),
                change=signed(shown_change(before, change.ordinal)),
            )
        )
    return lines[::-1][:rows]
