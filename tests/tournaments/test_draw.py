"""The tournament seating draw (tournaments/draw/): plain Python, no database.

Hand-worked cases first (table sizes, refusals and their sentences, a round 2 whose
zero-repeat draw must be found, Swiss order, swaps), then hypothesis properties over many
random fields: everyone seated once, sizes in range and balanced, dealers in range, a
seed reproduces its draw, the search never ends worse than where it started and ends at
a local optimum, tiny fields reach the true minimum, and a 6-round tournament keeps
repeats low.
"""

from __future__ import annotations

import itertools
import random
import re
from collections import Counter
from collections.abc import Mapping, Sequence

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tournaments.draw import (
    Draw,
    DrawError,
    TableDraw,
    count_meetings,
    draw_random,
    draw_swiss,
    fits,
    repeat_cost,
    swap_players,
    table_sizes,
)
from tournaments.draw.repeat_search import arrange
from tournaments.draw.repeats import meeting_matrix


@pytest.fixture(autouse=True, scope="module")
def _tasks_in_process() -> None:
    """Replaces tests/tournaments/conftest.py's fixture of this name: the draw needs no
    Django settings, cache or task queue (and hypothesis refuses function-scoped
    fixtures around its examples)."""


def examples(count: int, *, derandomize: bool = False) -> settings:
    """Hypothesis settings: `count` examples, no deadline, nothing written to the repo."""
    return settings(
        max_examples=count,
        deadline=None,
        database=None,
        derandomize=derandomize,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )


SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


# --- helpers ---------------------------------------------------------------------------


def all_splits(players: Sequence[int], sizes: Sequence[int]) -> list[list[tuple[int, ...]]]:
    """Every way to seat `players` at tables of `sizes` (brute force, tiny fields only)."""
    if not sizes:
        return [[]]
    splits = []
    for table in itertools.combinations(players, sizes[0]):
        rest = [p for p in players if p not in table]
        splits.extend([table, *tail] for tail in all_splits(rest, sizes[1:]))
    return splits


def shuffled_rounds(players: Sequence[int], size: int, rounds: int, seed: int) -> list[Draw]:
    """Earlier rounds drawn by plain shuffling, as a club without the app would."""
    rng = random.Random(seed)
    draws = []
    for _ in range(rounds):
        order = list(players)
        rng.shuffle(order)
        tables = [tuple(order[i : i + size]) for i in range(0, len(order), size)]
        draws.append(Draw(tuple(TableDraw(t, 0) for t in tables)))
    return draws


def improving_exchange(draw: Draw, met: Mapping[frozenset[int], int]) -> tuple | None:
    """A swap of two players, or a move from a bigger to a smaller table, that lowers the
    repeat cost; None if the draw is a local optimum."""
    groups = [list(g) for g in draw.groups()]
    cost = repeat_cost(groups, met)
    for i, j in itertools.combinations(range(len(groups)), 2):
        for a, b in itertools.product(groups[i], groups[j]):
            swapped = [list(g) for g in groups]
            swapped[i][swapped[i].index(a)] = b
            swapped[j][swapped[j].index(b)] = a
            if repeat_cost(swapped, met) < cost:
                return ("swap", a, b)
    for i, j in itertools.permutations(range(len(groups)), 2):
        if len(groups[i]) > len(groups[j]):
            for a in groups[i]:
                moved = [list(g) for g in groups]
                moved[i].remove(a)
                moved[j].append(a)
                if repeat_cost(moved, met) < cost:
                    return ("move", a, j)
    return None


def check_shape(draw: Draw, players: Sequence[int], min_size: int, max_size: int) -> None:
    """The invariants every draw keeps, random or Swiss."""
    seated = [p for table in draw.tables for p in table.seats]
    assert Counter(seated) == Counter(players), "every player seated exactly once"
    sizes = draw.sizes
    assert all(min_size <= s <= max_size for s in sizes)
    assert max(sizes) - min(sizes) <= 1
    assert sizes == table_sizes(len(players), min_size, max_size), "biggest tables first"
    for table in draw.tables:
        assert 0 <= table.first_dealer < len(table.seats)
        assert table.dealer == table.seats[table.first_dealer]


# --- table sizes -----------------------------------------------------------------------

SIZES_4_TO_6 = {
    4: (4,),
    5: (5,),
    6: (6,),
    8: (4, 4),
    9: (5, 4),
    10: (5, 5),
    11: (6, 5),
    12: (6, 6),
    13: (5, 4, 4),
    14: (5, 5, 4),
    17: (6, 6, 5),
    18: (6, 6, 6),
    19: (5, 5, 5, 4),
    24: (6, 6, 6, 6),
    25: (5, 5, 5, 5, 5),
    31: (6, 5, 5, 5, 5, 5),
    60: (6,) * 10,
    61: (6,) * 6 + (5,) * 5,
}


@pytest.mark.parametrize(("players", "expected"), sorted(SIZES_4_TO_6.items()))
def test_sizes_for_tables_of_4_to_6(players: int, expected: tuple[int, ...]) -> None:
    assert table_sizes(players, 4, 6) == expected


@pytest.mark.parametrize(
    ("players", "min_size", "max_size", "expected"),
    [
        (2, 2, 3, (2,)),
        (5, 2, 3, (3, 2)),
        (7, 2, 3, (3, 2, 2)),
        (7, 3, 5, (4, 3)),
        (16, 4, 4, (4, 4, 4, 4)),
        (20, 5, 5, (5, 5, 5, 5)),
        (13, 2, 8, (7, 6)),
        (9, 3, 3, (3, 3, 3)),
        (6, 6, 10, (6,)),
        (21, 6, 10, (7, 7, 7)),
    ],
)
def test_sizes_for_other_ranges(
    players: int, min_size: int, max_size: int, expected: tuple[int, ...]
) -> None:
    assert table_sizes(players, min_size, max_size) == expected


@pytest.mark.parametrize("players", [1, 2, 3, 7])
def test_the_only_impossible_counts_with_4_to_6(players: int) -> None:
    # From 8 on, k tables cover 4k..6k and consecutive ranges overlap, so only 1-3 and 7
    # fail; the test below checks every count up to 200.
    with pytest.raises(DrawError):
        table_sizes(players, 4, 6)


def test_every_count_from_8_fits_4_to_6() -> None:
    assert all(fits(n, 4, 6) for n in range(8, 200))


@pytest.mark.parametrize(
    ("players", "min_size", "max_size", "sentence"),
    [
        (
            7,
            4,
            6,
            "7 players cannot sit at tables of 4 to 6: a single table would seat 7, and 2 "
            "tables would leave a table of 3. It works with 6 or 8 players, or with tables "
            "of 3 to 6 or of 4 to 7.",
        ),
        (
            3,
            4,
            6,
            "3 players cannot sit at tables of 4 to 6: a table needs at least 4. It works "
            "with 4 players, or with tables of 3 to 6.",
        ),
        (
            1,
            4,
            6,
            "1 player cannot sit at tables of 4 to 6: a table needs at least 4. It works "
            "with 4 players.",
        ),
        (
            13,
            5,
            6,
            "13 players cannot sit at tables of 5 to 6: 2 tables would need a table of 7, "
            "and 3 tables would leave a table of 4. It works with 12 or 15 players, or with "
            "tables of 4 to 6 or of 5 to 7.",
        ),
        (
            11,
            4,
            4,
            "11 players cannot sit at tables of 4: 2 tables would need a table of 6, and 3 "
            "tables would leave a table of 3. It works with 8 or 12 players, or with tables "
            "of 3 to 4 or of 4 to 6.",
        ),
        (0, 4, 6, "There are no players to seat."),
        (8, 6, 4, "The smallest table size (6) is larger than the largest (4)."),
        (8, 1, 4, "A table needs at least 2 players; the smallest table size cannot be 1."),
    ],
)
def test_impossible_counts_are_refused_with_a_sentence(
    players: int, min_size: int, max_size: int, sentence: str
) -> None:
    with pytest.raises(DrawError) as refused:
        table_sizes(players, min_size, max_size)
    assert refused.value.message == sentence
    assert str(refused.value) == sentence


RANGES = st.integers(min_value=2, max_value=8).flatmap(
    lambda low: st.tuples(st.just(low), st.integers(min_value=low, max_value=low + 4))
)


@examples(200)
@given(players=st.integers(min_value=1, max_value=120), size_range=RANGES)
def test_sizes_are_the_fewest_balanced_tables_or_a_refusal(
    players: int, size_range: tuple[int, int]
) -> None:
    low, high = size_range
    # Brute force: every table count whose balanced split fits the range.
    workable = [k for k in range(1, players + 1) if k * low <= players <= k * high]
    if not workable:
        with pytest.raises(DrawError):
            table_sizes(players, low, high)
        assert not fits(players, low, high)
        return
    sizes = table_sizes(players, low, high)
    assert len(sizes) == min(workable)
    assert sum(sizes) == players
    assert all(low <= s <= high for s in sizes)
    assert max(sizes) - min(sizes) <= 1
    assert list(sizes) == sorted(sizes, reverse=True)


WORKS = re.compile(r"It works with (\d+)(?: or (\d+))? players(?:, or with tables of (.+))?\.$")


# Player counts that do not fit a range, drawn directly (most counts fit, so filtering
# random counts would waste most examples).
REFUSALS = RANGES.flatmap(
    lambda r: st.tuples(st.sampled_from([n for n in range(1, 121) if not fits(n, *r)]), st.just(r))
)


@examples(150)
@given(refusal=REFUSALS)
def test_a_refusal_names_the_nearest_counts_and_ranges_that_work(
    refusal: tuple[int, tuple[int, int]],
) -> None:
    players, (low, high) = refusal
    with pytest.raises(DrawError) as refused:
        table_sizes(players, low, high)
    found = WORKS.search(refused.value.message)
    assert found, refused.value.message
    counts = [int(c) for c in found.group(1, 2) if c]
    assert all(fits(c, low, high) for c in counts)
    below = [c for c in counts if c < players]
    above = [c for c in counts if c > players]
    assert len(above) == 1
    assert not any(fits(c, low, high) for c in range(players + 1, above[0]))
    if below:
        assert not any(fits(c, low, high) for c in range(below[0] + 1, players))
    else:
        assert not any(fits(c, low, high) for c in range(1, players))
    for spelled in (found.group(3) or "").split(" or of "):
        if spelled:
            bounds = [int(b) for b in spelled.split(" to ")]
            assert fits(players, bounds[0], bounds[-1]), spelled


# --- results and repeat counting -------------------------------------------------------


def test_count_meetings_and_repeat_cost_by_hand() -> None:
    round_1 = Draw((TableDraw((1, 2, 3), 0), TableDraw((4, 5, 6), 2)))
    round_2 = Draw((TableDraw((1, 2, 4), 1), TableDraw((3, 5, 6), 0)))
    met = count_meetings([round_1, round_2])
    assert met[frozenset({1, 2})] == 2
    assert met[frozenset({5, 6})] == 2
    assert met[frozenset({1, 4})] == 1
    assert frozenset({1, 5}) not in met
    # 1-2 met twice (2); 3-6 and 4-6 met once each (1 + 1); 1-5, 2-5 and 3-4 never.
    assert repeat_cost([(1, 2, 5), (3, 4, 6)], met) == 2 + 1 + 1
    assert round_2.repeat_cost(count_meetings([round_1])) == 1 + 1


def test_result_types_refuse_impossible_values_as_bugs() -> None:
    with pytest.raises(ValueError):
        TableDraw((1, 2, 3), 3)
    with pytest.raises(ValueError):
        TableDraw((1, 1, 3), 0)
    with pytest.raises(ValueError):
        TableDraw((), 0)
    with pytest.raises(ValueError):
        Draw((TableDraw((1, 2), 0), TableDraw((2, 3), 0)))
    draw = Draw((TableDraw((7, 8, 9), 2), TableDraw((4, 5), 0)))
    assert draw.tables[0].dealer == 9
    assert draw.table_of(5) == 1
    assert draw.players == frozenset({4, 5, 7, 8, 9})
    assert draw.sizes == (3, 2)


# --- the random draw: hand-worked cases ------------------------------------------------


def test_round_2_of_16_players_repeats_nobody() -> None:
    # Round 1 seated 0-3, 4-7, 8-11, 12-15. A zero-repeat round 2 exists (take one player
    # from each old table: a Latin square), and the draw must find it.
    round_1 = Draw(tuple(TableDraw(tuple(range(t, t + 4)), 0) for t in range(0, 16, 4)))
    met = count_meetings([round_1])
    for seed in range(20):
        draw = draw_random(range(16), met, min_size=4, max_size=4, rng=random.Random(seed))
        assert draw.repeat_cost(met) == 0
        for table in draw.tables:
            assert sorted(p // 4 for p in table.seats) == [0, 1, 2, 3]


def test_round_2_of_8_players_finds_the_least_bad_split() -> None:
    # Round 1 seated 0-3 and 4-7 at tables of 4. Any new table holds x players of one old
    # table and 4 - x of the other, costing C(x,2) + C(4-x,2): least at x = 2, cost 2 per
    # table. So the minimum is 4, reached only by two-and-two tables.
    round_1 = Draw((TableDraw((0, 1, 2, 3), 0), TableDraw((4, 5, 6, 7), 0)))
    met = count_meetings([round_1])
    for seed in range(10):
        draw = draw_random(range(8), met, min_size=4, max_size=4, rng=random.Random(seed))
        assert draw.repeat_cost(met) == 4
        assert all(sorted(p // 4 for p in t.seats) == [0, 0, 1, 1] for t in draw.tables)


def test_a_withdrawn_players_history_is_ignored() -> None:
    met = {frozenset({1, 99}): 3, frozenset({1, 2}): 1}
    draw = draw_random([1, 2, 3, 4], met, min_size=2, max_size=2, rng=random.Random(5))
    assert draw.repeat_cost(met) == 0
    assert draw.table_of(1) != draw.table_of(2)


def test_an_impossible_draw_is_refused_before_anything_is_drawn() -> None:
    rng = random.Random(42)
    state = rng.getstate()
    with pytest.raises(DrawError, match=r"^7 players cannot sit at tables of 4 to 6"):
        draw_random(range(7), {}, min_size=4, max_size=6, rng=rng)
    with pytest.raises(DrawError, match=r"^7 players cannot sit at tables of 4 to 6"):
        draw_swiss(list(range(7)), min_size=4, max_size=6, rng=rng)
    assert rng.getstate() == state, "a refused draw consumes no randomness"


def test_calling_mistakes_are_bugs_not_draw_errors() -> None:
    with pytest.raises(ValueError, match="listed twice"):
        draw_random([1, 2, 2, 3], {}, min_size=2, max_size=2, rng=random.Random(1))
    with pytest.raises(ValueError, match="listed twice"):
        draw_swiss([1, 2, 1, 3], min_size=2, max_size=2, rng=random.Random(1))
    with pytest.raises(ValueError, match="frozenset of two players"):
        draw_random([1, 2], {frozenset({1}): 1}, min_size=2, max_size=2, rng=random.Random(1))
    with pytest.raises(ValueError, match="whole number"):
        draw_random([1, 2], {frozenset({1, 2}): -1}, min_size=2, max_size=2, rng=random.Random(1))
    with pytest.raises(TypeError):
        draw_random([1, 2], {}, min_size=2, max_size=2, rng=1)  # type: ignore[arg-type]


# --- the Swiss option ------------------------------------------------------------------


def test_swiss_seats_the_standings_in_order_bigger_tables_first() -> None:
    standings = [50, 12, 7, 33, 41, 8, 19, 2, 5, 64, 70, 3, 11, 23]
    draw = draw_swiss(standings, min_size=4, max_size=6, rng=random.Random(3))
    assert draw.sizes == (5, 5, 4)
    assert [set(t.seats) for t in draw.tables] == [
        {50, 12, 7, 33, 41},
        {8, 19, 2, 5, 64},
        {70, 3, 11, 23},
    ]
    again = draw_swiss(standings, min_size=4, max_size=6, rng=random.Random(3))
    assert again == draw


@examples(60)
@given(
    players=st.lists(st.integers(0, 10_000), min_size=2, max_size=60, unique=True),
    size_range=RANGES,
    seed=SEEDS,
)
def test_swiss_property(players: list[int], size_range: tuple[int, int], seed: int) -> None:
    low, high = size_range
    assume(fits(len(players), low, high))
    draw = draw_swiss(players, min_size=low, max_size=high, rng=random.Random(seed))
    check_shape(draw, players, low, high)
    start = 0
    for table in draw.tables:
        assert set(table.seats) == set(players[start : start + len(table)])
        start += len(table)


# --- swaps -----------------------------------------------------------------------------


def test_swap_between_tables_keeps_seats_and_dealer_seats() -> None:
    draw = Draw((TableDraw((1, 2, 3, 4), 1), TableDraw((5, 6, 7, 8), 3), TableDraw((9, 10), 0)))
    swapped = swap_players(draw, 2, 7)
    assert swapped.tables[0] == TableDraw((1, 7, 3, 4), 1)
    assert swapped.tables[1] == TableDraw((5, 6, 2, 8), 3)
    assert swapped.tables[2] == draw.tables[2]
    assert swapped.tables[0].dealer == 7, "the swapped-in player takes the dealer's seat"
    assert draw.tables[0].seats == (1, 2, 3, 4), "the original draw is unchanged"


def test_swap_within_a_table_exchanges_seats() -> None:
    draw = Draw((TableDraw((1, 2, 3, 4), 0),))
    assert swap_players(draw, 1, 3) == Draw((TableDraw((3, 2, 1, 4), 0),))


def test_swap_refusals_are_sentences() -> None:
    draw = Draw((TableDraw((1, 2), 0), TableDraw((3, 4), 1)))
    with pytest.raises(DrawError) as refused:
        swap_players(draw, 2, 2)
    assert refused.value.message == (
        "Player 2 cannot be swapped with themself: choose two different players."
    )
    with pytest.raises(DrawError) as refused:
        swap_players(draw, 1, 17)
    assert refused.value.message == "Player 17 is not seated in this draw, so cannot be swapped."
    with pytest.raises(DrawError) as refused:
        swap_players(draw, 17, 1, names={17: "Asha Menon"})
    assert refused.value.message == ("Asha Menon is not seated in this draw, so cannot be swapped.")


@examples(100)
@given(players=st.integers(4, 40), seed=SEEDS, data=st.data())
def test_swap_property(players: int, seed: int, data: st.DataObject) -> None:
    assume(fits(players, 3, 5))
    draw = draw_random(range(players), {}, min_size=3, max_size=5, rng=random.Random(seed))
    first, second = data.draw(
        st.lists(st.integers(0, players - 1), min_size=2, max_size=2, unique=True)
    )
    swapped = swap_players(draw, first, second)
    check_shape(swapped, list(range(players)), 3, 5)
    for table, before in zip(swapped.tables, draw.tables, strict=True):
        assert table.first_dealer == before.first_dealer
        for seat, player in enumerate(before.seats):
            expected = {first: second, second: first}.get(player, player)
            assert table.seats[seat] == expected
    assert swap_players(swapped, first, second) == draw


# --- the random draw: properties over random fields ------------------------------------


@st.composite
def fields(draw: st.DrawFn, max_players: int = 40) -> tuple:
    """A field, its table-size range, a history and a seed; some histories are earlier
    rounds (what the app passes), some are arbitrary counts (to stress the search)."""
    low, high = draw(RANGES)
    count = draw(st.integers(low, max_players))
    assume(fits(count, low, high))
    players = draw(st.lists(st.integers(0, 10_000), min_size=count, max_size=count, unique=True))
    if draw(st.booleans()):
        rounds = draw(st.integers(0, 5))
        met = count_meetings(shuffled_rounds(players, high, rounds, draw(SEEDS)))
    else:
        pairs = list(itertools.combinations(sorted(players), 2))
        picked = draw(st.lists(st.sampled_from(pairs), max_size=3 * count)) if pairs else []
        met = {frozenset(p): draw(st.integers(1, 3)) for p in picked}
    return players, low, high, met, draw(SEEDS)


# Small budgets keep the file fast; the invariants hold for any budget, including none.
EFFORTS = st.integers(min_value=0, max_value=4_000)


@examples(80)
@given(field=fields(), effort=EFFORTS)
def test_every_draw_has_the_right_shape(field: tuple, effort: int) -> None:
    players, low, high, met, seed = field
    draw = draw_random(
        players, met, min_size=low, max_size=high, rng=random.Random(seed), effort=effort
    )
    check_shape(draw, players, low, high)


@examples(60)
@given(field=fields(), effort=EFFORTS, data=st.data())
def test_the_same_seed_gives_the_same_draw(field: tuple, effort: int, data: st.DataObject) -> None:
    players, low, high, met, seed = field
    first = draw_random(
        players, met, min_size=low, max_size=high, rng=random.Random(seed), effort=effort
    )
    # The order the app lists the players in does not matter, only who they are.
    reordered = data.draw(st.permutations(players))
    second = draw_random(
        reordered, dict(met), min_size=low, max_size=high, rng=random.Random(seed), effort=effort
    )
    assert first == second


@examples(80)
@given(field=fields(max_players=30), effort=EFFORTS)
def test_the_search_never_ends_worse_than_its_shuffle_and_ends_at_a_local_optimum(
    field: tuple, effort: int
) -> None:
    players, low, high, met, seed = field
    field_order = sorted(players)
    sizes = table_sizes(len(players), low, high)
    found = arrange(
        field_order, meeting_matrix(field_order, met), sizes, random.Random(seed), effort
    )
    assert found.cost == repeat_cost(found.groups, met)
    assert found.cost <= found.start_cost
    assert found.evaluations <= effort + 2 * len(players)
    draw = Draw(tuple(TableDraw(g, 0) for g in found.groups))
    assert improving_exchange(draw, met) is None


@examples(40)
@given(field=fields(max_players=8), data=st.data())
def test_tiny_fields_reach_the_true_minimum(field: tuple, data: st.DataObject) -> None:
    # Up to 8 players there are at most a few hundred splits: brute force knows the best.
    players, low, high, met, seed = field
    if data.draw(st.booleans(), label="heavier history"):
        pairs = list(itertools.combinations(players, 2))
        met = {frozenset(p): data.draw(st.integers(0, 3)) for p in pairs}
    draw = draw_random(players, met, min_size=low, max_size=high, rng=random.Random(seed))
    sizes = table_sizes(len(players), low, high)
    best = min(repeat_cost(split, met) for split in all_splits(players, sizes))
    assert draw.repeat_cost(met) == best


# Derandomized: this bounds a heuristic's quality, and a bound met by 200 of 200 sampled
# tournaments (see below) should not turn into a flaky failure on the 201st in CI.
@examples(5, derandomize=True)
@given(seed=SEEDS)
def test_six_rounds_of_24_players_at_tables_of_4_keep_repeats_low(seed: int) -> None:
    rng = random.Random(seed)
    draws: list[Draw] = []
    costs = []
    for _ in range(6):
        met = count_meetings(draws)
        draw = draw_random(range(24), met, min_size=4, max_size=4, rng=rng)
        check_shape(draw, list(range(24)), 4, 4)
        costs.append(draw.repeat_cost(met))
        draws.append(draw)
    # Round 2 can always repeat nobody (each new table takes one player from each of four
    # different round-1 tables), so the draw must find it. Measured over 200 seeds: rounds
    # 1-4 never repeat, round 5 at most 1, round 6 at most 6 (a player has then met 15 of
    # 23, and zero-repeat rounds often no longer exist, which an exhaustive check
    # confirmed for every such round sampled), 7 repeats at most in all, and no pair meets
    # three times. A plain shuffle would repeat about 70 times over the six rounds.
    assert costs[:2] == [0, 0]
    assert sum(costs) <= 12
    assert max(count_meetings(draws).values()) <= 2


def test_sixty_players_over_six_rounds_meet_almost_nobody_twice() -> None:
    # Speed is measured by `make bench`, not asserted here (about 0.1 s for all six rounds).
    rng = random.Random(2024)
    draws: list[Draw] = []
    for _ in range(6):
        draws.append(draw_random(range(60), count_meetings(draws), min_size=4, max_size=6, rng=rng))
    costs = [draw.repeat_cost(count_meetings(draws[:i])) for i, draw in enumerate(draws)]
    assert costs[:5] == [0, 0, 0, 0, 0]
    assert costs[5] <= 2
