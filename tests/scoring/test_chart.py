"""The score-progression chart's geometry (scoring/chart.py): no database needed."""

from __future__ import annotations

import itertools

import pytest

from scoring.display.chart import DASHES, PALETTE, PLOT_HEIGHT, build_chart, hand_ticks, signed

NAMES = {0: "Asha", 1: "Bala"}


def luminance(colour: str) -> float:
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: str, b: str) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_points_map_hands_across_and_totals_up_and_down() -> None:
    chart = build_chart(names=NAMES, running=[{0: 50, 1: -50}, {0: 100, 1: -100}])
    asha, bala = chart.series
    assert chart.high == 100 and chart.low == -100
    middle = (chart.top + chart.bottom) / 2
    step = (chart.right - chart.left) / 2
    # Every line starts at 0 before the first hand, on the 0 line.
    assert asha.points[0] == pytest.approx((chart.left, middle), abs=0.1)
    assert asha.points[1] == pytest.approx((chart.left + step, (chart.top + middle) / 2), abs=0.1)
    assert asha.points[2] == pytest.approx((chart.right, chart.top), abs=0.1)
    assert bala.points[2] == pytest.approx((chart.right, chart.bottom), abs=0.1)
    assert chart.zero_y == pytest.approx(middle, abs=0.1)


def test_the_zero_line_stays_in_the_plot_when_everyone_is_ahead() -> None:
    chart = build_chart(names=NAMES, running=[{0: 30, 1: 10}])
    assert chart.low == 0 and chart.high == 30
    assert chart.zero_y == chart.bottom
    assert chart.series[1].points[1][1] == pytest.approx(chart.bottom - PLOT_HEIGHT / 3, abs=0.1)


def test_a_single_hand_is_a_line_from_the_start_to_the_right_edge() -> None:
    chart = build_chart(names=NAMES, running=[{0: 20, 1: -20}])
    assert chart.hands == 1
    for line in chart.series:
        assert len(line.points) == 2
        assert line.points[0][0] == chart.left and line.points[1][0] == chart.right
    assert [tick.label for tick in chart.x_ticks] == ["1"]
    assert chart.x_ticks[0].x == chart.right


def test_all_zero_totals_draw_flat_lines_on_the_zero_line_in_the_middle() -> None:
    chart = build_chart(names=NAMES, running=[{0: 0, 1: 0}, {0: 0, 1: 0}])
    middle = (chart.top + chart.bottom) / 2
    assert chart.zero_y == pytest.approx(middle, abs=0.1)
    for line in chart.series:
        assert {y for _, y in line.points} == {chart.zero_y}
    assert [tick.label for tick in chart.y_ticks] == ["0"]


def test_the_y_axis_is_labelled_with_the_highest_and_lowest_totals_and_zero() -> None:
    chart = build_chart(names=NAMES, running=[{0: 120, 1: -40}])
    labels = {tick.label: tick.y for tick in chart.y_ticks}
    assert labels == {
        "+120": chart.top,
        "\u221240": chart.bottom,
        "0": pytest.approx(chart.top + PLOT_HEIGHT * 120 / 160, abs=0.1),
    }


def test_the_left_margin_makes_room_for_long_labels() -> None:
    short = build_chart(names=NAMES, running=[{0: 5, 1: -5}])
    long = build_chart(names=NAMES, running=[{0: 12000, 1: -12000}])
    assert long.left > short.left
    assert long.right == short.right


def test_five_hundred_hands_stay_inside_the_plot_with_a_few_round_hand_numbers() -> None:
    running, total = [], 0
    for hand in range(500):
        total += 7 if hand % 3 else -11
        running.append({0: total, 1: -total})
    chart = build_chart(names=NAMES, running=running)
    for line in chart.series:
        assert len(line.points) == 501
        assert all(chart.left <= x <= chart.right for x, _ in line.points)
        assert all(chart.top <= y <= chart.bottom for _, y in line.points)
    labels = [tick.label for tick in chart.x_ticks]
    assert labels == ["100", "200", "300", "400", "500"]


def test_hand_numbers_never_crowd_and_the_last_hand_is_always_labelled() -> None:
    for hands in (1, 2, 3, 7, 13, 37, 99, 101, 250, 499):
        width = 300
        ticks = hand_ticks(hands, width / hands)
        assert ticks[-1] == hands
        gaps = [(b - a) * width / hands for a, b in itertools.pairwise(ticks)]
        assert all(gap >= 44 for gap in gaps), (hands, ticks)


def test_no_hands_give_no_hand_numbers() -> None:
    assert hand_ticks(0, 300) == []


def test_twelve_players_each_get_their_own_colour_and_dash_and_a_legend_place() -> None:
    names = {seat: f"Player {seat + 1}" for seat in range(12)}
    chart = build_chart(names=names, running=[{seat: seat * 10 - 50 for seat in range(12)}])
    assert len({line.light for line in chart.series}) == 12
    assert len({line.dark for line in chart.series}) == 12
    assert len({(line.light, line.dash) for line in chart.series}) == 12
    assert len({line.dash for line in chart.series}) == len(DASHES)
    places = {(line.legend_x, line.legend_y) for line in chart.series}
    assert len(places) == 12
    # The legend sits under the plot and inside the picture.
    assert all(chart.bottom < y < chart.height for _, y in places)
    assert all(0 <= x < chart.width for x, _ in places)


def test_every_line_colour_stands_out_from_the_page_in_light_and_dark_mode() -> None:
    for light, dark in PALETTE:
        assert contrast(light, "#fbfaf7") >= 4.5, light
        assert contrast(dark, "#121614") >= 4.5, dark


def test_long_names_are_shortened_in_the_legend_but_kept_whole_for_the_title() -> None:
    name = "Venkataraghavan Subramaniam Iyer"
    chart = build_chart(names={0: name, 1: "Bala"}, running=[{0: 1, 1: -1}])
    line = chart.series[0]
    assert line.name == name
    assert line.label.endswith("\u2026") and len(line.label) < len(name)
    assert chart.series[1].label == "Bala"


def test_the_description_reads_each_players_final_total() -> None:
    chart = build_chart(names=NAMES, running=[{0: 20, 1: -20}, {0: 35, 1: -35}])
    assert chart.description == "Running totals over 2 hands. At the end: Asha +35, Bala \u221235."


def test_points_are_written_for_the_svg_points_attribute() -> None:
    chart = build_chart(names=NAMES, running=[{0: 10, 1: -10}])
    attr = chart.series[0].points_attr
    pairs = [tuple(map(float, pair.split(","))) for pair in attr.split()]
    assert pairs == [pytest.approx(point) for point in chart.series[0].points]


def test_signed_totals_use_a_plus_and_a_real_minus_sign() -> None:
    assert (signed(5), signed(0), signed(-5)) == ("+5", "0", "\u22125")


def test_the_stylesheet_draws_each_line_in_its_palette_colours(project_root) -> None:
    # The colours reach the page through CSS classes (the Content-Security-Policy allows
    # no style attribute), so the stylesheet must say exactly what the palette says.
    css = (project_root / "static" / "css" / "summary.css").read_text()
    start = css.index("/* One class per colour pair")
    light_part, dark_part = css[start:].split("@media (prefers-color-scheme: dark)", 2)[:2]
    for index, (light, dark) in enumerate(PALETTE):
        rule = f".chart-line--c{index} {{"
        assert f"{rule}\n  stroke: {light};" in light_part, index
        assert f"{rule}\n    stroke: {dark};" in dark_part, index
