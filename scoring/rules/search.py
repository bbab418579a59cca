"""The arrangement search behind shows and penalties.

Every question the games ask of a hand ("can all 21 cards be melded with three pure
sequences?", "what is the least deadwood once two sequences are down?") is one search over
the same space: split the hand into melds and leftover cards. The search works on a vector
of card counts and always decides the fate of the lowest remaining card:

- it is left over (deadwood, when the goal allows it);
- it is a wild card that will stand in for another card (it joins a pool of jokers);
- it is kept apart as a joker (rummy27's ten jokers);
- it opens a tunnela, a dublee, a set of its rank or a sequence of its suit, taking higher
  cards and as many jokers from the pool as the meld needs.

Because the lowest card always goes first, no arrangement is visited twice in a different
order, and the remaining cards form a state that is memoised together with the joker pool
and the requirement counters (pure sequences, sequences, tunnelas, dublees, jokers apart,
each capped at what the goal needs). Jokers are fungible, so the pool is a number; it may go
negative while a sequence borrows a joker that a higher wild card will repay later, and the
bound "pool + wild cards still unplaced >= 0" prunes borrowing that can never be repaid.

Leftover jokers at the end cost nothing in a penalty. When every card must be melded, three
or more leftover jokers form their own sequence where the game allows a meld of wild cards
only, and fewer are absorbed by a meld with room for them: the search maximises that room
("slack") so that a feasible arrangement is one with slack >= 0.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import JOKER

NEG = -(10**9)


@dataclass(frozen=True)
class MeldRules:
    """What makes a meld in one game."""

    seq_max: int = 13  # longest sequence: 13 ranks, 14 when an ace may end both ends
    both_ends: bool = False  # vazhushal ace_both_ends: A-2-...-K-A
    exact3: bool = False  # marriage: every meld is exactly three cards
    max_wild: int = 99  # most wild cards standing for others in one meld
    set_mode: str = "standard"  # "standard" (3-4 suits), "rummy27", "marriage"
    tunnela: bool = False
    joker_tunnela: bool = False  # three printed jokers make a tunnela
    joker_dublee: bool = False  # two printed jokers make a dublee
    tunnela_is_pure: bool = False  # a tunnela meets a "pure" requirement
    tunnela_is_sequence: bool = False  # a tunnela stands in for a sequence
    joker_only_sequence: bool = True  # three or more wild cards alone make a sequence


@dataclass(frozen=True)
class Goal:
    """What the arrangement must achieve, and whether leftover cards are allowed."""

    meld_all: bool  # True: every card in a meld; False: least value of leftover cards
    pure: int = 0  # pure sequences (or their stand-ins) required
    seqs: int = 0  # sequences (pure or not, or their stand-ins) required
    tunnelas: int = 0
    dublees: int | None = None  # exactly this many dublees (rummy27 ten dublees)
    apart: int | None = None  # exactly this many wild cards kept apart (ten jokers)
    pure_only: bool = False  # only pure sequences (and pure stand-ins) may be melded


@dataclass
class Meld:
    kind: str  # pure_sequence, sequence, set, tunnela, dublee
    cards: list[int]
    jokers: int = 0  # cards in it that stand for another card


@dataclass
class Arrangement:
    value: int  # the deadwood value (least), or the slack (meld_all)
    melds: list[Meld] = field(default_factory=list)
    leftover: list[int] = field(default_factory=list)
    apart: list[int] = field(default_factory=list)


@dataclass
class _Seq:
    suit: int
    positions: list[tuple[int, int]]  # (position 1..14, card) of the natural cards
    jokers: int


class _Search:
    def __init__(
        self,
        counts: list[int],
        printed: int,
        wild: list[bool],
        values: list[int],
        rules: MeldRules,
        goal: Goal,
    ) -> None:
        self.counts = counts[:52]
        self.printed = printed
        self.wild = wild
        self.wild_ids = [card for card in range(52) if wild[card]]
        self.values = values
        self.rules = rules
        self.goal = goal
        # The pure counter keeps one more than needed: a surplus pure sequence may take
        # leftover jokers when every card must be melded.
        self.pure_cap = goal.pure + (1 if goal.meld_all else 0)
        self.memo: dict[tuple, int] = {}
        self.choice: dict[tuple, tuple] = {}

    # -- the recursion -------------------------------------------------------------------
    def best(self, i: int, j: int, p: int, s: int, t: int, d: int, a: int) -> int:
        counts = self.counts
        while i < 52 and counts[i] == 0:
            i += 1
        if j + sum(counts[w] for w in self.wild_ids) < 0:
            return NEG
        key = (bytes(counts), j, p, s, t, d, a)
        cached = self.memo.get(key)
        if cached is not None:
            return cached
        if i == 52:
            value = self._finish(j, p, s, t, d, a)
            self.memo[key] = value
            return value
        goal, rules = self.goal, self.rules
        best, choice = NEG, None
        card = i
        is_wild = self.wild[card]

        if is_wild and not goal.pure_only:
            counts[card] -= 1
            value = self.best(i, j + 1, p, s, t, d, a)
            if value > best:
                best, choice = value, ("joker", card)
            if goal.apart is not None and a < goal.apart:
                value = self.best(i, j, p, s, t, d, a + 1)
                if value > best:
                    best, choice = value, ("apart", card)
            counts[card] += 1
        if not goal.meld_all and not (is_wild and not goal.pure_only):
            counts[card] -= 1
            value = self.best(i, j, p, s, t, d, a) - self.values[card]
            if value > best:
                best, choice = value, ("left", card)
            counts[card] += 1
        if rules.tunnela and counts[card] >= 3 and (rules.tunnela_is_pure or not goal.pure_only):
            counts[card] -= 3
            value = self.best(
                i,
                j,
                min(p + rules.tunnela_is_pure, self.pure_cap),
                min(s + rules.tunnela_is_sequence, goal.seqs),
                min(t + 1, goal.tunnelas),
                d,
                a,
            )
            if value > best:
                best, choice = value, ("tunnela", card)
            counts[card] += 3
        if goal.dublees is not None and d < goal.dublees and counts[card] >= 2:
            counts[card] -= 2
            value = self.best(i, j, p, s, t, d + 1, a)
            if value > best:
                best, choice = value, ("dublee", card)
            counts[card] += 2
        if not goal.pure_only:
            for naturals, jokers, room in self._sets(card, j):
                for natural in naturals:
                    counts[natural] -= 1
                value = self.best(i, j - jokers, p, s, t, d, a)
                if value > NEG and goal.meld_all:
                    value += room
                if value > best:
                    best, choice = value, ("set", naturals, jokers)
                for natural in naturals:
                    counts[natural] += 1
        for seq in self._sequences(card, j):
            for _, natural in seq.positions:
                counts[natural] -= 1
            pure = seq.jokers == 0
            value = self.best(
                i,
                j - seq.jokers,
                min(p + pure, self.pure_cap),
                min(s + 1, goal.seqs),
                t,
                d,
                a,
            )
            if value > NEG and not pure and goal.meld_all:
                value += rules.seq_max - max(3, self._span(seq))
            if value > best:
                best, choice = value, ("seq", seq)
            for _, natural in seq.positions:
                counts[natural] += 1
        self.memo[key] = best
        self.choice[key] = choice
        return best

    def _finish(self, j: int, p: int, s: int, t: int, d: int, a: int) -> int:
        goal, rules = self.goal, self.rules
        if j < 0:
            return NEG
        slack = 0
        if goal.meld_all and j > 0:
            if j >= 3 and rules.joker_only_sequence:
                s = min(s + j // 3, goal.seqs)
            elif p > goal.pure and not rules.exact3:
                slack = rules.seq_max - 3 - j  # a surplus pure sequence takes them
            else:
                slack = -j
        elif not goal.pure_only and rules.joker_only_sequence and j >= 3:
            s = min(s + j // 3, goal.seqs)
        if p < goal.pure or s < goal.seqs or t < goal.tunnelas:
            return NEG
        if goal.dublees is not None and d != goal.dublees:
            return NEG
        if goal.apart is not None and a != goal.apart:
            return NEG
        return slack

    # -- meld candidates for the lowest card -----------------------------------------------
    def _budget(self, j: int) -> int:
        """Most jokers one meld may take: the pool plus wild cards not yet placed."""
        if self.goal.pure_only:
            return 0
        spare = j + sum(self.counts[w] for w in self.wild_ids)
        return min(spare, self.rules.max_wild)

    def _sets(self, card: int, j: int):
        rules = self.rules
        budget = self._budget(j)
        rank0, suit = card % 13, card // 13
        counts = self.counts
        others = [x * 13 + rank0 for x in range(suit + 1, 4) if counts[x * 13 + rank0] > 0]
        if rules.set_mode == "rummy27":
            yield from self._rummy27_sets(card, others, budget)
            return
        size_cap = 3 if rules.set_mode == "marriage" else 4
        for mask in range(1, 1 << len(others)):
            chosen = [card] + [others[b] for b in range(len(others)) if mask >> b & 1]
            n = len(chosen)
            if n > size_cap:
                continue
            jokers = max(0, 3 - n)
            if jokers > budget:
                continue
            yield chosen, jokers, (0 if rules.exact3 else 4 - n - jokers)

    def _rummy27_sets(self, card: int, others: list[int], budget: int):
        counts = self.counts
        # Copies of each card that may join: the lowest card itself (at least one) and the
        # other suits of its rank; a rummy27 set may hold several copies of one suit.
        pools = [(card, counts[card])] + [(other, counts[other]) for other in others]

        def choose(index: int, picked: list[int]):
            if index == len(pools):
                yield list(picked)
                return
            natural, available = pools[index]
            start = 1 if index == 0 else 0
            for take in range(start, available + 1):
                picked.extend([natural] * take)
                yield from choose(index + 1, picked)
                del picked[len(picked) - take :]

        for chosen in choose(0, []):
            n = len(chosen)
            one_suit = len(set(chosen)) == 1
            jokers = max(3 - n, 1 if one_suit else 0, 0)
            if jokers > n or jokers > budget or n < 2:
                continue
            yield chosen, jokers, (n - jokers)

    def _sequences(self, card: int, j: int):
        rules = self.rules
        budget = self._budget(j)
        suit, rank = card // 13, card % 13 + 1
        base = suit * 13
        counts = self.counts
        # Up from the card: ranks rank+1 .. K, and for an ace low with both ends, A high.
        up = [(r, base + r - 1) for r in range(rank + 1, 14)]
        if rank == 1 and rules.both_ends:
            up.append((14, card))
        yield from self._runs(suit, (rank, card), up, budget, counts)
        if rank == 1:
            # The ace high, counting down: K, Q, ... 2.
            down = [(r, base + r - 1) for r in range(13, 1, -1)]
            for seq in self._runs(suit, (14, card), down, budget, counts):
                if len(seq.positions) > 1:  # an ace with jokers alone is found above
                    yield seq

    def _runs(self, suit, first, path, budget, counts):
        rules = self.rules
        max_span = 3 if rules.exact3 else rules.seq_max
        positions = [first]
        taken: dict[int, int] = {first[1]: 1}

        def extend(index: int, gaps: int):
            span = abs(positions[-1][0] - positions[0][0]) + 1
            n = len(positions)
            jokers = (3 - n) if rules.exact3 else gaps + max(0, 3 - span)
            if jokers <= budget:
                yield _Seq(suit, list(positions), jokers)
            for step in range(index, len(path)):
                position, natural = path[step]
                gap = step - index
                new_span = abs(position - positions[0][0]) + 1
                if new_span > max_span or gaps + gap > budget:
                    break
                if counts[natural] - taken.get(natural, 0) <= 0:
                    continue
                taken[natural] = taken.get(natural, 0) + 1
                positions.append((position, natural))
                yield from extend(step + 1, gaps + gap)
                positions.pop()
                taken[natural] -= 1

        yield from extend(0, 0)

    @staticmethod
    def _span(seq: _Seq) -> int:
        return abs(seq.positions[-1][0] - seq.positions[0][0]) + 1

    # -- reading the answer back -----------------------------------------------------------
    def run(self) -> Arrangement | None:
        best, best_start = NEG, None
        for start in self._printed_splits():
            tunnelas, dublees, apart = start
            pool = self.printed - 3 * tunnelas - 2 * dublees - apart
            t = min(tunnelas, self.goal.tunnelas)
            p = min(tunnelas * self.rules.tunnela_is_pure, self.pure_cap)
            s = min(tunnelas * self.rules.tunnela_is_sequence, self.goal.seqs)
            value = self.best(0, pool, p, s, t, dublees, apart)
            if value > best:
                best, best_start = value, (start, pool, p, s, t, dublees, apart)
            if best >= 0 and self.goal.meld_all:
                break
            if best == 0 and not self.goal.meld_all:
                break
        if best_start is None or best <= NEG or (self.goal.meld_all and best < 0):
            return None
        return self._rebuild(best, best_start)

    def _printed_splits(self):
        """Printed jokers used as themselves: in tunnelas, dublees, or kept apart."""
        rules, goal = self.rules, self.goal
        max_t = self.printed // 3 if rules.joker_tunnela and not goal.pure_only else 0
        for tunnelas in range(max_t, -1, -1):
            rest = self.printed - 3 * tunnelas
            max_d = rest // 2 if rules.joker_dublee and goal.dublees is not None else 0
            for dublees in range(min(max_d, goal.dublees or 0), -1, -1):
                rest2 = rest - 2 * dublees
                max_a = min(rest2, goal.apart) if goal.apart is not None else 0
                for apart in range(max_a, -1, -1):
                    yield tunnelas, dublees, apart

    def _rebuild(self, value: int, start) -> Arrangement:
        (tunnelas, dublees, apart), j, p, s, t, d, a = start
        result = Arrangement(value=value)
        counts = self.counts
        saved = counts[:]
        result.melds.extend(Meld("tunnela", [JOKER] * 3) for _ in range(tunnelas))
        result.melds.extend(Meld("dublee", [JOKER] * 2) for _ in range(dublees))
        result.apart.extend([JOKER] * apart)
        pool: list[int] = [JOKER] * j
        debts: list[Meld | _Seq] = []
        seqs: list[tuple[_Seq, Meld]] = []
        i = 0
        while True:
            while i < 52 and counts[i] == 0:
                i += 1
            if i == 52:
                break
            key = (bytes(counts), j, p, s, t, d, a)
            choice = self.choice[key]
            kind = choice[0]
            card = choice[1]
            if kind == "joker":
                counts[card] -= 1
                j += 1
                pool.append(card)
            elif kind == "apart":
                counts[card] -= 1
                a += 1
                result.apart.append(card)
            elif kind == "left":
                counts[card] -= 1
                result.leftover.append(card)
            elif kind == "tunnela":
                counts[card] -= 3
                p = min(p + self.rules.tunnela_is_pure, self.pure_cap)
                s = min(s + self.rules.tunnela_is_sequence, self.goal.seqs)
                t = min(t + 1, self.goal.tunnelas)
                result.melds.append(Meld("tunnela", [card] * 3))
            elif kind == "dublee":
                counts[card] -= 2
                d += 1
                result.melds.append(Meld("dublee", [card] * 2))
            elif kind == "set":
                naturals, jokers = choice[1], choice[2]
                for natural in naturals:
                    counts[natural] -= 1
                j -= jokers
                meld = Meld("set", list(naturals), jokers)
                debts.extend([meld] * jokers)
                result.melds.append(meld)
            else:
                seq = choice[1]
                for _, natural in seq.positions:
                    counts[natural] -= 1
                j -= seq.jokers
                pure = seq.jokers == 0
                p = min(p + pure, self.pure_cap)
                s = min(s + 1, self.goal.seqs)
                meld = Meld("pure_sequence" if pure else "sequence", [], seq.jokers)
                seqs.append((seq, meld))
                result.melds.append(meld)
        counts[:] = saved
        # Hand the actual joker cards to the melds that borrowed them, then place leftovers.
        for meld in debts:
            meld.cards.append(pool.pop())
        for seq, meld in seqs:
            meld.cards = _order_sequence(seq, [pool.pop() for _ in range(seq.jokers)])
        if pool:
            self._place_leftover_jokers(result, pool, seqs)
        return result

    def _place_leftover_jokers(self, result: Arrangement, pool: list[int], seqs) -> None:
        if not self.goal.meld_all:
            result.leftover.extend(pool)
            return
        rules = self.rules
        if len(pool) >= 3 and rules.joker_only_sequence:
            result.melds.append(Meld("sequence", list(pool), len(pool)))
            return
        # Room in a set first, then in a sequence that already holds a joker, and only then
        # in a pure sequence the requirement can spare (the search counted on that order).
        for meld in result.melds:
            if meld.kind != "set" or rules.exact3:
                continue
            naturals = len(meld.cards) - meld.jokers
            room = naturals - meld.jokers if rules.set_mode == "rummy27" else 4 - len(meld.cards)
            while pool and room > 0:
                meld.cards.append(pool.pop())
                meld.jokers += 1
                room -= 1
        for seq, meld in sorted(seqs, key=lambda item: item[1].kind == "pure_sequence"):
            while pool and len(meld.cards) < rules.seq_max and not rules.exact3:
                jokers = _jokers_in(meld.cards, seq) + [pool.pop()]
                seq.jokers = len(jokers)
                meld.kind, meld.jokers = "sequence", len(jokers)
                meld.cards = _order_sequence(seq, jokers)


def _jokers_in(cards: list[int], seq: _Seq) -> list[int]:
    naturals = [natural for _, natural in seq.positions]
    jokers = list(cards)
    for natural in naturals:
        jokers.remove(natural)
    return jokers


def _order_sequence(seq: _Seq, jokers: list[int]) -> list[int]:
    """Lay a sequence out in rank order, jokers in the gaps, then above, then below."""
    by_position = sorted(seq.positions)
    low, high = by_position[0][0], by_position[-1][0]
    out: list[int] = []
    jokers = list(jokers)
    placed = dict(by_position)
    for position in range(low, high + 1):
        if position in placed:
            out.append(placed[position])
        else:
            out.append(jokers.pop())
    top = 13 if low == 1 else 14
    while jokers and high < top:
        out.append(jokers.pop())
        high += 1
    while jokers:
        out.insert(0, jokers.pop())
    return out


def arrange(
    counts: list[int],
    wild: list[bool],
    values: list[int],
    rules: MeldRules,
    goal: Goal,
) -> Arrangement | None:
    """The best arrangement of a hand for `goal`, or None when no arrangement meets it.

    `counts` has 53 entries (the last is printed jokers); `wild` marks the plain cards that
    may stand in for others; `values` is what each plain card costs when left over.
    """
    search = _Search(counts, counts[JOKER], wild, values, rules, goal)
    found = search.run()
    if found is not None and not goal.meld_all:
        found.value = -found.value  # the search maximises; a penalty is the least cost
    return found
