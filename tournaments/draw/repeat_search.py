"""The search behind the random draw: split players into tables of given sizes so that as
few earlier meetings as possible are repeated.

This is the "social golfer" problem in disguise, NP-hard in general, so the search is a
heuristic with a fixed budget, not an exhaustive one. It works on player positions
0..n-1 and a dense weight matrix (`repeats.meeting_matrix`).

1. Start from a plain shuffle cut into the table sizes: the draw a club would make with
   no software. The answer is never worse than this start.
2. Tabu search (min-conflicts flavour): pick at random a player who has met someone at
   their table, make the best exchange for them (swap with a player at another table, or
   move to a table one smaller, which keeps the multiset of sizes), even if it is not an
   improvement, and forbid undoing it for a few steps so the search walks across plateaus
   instead of circling. Sideways and uphill steps are what let it find the zero-repeat
   draws that a plain descent misses.
3. When a walk stops improving for a while, kick the best split found so far (a few
   random swaps) and walk again from there: iterated local search, which measured a
   little better than restarting from fresh shuffles, since good splits share structure.
4. Stop at cost 0 (nothing beats it), when the budget of evaluated exchanges is spent,
   or after several walks in a row found nothing better (small fields, where the search
   has seen all there is long before the budget ends). The budget counts work, not
   seconds, so the same seed gives the same draw on any machine.
5. Polish the best with a steepest descent over every swap and move, so the answer is a
   local optimum: no single swap of two players, and no move of a player from a bigger
   to a smaller table, lowers the cost. (This pass is outside the budget; each round of it
   costs O(n^2) and lowers the cost, so it ends.)

Every random choice comes from the caller's `random.Random`, in a fixed order.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

# Exchanges evaluated per draw. About 0.1 s of CPython for 60 players when no zero-repeat
# draw exists (the budget is then spent in full); far less when one is found early.
DEFAULT_EFFORT = 150_000

# Steps without a new best before a kick, per player: long enough for the tabu walk to
# cross a plateau, short enough to try several kicks within the budget.
PATIENCE_PER_PLAYER = 12

# A player may not return to a table it just left for this many steps, plus a random
# 0..TENURE_SPREAD-1; the spread stops the search from falling into a fixed cycle.
TENURE_BASE = 3
TENURE_SPREAD = 5

# Random swaps in a kick, per player: enough to leave the best split's basin, few enough
# to keep most of what made it good.
KICK_PER_PLAYER = 0.1

# Walks in a row without a new best before giving up early. Large fields spend the budget
# in a handful of walks and never reach this; small ones stop here instead of repeating
# the same few splits for the whole budget.
FRUITLESS_WALKS = 20


@dataclass(frozen=True)
class Arrangement:
    """The search's answer: groups of player ids (biggest first) and what it cost."""

    groups: tuple[tuple[int, ...], ...]
    cost: int
    # Cost of the plain shuffle the search started from (the answer is never worse).
    start_cost: int
    # Exchanges evaluated, for benchmarks: at most `effort` plus one step (under 2n).
    evaluations: int


def arrange(
    players: Sequence[int],
    weights: list[list[int]],
    sizes: Sequence[int],
    rng: random.Random,
    effort: int = DEFAULT_EFFORT,
) -> Arrangement:
    """Split `players` into tables of `sizes`, minimising the repeat cost under `weights`
    (weights[i][j] = times players[i] and players[j] met; symmetric, zero diagonal)."""
    if sum(sizes) != len(players):
        raise ValueError(f"Table sizes {tuple(sizes)} do not seat {len(players)} players.")
    if effort < 0:
        raise ValueError(f"The search effort cannot be negative: {effort}.")
    search = _Search(weights, sizes, rng, effort)
    tables = search.shuffled()
    start_cost = tables.cost
    search.consider(tables)
    fruitless_walks = 0
    # One table leaves nothing to choose: everyone sits at it, whatever the cost.
    while len(sizes) > 1 and search.best_cost > 0 and search.evaluations < effort:
        best_before = search.best_cost
        search.tabu_walk(tables)
        fruitless_walks = fruitless_walks + 1 if search.best_cost == best_before else 0
        if (
            search.best_cost == 0
            or search.evaluations >= effort
            or fruitless_walks >= FRUITLESS_WALKS
        ):
            break
        tables = search.kicked_best()
        search.consider(tables)
    best = _Tables.from_assignment(weights, search.best_table_of, len(sizes))
    search.descend(best)
    groups = sorted(best.members, key=len, reverse=True)
    return Arrangement(
        groups=tuple(tuple(players[i] for i in group) for group in groups),
        cost=best.cost,
        start_cost=start_cost,
        evaluations=search.evaluations,
    )


class _Tables:
    """A split of players 0..n-1 into tables, with each player's cost at every table.

    `pull[p][t]` is the sum of weights between p and everyone at table t (p's own weight
    is zero, so at p's own table it is what p pays). Keeping it up to date makes every
    exchange's effect on the cost a handful of lookups instead of a sum over two tables.
    """

    def __init__(self, weights: list[list[int]], members: list[list[int]]) -> None:
        self.weights = weights
        self.members = members
        self.table_of = [0] * len(weights)
        for t, group in enumerate(members):
            for p in group:
                self.table_of[p] = t
        self.pull = [[sum(row[q] for q in group) for group in members] for row in weights]
        self.cost = sum(self.pull[p][t] for p, t in enumerate(self.table_of)) // 2

    @classmethod
    def from_assignment(
        cls, weights: list[list[int]], table_of: Sequence[int], table_count: int
    ) -> _Tables:
        members: list[list[int]] = [[] for _ in range(table_count)]
        for p, t in enumerate(table_of):
            members[t].append(p)
        return cls(weights, members)

    def swap_delta(self, a: int, b: int) -> int:
        ta, tb = self.table_of[a], self.table_of[b]
        pull_a, pull_b = self.pull[a], self.pull[b]
        return pull_a[tb] + pull_b[ta] - pull_a[ta] - pull_b[tb] - 2 * self.weights[a][b]

    def move_delta(self, a: int, tb: int) -> int:
        pull_a = self.pull[a]
        return pull_a[tb] - pull_a[self.table_of[a]]

    def swap(self, a: int, b: int) -> None:
        self.cost += self.swap_delta(a, b)
        ta, tb = self.table_of[a], self.table_of[b]
        weight_a, weight_b = self.weights[a], self.weights[b]
        for row, wa, wb in zip(self.pull, weight_a, weight_b, strict=True):
            if wa != wb:
                row[ta] += wb - wa
                row[tb] += wa - wb
        self.members[ta][self.members[ta].index(a)] = b
        self.members[tb][self.members[tb].index(b)] = a
        self.table_of[a], self.table_of[b] = tb, ta

    def move(self, a: int, tb: int) -> None:
        self.cost += self.move_delta(a, tb)
        ta = self.table_of[a]
        for row, wa in zip(self.pull, self.weights[a], strict=True):
            if wa:
                row[ta] -= wa
                row[tb] += wa
        self.members[ta].remove(a)
        self.members[tb].append(a)
        self.table_of[a] = tb


class _Search:
    def __init__(
        self, weights: list[list[int]], sizes: Sequence[int], rng: random.Random, effort: int
    ) -> None:
        self.weights = weights
        self.sizes = tuple(sizes)
        self.rng = rng
        self.effort = effort
        self.evaluations = 0
        self.best_cost = -1
        self.best_table_of: list[int] = []

    def shuffled(self) -> _Tables:
        order = list(range(len(self.weights)))
        self.rng.shuffle(order)
        members: list[list[int]] = []
        start = 0
        for size in self.sizes:
            members.append(order[start : start + size])
            start += size
        return _Tables(self.weights, members)

    def kicked_best(self) -> _Tables:
        """The best split so far, with a few random swaps between tables."""
        tables = _Tables.from_assignment(self.weights, self.best_table_of, len(self.sizes))
        n = len(self.weights)
        for _ in range(max(2, int(n * KICK_PER_PLAYER))):
            a, b = self.rng.randrange(n), self.rng.randrange(n)
            if tables.table_of[a] != tables.table_of[b]:
                tables.swap(a, b)
        return tables

    def consider(self, tables: _Tables) -> None:
        if self.best_cost < 0 or tables.cost < self.best_cost:
            self.best_cost = tables.cost
            self.best_table_of = list(tables.table_of)

    def tabu_walk(self, tables: _Tables) -> None:
        """Walk from `tables` until no new best for a while, cost 0, or the budget ends."""
        rng, weights = self.rng, self.weights
        n, table_count = len(weights), len(self.sizes)
        members, table_of, pull = tables.members, tables.table_of, tables.pull
        tabu_until = [[0] * table_count for _ in range(n)]
        patience = PATIENCE_PER_PLAYER * n
        step = since_best = 0
        while since_best < patience and self.evaluations < self.effort:
            step += 1
            since_best += 1
            conflicted = [p for p in range(n) if pull[p][table_of[p]]]
            if not conflicted:
                break  # cost 0: `consider` already saw it, nothing can beat it
            a = conflicted[rng.randrange(len(conflicted))]
            ta = table_of[a]
            pull_a, weight_a, tabu_a = pull[a], weights[a], tabu_until[a]
            own = pull_a[ta]
            # Aspiration: a forbidden exchange is still allowed if it beats the best.
            beats_best = self.best_cost - tables.cost
            best_delta: int | None = None
            choices: list[tuple[int, int]] = []  # (b, tb); b == -1 means "move a to tb"
            for tb in range(table_count):
                if tb == ta:
                    continue
                base = pull_a[tb] - own
                a_forbidden = tabu_a[tb] > step
                candidates = [
                    (b, base + pull[b][ta] - pull[b][tb] - 2 * weight_a[b]) for b in members[tb]
                ]
                if len(members[ta]) > len(members[tb]):
                    candidates.append((-1, base))
                self.evaluations += len(candidates)
                for b, delta in candidates:
                    forbidden = a_forbidden or (b >= 0 and tabu_until[b][ta] > step)
                    if forbidden and delta >= beats_best:
                        continue
                    if best_delta is None or delta < best_delta:
                        best_delta, choices = delta, [(b, tb)]
                    elif delta == best_delta:
                        choices.append((b, tb))
            if best_delta is None:
                continue  # everything forbidden; the tabu list expires as steps pass
            b, tb = choices[rng.randrange(len(choices))]
            tabu_a[ta] = step + TENURE_BASE + rng.randrange(TENURE_SPREAD)
            if b >= 0:
                tabu_until[b][tb] = step + TENURE_BASE + rng.randrange(TENURE_SPREAD)
                tables.swap(a, b)
            else:
                tables.move(a, tb)
            if tables.cost < self.best_cost:
                self.consider(tables)
                since_best = 0

    def descend(self, tables: _Tables) -> None:
        """Steepest descent over every swap and move until none lowers the cost."""
        n = len(self.weights)
        while True:
            best_delta, best_exchange = 0, None
            for a in range(n):
                ta = tables.table_of[a]
                for b in range(a + 1, n):
                    if tables.table_of[b] != ta:
                        delta = tables.swap_delta(a, b)
                        if delta < best_delta:
                            best_delta, best_exchange = delta, (a, b, -1)
                for tb, group in enumerate(tables.members):
                    if tb != ta and len(group) < len(tables.members[ta]):
                        delta = tables.move_delta(a, tb)
                        if delta < best_delta:
                            best_delta, best_exchange = delta, (a, -1, tb)
            if best_exchange is None:
                return
            a, b, tb = best_exchange
            if b >= 0:
                tables.swap(a, b)
            else:
                tables.move(a, tb)
