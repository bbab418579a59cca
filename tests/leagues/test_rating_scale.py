"""The readable rating: a straight-line map of the stored ordinal, 1000 for a newcomer."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from itertools import pairwise

import pytest

from leagues.models import RatingChange
from leagues.rating_scale import rating_text, shown_change, shown_rating
from leagues.services.ratings import MODEL
from leagues.views.player_display import chart_description, history_lines, rating_chart


def test_a_brand_new_player_reads_1000() -> None:
    newcomer = MODEL.rating()
    assert newcomer.ordinal() == pytest.approx(0.0)
    assert shown_rating(newcomer.ordinal()) == 1000
    assert rating_text(newcomer.ordinal()) == "1000"


def test_one_unit_of_ordinal_is_fifty_points_either_way() -> None:
    assert shown_rating(1.0) == 1050
    assert shown_rating(-1.0) == 950
    assert shown_rating(19.37) == 1969  # a settled, average player: mu 25, sigma about 1.9


def test_the_rating_is_a_whole_number_rounded_half_up() -> None:
    assert shown_rating(0.009) == 1000
    assert shown_rating(0.01) == 1001  # 1000.5 goes up
    assert shown_rating(-0.01) == 1000  # 999.5 goes up too, not to the even 1000's neighbour
    assert shown_rating(-0.011) == 999


def test_the_scale_keeps_the_order_of_the_stored_ratings() -> None:
    generator = random.Random(7)
    ordinals = sorted(generator.uniform(-15, 45) for _ in range(500))
    shown = [shown_rating(o) for o in ordinals]
    assert shown == sorted(shown)
    # Only ordinals closer than 1/50 apart can share a number.
    for low, high in pairwise(ordinals):
        if high - low >= 0.02:
            assert shown_rating(high) > shown_rating(low)


def test_a_rating_below_zero_is_written_with_a_real_minus_sign() -> None:
    assert rating_text(-21.0) == "\u221250"


def test_a_change_is_the_difference_of_the_two_shown_ratings() -> None:
    before, after = 0.0, 3.337
    assert shown_change(before, after) == shown_rating(after) - shown_rating(before) == 167
    assert shown_change(after, before) == -167


@pytest.mark.parametrize(("gap", "elo_odds"), [(100, 0.64), (200, 0.76), (400, 0.91)])
def test_a_gap_between_settled_players_means_about_what_the_same_elo_gap_means(
    gap: int, elo_odds: float
) -> None:
    """openskill's own head-to-head prediction for two settled players whose shown ratings
    are `gap` apart, against Elo's odds for the same gap (the reason for 50 a unit)."""
    weaker = MODEL.rating(mu=25.0, sigma=1.0)
    stronger = MODEL.rating(mu=25.0 + gap / 50, sigma=1.0)
    assert shown_rating(stronger.ordinal()) - shown_rating(weaker.ordinal()) == gap
    chance, _ = MODEL.predict_win([[stronger], [weaker]])
    assert chance == pytest.approx(elo_odds, abs=0.03)


def test_the_rating_chart_is_labelled_in_readable_ratings_around_the_start() -> None:
    at = datetime(2026, 1, 1, tzinfo=UTC)
    history = [
        RatingChange(variant="indian13", session_id=1, rated_at=at, mu=27, sigma=7, ordinal=6.0),
        RatingChange(
            variant="indian13",
            session_id=2,
            rated_at=at + timedelta(days=1),
            mu=24,
            sigma=8,
            ordinal=-1.0,
        ),
    ]
    chart = rating_chart(history)
    assert chart is not None
    assert sorted(tick.label for tick in chart.y_ticks) == ["1000", "1300", "950"]
    assert [(line.rating, line.change) for line in history_lines(history)] == [
        ("950", "\u2212350"),
        ("1300", "+300"),
    ]
    assert chart_description(history).endswith("from 1000. Now: Indian Rummy 950.")
