"""Vazhushal's "out" when the quick search's arrangement repeats a meld.

The show needs every card in melds, a pure sequence, and no two identical melds (melds of
the same cards). The arrangement search (search.py) knows nothing of the last rule, so when
the arrangement it finds repeats a meld, this module looks for a split with none.

Which split it returns is fixed by an older, plain enumeration that the answers keep: the
cards sorted, the lowest card goes into a meld with some of the others, chosen by the
binary number whose bits pick them from the sorted list (smallest number first), and the
first complete split that is a show wins. Enumerating every number took minutes on a
27-card hand; this search visits the same splits in the same order but only legal ones:

- The melds of the lowest card are built from what can meld with it (a set of its rank, a
  run of its suit: each choice of natural cards in their places and, for each length of
  run holding them, the wild cards for the other places; for a wild card, a set of any
  rank, a run of any suit, or wild cards alone), each once, then put in the
  enumeration's order: the smallest number picking a meld's cards compares them from the
  highest down, the first copies of a card first. They depend only on the cards of the
  lowest card's suit and rank and the wild cards, and are remembered by those.
- Two melds are identical only if their lowest cards are: a meld identical to one already
  laid with the same lowest card is skipped, and a split's fate depends only on the cards
  left, whether a pure sequence is down, and the melds laid with the current lowest card.
  Splits that failed are remembered by exactly that.
- Cards that cannot be melded at all, even repeating melds, fail at once: the jokers their
  natural cards need (bounds.joker_demand), then the arrangement search, answer that (and
  whether a pure sequence can still be made) for each new set of cards left.

The clock of a door's time limit is read at every split tried and every so many melds
built.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from . import budget
from .bounds import HALVES, joker_demand
from .cards import JOKER, counts_of
from .hand import Hand
from .judge import classify
from .search import Goal, arrange

Group = tuple[int, ...]
# The clock is read every so many melds built, besides once per split visited.
_TICK = 1024


class _Splitter:
    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        self.rules = hand.rules
        self.wild = hand.wild
        self.values = hand.values
        self.seq_max = hand.rules.seq_max
        self.deadline = budget.deadline()
        self.ticks = 0
        self.failed: set[tuple[Group, bool, frozenset[Group]]] = set()
        self.meldable: dict[tuple[bytes, bool], bool] = {}
        self.kinds: dict[Group, str | None] = {}
        self.groups: dict[tuple[Any, ...], list[Group]] = {}
        self.wild_cards = [card for card in range(53) if card == JOKER or hand.wild[card]]

    # -- the split ------------------------------------------------------------------------
    def first(self) -> list[list[int]] | None:
        cards = tuple(sorted(self.hand.cards))
        found = self._split(cards, False, frozenset())
        return None if found is None else [list(group) for group in reversed(found)]

    def _split(
        self, rest: Group, has_pure: bool, same_first: frozenset[Group]
    ) -> list[list[int]] | None:
        """The first show split of `rest` (melds in reverse order), or None."""
        budget.check(self.deadline)
        if not rest:
            return [] if has_pure else None
        key = (rest, has_pure, same_first)
        if key in self.failed or not self._could_meld(rest, not has_pure):
            return None
        first = rest[0]
        for group in self._groups(rest):
            if group in same_first:
                continue  # identical to a meld already laid: no split below is a show
            left = _minus(rest, group)
            pure = has_pure or self._kind(group) == "pure_sequence"
            laid = same_first | {group} if left and left[0] == first else frozenset()
            found = self._split(left, pure, laid)
            if found is not None:
                found.append(list(group))
                return found
        self.failed.add(key)
        return None

    def _kind(self, group: Group) -> str | None:
        kind = self.kinds.get(group, "")
        if kind == "":
            kind = self.kinds[group] = classify(list(group), self.rules, self.wild, True)
        return kind

    def _could_meld(self, rest: Group, need_pure: bool) -> bool:
        """Whether `rest` melds at all (repeated melds allowed), with a pure sequence if
        one is still needed: the arrangement search is exact for that question."""
        counts = counts_of(rest)
        key = (bytes(counts), need_pure)
        known = self.meldable.get(key)
        if known is None:
            naturals = bytes(0 if self._is_wild(card) else counts[card] for card in range(52))
            jokers = sum(counts[card] for card in self.wild_cards)
            if joker_demand(naturals, False, False) > HALVES * jokers:
                known = False  # the natural cards need more jokers than are left
            else:
                goal = Goal(meld_all=True, pure=1 if need_pure else 0)
                found = arrange(counts, self.wild, self.values, self.rules, goal)
                known = found is not None
            self.meldable[key] = known
        return known

    # -- the melds of the lowest card, in the enumeration's order ---------------------------
    def _groups(self, rest: Group) -> list[Group]:
        """Every legal meld of rest[0] with some of the other cards, in the order of the
        smallest binary number that picks its other cards from the sorted rest[1:]
        (remembered: the same cards are met again with other melds laid before)."""
        first, others = rest[0], rest[1:]
        avail = counts_of(others)
        key = self._relevant(first, avail)
        known = self.groups.get(key)
        if known is None:
            picks = set(self._picks(first, avail))
            known = self.groups[key] = [(first, *picked) for picked in sorted(picks, key=_order)]
        return known

    def _relevant(self, first: int, avail: list[int]) -> tuple[Any, ...]:
        """What the melds of `first` depend on: the other cards of its suit and rank and
        the wild cards, for a natural card; every card, for a wild one."""
        if self._is_wild(first):
            return (first, bytes(avail))
        suit, rank = divmod(first, 13)
        return (
            first,
            bytes(avail[suit * 13 : suit * 13 + 13]),
            bytes(avail[rank::13]),
            bytes(avail[card] for card in self.wild_cards),
        )

    def _picks(self, first: int, avail: list[int]) -> Iterator[Group]:
        """Sorted tuples of other cards that make a legal meld with `first` (each card at
        most as often as `avail` holds it)."""
        if first == JOKER:
            return  # only printed jokers are left: they never meld alone
        wild_types = [card for card in range(53) if avail[card] and self._is_wild(card)]
        if self._is_wild(first):
            # Wild cards alone: a run with `first` standing for itself.
            for size in range(2, self.seq_max):
                yield from self._with_wilds([], size, avail, wild_types)
            for rank in range(13):
                for picked in self._set_picks(rank, None, avail, wild_types):
                    if any(not self._is_wild(card) for card in picked):
                        yield picked
            for suit in range(4):
                yield from self._run_picks(suit, None, avail, wild_types)
            return
        suit, rank = divmod(first, 13)
        yield from self._set_picks(rank, suit, avail, wild_types)
        for place in (1, 14) if rank == 0 else (rank + 1,):
            yield from self._run_picks(suit, place, avail, wild_types)

    def _is_wild(self, card: int) -> bool:
        return card == JOKER or self.wild[card]

    def _set_picks(
        self, rank: int, suit: int | None, avail: list[int], wild_types: list[int]
    ) -> Iterator[Group]:
        """A set of `rank` (3 or 4 cards): natural cards of other suits than `suit` (None:
        any) and wild cards."""
        naturals = [
            other * 13 + rank
            for other in range(4)
            if other != suit and avail[other * 13 + rank] and not self.wild[other * 13 + rank]
        ]
        for mask in range(1 << len(naturals)):
            chosen = [naturals[b] for b in range(len(naturals)) if mask >> b & 1]
            for size in (2, 3):  # the other cards of a set of 3 or 4
                if size >= len(chosen):
                    yield from self._with_wilds(chosen, size - len(chosen), avail, wild_types)

    def _run_picks(
        self, suit: int, place: int | None, avail: list[int], wild_types: list[int]
    ) -> Iterator[Group]:
        """Runs of `suit` with `first` at `place` (1 = ace low .. 14 = ace high; None:
        `first` is a wild card filling any place): each choice of natural cards of the
        suit in their places, and for each length of run that holds them, the wild cards
        that fill the other places."""
        wild_total = sum(avail[card] for card in wild_types)
        own = 0 if place is not None else 1  # a wild `first` fills one place itself
        most = self.seq_max
        spots = [
            (spot, suit * 13 + (spot - 1) % 13)
            for spot in range(1, 15)
            if spot != place
            and avail[suit * 13 + (spot - 1) % 13]
            and not self.wild[suit * 13 + (spot - 1) % 13]
        ]
        chosen: list[int] = []
        taken: dict[int, int] = {}

        def choose(index: int, low: int | None, high: int | None) -> Iterator[Group]:
            if low is not None and high is not None and (place is not None or chosen):
                span = high - low + 1
                held = len(chosen) + (1 if place is not None else 0)
                for length in range(max(3, span, held + own), most + 1):
                    if not self._fits(low, high, length):
                        continue
                    yield from self._with_wilds(
                        list(chosen), length - held - own, avail, wild_types
                    )
            for step in range(index, len(spots)):
                spot, card = spots[step]
                new_low = spot if low is None else min(low, spot)
                new_high = spot if high is None else max(high, spot)
                if new_high - new_low + 1 > most:
                    if high is not None and spot < high:
                        continue  # below a higher place held: a later one may be near enough
                    break  # a later place only spreads the run further
                # Places up to this one left without their card can only take wild cards.
                held = len(chosen) + 1 + (1 if place is not None and place <= spot else 0)
                if (spot - new_low + 1) - held > wild_total + own:
                    break
                if taken.get(card, 0) >= avail[card]:
                    continue  # the ace at both ends of one run needs two of them
                taken[card] = taken.get(card, 0) + 1
                chosen.append(card)
                yield from choose(step + 1, new_low, new_high)
                chosen.pop()
                taken[card] -= 1

        yield from choose(0, place, place)

    def _fits(self, low: int, high: int, length: int) -> bool:
        """Whether a run of `length` places can cover places low..high."""
        for start in range(max(1, high - length + 1), min(low, 15 - length) + 1):
            end = start + length - 1
            if not (start == 1 and end == 14) or self.rules.both_ends:
                return True
        return False

    def _with_wilds(
        self, chosen: list[int], count: int, avail: list[int], wild_types: list[int]
    ) -> Iterator[Group]:
        for wilds in _multisets(wild_types, avail, count):
            self._tick()
            yield tuple(sorted(chosen + wilds))

    def _tick(self) -> None:
        self.ticks += 1
        if not self.ticks % _TICK:
            budget.check(self.deadline)


def _multisets(types: list[int], avail: list[int], size: int) -> Iterator[list[int]]:
    """Every multiset of `size` cards drawn from `types` (at most avail[card] of each)."""
    if size == 0:
        yield []
        return
    if not types:
        return
    card, rest = types[0], types[1:]
    for take in range(min(size, avail[card]), -1, -1):
        for tail in _multisets(rest, avail, size - take):
            yield [card] * take + tail


def _order(picked: Group) -> tuple[tuple[int, int], ...]:
    """The enumeration's order of picks: the binary number whose bits pick the cards from
    the sorted list compares its highest bits first, and the smallest number picking a
    card k times uses its first k copies; so picks compare by their (card, copy) pairs from
    the highest down."""
    pairs = []
    copy = 0
    for index, card in enumerate(picked):
        copy = copy + 1 if index and picked[index - 1] == card else 0
        pairs.append((card, copy))
    return tuple(reversed(pairs))


def _minus(rest: Group, group: Group) -> Group:
    """`rest` (sorted) without one copy of each card of `group` (sorted, within rest)."""
    out = []
    index = 0
    for card in rest:
        if index < len(group) and group[index] == card:
            index += 1
        else:
            out.append(card)
    return tuple(out)


def first_show_split(hand: Hand) -> list[list[int]] | None:
    """The first split of the hand (in the plain enumeration's order) that is an out: every
    card in legal melds, a pure sequence among them, no two identical melds."""
    return _Splitter(hand).first()
