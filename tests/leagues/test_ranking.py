"""The tie-break machinery league tables and tournament standings share, on its own.

Plain lines stand in for standings: what matters is the order and who shares a rank.
"""

from __future__ import annotations

from dataclasses import dataclass

from leagues.ranking import TIE_BREAKERS, ranked_groups, times_finished_above, valid_tie_breakers


@dataclass(frozen=True)
class Line:
    pk: int
    points: int
    wins: int


def by(attribute: str):
    return lambda group: {line.pk: getattr(line, attribute) for line in group}


def pks(groups: list[list[Line]]) -> list[list[int]]:
    return [sorted(line.pk for line in group) for group in groups]


def test_a_tie_on_points_goes_to_the_next_key_and_a_full_tie_shares_a_rank():
    lines = [Line(1, 10, 2), Line(2, 30, 0), Line(3, 10, 5), Line(4, 10, 2)]
    groups = ranked_groups(lines, [by("points"), by("wins")])
    assert pks(groups) == [[2], [3], [1, 4]]


def test_with_no_tie_breakers_level_players_stay_together():
    lines = [Line(1, 10, 2), Line(2, 10, 9)]
    assert pks(ranked_groups(lines, [by("points")])) == [[1, 2]]


def test_a_later_key_never_reorders_players_an_earlier_key_separated():
    lines = [Line(1, 20, 0), Line(2, 10, 9)]
    assert pks(ranked_groups(lines, [by("points"), by("wins")])) == [[1], [2]]


def test_head_to_head_counts_only_the_tied_players_finishing_above_each_other():
    # Table one: 1 beat 2 and 3, 2 beat 3; table two: 3 beat 1 (2 sat elsewhere).
    tables = [[(1, 1), (2, 2), (3, 3)], [(3, 1), (1, 2)]]
    assert times_finished_above([1, 2, 3], tables) == {1: 2, 2: 1, 3: 1}


def test_tie_breakers_are_known_names_each_at_most_once():
    assert valid_tie_breakers(list(TIE_BREAKERS))
    assert valid_tie_breakers([])
    assert not valid_tie_breakers(["wins", "wins"])
    assert not valid_tie_breakers(["coin_toss"])
