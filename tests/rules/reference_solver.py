"""A slow, obviously correct reference for the rules engine, used only by the tests.

Everything here is written straight from `/work/shared/rules/CONTRACT.md` and shares no code
with `scoring.rules`: the point is an INDEPENDENT second opinion on the engine's search.
Speed is not a goal; clarity is. The only concessions to speed are

* memoisation (the answer for a multiset of cards never depends on how we reached it), and
* sound restrictions on which card groups are even offered to the meld checker, each one
  justified where it is made (e.g. a sequence never holds two natural cards of one rank).

Cards are canonical strings (`10H`, `QS`, `JK`). A hand is a list of them.

The reference decides (where the contract leaves room, the reading is written next to it):

* `meld_kinds(group)` - every kind a group of cards can be, by trying every way the wild
  cards could stand (as themselves, or as "some other card");
* `solve(request)` - the answer the engine must give for `wilds`, `show` (search mode),
  `penalty` and `bonus` requests.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from itertools import product

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = "SHDC"
RED_SUITS = "HD"
JOKER = "JK"

VARIANTS = ("indian13", "indian21", "rummy27", "marriage", "vazhushal")
HAND_SIZES = {"indian13": 13, "indian21": 21, "rummy27": 27, "marriage": 21}

# "A group of cards that can be several kinds of meld counts as the most useful one: pure
# sequence, then tunnela, then sequence, then set." Dublees are two-card groups and never
# compete with the others.
KIND_ORDER = ("pure_sequence", "tunnela", "sequence", "set", "dublee")
FULL_MELDS = frozenset({"pure_sequence", "tunnela", "sequence", "set"})

Key = tuple[int, int, int, int]  # see `Search` below


# --------------------------------------------------------------------------------- cards


def make_card(rank: int, suit: str) -> str:
    """`rank` 1 (ace) .. 13 (king)."""
    return RANKS[rank - 1] + suit


def rank_of(card: str) -> int:
    return RANKS.index(card[:-1]) + 1


def suit_of(card: str) -> str:
    return card[-1]


def step(rank: int, delta: int) -> int:
    """Rank `delta` places away, wrapping through the ace (A+1 = 2, A-1 = K, K+1 = A)."""
    return (rank - 1 + delta) % 13 + 1


def all_plain_cards() -> list[str]:
    return [make_card(rank, suit) for suit in SUITS for rank in range(1, 14)]


# ------------------------------------------------------------------------------- context


@dataclass
class Ctx:
    """What the rules need to know about one request besides the hand."""

    variant: str
    options: dict
    decks: int
    jokers: int
    roles: dict[str, str]  # every wild card this hand -> its role
    wild: str | None
    kind_cache: dict[tuple[str, ...], frozenset[str]] = field(default_factory=dict)

    @property
    def wilds(self) -> dict[str, str]:
        return self.roles

    def is_wild(self, card: str) -> bool:
        return card in self.roles

    def value(self, card: str) -> int:
        """Penalty value: A K Q J 10 are 10 (indian13 `ace_value` may make aces 11),
        2-9 their number, every wild card 0."""
        if self.is_wild(card) or card == JOKER:
            return 0
        rank = rank_of(card)
        if rank == 1:
            return int(self.options.get("ace_value", 10))
        return min(rank, 10)

    @property
    def tunnela_allowed(self) -> bool:
        # "In indian13 a tunnela exists only when 3 decks are used." Vazhushal's melds are
        # sets and runs only (and 2 decks cannot hold three identical cards anyway).
        if self.variant == "indian13":
            return self.decks >= 3
        return self.variant in ("indian21", "rummy27", "marriage")

    @property
    def dublee_allowed(self) -> bool:
        # "Dublees count only where a show or a rule below names them."
        return self.variant in ("indian21", "rummy27", "marriage")


def decks_for(variant: str, options: dict, players: int | None) -> int:
    if "decks" in options:
        return int(options["decks"])
    if variant == "indian13":
        if players is None:
            return 2
        return 1 if players <= 3 else 2 if players <= 6 else 3
    if variant == "vazhushal":
        if players is None:
            return 2
        return 1 if players == 2 else 2
    return 3


def jokers_for(variant: str, options: dict, decks: int) -> int:
    if "jokers" in options:
        return int(options["jokers"])
    if variant == "indian13":
        return 0 if options.get("joker_mode") == "none" else decks
    if variant in ("indian21", "rummy27"):
        return 3
    if variant == "vazhushal":
        return 2 * decks
    return 0  # marriage decks hold no printed jokers


def wild_roles(variant: str, wild: str | None, options: dict) -> dict[str, str]:
    """The `wilds` table of the contract, row by row."""
    roles: dict[str, str] = {}
    if variant == "indian13":
        mode = options.get("joker_mode", "standard")
        if mode == "none":
            return {}
        roles[JOKER] = "printed"
        if mode == "printed_only":
            return roles
        assert wild is not None
        if wild == JOKER:
            if mode == "ace_jokers":
                for suit in SUITS:
                    roles[make_card(1, suit)] = "ace"
            return roles
        for suit in SUITS:
            roles[make_card(rank_of(wild), suit)] = "rank"
        return roles

    if variant in ("indian21", "rummy27"):
        assert wild is not None
        roles[JOKER] = "printed"
        if wild == JOKER:
            # the exposed printed joker makes spades the suit and the other aces wild
            rank, suit = 1, "S"
            for other in "HDC":
                roles[make_card(1, other)] = "wild"
        else:
            rank, suit = rank_of(wild), suit_of(wild)
        roles[make_card(rank, suit)] = "same_suit"
        if variant == "indian21":
            roles[make_card(step(rank, 1), suit)] = "upper"
            roles[make_card(step(rank, -1), suit)] = "lower"
        else:
            roles[make_card(step(rank, 1), suit)] = "one_up"
            roles[make_card(step(rank, 2), suit)] = "two_up"
            roles[make_card(step(rank, -1), suit)] = "one_down"
            roles[make_card(step(rank, -2), suit)] = "two_down"
        return roles

    if variant == "marriage":
        assert wild is not None and wild != JOKER
        rank, suit = rank_of(wild), suit_of(wild)
        for other in SUITS:
            roles[make_card(rank, other)] = "tiplu" if other == suit else "ordinary"
        roles[make_card(step(rank, 1), suit)] = "poplu"
        roles[make_card(step(rank, -1), suit)] = "jhiplu"
        return roles

    if variant == "vazhushal":
        roles[JOKER] = "printed"
        if options.get("negative_joker", True) is False or wild in (None, JOKER):
            return roles
        rank = rank_of(wild)
        other_colour = "SC" if suit_of(wild) in RED_SUITS else RED_SUITS
        for suit in other_colour:
            roles[make_card(rank, suit)] = "opposite_color"
        return roles

    raise ValueError(variant)


def context(request: dict) -> Ctx:
    variant = request["variant"]
    options = dict(request.get("options") or {})
    players = request.get("players") if isinstance(request.get("players"), int) else None
    decks = decks_for(variant, options, players)
    wild = request.get("wild")
    return Ctx(
        variant=variant,
        options=options,
        decks=decks,
        jokers=jokers_for(variant, options, decks),
        roles=wild_roles(variant, wild, options),
        wild=wild,
    )


def deck_for(ctx: Ctx) -> list[str]:
    """Every card in play this hand (a multiset): the designator card is out of play in
    indian13, indian21, rummy27 and marriage, and in play in vazhushal."""
    cards = all_plain_cards() * ctx.decks + [JOKER] * ctx.jokers
    if ctx.variant != "vazhushal" and ctx.wild is not None:
        cards.remove(ctx.wild)
    return cards


# --------------------------------------------------------------------------------- melds


def is_run(naturals: Sequence[str], size: int, ctx: Ctx) -> bool:
    """Can `naturals` plus `size - len(naturals)` free cards be one sequence?

    Positions 1..14 stand for A 2 .. K A: an ace sits at position 1 (low) or 14 (high),
    never in the middle. A run is `size` consecutive positions; it may hold both ends only
    in vazhushal with `ace_both_ends` (the one long A-2-...-K-A run).
    """
    if size < 3:
        return False
    if len({suit_of(card) for card in naturals}) > 1:
        return False
    need = Counter(rank_of(card) for card in naturals)
    for low in range(1, 15 - size + 1):
        window = range(low, low + size)
        both_ends = ctx.variant == "vazhushal" and bool(ctx.options.get("ace_both_ends"))
        if 1 in window and 14 in window and not both_ends:
            continue
        slots = Counter(1 if position == 14 else position for position in window)
        if all(count <= slots[rank] for rank, count in need.items()):
            return True
    return False


def is_set(naturals: Sequence[str], subs: int, ctx: Ctx) -> bool:
    size = len(naturals) + subs
    if len({rank_of(card) for card in naturals}) > 1:
        return False
    if ctx.variant == "rummy27":
        # 3 or more of one rank, not all of one suit as the cards stand (a substitute may
        # stand for another suit), never more wild cards than natural cards.
        if size < 3 or not naturals or subs > len(naturals):
            return False
        return subs > 0 or len({suit_of(card) for card in naturals}) > 1
    # 3 or 4 cards, every card a different suit (substitutes take the missing suits)
    return 3 <= size <= 4 and len({suit_of(card) for card in naturals}) == len(naturals)


def kinds_as_standing(naturals: Sequence[str], subs: int, ctx: Ctx) -> set[str]:
    """The kinds a group can be when `naturals` stand as themselves and `subs` wild cards
    stand for other cards."""
    size = len(naturals) + subs
    if ctx.variant == "marriage" and size > 2 and (size != 3 or subs > 2):
        return set()  # marriage: exactly 3 cards, at most 2 wild cards standing for others
    kinds: set[str] = set()
    identical = subs == 0 and len(set(naturals)) == 1
    if size == 2:
        if identical and ctx.dublee_allowed:
            kinds.add("dublee")
        return kinds
    if is_run(naturals, size, ctx):
        kinds.add("sequence")
        if subs == 0:
            kinds.add("pure_sequence")
    if is_set(naturals, subs, ctx):
        kinds.add("set")
    if size == 3 and identical and ctx.tunnela_allowed:
        kinds.add("tunnela")
    return kinds


def meld_kinds(group: Sequence[str], ctx: Ctx) -> frozenset[str]:
    """Every kind the group of cards can be (empty when it is no meld at all)."""
    key = tuple(sorted(group))
    cached = ctx.kind_cache.get(key)
    if cached is not None:
        return cached
    kinds: set[str] = set()
    size = len(key)
    only_printed = all(card == JOKER for card in key)
    if ctx.variant == "vazhushal" and only_printed:
        pass  # "a meld made only of printed jokers is illegal"
    elif size >= 2:
        if only_printed and ctx.variant in ("indian21", "rummy27"):
            # 3 printed jokers make a tunnela, 2 a dublee, in indian21 and rummy27
            if size == 2:
                kinds.add("dublee")
            if size == 3:
                kinds.add("tunnela")
        plain = [card for card in key if not ctx.is_wild(card)]
        # a printed joker always stands for another card; any other wild card may stand
        # as itself (then it is natural) or for another card: try every way
        flexible = [card for card in key if ctx.is_wild(card) and card != JOKER]
        for as_itself in product((True, False), repeat=len(flexible)):
            naturals = plain + [card for card, own in zip(flexible, as_itself, strict=True) if own]
            kinds |= kinds_as_standing(naturals, size - len(naturals), ctx)
    result = frozenset(kinds)
    ctx.kind_cache[key] = result
    return result


def best_kind(group: Sequence[str], ctx: Ctx) -> str | None:
    kinds = meld_kinds(group, ctx)
    for kind in KIND_ORDER:
        if kind in kinds:
            return kind
    return None


# -------------------------------------------------------------------------------- search


def sort_key(ctx: Ctx):
    """Natural (non-wild) cards first, so the first remaining card is natural whenever any
    natural card remains: then every meld holding it is of its suit or of its rank."""

    def key(card: str) -> tuple[int, str, int]:
        if ctx.is_wild(card) or card == JOKER:
            return (1, card, 0)
        return (0, suit_of(card), rank_of(card))

    return key


def sub_multisets(counts: Sequence[tuple[str, int]], limit: int) -> Iterator[list[str]]:
    """Every sub-multiset (as a list) of the given (card, copies) pairs, of size <= limit."""
    if not counts:
        yield []
        return
    (card, copies), rest = counts[0], counts[1:]
    for taken in range(min(copies, limit) + 1):
        for tail in sub_multisets(rest, limit - taken):
            yield [card] * taken + tail


def fewest_gaps(naturals: Sequence[str]) -> int | None:
    """How many wild cards at least must join these same-suit natural cards to make them a
    run: the holes between them, with each ace placed low (1) or high (14). None when two
    of them would need the same place."""
    best = None
    aces = [card for card in naturals if rank_of(card) == 1]
    others = [rank_of(card) for card in naturals if rank_of(card) != 1]
    for places in product((1, 14), repeat=len(aces)):
        positions = others + list(places)
        if len(set(positions)) != len(positions):
            continue
        holes = max(positions) - min(positions) + 1 - len(positions)
        best = holes if best is None else min(best, holes)
    return best


def partner_groups(first: str, rest: Sequence[str], ctx: Ctx, max_size: int) -> set[tuple]:
    """Candidate groups (sorted tuples, `first` included) of 2..max_size cards.

    Restrictions made here lose no legal meld; the meld checker judges every candidate:
    * a natural card never stands for another card, so every natural card of a meld with
      the natural card `first` has its rank (set, tunnela, dublee: at most 4 cards outside
      rummy27) or its suit (sequence: at most 14 cards);
    * a sequence never holds two natural cards of one rank (but for vazhushal's A-2-...-K-A,
      which has two aces), and it needs at least enough wild cards to fill the holes
      between its natural cards.
    """
    counts = Counter(rest)
    wild = [(card, n) for card, n in sorted(counts.items()) if ctx.is_wild(card)]
    spare_wilds = sum(n for _, n in wild)
    groups: set[tuple] = set()

    def top_up(naturals: list[str], fewest: int, most: int) -> None:
        """Add `first` + `naturals` + every sub-multiset of fewest..most wild cards."""
        for wilds in sub_multisets(wild, most):
            if len(wilds) >= fewest and (naturals or wilds):
                groups.add(tuple(sorted([first, *naturals, *wilds])))

    if ctx.is_wild(first):
        top_up([], 1, max_size - 1)  # naturals sort first: every remaining card is wild
        return groups

    same_rank = [
        (card, n)
        for card, n in sorted(counts.items())
        if not ctx.is_wild(card) and rank_of(card) == rank_of(first)
    ]
    set_size = max_size if ctx.variant == "rummy27" else min(max_size, 4)
    for naturals in sub_multisets(same_rank, set_size - 1):
        top_up(naturals, 0, set_size - 1 - len(naturals))

    both_ends = ctx.variant == "vazhushal" and bool(ctx.options.get("ace_both_ends"))
    same_suit = [
        (card, min(n, 2 if both_ends and rank_of(card) == 1 else 1))
        for card, n in sorted(counts.items())
        if not ctx.is_wild(card) and suit_of(card) == suit_of(first) and card != first
    ]
    if both_ends and rank_of(first) == 1 and counts[first]:
        same_suit.append((first, 1))
    run_size = min(max_size, 14)
    for naturals in sub_multisets(same_suit, run_size - 1):
        holes = fewest_gaps([first, *naturals])
        if holes is not None and holes <= spare_wilds:
            top_up(naturals, holes, run_size - 1 - len(naturals))
    return groups


@dataclass
class Search:
    """Exhaustive search over ways to split a hand into melds and other cards.

    Recursion over the first remaining card: it is left over (only when `leftover`), or it
    forms a meld with some sub-multiset of the remaining cards whose best kind is in
    `kinds`.

    The result for a multiset of cards maps a summary key `(pure, sequences, tunnelas,
    left)` to the least value of the cards left over with that summary. `pure`, `sequences`
    (pure ones included) and `tunnelas` count melds by their best kind, capped at 3 (no rule
    asks for more); `left` is 1 when any card is left over. An empty result means no way.
    """

    ctx: Ctx
    kinds: frozenset[str] = FULL_MELDS
    leftover: bool = False
    memo: dict[tuple[str, ...], dict[Key, int]] = field(default_factory=dict)

    def run(self, hand: Sequence[str]) -> dict[Key, int]:
        return self._solve(tuple(sorted(hand, key=sort_key(self.ctx))))

    def _solve(self, cards: tuple[str, ...]) -> dict[Key, int]:
        if not cards:
            return {(0, 0, 0, 0): 0}
        known = self.memo.get(cards)
        if known is not None:
            return known
        best: dict[Key, int] = {}

        def offer(sub: dict[Key, int], add: Key, cost: int) -> None:
            for key, value in sub.items():
                merged = (
                    min(3, key[0] + add[0]),
                    min(3, key[1] + add[1]),
                    min(3, key[2] + add[2]),
                    min(1, key[3] + add[3]),
                )
                if merged not in best or best[merged] > value + cost:
                    best[merged] = value + cost

        first, rest = cards[0], cards[1:]
        if self.leftover:
            offer(self._solve(rest), (0, 0, 0, 1), self.ctx.value(first))
        max_size = 3 if self.ctx.variant == "marriage" else 99
        for group in partner_groups(first, rest, self.ctx, max_size):
            kind = best_kind(group, self.ctx)
            if kind not in self.kinds:
                continue
            add = (
                int(kind == "pure_sequence"),
                int(kind in ("pure_sequence", "sequence")),
                int(kind == "tunnela"),
                0,
            )
            offer(self._solve(remove_cards(cards, group)), add, 0)
        self.memo[cards] = best
        return best


def melds_fully(cards: Sequence[str], ctx: Ctx) -> bool:
    """Can every one of `cards` go into sequences, sets and tunnelas?"""
    return bool(Search(ctx).run(cards))


def remove_cards(cards: Sequence[str], group: Sequence[str]) -> tuple[str, ...]:
    """`cards` (kept in order) minus one copy of each card of `group`."""
    left = list(cards)
    for card in group:
        left.remove(card)
    return tuple(left)


def full_partitions(cards: tuple[str, ...], ctx: Ctx, can: dict) -> Iterator[list[tuple]]:
    """Every way to put all of `cards` (sorted by `sort_key`) into legal melds, as lists of
    groups. `can` memoises whether a multiset can be split at all, to skip dead ends."""
    if not cards:
        yield []
        return
    if not _can_split(cards, ctx, can):
        return
    first, rest = cards[0], cards[1:]
    for group in sorted(partner_groups(first, rest, ctx, 99)):
        if best_kind(group, ctx) not in FULL_MELDS:
            continue
        for tail in full_partitions(remove_cards(cards, group), ctx, can):
            yield [group, *tail]


def _can_split(cards: tuple[str, ...], ctx: Ctx, can: dict) -> bool:
    if not cards:
        return True
    if cards not in can:
        first, rest = cards[0], cards[1:]
        can[cards] = any(
            best_kind(group, ctx) in FULL_MELDS and _can_split(remove_cards(cards, group), ctx, can)
            for group in partner_groups(first, rest, ctx, 99)
        )
    return can[cards]


# --------------------------------------------------------------------------------- shows


def count_dublees(hand: Sequence[str], ctx: Ctx) -> int:
    """Disjoint dublees: pairs of identical cards (two printed jokers count in indian21 and
    rummy27; a wild card in a dublee stands as itself, which the contract allows)."""
    counts = Counter(hand)
    return sum(
        n // 2
        for card, n in counts.items()
        if card != JOKER or ctx.variant in ("indian21", "rummy27")
    )


def count_tunnelas(hand: Sequence[str], ctx: Ctx) -> int:
    """Disjoint tunnelas: three identical cards (or three printed jokers)."""
    if not ctx.tunnela_allowed:
        return 0
    counts = Counter(hand)
    return sum(
        n // 3
        for card, n in counts.items()
        if card != JOKER or ctx.variant in ("indian21", "rummy27")
    )


def count_wilds(hand: Sequence[str], ctx: Ctx) -> int:
    return sum(1 for card in hand if ctx.is_wild(card))


def indian13_requirement(key: Key, ctx: Ctx) -> bool:
    """At least 2 sequences, at least 1 pure. With 3 decks a tunnela may stand in for
    either of the two (so it counts as a pure sequence and as a sequence). `two_pure`:
    both required sequences pure."""
    pure, sequences, tunnelas = key[0], key[1], key[2]
    if ctx.options.get("two_pure"):
        return pure + tunnelas >= 2
    return pure + tunnelas >= 1 and sequences + tunnelas >= 2


def show_kind(hand: Sequence[str], ctx: Ctx) -> str | None:
    """The first show kind (in the contract's table order) the hand makes, or None."""
    variant = ctx.variant
    if variant == "indian13":
        found = Search(ctx).run(hand)
        if any(indian13_requirement(key, ctx) for key in found):
            return "rummy"
        return None

    if variant == "indian21":
        found = Search(ctx).run(hand)
        if any(key[0] >= 3 for key in found):
            return "complete"
        if count_wilds(hand, ctx) >= 8:
            return "eight_jokers"
        if count_dublees(hand, ctx) >= 8:
            return "eight_dublees"
        if count_tunnelas(hand, ctx) >= 3:
            return "three_tunnelas"
        return None

    if variant == "rummy27":
        # three tunnelas need three disjoint triples of identical cards: count them first
        if count_tunnelas(hand, ctx) >= 3 and any(key[2] >= 3 for key in Search(ctx).run(hand)):
            return "three_tunnelas"
        # ten dublees: try every choice of 10 pairs of identical cards; the other 7 meld
        pairs = [(card, n // 2) for card, n in sorted(Counter(hand).items()) if n >= 2]
        for chosen in sub_multisets(pairs, 10):
            if len(chosen) == 10 and melds_fully(remove_cards(hand, chosen * 2), ctx):
                return "ten_dublees"
        # ten jokers: try every choice of 10 wild cards kept apart; the other 17 meld
        wild = [(card, n) for card, n in sorted(Counter(hand).items()) if ctx.is_wild(card)]
        for apart in sub_multisets(wild, 10):
            if len(apart) == 10 and melds_fully(remove_cards(hand, apart), ctx):
                return "ten_jokers"
        return None

    if variant == "marriage":
        if len(hand) == 21:
            found = Search(ctx).run(hand)
            if any(key[0] + key[2] >= 3 for key in found):
                return "complete"
        if count_dublees(hand, ctx) >= 8:
            return "eight_dublees"
        return None

    if variant == "vazhushal":
        return "out" if vazhushal_arrangement(hand, ctx) is not None else None

    raise ValueError(variant)


def vazhushal_ok(groups: Sequence[Sequence[str]], ctx: Ctx) -> bool:
    """`out`: every meld legal, at least one pure sequence, no two identical melds (melds of
    the same cards), no meld of printed jokers only (the meld checker refuses those)."""
    if any(best_kind(group, ctx) not in FULL_MELDS for group in groups):
        return False
    if not any(best_kind(group, ctx) == "pure_sequence" for group in groups):
        return False
    as_multisets = [tuple(sorted(group)) for group in groups]
    return len(set(as_multisets)) == len(as_multisets)


def vazhushal_arrangement(hand: Sequence[str], ctx: Ctx) -> list[tuple] | None:
    cards = tuple(sorted(hand, key=sort_key(ctx)))
    for groups in full_partitions(cards, ctx, {}):
        if vazhushal_ok(groups, ctx):
            return groups
    return None


# ------------------------------------------------------------------------------- penalty


@dataclass
class Penalty:
    points: int
    rule: str
    count: int  # the value counted under the tier rules, before caps and halving


TIER_RANK = {"deadwood": 0, "pure_exempt": 1, "all_cards": 2}


def _cheapest(candidates: list[tuple[int, str]]) -> tuple[int, str]:
    """Least cost; on a tie the higher tier names the rule (deadwood, pure_exempt,
    all_cards)."""
    return min(candidates, key=lambda item: (item[0], TIER_RANK[item[1]]))


def half_up(value: int) -> int:
    return math.ceil(value / 2)


def penalty(hand: Sequence[str], ctx: Ctx, first_turn_pending: bool = False) -> Penalty:
    total = sum(ctx.value(card) for card in hand)

    if ctx.variant == "indian13":
        any_melds = Search(ctx, leftover=True).run(hand)
        cap = ctx.options.get("penalty_cap")
        if first_turn_pending:
            # every meldable card is exempt whatever the requirement, then halved
            count = min(any_melds.values())
            capped = count if cap is None else min(count, int(cap))
            return Penalty(half_up(capped), "first_turn", count)
        # with 3 decks tunnelas are exempt along with pure sequences
        pure_kinds = frozenset(
            {"pure_sequence", "tunnela"} if ctx.tunnela_allowed else {"pure_sequence"}
        )
        only_pure = Search(ctx, kinds=pure_kinds, leftover=True).run(hand)
        candidates = [(total, "all_cards")]
        exempt = [v for key, v in only_pure.items() if key[0] + key[2] >= 1]
        if exempt:
            candidates.append((min(exempt), "pure_exempt"))
        deadwood = [v for key, v in any_melds.items() if indian13_requirement(key, ctx)]
        if deadwood:
            candidates.append((min(deadwood), "deadwood"))
        count, rule = _cheapest(candidates)
        points = count if cap is None else min(count, int(cap))
        return Penalty(points, rule, count)

    if ctx.variant in ("indian21", "rummy27"):
        # two_points first whenever it holds: 6+ dublees, or 7+ wild cards held, or every
        # card melds into sequences, sets and tunnelas (a search with nothing left over)
        if count_dublees(hand, ctx) >= 6 or count_wilds(hand, ctx) >= 7 or Search(ctx).run(hand):
            count, rule = 2, "two_points"
        else:
            only_pure = Search(ctx, kinds=frozenset({"pure_sequence"}), leftover=True).run(hand)
            candidates = [(total, "all_cards")]
            exempt = [v for key, v in only_pure.items() if 1 <= key[0] <= 2]
            if exempt:
                candidates.append((min(exempt), "pure_exempt"))
            # deadwood needs 3 disjoint pure sequences: only then is the (slow) search over
            # every meld worth running
            if any(key[0] >= 3 for key in only_pure):
                any_melds = Search(ctx, leftover=True).run(hand)
                deadwood = [v for key, v in any_melds.items() if key[0] >= 3]
                candidates.append((min(deadwood), "deadwood"))
            count, rule = _cheapest(candidates)
        if first_turn_pending:
            return Penalty(min(half_up(count), 60), rule, count)
        return Penalty(min(count, 120), rule, count)

    raise ValueError(f"no penalty in {ctx.variant}")


# --------------------------------------------------------------------------------- bonus


def tiered(count: int, table: Sequence[int]) -> int:
    """Points for 1, 2, 3 cards of a category (0 for none)."""
    return 0 if count == 0 else table[min(count, len(table)) - 1]


def bonus(hand: Sequence[str], ctx: Ctx, initial_tunnelas: Sequence[Sequence[str]] = ()) -> int:
    roles = Counter(ctx.roles[card] for card in hand if card in ctx.roles)
    if ctx.variant in ("indian13", "vazhushal"):
        return 0

    if ctx.variant == "rummy27":
        tables = {
            "same_suit": (20, 60, 120),
            "one_up": (10, 30, 60),
            "two_up": (10, 30, 60),
            "one_down": (10, 30, 60),
            "two_down": (25, 75, 150),
        }
        return sum(tiered(roles[role], table) for role, table in tables.items())

    if ctx.variant == "indian21":
        single = (10, 30, 50)
        # try every number of single, double and triple marriages (each uses 1, 2 or 3 of
        # each category); the leftover cards of each category score on their own
        best = 0
        a, b, c = roles["same_suit"], roles["upper"], roles["lower"]
        for n1, n2, n3 in product(range(4), repeat=3):
            used = n1 + 2 * n2 + 3 * n3
            if used > min(a, b, c):
                continue
            points = 100 * n1 + 300 * n2 + 500 * n3
            points += sum(tiered(n - used, single) for n in (a, b, c))
            best = max(best, points)
        return best

    if ctx.variant == "marriage":
        points = 0
        set_aside: list[str] = []
        for tunnela in initial_tunnelas:
            role = ctx.roles.get(tunnela[0])
            if role is None:
                points += 5
            elif role == "ordinary":
                points += 10
            elif role in ("poplu", "jhiplu"):
                points += 20
            set_aside.extend(tunnela)
        in_hand = list(hand)
        for card in set_aside:
            in_hand.remove(card)
        roles = Counter(ctx.roles[card] for card in in_hand if card in ctx.roles)
        t, p, j = roles["tiplu"], roles["poplu"], roles["jhiplu"]
        best = 0
        for singles, doubles in product(range(4), repeat=2):
            used = singles + 2 * doubles
            if used > min(t, p, j):
                continue
            value = 10 * singles + 20 * doubles
            value += tiered(p - used, (2, 5, 10)) + tiered(j - used, (2, 5, 10))
            value += tiered(t - used, (3, 7))
            best = max(best, value)
        return points + best

    raise ValueError(ctx.variant)


# ----------------------------------------------------------------------------- front door


def solve(request: dict) -> dict:
    """The reference answer for a well-formed request (errors are not modelled)."""
    ctx = context(request)
    op = request["op"]
    if op == "wilds":
        return {"wild_cards": dict(ctx.roles)}
    hand = list(request["hand"])
    if op == "show":
        kind = show_kind(hand, ctx)
        return {"valid": kind is not None, "show": kind}
    if op == "penalty":
        result = penalty(hand, ctx, bool(request.get("first_turn_pending")))
        return {"points": result.points, "rule": result.rule, "count": result.count}
    if op == "bonus":
        return {"points": bonus(hand, ctx, request.get("initial_tunnelas") or ())}
    raise ValueError(op)


# ------------------------------------------------------------------- hands for the tests


class Dealer:
    """Deals legal hands for one request context: never more copies of a card than the
    decks hold (the designator card taken out where it is out of play)."""

    def __init__(self, ctx: Ctx, rng) -> None:
        self.ctx = ctx
        self.rng = rng
        self.pool = Counter(deck_for(ctx))

    def has(self, cards: Sequence[str]) -> bool:
        need = Counter(cards)
        return all(self.pool[card] >= n for card, n in need.items())

    def take(self, cards: Sequence[str]) -> list[str] | None:
        if not cards or not self.has(cards):
            return None
        self.pool.subtract(cards)
        return list(cards)

    def give_back(self, cards: Sequence[str]) -> None:
        self.pool.update(cards)

    def random_cards(self, count: int, wild: bool | None = None) -> list[str]:
        """`count` random cards left in the pool (only wild or only natural ones if asked)."""
        cards = [
            card
            for card, n in sorted(self.pool.items())
            for _ in range(n)
            if wild is None or self.ctx.is_wild(card) == wild
        ]
        chosen = self.rng.sample(cards, min(count, len(cards)))
        self.pool.subtract(chosen)
        return chosen

    # Meld makers: each returns the cards taken, or None when the pool cannot supply them.

    def run(self, length: int, wilds: int = 0) -> list[str] | None:
        suit = self.rng.choice(SUITS)
        low = self.rng.randint(1, 15 - length)  # positions 1..14, ace at 1 or 14
        cards = [make_card(1 if p == 14 else p, suit) for p in range(low, low + length)]
        return self._with_wilds(cards, wilds)

    def group(self, size: int, wilds: int = 0) -> list[str] | None:
        rank = self.rng.randint(1, 13)
        if size <= 4:
            suits = self.rng.sample(SUITS, size)
        else:  # rummy27 sets may repeat suits
            suits = [self.rng.choice(SUITS) for _ in range(size)]
        return self._with_wilds([make_card(rank, suit) for suit in suits], wilds)

    def copies(self, count: int, card: str | None = None) -> list[str] | None:
        """`count` identical cards (a dublee or a tunnela)."""
        if card is None:
            choices = [c for c, n in sorted(self.pool.items()) if n >= count]
            if not choices:
                return None
            card = self.rng.choice(choices)
        return self.take([card] * count)

    def _with_wilds(self, cards: list[str], wilds: int) -> list[str] | None:
        cards = list(cards)
        for index in self.rng.sample(range(len(cards)), min(wilds, len(cards))):
            spare = [c for c, n in sorted(self.pool.items()) if n > 0 and self.ctx.is_wild(c)]
            if not spare:
                return None
            cards[index] = self.rng.choice(spare)
        return self.take(cards)

    def perturb(self, hand: list[str], times: int) -> list[str]:
        """Swap `times` random cards of the hand for random cards of the pool."""
        hand = list(hand)
        for _ in range(times):
            index = self.rng.randrange(len(hand))
            new = self.random_cards(1)
            if new:
                self.give_back([hand[index]])
                hand[index] = new[0]
        return hand

    def fill(self, hand: list[str], size: int) -> list[str]:
        """Top the hand up (or cut it down) to `size` cards."""
        hand = list(hand)
        while len(hand) > size:
            self.give_back([hand.pop(self.rng.randrange(len(hand)))])
        return hand + self.random_cards(size - len(hand))

    def compose(self, makers: Sequence, size: int, perturb: int = 0) -> list[str]:
        """Take the melds the makers give (skipping any the pool cannot supply), fill up to
        `size`, then swap `perturb` cards."""
        hand: list[str] = []
        for make in makers:
            cards = make(self)
            if cards is not None:
                if len(hand) + len(cards) > size:
                    self.give_back(cards)
                    continue
                hand += cards
        hand = self.fill(hand, size)
        hand = self.perturb(hand, perturb)
        self.rng.shuffle(hand)
        return hand
