"""The rating people read: the stored conservative rating put on a familiar scale.

What is stored, replayed and ranked stays openskill's own numbers (`Rating.mu`, `sigma` and
`ordinal` = mu - 3 sigma; `leagues/services/ratings.py`). A raw ordinal reads badly: everyone
starts at 0.0, a newcomer who loses goes below zero, and a strong player sits around 20. The
pages and the API therefore show one straight-line map of the ordinal, worked out here and
nowhere else, so every screen shows the same number for the same stored rating.

    shown = 1000 + 50 * ordinal, rounded to a whole number (halves upwards)

- **1000 is where everyone starts.** openskill's default rating (mu 25, sigma 25/3) has an
  ordinal of exactly 0, so a player before or just around their first session reads about
  1000, a number people know from chess and card-club ladders.
- **50 a unit makes a gap mean what an Elo gap means.** Between two settled players (small
  sigma) openskill's own head-to-head prediction, with its default beta of 25/6, gives the
  higher one about 63% for a gap of 2 in ordinal, 75% for 4 and 91% for 8; Elo gives
  64%, 76% and 91% for 100, 200 and 400 points. At 50 a unit the shown gaps are those same 100,
  200 and 400 (`tests/leagues/test_rating_scale.py` checks it against openskill).
- **Whole numbers.** One ordinal unit is 50 shown points, so a decimal would only show noise.
- **The map only stretches and shifts**, so the order never changes: the board is still
  ranked by the stored ordinal, and two players whose ordinals differ by less than 0.01 may
  show the same number (they are then still listed in the stored order).
"""

from __future__ import annotations

import math

from common.numbers import MINUS

# Where a brand-new player's rating (openskill's default, ordinal 0) reads.
START = 1000
# Shown points per unit of ordinal (see the module's docstring for why 50).
POINTS_PER_UNIT = 50


def shown_rating(ordinal: float) -> int:
    """The readable rating of a stored ordinal: 1000 + 50 * ordinal, rounded half up."""
    return math.floor(START + POINTS_PER_UNIT * ordinal + 0.5)


def rating_text(ordinal: float) -> str:
    """The readable rating as the pages print it (a real minus sign, should one ever be
    needed: an ordinal below -20)."""
    shown = shown_rating(ordinal)
    return f"{MINUS}{-shown}" if shown < 0 else str(shown)


def shown_change(before: float, after: float) -> int:
    """How far the readable rating moved between two ordinals: the difference of the two
    shown numbers, so a player's history adds up to the rating they see."""
    return shown_rating(after) - shown_rating(before)
