"""The arrangement search behind shows and penalties.

Every question the games ask of a hand ("can all 21 cards be melded with three pure
sequences?", "what is the least deadwood once two sequences are down?") is one search over
the same space: split the hand into melds and leftover cards. The search works on a vector
of card counts and always decides the fate of the lowest remaining card:

- it is left over (deadwood, when the goal allows it);
- it is a wild card that will stand in for another card (it joins a pool of jokers);
- it opens a tunnela, a dublee, a set of its rank or a sequence of its suit, taking higher
  cards and as many jokers from the pool as the meld needs.

Because the lowest card always goes first, no arrangement is visited twice in a different
order, and the remaining cards form a state that is memoised together with the joker pool
and the requirement counters (pure sequences, sequences, tunnelas, dublees, each capped
at what the goal needs). Jokers are fungible, so the pool is a number; it may go
negative while a sequence borrows a joker that a higher wild card will repay later, and the
bound "pool + wild cards still unplaced >= 0" prunes borrowing that can never be repaid.

Leftover jokers at the end cost nothing in a penalty. When every card must be melded, three
or more leftover jokers form their own sequence where the game allows a meld of wild cards
only, and fewer must be absorbed by a meld with room for them: a meld's room counts as a
negative cost and each leftover joker as a positive one, so an arrangement is feasible when
its cost is at most 0. A surplus pure sequence may also take them; the search assumes it
has room (it always does unless it is twelve cards long).

One approximation is exact by an exchange argument rather than by search: sequences are
opened at most five long, because a longer one splits into two of three or more with the
same cards and jokers, more sequences and more room.

A state is dropped unsearched when a bound proves nothing below it fits its budget: the
requirement counters (too few cards left for the pure sequences, tunnelas or dublees still
needed: with exactly as many pairs as dublees needed, every arrangement that breaks a pair
goes at once, so the split into dublees is forced; `bounds.most_pure` counts pure sequences
exactly per suit, so a state that owes jokers to melds it opened cannot count its wild
cards twice, as themselves and as jokers), the floor of cards that need wild cards
(`_floor`), and the jokers the natural cards need (`bounds.joker_demand`) against the
jokers the hand can still give: when nothing may be left over, and in a least-cost search
whose budget is below the dearest card left, with the cards it could afford to leave over
excused (tunnelas still needed take their wild cards out of the count).

A prune never changes the answer. A least-cost search records at each state the first
fate, in the order above, that reaches the state's least cost, whatever proved that cost:
so it may also start under a small bound and deepen it (`arrange`), and one search may
serve several hands (`MeldAllChecks`). A search where every card must be melded records
the first fate whose cards can all be melded within the state's budget; a pruned state is
one where none can, and nothing inside a subtree that fails is ever recorded (an
arrangement found there would have made it succeed), so dropping it leaves every recorded
fate, and the memo's later answers, as they were.

`Goal.apart` asks for wild cards left out of every meld (ten jokers kept apart): the pool
must end with that many, so a state whose pool and wild cards cannot reach it is dropped.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from operator import itemgetter
from typing import Any, Literal, NamedTuple

from . import budget as _budget
from .bounds import HALVES, MOST_PURE, joker_demand, most_pure, most_pure_overall
from .cards import JOKER

INF = 10**9
# Memo entries pack a state's (low, high) bounds into one int.
_BIAS = 1 << 31
_LOW32 = (1 << 32) - 1
_POOL_BIAS = 128  # the joker pool may be negative; a byte of the memo key holds it


def _bounds(low: int, high: int) -> int:
    return (low + _BIAS) << 32 | (high + _BIAS)


_NEVER = _bounds(INF, INF)
MAX_OPENED_SEQUENCE = 5
# How often a search with a deadline looks at the clock: every 4096 states.
_TICK_MASK = 4095
_DEEPEN = 8  # the first bound of a deepening least-cost search after 0, and its step
FLOOR_FROM_CARDS = 16
# The most jokers a meld opened by the search takes: a sequence of five places with two
# natural cards (a set takes at most two).
_MOST_JOKERS = MAX_OPENED_SEQUENCE - 2


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
    pure_only: bool = False  # only pure sequences (and pure stand-ins) may be melded
    apart: int = 0  # wild cards (printed jokers included) left out of every meld, at least


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


# One way to use a card in the search, or a state of it: a plain tuple of numbers and
# names, whose shape depends on its kind (see `_candidates` and `_child`).
_Fate = tuple[Any, ...]


class _Seq(NamedTuple):
    # A tuple of ints, so the garbage collector stops tracking it and candidates cached
    # across requests cost nothing at a collection.
    suit: int
    positions: tuple[tuple[int, int], ...]  # (position 1..14, card) of the natural cards
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
        self.counts = counts[:52] + [0] * 5  # and the counters of a state (see `cost`)
        self.printed = printed
        self.wild = wild
        self.wild_ids = [card for card in range(52) if wild[card]]
        self.values = values
        self.rules = rules
        self.goal = goal
        # The pure counter keeps one more than needed: a surplus pure sequence may take
        # leftover jokers when every card must be melded.
        self.pure_cap = goal.pure + (1 if goal.meld_all else 0)
        wild_cards = printed + sum(self.counts[card] for card in self.wild_ids)
        self.useful_budget = wild_cards if goal.meld_all else INF
        # The floor bound (`_floor`) pays for itself only in big hands: in a 13-card hand
        # the subtrees it cuts are smaller than what computing it costs at every node.
        self.use_floor = sum(self.counts[:52]) + printed > FLOOR_FROM_CARDS
        self.memo: dict[bytes, int] = {}
        self.choice: dict[bytes, _Fate] = {}
        # A door with a time limit (budget.py) is checked every _TICK states searched.
        self.deadline = _budget.deadline()
        self.ticks = 0
        # Set by `arrange` when a least-cost search answers "can every card meld?": then
        # leftover jokers are placed into melds afterwards, as a meld-all search would.
        self.absorb_jokers = False
        # A small number naming the meld rules and goal flags the candidates depend on.
        kind = (rules, goal.meld_all, goal.pure_only)
        self._kind = _KINDS.setdefault(kind, len(_KINDS))
        _KIND_OF.setdefault(self._kind, kind)
        # How many copies of a card make a meld of their own (see `_floor`).
        copies = 99
        if rules.tunnela and (rules.tunnela_is_pure or not goal.pure_only):
            copies = 3
        if goal.dublees is not None or (rules.set_mode == "rummy27" and not goal.pure_only):
            copies = 2
        self._copies_meld = copies
        # How many copies of a card make a meld with no wild card (see `_floor`).
        copies = 99
        if rules.tunnela and (rules.tunnela_is_pure or not goal.pure_only):
            copies = 3
        if goal.dublees is not None:
            copies = 2
        self._copies_alone = copies
        # The fates of a card that do not depend on the cards near it (see `_fates`).
        self._tunnelas_meld = rules.tunnela and (rules.tunnela_is_pure or not goal.pure_only)
        self._tunnela_fates, self._last_fates = _plain_fates(self._kind, tuple(wild), tuple(values))
        self._dublee_fates = _DUBLEE_FATES
        self._suit_wilds = [(base, bytes(wild[base : base + 13])) for base in (0, 13, 26, 39)]
        # What the cheapest natural card of the hand costs left over (when every card must
        # meld: never).
        natural_values = [
            values[card] for card in range(52) if self.counts[card] and not wild[card]
        ]
        self._least_left = INF if goal.meld_all else min(natural_values, default=INF)
        # Below the dearest natural card the jokers bound a least-cost search too: the
        # ranks it may leave over within each budget (`cost`).
        self._most_left = INF if goal.meld_all else max(natural_values, default=0)
        rank_values = [max(values[rank + base] for base in (0, 13, 26, 39)) for rank in range(13)]
        self._free_ranks = [
            sum(1 << rank for rank in range(13) if rank_values[rank] <= budget)
            for budget in range(max(rank_values) + 1)
        ]
        if goal.pure_only or goal.dublees is not None:
            # Wild cards never stand in (jokers are no help), or pairs meld as dublees
            # with none: the jokers the cards need say nothing then.
            self._least_left = self._most_left = -INF
        self._pure_tunnelas = rules.tunnela and rules.tunnela_is_pure
        self._copies_set = rules.set_mode == "rummy27"  # a set may hold copies

    def reset(self, counts: list[int]) -> None:
        """Search other cards of the same game with the same goal, keeping what was
        proved: a state's cost depends on the state alone, and a least-cost search records
        the same fates whatever it proved before (see the module docstring)."""
        assert not self.goal.meld_all
        self.counts[:52] = counts[:52]
        self.printed = counts[JOKER]
        self.use_floor = sum(counts[:52]) + self.printed > FLOOR_FROM_CARDS

    # -- the recursion -------------------------------------------------------------------
    # Costs: a left-over card costs its value; when every card must be melded, a meld's
    # room for leftover jokers is a negative cost and a leftover joker with no room a
    # positive one, so "feasible" is "cost <= 0". The memo keeps a lower and an upper bound
    # per state, so a search under a budget stops early (branch and bound) and a later,
    # looser budget reuses what an earlier one proved.
    def cost(self, i: int, j: int, p: int, s: int, t: int, d: int, budget: int) -> int:
        self.ticks += 1
        if not self.ticks & _TICK_MASK and self.deadline is not None:
            _budget.check(self.deadline)
        counts = self.counts
        while i < 52 and counts[i] == 0:
            i += 1
        spare = j
        for w in self.wild_ids:
            spare += counts[w]
        spare -= self.goal.apart  # the wild cards that may meld
        if spare < 0:
            return INF
        if budget > self.useful_budget:
            # When every card must be melded, room beyond the wild cards in the hand can
            # never be used: capping the budget lets states share what they proved.
            budget = self.useful_budget
        # The counters ride behind the counts, so one bytes() call makes the memo key: no
        # object the garbage collector must track is made per state.
        counts[52] = j + _POOL_BIAS
        counts[53], counts[54], counts[55], counts[56] = p, s, t, d
        key = bytes(counts)
        memo = self.memo
        bounds = memo.get(key)
        if bounds is not None:
            low, high = (bounds >> 32) - _BIAS, (bounds & _LOW32) - _BIAS
            if high <= budget or low > budget or low == high:
                return high if high <= budget else low
        else:
            low, high = -INF, INF
        if i == 52:
            value = self._finish(j, p, s, t, d)
            memo[key] = _bounds(value, value)
            return value
        goal = self.goal
        if p < goal.pure and not goal.pure_only and p + self._most_pure(key, spare) < goal.pure:
            memo[key] = _NEVER  # too few cards left for the requirement
            return INF
        if t < goal.tunnelas and t + sum(key[:52].translate(_THIRDS)) < goal.tunnelas:
            memo[key] = _NEVER  # too few cards left for the requirement
            return INF
        if goal.dublees is not None and d + sum(key[:52].translate(_HALVES)) < goal.dublees:
            # Too few pairs left: with exactly as many pairs as dublees needed, this drops
            # every arrangement that breaks a pair, so the split into dublees is forced
            # and the search only melds the other cards.
            memo[key] = _NEVER
            return INF
        if self.use_floor:
            shape = key.translate(_HELD)
            shapes = _SHAPES
            spades, hearts = shape[:13], shape[13:26]
            diamonds, clubs = shape[26:39], shape[39:52]
            f0 = shapes.get(spades) or _shape(spades)
            f1 = shapes.get(hearts) or _shape(hearts)
            f2 = shapes.get(diamonds) or _shape(diamonds)
            f3 = shapes.get(clubs) or _shape(clubs)
            jokers = 0 if goal.pure_only else spare
            if (f0 | f1 | f2 | f3) & (_STUCK_BITS if jokers < 2 else _RANK_BITS):
                floor = self._floor((f0, f1, f2, f3), jokers, budget)
                if floor > budget:
                    low = max(low, floor)
                    memo[key] = _bounds(low, high)
                    return low
        jokers = spare
        if t < goal.tunnelas:
            # Tunnelas still needed beyond the natural cards' own take wild cards, three
            # each, that then cannot stand in for anything.
            natural = sum(self._naturals(key).translate(_THIRDS))
            jokers -= 3 * max(0, goal.tunnelas - t - natural)
        if budget < self._most_left:
            # The natural cards dearer than the budget must all meld (the others may be
            # left over): if even that takes more jokers than the hand can give, the state
            # costs more than its budget, and at least the cheapest card left over.
            free = 0 if budget < self._least_left else self._free_ranks[budget]
            if self._short_of_jokers(key, jokers, free):
                low = max(low, budget + 1, self._least_left if not free else 0)
                memo[key] = _bounds(low, high)
                return low
        satisfice = goal.meld_all
        found, choice, lower = INF, None, INF
        limit = budget
        pure_cap, seqs, tunnelas = self.pure_cap, goal.seqs, goal.tunnelas
        search = self.cost
        for option, extra, jokers, more_pure, more_seqs, more_tunnelas, more_dublees in self._fates(
            i, d, spare
        ):
            if extra > limit:
                if extra < lower:
                    lower = extra
                continue
            cards = option[1]
            for card in cards:
                counts[card] -= 1
            if more_seqs or more_pure or more_tunnelas:
                p2, s2, t2 = p + more_pure, s + more_seqs, t + more_tunnelas
                value = extra + search(
                    i,
                    j - jokers,
                    p2 if p2 < pure_cap else pure_cap,
                    s2 if s2 < seqs else seqs,
                    t2 if t2 < tunnelas else tunnelas,
                    d + more_dublees,
                    limit - extra,
                )
            else:
                value = extra + search(i, j - jokers, p, s, t, d + more_dublees, limit - extra)
            for card in cards:
                counts[card] += 1
            if value <= limit:
                found, choice = value, option
                if satisfice:
                    break
                limit = value - 1
            elif value < lower:
                lower = value
        if choice is not None:
            high = found
            if not satisfice:
                low = found
            self.choice[key] = choice
        else:
            low = max(low, lower)
        memo[key] = _bounds(low, high)
        return found if choice is not None else low

    def _short_of_jokers(self, key: bytes, jokers: int, free: int = 0) -> bool:
        """Whether the natural cards left need more than `jokers` jokers to all meld,
        those of the ranks in the bit mask `free` excused."""
        if jokers < 0:
            return True
        naturals = self._naturals(key)
        demand = joker_demand(naturals, self._copies_set, self._tunnelas_meld, free)
        return demand > HALVES * jokers

    def _naturals(self, key: bytes) -> bytes:
        """The counts of a state's natural cards: every card not wild."""
        naturals = key[:52]
        if self.wild_ids:
            row = bytearray(naturals)
            for card in self.wild_ids:
                row[card] = 0
            naturals = bytes(row)
        return naturals

    def _most_pure(self, key: bytes, spare: int) -> int:
        """The most pure sequences the cards of a state can still make, with no more wild
        cards standing for themselves than `spare` (see bounds.most_pure)."""
        tunnelas = self._pure_tunnelas
        known = MOST_PURE.get
        total = 0
        shared = []  # the suits with wild cards, which share `spare`
        for base, wild_row in self._suit_wilds:
            row = key[base : base + 13]
            best = known((row, wild_row, tunnelas)) or most_pure(row, wild_row, tunnelas)
            if len(best) == 1:
                total += best[0]
            else:
                shared.append(best)
        return total + most_pure_overall(shared, spare) if shared else total

    def _floor(self, shapes: tuple[int, ...], jokers: int, budget: int) -> int:
        """A lower bound on the cost of the remaining cards from the plain cards that need
        wild cards to meld, `jokers` being the pool plus the wild cards still in hand (0
        where only pure sequences count). INF when every card must be melded and one of
        them cannot be.

        A card is stuck when it melds with no natural card alone: no three consecutive
        places of its suit all held through it (a sequence through it covers such a
        window), no set of other suits without a wild card, too few copies for a tunnela
        or a dublee. Each meld holding one holds a joker.

        A card is lonely when it melds with no natural card even beside one wild card:
        nothing of its suit within two places (so every sequence through it has jokers
        in the two places nearest it on one side or both), no card of its rank in another
        suit, too few copies for a tunnela, a dublee or a rummy27 set of copies. A meld
        holding n lonely cards is a sequence (they share no set) holding at least
        max(2, 2n - 2) jokers: two jokers between two consecutive lonely cards, two beside
        a single one. So each meld melds at most two lonely cards for its two jokers, and
        two only of one suit.

        Then: with no joker every stuck card is left over; with one joker every lonely
        card is, and the stuck ones but those of one suit or one rank (the one meld with
        the joker); with more, as many lonely cards as the pairs and singles the jokers
        pay for may meld, and the cheapest of the others are left over. (A part of the
        bound already above `budget` is returned early: it prunes all the same.)
        """
        counts, wild = self.counts, self.wild
        goal = self.goal
        # When every card must be melded, any card left over is an impossibility.
        meld_all = goal.meld_all
        values = _ONES if meld_all else self.values
        sets = not goal.pure_only
        rummy27 = self.rules.set_mode == "rummy27"
        copies_alone, copies_meld = self._copies_alone, self._copies_meld
        lonely: list[int] = []
        pairs = 0
        stuck = 0
        by_group: dict[int, int] = {}
        for base, facts in zip((0, 13, 26, 39), shapes, strict=True):
            lonely_ranks = facts & _RANK_BITS
            ranks = facts >> _STUCK & _RANK_BITS if jokers < 2 else lonely_ranks
            in_suit = 0
            for rank in _RANKS_OF[ranks]:
                card = base + rank
                if wild[card]:
                    continue  # it may be a joker
                held = counts[card]
                others = counts[rank] + counts[rank + 13] + counts[rank + 26]
                others += counts[rank + 39] - held
                if jokers and lonely_ranks >> rank & 1 and held < copies_meld:
                    if not (sets and others):
                        lonely.extend([values[card]] * held)
                        in_suit += held
                        continue
                if jokers >= 2 or held >= copies_alone:
                    continue
                if sets:
                    if rummy27:
                        if others and held + others >= 3:
                            continue
                    elif (counts[rank] > 0) + (counts[rank + 13] > 0) + (counts[rank + 26] > 0) + (
                        counts[rank + 39] > 0
                    ) >= 3:
                        continue
                if meld_all and not jokers:
                    return INF
                value = values[card] * held
                stuck += value
                if jokers:
                    by_group[base] = by_group.get(base, 0) + value
                    by_group[100 + rank] = by_group.get(100 + rank, 0) + value
                elif stuck > budget:
                    return stuck  # already enough to prune: the rest only adds
            pairs += in_suit // 2
        if jokers == 0:
            return stuck
        if jokers == 1:
            floor = sum(lonely) + stuck - max(by_group.values(), default=0)
        else:
            melds = jokers // 2
            paired = min(pairs, melds)
            melded = 2 * paired + min(melds - paired, len(lonely) - 2 * paired)
            surplus = len(lonely) - melded
            floor = sum(sorted(lonely)[:surplus]) if surplus > 0 else 0
        if floor > 0 and meld_all:
            return INF
        return floor

    def _fates(self, card: int, d: int, spare: int) -> tuple[_Fate, ...]:
        """Every fate of the lowest card, in the order the search tries them: (option,
        immediate cost, jokers taken from the pool, and what it adds to the pure, sequence,
        tunnela and dublee counters). Melds come first: a good arrangement found early
        tightens the bound for the rest."""
        goal = self.goal
        held = self.counts[card]
        melds = self._candidates(card, 0 if goal.pure_only else min(spare, self.rules.max_wild))
        first: tuple[_Fate, ...] = ()
        if held >= 3 and self._tunnelas_meld:
            first = (self._tunnela_fates[card],)
        if held >= 2 and goal.dublees is not None and d < goal.dublees:
            first += (self._dublee_fates[card],)
        if first:
            return first + melds + self._last_fates[card]
        return melds + self._last_fates[card]

    def _child(self, fate: _Fate, j: int, p: int, s: int, t: int, d: int) -> _Fate:
        _, _, jokers, more_pure, more_seqs, more_tunnelas, more_dublees = fate
        return (
            j - jokers,
            min(p + more_pure, self.pure_cap),
            min(s + more_seqs, self.goal.seqs),
            min(t + more_tunnelas, self.goal.tunnelas),
            d + more_dublees,
        )

    def _apply(self, option: _Fate, sign: int) -> None:
        counts = self.counts
        for card in option[1]:
            counts[card] += sign

    def _finish(self, j: int, p: int, s: int, t: int, d: int) -> int:
        goal, rules = self.goal, self.rules
        if j < goal.apart:
            return INF
        j -= goal.apart
        value = 0
        if goal.meld_all and j > 0:
            if j >= 3 and rules.joker_only_sequence:
                s = min(s + j // 3, goal.seqs)
            elif p > goal.pure and not rules.exact3:
                value = max(0, j - (rules.seq_max - 3))  # a surplus pure sequence takes them
            else:
                value = j  # each needs room in some meld
        elif not goal.pure_only and rules.joker_only_sequence and j >= 3:
            s = min(s + j // 3, goal.seqs)
        if p < goal.pure or s < goal.seqs or t < goal.tunnelas:
            return INF
        if goal.dublees is not None and d != goal.dublees:
            return INF
        return value

    # -- meld candidates for the lowest card -----------------------------------------------
    def _candidates(self, card: int, budget: int) -> tuple[_Fate, ...]:
        """Sets and sequences the lowest card can open, as fates (see `_fates`). They
        depend only on the cards near it, so they are cached by those counts and the joker
        budget (no meld opened takes more than `_MOST_JOKERS` jokers, so a larger budget
        finds the same ones)."""
        counts = self.counts
        rules, goal = self.rules, self.goal
        if budget > _MOST_JOKERS:
            budget = _MOST_JOKERS
        key = (self._kind, card, budget, _NEARBY[card](counts))
        cached = _CANDIDATES.get(key)
        if cached is not None:
            return cached
        meld_all = goal.meld_all
        found: list[_Fate] = []
        if not goal.pure_only:
            for naturals, jokers, room in self._sets(card, budget):
                option = ("set", tuple(naturals), jokers)
                found.append((option, -room if meld_all else 0, jokers, 0, 0, 0, 0))
        for seq in self._sequences(card, budget):
            pure = seq.jokers == 0
            extra = 0
            if meld_all and not pure:
                extra = -(rules.seq_max - max(3, self._span(seq)))
            in_run = tuple(natural for _, natural in seq.positions)
            found.append((("seq", in_run, tuple(seq)), extra, seq.jokers, int(pure), 1, 0, 0))
        if len(_CANDIDATES) > 100_000:
            # A plain bound on memory for a long-running worker.
            _CANDIDATES.clear()
            _SHARED.clear()
        # Plain tuples of numbers, shared between the entries: the garbage collector stops
        # tracking them, so a large cache costs nothing at a collection.
        shared = _SHARED.setdefault
        result = _CANDIDATES[key] = tuple(shared(fate, fate) for fate in found)
        return result

    def _sets(self, card: int, budget: int) -> Iterator[tuple[list[int], int, int]]:
        rules = self.rules
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

    def _rummy27_sets(
        self, card: int, others: list[int], budget: int
    ) -> Iterator[tuple[list[int], int, int]]:
        counts = self.counts
        # Copies of each card that may join: the lowest card itself (at least one) and the
        # other suits of its rank; a rummy27 set may hold several copies of one suit.
        pools = [(card, counts[card])] + [(other, counts[other]) for other in others]

        def choose(index: int, picked: list[int]) -> Iterator[list[int]]:
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

    def _sequences(self, card: int, budget: int) -> Iterator[_Seq]:
        rules = self.rules
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

    def _runs(
        self,
        suit: int,
        first: tuple[int, int],
        path: list[tuple[int, int]],
        budget: int,
        counts: list[int],
    ) -> Iterator[_Seq]:
        rules = self.rules
        # A sequence of six or more cards splits into two of three or more, each holding a
        # natural card, with the same jokers, more sequences and more room: never worse.
        # So the search only opens sequences of up to five; leftover jokers may lengthen
        # them afterwards.
        max_span = 3 if rules.exact3 else min(rules.seq_max, MAX_OPENED_SEQUENCE)
        positions = [first]
        taken: dict[int, int] = {first[1]: 1}

        def extend(index: int, gaps: int) -> Iterator[_Seq]:
            span = abs(positions[-1][0] - positions[0][0]) + 1
            n = len(positions)
            jokers = (3 - n) if rules.exact3 else gaps + max(0, 3 - span)
            if jokers <= budget:
                yield _Seq(suit, tuple(positions), jokers)
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
    def run(self, limit: int) -> Arrangement | None:
        """The best arrangement costing at most `limit` (any one costing <= 0 when every
        card must be melded), or None."""
        goal = self.goal
        budget = 0 if goal.meld_all else limit
        best, best_start = INF, None
        for start in self._printed_splits():
            tunnelas, dublees = start
            pool = self.printed - 3 * tunnelas - 2 * dublees
            t = min(tunnelas, goal.tunnelas)
            p = min(tunnelas * self.rules.tunnela_is_pure, self.pure_cap)
            s = min(tunnelas * self.rules.tunnela_is_sequence, goal.seqs)
            state = (pool, p, s, t, dublees)
            value = self.cost(0, *state, budget)
            if value <= budget and value < best:
                best, best_start = value, (start, state)
                if goal.meld_all:
                    break
                budget = value - 1
        if best_start is None:
            return None
        return self._rebuild(best, best_start)

    def _printed_splits(self) -> Iterator[tuple[int, int]]:
        """Printed jokers used as themselves: in tunnelas or dublees."""
        rules, goal = self.rules, self.goal
        max_t = self.printed // 3 if rules.joker_tunnela and not goal.pure_only else 0
        for tunnelas in range(max_t, -1, -1):
            rest = self.printed - 3 * tunnelas
            max_d = rest // 2 if rules.joker_dublee and goal.dublees is not None else 0
            for dublees in range(min(max_d, goal.dublees or 0), -1, -1):
                yield tunnelas, dublees

    def _rebuild(
        self, value: int, start: tuple[tuple[int, int], tuple[int, int, int, int, int]]
    ) -> Arrangement:
        (tunnelas, dublees), state = start
        j = state[0]
        result = Arrangement(value=value)
        counts = self.counts
        saved = counts[:]
        result.melds.extend(Meld("tunnela", [JOKER] * 3) for _ in range(tunnelas))
        result.melds.extend(Meld("dublee", [JOKER] * 2) for _ in range(dublees))
        pool: list[int] = [JOKER] * j
        debts: list[Meld] = []
        seqs: list[tuple[_Seq, Meld]] = []
        i = 0
        while True:
            while i < 52 and counts[i] == 0:
                i += 1
            if i == 52:
                break
            counts[52] = state[0] + _POOL_BIAS
            counts[53], counts[54], counts[55], counts[56] = state[1:]
            option = self.choice[bytes(counts)]
            fate = next(f for f in self._fates(i, state[4], INF) if f[0] == option)
            child = self._child(fate, *state)
            kind, cards = option[0], option[1]
            self._apply(option, -1)
            state = child
            if kind == "joker":
                pool.append(cards[0])
            elif kind == "left":
                result.leftover.append(cards[0])
            elif kind in ("tunnela", "dublee"):
                result.melds.append(Meld(kind, list(cards)))
            elif kind == "set":
                meld = Meld("set", list(cards), option[2])
                debts.extend([meld] * option[2])
                result.melds.append(meld)
            else:
                seq = _Seq(*option[2])
                meld = Meld("pure_sequence" if seq.jokers == 0 else "sequence", [], seq.jokers)
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

    def _place_leftover_jokers(
        self, result: Arrangement, pool: list[int], seqs: list[tuple[_Seq, Meld]]
    ) -> None:
        if not (self.goal.meld_all or self.absorb_jokers):
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
                meld.kind, meld.jokers = "sequence", len(jokers)
                meld.cards = _order_sequence(seq, jokers)
        result.leftover.extend(pool)  # none when the search counted on the room


def _near(card: int) -> list[int]:
    """The cards whose counts decide which melds `card` can open as the lowest card."""
    suit, rank0 = divmod(card, 13)
    same_rank = [other * 13 + rank0 for other in range(4)]
    run = [suit * 13 + r for r in range(rank0 + 1, min(13, rank0 + MAX_OPENED_SEQUENCE))]
    if rank0 == 0:  # an ace also runs down from the top: K, Q, J, 10
        run += [suit * 13 + r for r in range(12, 12 - MAX_OPENED_SEQUENCE + 1, -1)]
    return same_rank + run


_NEARBY = [itemgetter(*_near(card)) for card in range(52)]


def _run_neighbours(rank: int) -> tuple[int, ...]:
    """The ranks (0 = ace .. 12 = king) within two places of `rank` in a run of its suit;
    the ace stands at both ends."""
    places = (1, 14) if rank == 0 else (rank + 1,)
    near = {
        (place + step - 1) % 13
        for place in places
        for step in (-2, -1, 1, 2)
        if 1 <= place + step <= 14
    }
    return tuple(sorted(near))


_RUN_NEIGHBOURS = [_run_neighbours(rank) for rank in range(13)]


def _windows(rank: int) -> tuple[tuple[int, ...], ...]:
    """The three consecutive places of a run that hold `rank`, as ranks (the ace at both
    ends, never in the middle): every sequence through the card covers one of them."""
    places = (1, 14) if rank == 0 else (rank + 1,)
    return tuple(
        tuple((place - 1) % 13 for place in range(first, first + 3))
        for place0 in places
        for first in range(place0 - 2, place0 + 1)
        if first >= 1 and first + 2 <= 14
    )


_WINDOWS = [_windows(rank) for rank in range(13)]
# Facts about one suit's 13 counts, shared by every search: the same suits recur.
# A translation of a memo key: 1 where a card is held (see `_shape`).
_HELD = bytes([0] + [1] * 255)
_THIRDS = bytes(count // 3 for count in range(256))  # the tunnelas of each card
_HALVES = bytes(count // 2 for count in range(256))  # the dublees of each card
_STUCK = 13
_RANK_BITS = (1 << 13) - 1
_STUCK_BITS = _RANK_BITS << _STUCK
_KNOWN = 1 << 26  # so that no entry of `_SHAPES` is 0
_ONES = [1] * 52
_RANKS_OF = [tuple(rank for rank in range(13) if mask >> rank & 1) for mask in range(1 << 13)]
# Which ranks of a suit are held decides its lonely and stuck ranks: at most 8192 entries.
# Ints, so the dict holds nothing the garbage collector tracks.
_SHAPES: dict[bytes, int] = {}


def _shape(held: bytes) -> int:
    """For the ranks held in one suit (13 bytes, 1 where held, ace .. king), packed in an
    int: the ranks with no other held rank of the suit within two places (bits 0-12), and
    the ranks in no three consecutive places all held (bits 13-25); see `_Search._floor`."""
    lonely = sum(
        1 << rank
        for rank in range(13)
        if held[rank] and not any(held[other] for other in _RUN_NEIGHBOURS[rank])
    )
    stuck = sum(
        1 << rank
        for rank in range(13)
        if held[rank] and not any(all(held[r] for r in window) for window in _WINDOWS[rank])
    )
    facts = _SHAPES[held] = _KNOWN | lonely | stuck << _STUCK
    return facts


_POTENTIALS: dict[bytes, int] = {}


def _potential(row: bytes) -> int:
    """An upper bound on the pure sequences one suit's counts (ace .. king) could make.

    Pure sequences live in runs of consecutive ranks. A run can hold k of them only if it
    has three ranks and its cards, at most k from each rank, add up to 3k (each sequence
    takes three cards, no two of one rank).
    """
    known = _POTENTIALS.get(row)
    if known is not None:
        return known
    potential = 0
    run: list[int] = []
    for rank in range(15):  # the ace twice: low (0) and high (13); 14 closes
        held = row[rank % 13] if rank < 14 else 0
        if held:
            run.append(held)
            continue
        if len(run) >= 3:
            k = sum(run) // 3
            while k and sum(min(c, k) for c in run) < 3 * k:
                k -= 1
            potential += k
        run = []
    if len(_POTENTIALS) > 100_000:
        _POTENTIALS.clear()  # a plain bound on memory for a long-running worker
    _POTENTIALS[row] = potential
    return potential


# Meld candidates shared by every search: the same few cards around the lowest card recur
# from hand to hand.
_CANDIDATES: dict[tuple[Any, ...], tuple[_Fate, ...]] = {}
_DUBLEE_FATES = [(("dublee", (card,) * 2), 0, 0, 0, 0, 0, 1) for card in range(52)]


@cache
def _plain_fates(
    kind: int, wild: tuple[bool, ...], values: tuple[int, ...]
) -> tuple[list[_Fate], list[tuple[_Fate, ...]]]:
    """A card's tunnela of itself, and its last fate: a joker into the pool, left over, or
    none (when every card must be melded), for one kind of search and one hand's wild cards
    and values."""
    rules, meld_all, pure_only = _KIND_OF[kind]
    tunnelas = [
        (
            ("tunnela", (card,) * 3),
            0,
            0,
            int(rules.tunnela_is_pure),
            int(rules.tunnela_is_sequence),
            1,
            0,
        )
        for card in range(52)
    ]
    last: list[tuple[_Fate, ...]] = []
    for card in range(52):
        if wild[card] and not pure_only:
            last.append(((("joker", (card,)), 0, -1, 0, 0, 0, 0),))
        elif not meld_all:
            last.append(((("left", (card,)), values[card], 0, 0, 0, 0, 0),))
        else:
            last.append(())
    return tunnelas, last


_SHARED: dict[_Fate, _Fate] = {}
_KINDS: dict[tuple[Any, ...], int] = {}
_KIND_OF: dict[int, tuple[Any, ...]] = {}


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


def _meld_all_freely(
    counts: list[int],
    wild: list[bool],
    values: list[int],
    rules: MeldRules,
    search: _Search | None = None,
) -> Arrangement | Literal[False] | None:
    """Every card melded with no requirement, found the quick way when it can be.

    A least-cost search bounded at 0 visits each state once (there is no room to account
    for) and leaves nothing over but wild cards, which then go into the melds found. False
    when no card arrangement costs 0 (so none melds every card); None when the leftover
    jokers would not fit, and the caller must search properly. `search`: a least-cost
    search with no requirement of the same game, to reuse.
    """
    if search is None:
        search = _Search(counts, counts[JOKER], wild, values, rules, Goal(meld_all=False))
    else:
        search.reset(counts)
    search.absorb_jokers = True
    found = search.run(0)
    if found is None:
        return False
    return None if found.leftover else found


class MeldAllChecks:
    """Whether each of many hands of one game melds every card: `arrange` answers as
    `arrange` with `Goal(meld_all=True)` would, but the quick least-cost search is one for
    all the hands, so that what it proved of the cards they share is proved once."""

    def __init__(self, wild: list[bool], values: list[int], rules: MeldRules) -> None:
        self.wild, self.values, self.rules = wild, values, rules
        self.search: _Search | None = None

    def arrange(self, counts: list[int]) -> Arrangement | None:
        _budget.check(_budget.deadline())
        if self.search is None:
            free = Goal(meld_all=False)
            self.search = _Search(counts, counts[JOKER], self.wild, self.values, self.rules, free)
        quick = _meld_all_freely(counts, self.wild, self.values, self.rules, self.search)
        if quick is False:
            return None
        if quick is not None:
            return quick
        # The leftover jokers need room: the search where every card melds, afresh.
        goal = Goal(meld_all=True)
        return _Search(counts, counts[JOKER], self.wild, self.values, self.rules, goal).run(0)


def arrange(
    counts: list[int],
    wild: list[bool],
    values: list[int],
    rules: MeldRules,
    goal: Goal,
    limit: int | None = None,
) -> Arrangement | None:
    """The best arrangement of a hand for `goal`, or None when no arrangement meets it
    (or, for a penalty, none costs at most `limit`).

    `counts` has 53 entries (the last is printed jokers); `wild` marks the plain cards that
    may stand in for others; `values` is what each plain card costs when left over.
    """
    _budget.check(_budget.deadline())
    if goal.meld_all and not (goal.pure or goal.seqs or goal.tunnelas or goal.dublees):
        quick = _meld_all_freely(counts, wild, values, rules)
        if quick is False:
            return None
        if quick is not None:
            return quick
    search = _Search(counts, counts[JOKER], wild, values, rules, goal)
    if goal.meld_all:
        return search.run(0)
    # Deepen the bound from nothing, reusing what each pass proved, so a hand that melds
    # well is answered by a search that never looks at dear arrangements (and one with a
    # small budget drops more states). A least-cost search answers the same whatever
    # bound first reaches its least cost.
    total = sum(values[card] * count for card, count in enumerate(counts[:52]))
    bound = 0
    if limit is not None:
        # A search with a limit counts a penalty tier, which seldom costs nothing.
        total, bound = min(total, limit), _DEEPEN
    while True:
        found = search.run(min(bound, total))
        if found is not None or bound >= total:
            return found
        bound = bound * 2 + _DEEPEN
