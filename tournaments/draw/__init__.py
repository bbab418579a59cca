"""The tournament seating draw: plain Python, no Django (like `scoring.rules`).

For each round the app calls one of:

- `draw_random(players, met, min_size=, max_size=, rng=)`: random tables with as few
  repeat opponents as the search finds;
- `draw_swiss(standings, min_size=, max_size=, rng=)`: tables by standings, leaders
  together;

and, before the round starts, `swap_players(draw, a, b)` for the organiser's corrections.
The answer is a frozen `Draw` of `TableDraw`s (seats in order, first dealer's seat).
`count_meetings(draws)` builds `met` from earlier rounds; `Draw.repeat_cost(met)` scores a
draw.

How a round is drawn:

1. Table sizes (`table_sizes`): the fewest tables whose sizes fit min_size..max_size and
   differ by at most one, biggest first. If none exists the draw is refused before
   anything is drawn, with a sentence naming the nearest player counts and table sizes
   that would work.
2. Who sits together: for the random draw, a search over splits (`repeat_search`) that
   minimises the repeat cost, the sum over pairs seated together of how often they met
   before. It starts from a plain shuffle, improves it by tabu search over swaps between
   tables with restarts, and stops at zero or after a fixed budget of evaluated swaps.
   For Swiss, the standings cut into the table sizes.
3. Seats and dealer (`seating`): each table's seat order is shuffled and a first-dealer
   seat drawn.

Guarantees:

- Every player sits exactly once; sizes are within the range and differ by at most one.
- The same players, history, sizes and seed give the same draw (the search budget counts
  work, not time; the players' order in the call does not matter for the random draw).
- The repeat cost is never above that of the plain shuffle the search starts from, and no
  single swap of two players (or move from a bigger table to a smaller one) lowers it.
- It is not guaranteed minimal: that problem is NP-hard. A draw with zero repeats is
  found in practice whenever one is easy to find (e.g. round 2 of any field); see
  tests/tournaments/test_draw.py for what is checked.
- Speed: 60 players over 6 rounds draw in well under a second in CPython (see the
  report in `repeat_search.DEFAULT_EFFORT`).

Errors: `DrawError` (with `.message`) is a draw the director can fix; anything else
(`ValueError`, `TypeError`) is a bug in the calling code.
"""

from __future__ import annotations

from .draw_result import Draw, TableDraw
from .errors import DrawError
from .random_draw import draw_random
from .repeats import count_meetings, repeat_cost
from .swap import swap_players
from .swiss_draw import draw_swiss
from .table_sizes import fits, table_sizes

__all__ = [
    "Draw",
    "DrawError",
    "TableDraw",
    "count_meetings",
    "draw_random",
    "draw_swiss",
    "fits",
    "repeat_cost",
    "swap_players",
    "table_sizes",
]
