"""Bounds that let the arrangement search (search.py) drop a state without searching it.

Each function here answers a relaxed question about the cards left in a state, exactly
enough to be a safe bound: if even the relaxed question has no good answer, no arrangement
of the state has one, so pruning the state never changes what the search returns (see the
module docstring of search.py for why any safe prune keeps the answer the same).

- `most_pure`: how many pure sequences one suit's cards could still make, for each number
  of its wild cards allowed to stand for themselves. A state that owes jokers to melds it
  already opened must turn that many wild cards into jokers, which then cannot sit in a
  pure sequence; the count is exact for runs of a suit.
- `joker_demand`: the fewest jokers (in halves) that melding every natural card takes, a
  wild card counting as a joker whether it stands in or for itself. Runs of each suit are
  counted exactly by a small dynamic programme over the places; sets are judged card by
  card (a card with two other natural cards of its rank needs no joker, with one it shares
  one), which can only undercount. A suit whose card has more copies than three decks give
  counts nothing: its runs are too many to follow, and no count is still a safe bound.

Each is cached by the cards it looks at: the same suits recur from state to state and from
hand to hand. The caches are cleared when they grow past a plain bound, for a long-running
worker.
"""

from __future__ import annotations

# One suit's facts recur from state to state and hand to hand: cached by its counts.
MOST_PURE: dict[tuple[bytes, bytes, bool], tuple[int, ...]] = {}
_CACHE_LIMIT = 100_000


def most_pure(row: bytes, wild_row: bytes, tunnelas: bool) -> tuple[int, ...]:
    """For one suit's 13 counts (ace .. king) and which of them are wild: the most pure
    sequences (and tunnelas, when `tunnelas` count as pure) its cards make with at most
    w wild cards standing for themselves, for w = 0 .. its wild cards.

    The most disjoint runs of a suit is the most runs of exactly three (a longer run only
    holds a run of three and spare cards), so a dynamic programme over the 14 places (the
    ace low and high, its copies shared) counts runs started at each place.
    """
    key = (row, wild_row, tunnelas)
    known = MOST_PURE.get(key)
    if known is not None:
        return known
    wild_total = sum(row[rank] for rank in range(13) if wild_row[rank])
    # state: (runs started one place back, two places back, wild cards used, aces used low)
    states: dict[tuple[int, int, int, int], int] = {(0, 0, 0, 0): 0}
    for place in range(1, 15):
        rank = (place - 1) % 13
        wild = wild_row[rank]
        nxt: dict[tuple[int, int, int, int], int] = {}
        for (one, two, used, aces), made in states.items():
            held = row[rank] - (aces if place == 14 else 0)
            carried = one + two  # runs started earlier still need this place
            free = held - carried
            if free < 0:
                continue
            # Runs may start here only where three places fit (up to Q K A).
            starts = free if place <= 12 else 0
            for start in range(starts + 1):
                left = free - start
                most_tunnelas = left // 3 if tunnelas and place <= 13 else 0
                for tunnela in range(most_tunnelas + 1):
                    taken = carried + start + 3 * tunnela
                    state = (
                        start,
                        one,
                        used + (taken if wild else 0),
                        taken if place == 1 else aces,
                    )
                    value = made + start + tunnela
                    if nxt.get(state, -1) < value:
                        nxt[state] = value
        states = nxt
    best = [0] * (wild_total + 1)
    for (_one, _two, used, _aces), made in states.items():
        if made > best[used]:
            best[used] = made
    for used in range(1, wild_total + 1):
        best[used] = max(best[used], best[used - 1])
    if len(MOST_PURE) > _CACHE_LIMIT:
        MOST_PURE.clear()  # a plain bound on memory for a long-running worker
    result = MOST_PURE[key] = tuple(best)
    return result


def most_pure_overall(rows: list[tuple[int, ...]], spare: int) -> int:
    """The most pure sequences of four suits (each as `most_pure` gave it) with at most
    `spare` wild cards standing for themselves in all."""
    total = 0
    shared: list[tuple[int, ...]] = []
    for best in rows:
        if len(best) == 1:
            total += best[0]  # no wild card in this suit
        else:
            shared.append(best)
    if len(shared) == 1:
        best = shared[0]
        return total + best[min(spare, len(best) - 1)]
    # Share the wild cards between the suits that hold some: a small knapsack.
    reach = {0: 0}  # wild cards used -> most sequences
    for best in shared:
        nxt: dict[int, int] = {}
        for used, made in reach.items():
            for extra in range(min(len(best) - 1, spare - used) + 1):
                value = made + best[extra]
                if nxt.get(used + extra, -1) < value:
                    nxt[used + extra] = value
        reach = nxt
    return total + max(reach.values())


# -- the jokers the natural cards need ---------------------------------------------------------
# Jokers are counted in halves, so that a card's share of a set's joker is whole.
HALVES = 2
NO_SET = 255  # a card with no set to join
NEVER = 1 << 30
_DEMANDS: dict[tuple[bytes, bytes, bool], int] = {}
# A run never bridges more than three places in a row: with four or more it is as cheap to
# end it and start another. So a run open past a place takes a card within the next four
# places, each card for one run, which bounds how many runs are open (see `suit_demand`).
_REACH = 4
# The most copies of a card whose runs `suit_demand` counts (as three decks give); with more
# (the `decks` option) the ways to use them grow too fast to be worth it.
_MOST_COPIES = 3


def joker_demand(naturals: bytes, rummy27: bool, tunnelas: bool, free: int = 0) -> int:
    """The fewest half jokers that melding every one of the `naturals` (52 counts of the
    cards that are not wild) takes: the sum of `suit_demand` over the suits, each card's
    share of a set judged from the natural cards of its rank (a rummy27 set may hold
    copies of one suit). The ranks in the bit mask `free` need no meld: cards of them may
    be left over for nothing."""
    key = (naturals, rummy27, tunnelas, free)
    known = _TOTALS.get(key)
    if known is not None:
        return known
    present = naturals if rummy27 else naturals.translate(_HELD)
    shares = []
    for rank in range(13):
        held = present[rank] + present[rank + 13] + present[rank + 26] + present[rank + 39]
        # Three natural cards make a set with no joker; two share one; a free card costs
        # nothing alone (a share of 0 stands for that too).
        share = 0 if held >= 3 or free >> rank & 1 else 1 if held == 2 else NO_SET
        shares.append(share)
    total = 0
    for base in (0, 13, 26, 39):
        suit = naturals[base : base + 13]
        if any(suit):
            masked = bytes(share if held else 0 for share, held in zip(shares, suit, strict=True))
            total += suit_demand(suit, masked, tunnelas)
    if len(_TOTALS) > _CACHE_LIMIT:
        _TOTALS.clear()
    _TOTALS[key] = total
    return total


_TOTALS: dict[tuple[bytes, bool, bool, int], int] = {}
_HELD = bytes([0] + [1] * 255)  # a translation: 1 where a card is held


def suit_demand(row: bytes, shares: bytes, tunnelas: bool) -> int:
    """The fewest half jokers that melding every card of one suit takes.

    `row` counts the suit's natural (not wild) cards ace .. king: a wild card needs no meld
    (it is a joker the caller counts), and one standing for itself in a meld takes a joker
    from the hand just as one standing in would. `shares` says what joining a set costs a
    card of each rank, in half jokers (NO_SET where no set can take it); `tunnelas` whether
    three copies make a meld.

    Runs are counted exactly, place by place (the ace low and high sharing its copies): a
    run starts and ends with a card, takes a joker for every place it bridges and is filled
    up to three places with jokers if shorter. Sets are judged for each card alone (two
    cards may count on the same partner), so the count never exceeds what any arrangement
    of the suit's cards takes.
    """
    key = (row, shares, tunnelas)
    known = _DEMANDS.get(key)
    if known is not None:
        return known
    if max(row) > _MOST_COPIES:
        return 0  # many copies make the runs too many to count: no bound, but no cost
    if not row[0]:
        # With no ace the suit falls apart where four places in a row are empty (no run
        # bridges them), and each part is counted alone, wherever it lies.
        total = 0
        for start, end in _parts(row):
            total += _part_demand(row[start:end], shares[start:end], tunnelas)
        if len(_DEMANDS) > _CACHE_LIMIT:
            _DEMANDS.clear()
        _DEMANDS[key] = total
        return total
    held_at = [row[(place - 1) % 13] for place in range(1, 15)] + [0] * _REACH
    # state: runs open past the last place that hold 1, 2, or 3 and more places; aces kept
    # for the high end -> the fewest half jokers spent so far
    states: dict[tuple[int, int, int, int], int] = {(0, 0, 0, 0): 0}
    for place in range(1, 15):
        rank = (place - 1) % 13
        if 1 < place < 14 and not row[rank] and all(state[:3] == (0, 0, 0) for state in states):
            continue  # nothing here and no run open: nothing changes
        share = shares[rank]
        single = NEVER if share == NO_SET else share  # a card in no run joins a set
        last = place == 14
        room = sum(held_at[place : place + _REACH])  # runs left open need these cards
        nxt: dict[tuple[int, int, int, int], int] = {}
        get = nxt.get
        for (one, two, more, kept), spent in states.items():
            if place == 1:
                splits = [(row[0] - keep, keep) for keep in range(row[0] + 1)]
            else:
                splits = [(kept if last else row[rank], kept)]
            for held, keep in splits:
                for after, jokers, alone in _moves(
                    held, (one, two, more), tunnelas and not last, last
                ):
                    if (alone and single >= NEVER) or after[0] + after[1] + after[2] > room:
                        continue
                    value = spent + HALVES * jokers + single * alone
                    state = (*after, keep)
                    if get(state, NEVER) > value:
                        nxt[state] = value
        states = nxt
    best = min(states.values())  # every run has ended at the high ace
    if len(_DEMANDS) > _CACHE_LIMIT:
        _DEMANDS.clear()
    _DEMANDS[key] = best
    return best


def _parts(row: bytes) -> list[tuple[int, int]]:
    """The stretches (start, end) of ranks with cards, cut where `_REACH` ranks in a row
    are empty."""
    parts: list[tuple[int, int]] = []
    start = last = -1  # -1: no stretch open
    for rank in range(13):
        if row[rank]:
            if start >= 0 and rank - last > _REACH:
                parts.append((start, last + 1))
                start = -1
            if start < 0:
                start = rank
            last = rank
    if start >= 0:
        parts.append((start, last + 1))
    return parts


_PARTS: dict[tuple[bytes, bytes, bool], int] = {}


def _part_demand(row: bytes, shares: bytes, tunnelas: bool) -> int:
    """`suit_demand` for a stretch of places holding no ace, counted as `suit_demand`
    counts a suit (the same moves); the answer does not depend on where it lies."""
    key = (row, shares, tunnelas)
    known = _PARTS.get(key)
    if known is not None:
        return known
    places = len(row)
    held_at = list(row) + [0] * _REACH
    states: dict[tuple[int, int, int], int] = {(0, 0, 0): 0}
    for place in range(places):
        share = shares[place]
        single = NEVER if share == NO_SET else share  # a card in no run joins a set
        last = place == places - 1
        room = sum(held_at[place + 1 : place + 1 + _REACH])  # runs left open need these
        nxt: dict[tuple[int, int, int], int] = {}
        get = nxt.get
        for runs, spent in states.items():
            for after, jokers, alone in _moves(row[place], runs, tunnelas, last):
                if (alone and single >= NEVER) or after[0] + after[1] + after[2] > room:
                    continue
                value = spent + HALVES * jokers + single * alone
                if get(after, NEVER) > value:
                    nxt[after] = value
        states = nxt
    best = min(states.values())  # every run has ended at the last place
    if len(_PARTS) > _CACHE_LIMIT:
        _PARTS.clear()
    _PARTS[key] = best
    return best


_Move = tuple[tuple[int, int, int], int, int]
_MOVES: dict[tuple[int, tuple[int, int, int], bool, bool], tuple[_Move, ...]] = {}


def _moves(held: int, runs: tuple[int, int, int], tunnelas: bool, last: bool) -> tuple[_Move, ...]:
    """Every way to use the `held` copies of a place's card with runs of 1, 2, and 3 or
    more places open, as (runs open after it, jokers taken, cards in no run), keeping only
    the moves no other move leaving the same runs open beats on both counts. Every open run
    takes this place, with a card or a joker bridging it; a run holding a card here may end
    (one shorter than three is filled up with jokers). `last`: every run ends here."""
    key = (held, runs, tunnelas, last)
    known = _MOVES.get(key)
    if known is not None:
        return known
    one, two, more = runs
    found: dict[tuple[int, int, int], set[tuple[int, int]]] = {}
    for ext1 in range(min(one, held) + 1):
        for ext2 in range(min(two, held - ext1) + 1):
            for ext3 in range(min(more, held - ext1 - ext2) + 1):
                bridged = one + two + more - ext1 - ext2 - ext3
                if last and bridged:
                    continue  # no run bridges past the high ace
                rest = held - ext1 - ext2 - ext3
                for tunnela in range((rest // 3 if tunnelas else 0) + 1):
                    left = rest - 3 * tunnela
                    for started in range(left + 1):
                        # Runs holding a card here, by the places they then hold.
                        carded = (started, ext1, ext2 + ext3)
                        for end1 in range(carded[0] + 1):
                            for end2 in range(carded[1] + 1):
                                for end3 in range(carded[2] + 1):
                                    if last and (end1, end2, end3) != carded:
                                        continue  # every run ends at the high ace
                                    after = (
                                        carded[0] - end1,
                                        carded[1] - end2 + (one - ext1),
                                        carded[2] - end3 + (two - ext2) + (more - ext3),
                                    )
                                    jokers = bridged + 2 * end1 + end2
                                    found.setdefault(after, set()).add((jokers, left - started))
    moves: list[_Move] = []
    for after, costs in found.items():
        for jokers, alone in costs:
            if not any(j <= jokers and a <= alone and (j, a) != (jokers, alone) for j, a in costs):
                moves.append((after, jokers, alone))
    if len(_MOVES) > _CACHE_LIMIT:
        _MOVES.clear()
    result = _MOVES[key] = tuple(moves)
    return result
