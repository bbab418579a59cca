"""The score-progression chart of a session, worked out as SVG geometry.

No JavaScript chart library and no CDN: this module turns the running totals into
coordinates, and a template writes them into an inline <svg>, so the chart appears without
JavaScript and player names are escaped like any other text on the page.

The chart is drawn in a fixed coordinate space (the SVG's viewBox) about as wide as a phone,
so its text stays readable at 360px; on wider screens it simply scales up.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from django.utils.translation import ngettext

from common.numbers import signed

WIDTH = 360
PLOT_TOP = 12
PLOT_HEIGHT = 180
RIGHT_PAD = 14
X_LABEL_BAND = 26  # room under the plot for the hand numbers
LEGEND_ROW = 24
LEGEND_COLUMNS = 2
BOTTOM_PAD = 6
CHAR_WIDTH = 8.4  # a generous width of one character at the chart's 14px font
MIN_TICK_GAP = 44  # hand-number labels closer than this would run into each other
NICE_STEPS = (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000)

# (light mode, dark mode) colour pairs; each has at least 4.5:1 contrast against the page
# background of its mode. The first ones follow the Okabe-Ito colour-blind-safe order.
# static/css/summary.css gives each pair a class (.chart-line--cN), since the
# Content-Security-Policy allows no style attribute; a test keeps the two the same.
PALETTE: tuple[tuple[str, str], ...] = (
    ("#0072B2", "#56B4E9"),
    ("#C2410C", "#F0A030"),
    ("#007A5A", "#3DD6A3"),
    ("#A3367A", "#E08BC0"),
    ("#7A6200", "#E8D44D"),
    ("#5B4BC4", "#A99BFF"),
    ("#B4232C", "#FF8A80"),
    ("#00707F", "#4FD4E6"),
    ("#4D7A00", "#A8D45A"),
    ("#8A4B08", "#D9A066"),
    ("#3F4A55", "#C0C8D0"),
    ("#9C27B0", "#D58CE8"),
)
# Colour alone does not tell lines apart for everyone: the dash pattern changes too, and
# with 6 patterns and 12 colours no two of 12 players share both.
DASHES: tuple[str, ...] = ("", "9 4", "2 4", "12 4 2 4", "5 5", "1 6")


@dataclass(frozen=True)
class Tick:
    x: float
    y: float
    label: str


@dataclass(frozen=True)
class Series:
    position: int  # the player's seat
    name: str
    label: str  # the name, shortened to fit the legend
    colour: int  # the PALETTE index, for the line's CSS class
    light: str
    dark: str
    dash: str
    final: int
    points: tuple[tuple[float, float], ...]
    legend_x: float
    legend_y: float

    @property
    def legend_end_x(self) -> float:
        return round(self.legend_x + 28, 1)

    @property
    def legend_text_x(self) -> float:
        return round(self.legend_x + 34, 1)

    @property
    def points_attr(self) -> str:
        return " ".join(f"{_fmt(x)},{_fmt(y)}" for x, y in self.points)


@dataclass(frozen=True)
class Chart:
    width: int
    height: float
    left: float
    top: float
    right: float
    bottom: float
    zero_y: float
    low: int
    high: int
    hands: int
    x_ticks: tuple[Tick, ...]
    y_ticks: tuple[Tick, ...]
    series: tuple[Series, ...]

    @property
    def y_label_x(self) -> float:
        return round(self.left - 6, 1)

    @property
    def tick_end_y(self) -> float:
        return self.bottom + 4

    @property
    def x_label_y(self) -> float:
        return self.bottom + 18

    @property
    def view_box(self) -> str:
        return f"0 0 {self.width} {_fmt(self.height)}"

    @property
    def description(self) -> str:
        """What the chart shows, in words, for screen readers."""
        ends = ", ".join(f"{s.name} {signed(s.final)}" for s in self.series)
        return ngettext(
            "Running totals over %(count)s hand. At the end: %(ends)s.",
            "Running totals over %(count)s hands. At the end: %(ends)s.",
            self.hands,
        ) % {"count": self.hands, "ends": ends}


def build_chart(
    *,
    names: Mapping[int, str],
    running: Sequence[Mapping[int, int]],
    label: Callable[[int], str] = signed,
) -> Chart:
    """The chart for players `names` (seat -> name) given the totals after each hand.

    Every line starts at 0 before the first hand, so a single hand is still a line.
    `label` writes a value on the upright axis (a chart of ratings labels its 0 line with
    the starting rating).
    """
    positions = sorted(names)
    hands = len(running)
    values = [totals.get(pos, 0) for totals in running for pos in positions]
    # The 0 line is always inside the plot: it is what "ahead" and "behind" are read from.
    low, high = min([0, *values]), max([0, *values])

    left = 12 + CHAR_WIDTH * max(len(label(low)), len(label(high)), len(label(0)))
    right = WIDTH - RIGHT_PAD
    top = PLOT_TOP
    bottom = top + PLOT_HEIGHT
    x_step = (right - left) / max(hands, 1)
    if high == low:  # every total is 0: draw the 0 line across the middle
        span, centre = 2, 1
    else:
        span, centre = high - low, high

    def x_at(hand: int) -> float:
        return round(left + hand * x_step, 1)

    def y_at(points: int) -> float:
        return round(top + (centre - points) * (bottom - top) / span, 1)

    rows = math.ceil(len(positions) / LEGEND_COLUMNS)
    legend_top = bottom + X_LABEL_BAND
    height = legend_top + rows * LEGEND_ROW + BOTTOM_PAD
    column_width = (WIDTH - 8) / LEGEND_COLUMNS

    series = []
    for index, pos in enumerate(positions):
        colour = index % len(PALETTE)
        light, dark = PALETTE[colour]
        row, column = divmod(index, LEGEND_COLUMNS)
        points = [(x_at(0), y_at(0))]
        points += [(x_at(n), y_at(totals.get(pos, 0))) for n, totals in enumerate(running, 1)]
        series.append(
            Series(
                position=pos,
                name=names[pos],
                label=_shorten(names[pos], column_width - 40),
                colour=colour,
                light=light,
                dark=dark,
                dash=DASHES[index % len(DASHES)],
                final=running[-1].get(pos, 0) if running else 0,
                points=tuple(points),
                legend_x=round(8 + column * column_width, 1),
                legend_y=round(legend_top + row * LEGEND_ROW + LEGEND_ROW / 2, 1),
            )
        )

    return Chart(
        width=WIDTH,
        height=height,
        left=left,
        top=top,
        right=right,
        bottom=bottom,
        zero_y=y_at(0),
        low=low,
        high=high,
        hands=hands,
        x_ticks=tuple(Tick(x_at(n), bottom, str(n)) for n in hand_ticks(hands, x_step)),
        y_ticks=_y_ticks(low, high, y_at, label),
        series=tuple(series),
    )


def hand_ticks(hands: int, x_step: float) -> list[int]:
    """Hand numbers to label: a round step that keeps labels apart, and the last hand."""
    if hands == 0:
        return []
    step = next((s for s in NICE_STEPS if s * x_step >= MIN_TICK_GAP), NICE_STEPS[-1])
    ticks = list(range(step, hands + 1, step))
    if not ticks or ticks[-1] != hands:
        # The last hand is always labelled; a round tick too close to it makes way.
        if ticks and (hands - ticks[-1]) * x_step < MIN_TICK_GAP:
            ticks.pop()
        ticks.append(hands)
    return ticks


def _y_ticks(low: int, high: int, y_at, label: Callable[[int], str]) -> tuple[Tick, ...]:
    """The highest and lowest totals, and 0 where it is not one of them and has room."""
    if low == high:
        return (Tick(0, y_at(0), label(0)),)
    ticks = [Tick(0, y_at(high), label(high)), Tick(0, y_at(low), label(low))]
    zero = y_at(0)
    if all(abs(zero - tick.y) >= 16 for tick in ticks):
        ticks.append(Tick(0, zero, label(0)))
    return tuple(ticks)


def _shorten(name: str, room: float) -> str:
    fits = max(int(room // CHAR_WIDTH), 4)
    return name if len(name) <= fits else name[: fits - 1].rstrip() + "\u2026"


def _fmt(value: float) -> str:
    return f"{value:g}"
