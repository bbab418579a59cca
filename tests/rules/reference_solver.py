"""A slow, obviously correct reference for the rules engine, used only by the tests.

Everything here is written straight from the rules contract (`docs/rules.md`) and shares no code
with `scoring.rules`: the point is an INDEPENDENT second opinion on the engine's search.
Clarity comes first; speed only as far as the agreement tests need it.

Cards are canonical strings (`10H`, `QS`, `JK`). A hand is a list of them.

* `meld_kinds(group)`: every kind a group of cards can be, found by trying every way the
  wild cards could stand (as themselves, then natural, or for another card).
* `Search`: recursion over the first remaining card (left over, or in a meld with some
  sub-multiset of the rest), memoised on the remaining multiset.
* `solve(request)`: the answer the engine must give for `wilds`, `show` (search mode),
  `penalty` and `bonus` requests (errors and `score_hand` are not modelled).
* `Dealer`, `requests_for`: seeded generators of legal hands for the tests.

Concessions to speed, each argued where it is made and switchable off (`SHORTCUTS`) so a
test can check they change no answer: candidate groups are only those the meld rules allow
(cards of the first card's rank or suit, plus wild cards), runs of at most 5 cards where
longer ones always split, a counting test that proves some hands cannot meld fully, and
shows that need particular melds choose those first.

Where the contract leaves room, the reading taken is written next to the code (look for
"reading:").
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import product

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = "SHDC"
RED_SUITS = "HD"
JOKER = "JK"
_RANK_OF = {name: index + 1 for index, name in enumerate(RANKS)}

VARIANTS = ("indian13", "indian21", "rummy27", "marriage", "vazhushal")
HAND_SIZES = {"indian13": 13, "indian21": 21, "rummy27": 27, "marriage": 21}

# "A group of cards that can be several kinds of meld counts as the most useful one: pure
# sequence, then tunnela, then sequence, then set." Dublees are two-card groups and never
# compete with the others.
KIND_ORDER = ("pure_sequence", "tunnela", "sequence", "set", "dublee")
FULL_MELDS = frozenset({"pure_sequence", "tunnela", "sequence", "set"})

Key = tuple[int, int, int, int]  # see `Search` below

# The plain exhaustive search (SHORTCUTS = False) is the definition. The shortcuts (runs of
# at most 5 cards, the "lonely card" test, choosing the required melds first) only make it
# fast; each is argued where it is made, and a test checks they change no answer.
SHORTCUTS = True


# --------------------------------------------------------------------------------- cards


def make_card(rank: int, suit: str) -> str:
    """`rank` 1 (ace) .. 13 (king)."""
    return RANKS[rank - 1] + suit


def rank_of(card: str) -> int:
    return _RANK_OF[card[:-1]]


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
    group_cache: dict[tuple, set[tuple]] = field(default_factory=dict)

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
    if options.get("jokers") is not None:  # marriage: null means the default (none)
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
        # "Printed jokers keep role `printed` in `wilds` (listed whenever the decks hold one)"
        if int(options.get("jokers") or 0) > 0:
            roles[JOKER] = "printed"
        rank, suit = rank_of(wild), suit_of(wild)
        # "the alter is the card of the tiplu's rank in the other suit of the same colour
        # (H and D, S and C)"
        alter = {"H": "D", "D": "H", "S": "C", "C": "S"}[suit]
        only_alter = options.get("wild_ranks") == "alter"
        # "`wilds` gives it role `alter` when `wild_ranks` is "alter" or `alter_value` is
        # 1 or more; otherwise it is an `ordinary` joker"
        named = only_alter or int(options.get("alter_value") or 0) >= 1
        for other in SUITS:
            if other == suit:
                roles[make_card(rank, other)] = "tiplu"
            elif other == alter:
                roles[make_card(rank, other)] = "alter" if named else "ordinary"
            elif not only_alter:  # "the two cards of that rank in the other colour are plain"
                roles[make_card(rank, other)] = "ordinary"
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
    in vazhushal with `ace_both_ends` (reading: only the full 14-card A-2-...-K-A run, no
    shorter run round the corner).
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
    natural card remains: then every meld holding it is of its suit or of its rank.
    Rank before suit keeps the search small: a meld of the first card reaches only a few
    ranks ahead (sets are of its rank, runs at most a few ranks long)."""

    def key(card: str) -> tuple[int, int, str]:
        if ctx.is_wild(card) or card == JOKER:
            return (1, 0, card)
        return (0, rank_of(card), card)

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


def partner_groups(
    first: str,
    rest: Sequence[str],
    ctx: Ctx,
    max_size: int,
    max_run: int = 14,
    fillers: bool = True,
) -> set[tuple]:
    """Candidate groups (sorted tuples, `first` included) of 2..max_size cards, runs of at
    most `max_run` cards. With `fillers` false, only groups where no card stands for
    another (pure sequences, tunnelas): wild cards are offered only as themselves.

    Restrictions made here lose no legal meld; the meld checker judges every candidate:
    * a natural card never stands for another card, so every natural card of a meld with
      the natural card `first` has its rank (set, tunnela, dublee: at most 4 cards outside
      rummy27) or its suit (sequence);
    * a sequence of L cards covers L consecutive places (1..14: A 2 .. K A) including a
      place of `first`; each other place holds the natural card of that rank and suit or
      a wild card (any wild card can fill any place, as itself or standing in).
    """

    # Only cards of the first card's rank or suit, and wild cards, can join it: the answer
    # depends on those alone, so it is cached on them.
    def filler(card: str) -> bool:
        return fillers and ctx.is_wild(card)

    natural_first = first != JOKER and not filler(first)
    relevant = tuple(
        card
        for card in rest
        if filler(card)
        or (
            natural_first
            and card != JOKER
            and (rank_of(card) == rank_of(first) or suit_of(card) == suit_of(first))
        )
        or (card == JOKER and first == JOKER)
    )
    cache_key = (first, tuple(sorted(relevant)), max_size, max_run, fillers)
    cached = ctx.group_cache.get(cache_key)
    if cached is None:
        cached = _partner_groups(first, relevant, ctx, max_size, max_run, fillers)
        ctx.group_cache[cache_key] = cached
    return cached


def _partner_groups(
    first: str, rest: Sequence[str], ctx: Ctx, max_size: int, max_run: int, fillers: bool
) -> set[tuple]:
    counts = Counter(rest)

    def filler(card: str) -> bool:
        return fillers and ctx.is_wild(card)

    groups: set[tuple] = set()
    if first == JOKER and not fillers:  # a printed joker is only ever itself in JK JK JK
        if counts[JOKER] >= 2:
            groups.add((JOKER,) * 3)
        return groups
    wild = [(card, n) for card, n in sorted(counts.items()) if filler(card)]
    wild_by_size: dict[int, list[list[str]]] = {}
    for wilds in sub_multisets(wild, max_size - 1):
        wild_by_size.setdefault(len(wilds), []).append(wilds)

    def add_with_wilds(naturals: list[str], fewest: int, most: int) -> None:
        """Add `first` + `naturals` + every sub-multiset of fewest..most wild cards."""
        for size in range(fewest, most + 1):
            for wilds in wild_by_size.get(size, []):
                if naturals or wilds:
                    groups.add(tuple(sorted([first, *naturals, *wilds])))

    if filler(first):
        # naturals sort first: every remaining card is wild (and a group of wild cards only
        # is a run, a tunnela or a set of at most 4)
        add_with_wilds([], 1, min(max_size, max(max_run, 4)) - 1)
        return groups

    same_rank = [
        (card, n)
        for card, n in sorted(counts.items())
        if card != JOKER and not filler(card) and rank_of(card) == rank_of(first)
    ]
    set_size = max_size if ctx.variant == "rummy27" else min(max_size, 4)
    for naturals in sub_multisets(same_rank, set_size - 1):
        add_with_wilds(naturals, 0, set_size - 1 - len(naturals))

    both_ends = ctx.variant == "vazhushal" and bool(ctx.options.get("ace_both_ends"))
    suit = suit_of(first)
    own_places = (1, 14) if rank_of(first) == 1 else (rank_of(first),)
    for size in range(3, min(max_size, max_run, 14) + 1):
        for low in range(1, 15 - size + 1):
            window = range(low, low + size)
            if 1 in window and 14 in window and not both_ends:
                continue
            for own in own_places:
                if own not in window:
                    continue
                # every other place: its natural card (if one is left) or a wild card
                choices = []
                for place in window:
                    card = make_card(1 if place == 14 else place, suit)
                    if place != own:
                        natural = counts[card] > 0 and not filler(card)
                        choices.append((None, card) if natural else (None,))
                for picked in product(*choices):
                    naturals = [card for card in picked if card is not None]
                    if any(naturals.count(card) > counts[card] for card in naturals):
                        continue  # A-2-...-K-A wants two aces
                    holes = size - 1 - len(naturals)
                    add_with_wilds(naturals, holes, holes)
    return groups


def too_lonely(cards: Sequence[str], ctx: Ctx) -> bool:
    """A quick proof that `cards` cannot ALL go into melds (used only where nothing may be
    left over).

    Call a natural card lonely when no other natural card shares its rank and none of its
    suit is within 2 ranks of it (an ace sits next to both 2 and K). A meld holding a lonely
    card needs 2 wild cards at least: a set has no natural partner for it, and in a run the
    two places next to it (on one side or both) can only hold wild cards. Two lonely cards
    in one run are 3+ places apart, so k of them need 2k-2 wild cards between them; either
    way, every lonely card needs a wild card of its own on average: fewer wild cards than
    lonely cards means no full arrangement.
    """
    if not SHORTCUTS:
        return False
    naturals = [card for card in cards if not ctx.is_wild(card)]
    wilds = len(cards) - len(naturals)

    def close(a: str, b: str) -> bool:
        if rank_of(a) == rank_of(b):
            return True
        if suit_of(a) != suit_of(b):
            return False
        gap = abs(rank_of(a) - rank_of(b))
        return min(gap, 13 - gap) <= 2  # the ace is next to the 2 and to the king

    lonely = 0
    for index, card in enumerate(naturals):
        others = naturals[:index] + naturals[index + 1 :]
        if not any(close(card, other) for other in others):
            lonely += 1
    return lonely > wilds


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

    @property
    def max_run(self) -> int:
        """Runs of more than 5 cards are never needed in indian13, indian21 and rummy27:
        a run of 6+ cards splits into two runs of 3+ (a piece of a pure run is pure, a piece
        of wild cards only is still a sequence there), and every rule asks for AT LEAST so
        many melds of a kind. The one "at most" (pure_exempt's 1 or 2 pure sequences) only
        matters when deadwood, with 3+ pure sequences, costs no more and names the rule.
        (Vazhushal forbids identical melds and melds of printed jokers only, so it gets no
        such shortcut; marriage melds are 3 cards anyway.)"""
        if SHORTCUTS and self.ctx.variant in ("indian13", "indian21", "rummy27"):
            return 5
        return 14

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

        if not self.leftover and too_lonely(cards, self.ctx):
            self.memo[cards] = best
            return best
        first, rest = cards[0], cards[1:]
        if self.leftover:
            offer(self._solve(rest), (0, 0, 0, 1), self.ctx.value(first))
        max_size = 3 if self.ctx.variant == "marriage" else 99
        # when only pure sequences and tunnelas count, no card ever stands for another
        fillers = bool(self.kinds - {"pure_sequence", "tunnela"})
        for group in partner_groups(first, rest, self.ctx, max_size, self.max_run, fillers):
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


def full_arrangement(hand: Sequence[str], ctx: Ctx) -> bool:
    """Can every card go into sequences, sets and tunnelas? A depth-first search that stops
    at the first success (hands with many wild cards have very many arrangements); `seen`
    holds the card multisets already explored, all of which failed."""
    max_run = Search(ctx).max_run
    max_size = 3 if ctx.variant == "marriage" else 99
    seen: set[tuple[str, ...]] = set()

    def explore(cards: tuple[str, ...]) -> bool:
        if not cards:
            return True
        if cards in seen or too_lonely(cards, ctx):
            return False
        seen.add(cards)
        first, rest = cards[0], cards[1:]
        return any(
            best_kind(group, ctx) in FULL_MELDS and explore(remove_cards(cards, group))
            for group in partner_groups(first, rest, ctx, max_size, max_run)
        )

    return explore(tuple(sorted(hand, key=sort_key(ctx))))


def melds_fully(cards: Sequence[str], ctx: Ctx) -> bool:
    """Can every one of `cards` go into sequences, sets and tunnelas?"""
    if not SHORTCUTS:
        return bool(Search(ctx).run(cards))
    return full_arrangement(cards, ctx)


def candidate_melds(hand: Sequence[str], ctx: Ctx, kinds: frozenset[str]) -> list[tuple]:
    """Every distinct group of the hand's cards whose best kind is in `kinds` (runs of at
    most 5 cards outside vazhushal: see `Search.max_run`)."""
    max_run = Search(ctx).max_run
    max_size = 3 if ctx.variant == "marriage" else 99
    fillers = bool(kinds - {"pure_sequence", "tunnela"})
    found: set[tuple] = set()
    for first in sorted(set(hand)):
        rest = remove_cards(hand, [first])
        for group in partner_groups(first, rest, ctx, max_size, max_run, fillers):
            if best_kind(group, ctx) in kinds:
                found.add(group)
    return sorted(found)


def choose_then_meld(hand: Sequence[str], ctx: Ctx, slots: Sequence[frozenset[str]]) -> bool:
    """Is there one disjoint meld per slot (of a kind the slot allows) such that every
    other card melds fully? That is exactly "every card in melds, among them these"."""
    if not SHORTCUTS:  # the plain way: every full arrangement, counted by kind
        return any(meets_slots(key, slots) for key in Search(ctx).run(hand))
    candidates = [candidate_melds(hand, ctx, kinds) for kinds in slots]
    tried: dict[tuple[str, ...], bool] = {}

    def pick(slot: int, left: Counter, start: int) -> bool:
        if slot == len(slots):
            rest = tuple(sorted(left.elements()))
            if rest not in tried:
                tried[rest] = melds_fully(rest, ctx)
            return tried[rest]
        same_as_before = slot > 0 and slots[slot] == slots[slot - 1]
        for index in range(start if same_as_before else 0, len(candidates[slot])):
            group = Counter(candidates[slot][index])
            if all(left[card] >= n for card, n in group.items()):
                if pick(slot + 1, left - group, index):
                    return True
        return False

    return pick(0, Counter(hand), 0)


def meets_slots(key: Key, slots: Sequence[frozenset[str]]) -> bool:
    """Does an arrangement with this summary hold one meld per slot (for the slots that
    `show_kind` asks for)? Slots allowing a sequence take any sequence, the others pure
    sequences or tunnelas."""
    pure, sequences, tunnelas = key[0], key[1], key[2]
    strict = sum(1 for slot in slots if "sequence" not in slot)
    loose = len(slots) - strict
    tunnela_ok = any("tunnela" in slot for slot in slots)
    usable_tunnelas = tunnelas if tunnela_ok else 0
    return pure + usable_tunnelas >= strict and sequences + usable_tunnelas >= strict + loose


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
    if too_lonely(cards, ctx):
        return False
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
    rummy27). reading: two identical wild cards standing as themselves are a dublee ("no
    wild card standing for another card")."""
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
    both required sequences pure.

    reading: "either" means a tunnela + an impure sequence qualifies too (the tunnela
    standing in for the pure one), besides the contract's examples pure + tunnela and two
    tunnelas. A sequence made of wild cards only counts as a (not pure) sequence."""
    pure, sequences, tunnelas = key[0], key[1], key[2]
    if ctx.options.get("two_pure"):
        return pure + tunnelas >= 2
    return pure + tunnelas >= 1 and sequences + tunnelas >= 2


def show_kind(hand: Sequence[str], ctx: Ctx) -> str | None:
    """The first show kind (in the contract's table order) the hand makes, or None."""
    variant = ctx.variant
    pure = frozenset({"pure_sequence"})
    if variant == "indian13":
        # 2 sequences, 1 pure; with 3 decks a tunnela stands in for either; `two_pure`
        tunnela = frozenset({"tunnela"} if ctx.tunnela_allowed else ())
        pure_like = pure | tunnela
        sequence_like = pure_like | {"sequence"}
        second = pure_like if ctx.options.get("two_pure") else sequence_like
        return "rummy" if choose_then_meld(hand, ctx, [pure_like, second]) else None

    if variant == "indian21":
        if choose_then_meld(hand, ctx, [pure] * 3):
            return "complete"
        if count_wilds(hand, ctx) >= 8:
            return "eight_jokers"
        if count_dublees(hand, ctx) >= 8:
            return "eight_dublees"
        if count_tunnelas(hand, ctx) >= 3:
            return "three_tunnelas"
        return None

    if variant == "rummy27":
        if not SHORTCUTS:
            return plain_rummy27_show(hand, ctx)
        # three tunnelas: try every choice of 3 triples of identical cards; the rest meld
        triples = [(card, n // 3) for card, n in sorted(Counter(hand).items()) if n >= 3]
        for chosen in sub_multisets(triples, 3):
            if (
                len(chosen) == 3
                and all(best_kind([card] * 3, ctx) == "tunnela" for card in chosen)
                and melds_fully(remove_cards(hand, chosen * 3), ctx)
            ):
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
        if len(hand) == 21 and choose_then_meld(hand, ctx, [pure | {"tunnela"}] * 3):
            return "complete"
        if count_dublees(hand, ctx) >= 8:
            return "eight_dublees"
        return None

    if variant == "vazhushal":
        return "out" if vazhushal_arrangement(hand, ctx) is not None else None

    raise ValueError(variant)


def plain_rummy27_show(hand: Sequence[str], ctx: Ctx) -> str | None:
    """rummy27's shows by the plain search alone (to check the shortcuts)."""
    if any(key[2] >= 3 for key in Search(ctx).run(hand)):
        return "three_tunnelas"
    pairs = [(card, n // 2) for card, n in sorted(Counter(hand).items()) if n >= 2]
    for chosen in sub_multisets(pairs, 10):
        if len(chosen) == 10 and Search(ctx).run(remove_cards(hand, chosen * 2)):
            return "ten_dublees"
    wild = [(card, n) for card, n in sorted(Counter(hand).items()) if ctx.is_wild(card)]
    for apart in sub_multisets(wild, 10):
        if len(apart) == 10 and Search(ctx).run(remove_cards(hand, apart)):
            return "ten_jokers"
    return None


def vazhushal_ok(groups: Sequence[Sequence[str]], ctx: Ctx) -> bool:
    """`out`: every meld legal, at least one pure sequence, no two identical melds (melds of
    the same cards; reading: the same multiset of printed cards, however the wild cards
    stand), no meld of printed jokers only (the meld checker refuses those)."""
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
        # card melds into sequences, sets and tunnelas. reading: "7 or more wild cards"
        # counts every wild card held, as eight_jokers does.
        if count_dublees(hand, ctx) >= 6 or count_wilds(hand, ctx) >= 7 or melds_fully(hand, ctx):
            count, rule = 2, "two_points"
        else:
            only_pure = Search(ctx, kinds=frozenset({"pure_sequence"}), leftover=True).run(hand)
            candidates = [(total, "all_cards")]
            exempt = [v for key, v in only_pure.items() if 1 <= key[0] <= 2]
            if exempt:
                candidates.append((min(exempt), "pure_exempt"))
            # deadwood needs 3 disjoint pure sequences: only then is the (slow) search over
            # every meld worth running
            if not SHORTCUTS or any(key[0] >= 3 for key in only_pure):
                any_melds = Search(ctx, leftover=True).run(hand)
                deadwood = [v for key, v in any_melds.items() if key[0] >= 3]
                if deadwood:
                    candidates.append((min(deadwood), "deadwood"))
            count, rule = _cheapest(candidates)
        # reading: tiers are compared on the count before the cap; a pending player's
        # two_points halves to 1
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
        # "Marriage as Nepal plays it": the alter's and the man's maal (N each).
        alter_value = int(ctx.options.get("alter_value") or 0)
        man_value = int(ctx.options.get("man_value") or 0)
        points = 0
        set_aside: list[str] = []
        for tunnela in initial_tunnelas:
            role = ctx.roles.get(tunnela[0])
            if role is None:
                points += 5
            elif role == "alter" and alter_value:
                points += 7 * alter_value  # alter_tunnela
            elif role in ("ordinary", "alter"):
                # "With `alter_value` 0 a tunnela of alter cards is a `joker_tunnela` (10)"
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
        # "k alter cards in hand pay (2k - 1) x N"; the same for k printed jokers (the man)
        for count, each in ((roles["alter"], alter_value), (roles["printed"], man_value)):
            if count:
                points += (2 * count - 1) * each
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

    def __init__(self, ctx: Ctx, rng: random.Random) -> None:
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
        """Take the melds the makers give (each maker gets a few tries, as the pool may not
        supply the cards it picks; one that never fits is skipped), fill up to `size`, then
        swap `perturb` cards."""
        hand: list[str] = []
        for make in makers:
            for _ in range(6):
                cards = make(self)
                if cards is not None and len(hand) + len(cards) > size:
                    self.give_back(cards)
                    cards = None
                if cards is not None:
                    hand += cards
                    break
        hand = self.fill(hand, size)
        hand = self.perturb(hand, perturb)
        self.rng.shuffle(hand)
        return hand

    def twins(self, makers: Sequence, size: int) -> list[str]:
        """Each meld the makers give, laid twice where the pool holds it (the shape that
        tempts an arrangement into identical melds), some cards swapped for wild cards."""
        hand: list[str] = []
        for make in makers:
            cards = make(self)
            if cards is None:
                continue
            twin = self.take(cards) if self.rng.random() < 0.7 else None
            for group in (cards, twin or []):
                room = size - len(hand)
                if len(group) > room:
                    self.give_back(group[room:])
                    group = group[:room]
                hand += group
        wilds = [
            card
            for card, n in sorted(self.pool.items())
            for _ in range(n)
            if self.ctx.is_wild(card)
        ]
        for _ in range(self.rng.randint(0, 3)):
            if wilds and hand:
                index = self.rng.randrange(len(hand))
                card = wilds.pop(self.rng.randrange(len(wilds)))
                self.pool.subtract([card])
                self.give_back([hand[index]])
                hand[index] = card
        hand = self.fill(hand, size)
        self.rng.shuffle(hand)
        return hand

    def junk(self, size: int) -> list[str]:
        """Natural cards with no three of a suit in a row: no pure sequence at all."""
        naturals = [
            card
            for card, n in sorted(self.pool.items())
            for _ in range(n)
            if not self.ctx.is_wild(card)
        ]
        self.rng.shuffle(naturals)
        hand: list[str] = []
        for card in naturals:
            if len(hand) == size:
                break
            # places taken in this suit (an ace is at both ends), and the new card's places
            taken = {rank_of(c) for c in hand if suit_of(c) == suit_of(card)}
            taken |= {14} if 1 in taken else set()
            places = {1, 14} if rank_of(card) == 1 else {rank_of(card)}
            if not any(
                {p - 2, p - 1} <= taken or {p - 1, p + 1} <= taken or {p + 1, p + 2} <= taken
                for p in places
            ):
                hand.append(card)
        self.pool.subtract(hand)
        return self.fill(hand, size)


# ----------------------------------------------------------------- request generators

# Each generator takes a seeded random.Random and returns one request. They reproduce:
# the failing request is printed in full.

PLAIN = all_plain_cards()


def indian13_table(rng: random.Random) -> dict:
    players = rng.choice([2, 3, 4, 5, 6, 7, 9, 12])
    mode = rng.choices(["standard", "ace_jokers", "printed_only", "none"], [8, 2, 1, 1])[0]
    options: dict = {}
    if mode != "standard" or rng.random() < 0.2:
        options["joker_mode"] = mode
    if mode in ("printed_only", "none"):
        wild = None
    elif mode == "ace_jokers" or rng.random() < 0.1:
        wild = rng.choice(["JK", *PLAIN])
    else:
        wild = rng.choice(PLAIN)
    if rng.random() < 0.2:
        options["two_pure"] = True
    if rng.random() < 0.2:
        options["ace_value"] = 11
    if rng.random() < 0.15:
        options["penalty_cap"] = rng.choice([40, 80])
    return {"variant": "indian13", "players": players, "options": options, "wild": wild}


def three_deck_table(variant: str) -> Callable[[random.Random], dict]:
    def table(rng: random.Random) -> dict:
        wild = "JK" if rng.random() < 0.1 else rng.choice(PLAIN)
        return {"variant": variant, "players": rng.randint(2, 5), "wild": wild}

    return table


def marriage_table(rng: random.Random) -> dict:
    table = {"variant": "marriage", "players": rng.randint(2, 5), "wild": rng.choice(PLAIN)}
    options = nepal_options(rng)
    if options:
        table["options"] = options
    return table


def nepal_options(rng: random.Random) -> dict:
    """Half the time, some of "Marriage as Nepal plays it": each option on its own or
    together, the ends of the ranges included, now and then null (the default)."""
    options: dict = {}
    if rng.random() < 0.5:
        return options
    if rng.random() < 0.5:
        options["wild_ranks"] = rng.choice(["all", "alter", "alter", None])
    for name in ("alter_value", "man_value"):
        if rng.random() < 0.6:
            options[name] = rng.choice([0, 1, 5, 5, 10, 1000, rng.randint(0, 1000), None])
    if rng.random() < 0.6:
        options["jokers"] = rng.choice([0, 1, 2, 3, 3, 4])
    return options


def vazhushal_table(rng: random.Random) -> dict:
    options: dict = {}
    if rng.random() < 0.15:
        options["negative_joker"] = False
    if rng.random() < 0.2:
        options["ace_both_ends"] = True
    wild = None if options.get("negative_joker") is False else rng.choice(["JK", *PLAIN])
    return {
        "variant": "vazhushal",
        "players": rng.randint(2, 6),
        "options": options,
        "wild": wild,
    }


TABLES = {
    "indian13": indian13_table,
    "indian21": three_deck_table("indian21"),
    "rummy27": three_deck_table("rummy27"),
    "marriage": marriage_table,
    "vazhushal": vazhushal_table,
}


def meld_makers(variant: str, rng: random.Random, size: int) -> list:
    """A random recipe of meld makers covering exactly `size` cards when every maker
    succeeds: a pure run first (most shows need one), then runs, dirty runs, sets and
    tunnelas of 3 to 5 cards (marriage: 3)."""
    marriage = variant == "marriage"
    three_decks = variant in ("indian21", "rummy27", "marriage", "indian13")

    def pure(length: int):
        return lambda d: d.run(length)

    def dirty(length: int):
        return lambda d: d.run(length, wilds=rng.choice([1, 1, 2]))

    def group(length: int):
        return lambda d: d.group(length, wilds=rng.choice([0, 0, 1]))

    def triple(length: int):
        return lambda d: d.copies(3)

    lengths: list[int] = []
    left = size
    while left > 0:
        if marriage or left in (3, 6):
            length = 3
        elif left in (4, 5):
            length = left
        else:
            length = rng.choice([3, 3, 4, 4, 5])
        lengths.append(length)
        left -= length
    makers = []
    for index, length in enumerate(lengths):
        kinds = [pure, dirty, group, pure]
        if length == 3 and three_decks:
            kinds.append(triple)
        if length > 4 and variant != "rummy27":
            kinds.remove(group)
        maker = pure if index == 0 else rng.choice(kinds)
        makers.append(maker(length))
    return makers


def hand_maker(variant: str, style: str) -> Callable[[random.Random, Dealer, int], list]:
    """Hands of `size` cards in one of several styles."""

    def make(rng: random.Random, dealer: Dealer, size: int) -> list[str]:
        perturb = rng.choice([0, 0, 0, 1, 1, 2])
        if style == "deal":
            return dealer.random_cards(size)
        if style == "junk":  # no pure sequence: all_cards penalties
            return dealer.junk(size)
        if style == "near":
            return dealer.compose(meld_makers(variant, rng, size), size, perturb)
        if style in ("wild", "jokers"):  # many wild cards; jokers: rummy27 ten_jokers etc.
            low, high = (3, 6) if style == "wild" else (8, 12)
            wilds = dealer.random_cards(rng.randint(low, high), wild=True)
            makers = meld_makers(variant, rng, size - len(wilds))
            return dealer.compose([lambda d: wilds, *makers], size, min(perturb, 1))
        if style == "dublees":
            count = {"rummy27": 10, "marriage": 8}.get(variant, 8) + rng.choice([-1, 0, 0, 0])
            makers = [lambda d: d.copies(2)] * count
            makers += meld_makers(variant, rng, size - 2 * count)
            return dealer.compose(makers, size, min(perturb, 1))
        if style == "tunnelas":
            count = rng.choice([2, 3, 3, 4])
            makers = [lambda d: d.copies(3)] * count
            makers += meld_makers(variant, rng, size - 3 * count)
            return dealer.compose(makers, size, min(perturb, 1))
        if style == "twins":  # melds laid twice, a card now and then a wild card instead
            return dealer.twins(meld_makers(variant, rng, size), size)
        raise ValueError(style)

    return make


def hand_size(variant: str, rng: random.Random) -> int:
    if variant == "marriage":
        return 21 if rng.random() < 0.7 else rng.randint(16, 20)
    if variant == "vazhushal":
        return rng.randint(3, 13)
    return HAND_SIZES[variant]


def requests_for(
    variant: str, style: str, op: str, count: int, seed: int, options: dict | None = None
) -> list[dict]:
    """`options`: merged into each request's (more decks and jokers, for instance)."""
    rng = random.Random(f"{variant}/{style}/{op}/{seed}")
    make = hand_maker(variant, style)
    out = []
    for _ in range(count):
        request = dict(TABLES[variant](rng))
        if options:
            request["options"] = {**request.get("options", {}), **options}
            request.pop("players", None)  # the decks are given
        if not request.get("options"):
            request.pop("options", None)
        dealer = Dealer(context(request), rng)
        size = hand_size(variant, rng)
        request["hand"] = make(rng, dealer, size)
        request["op"] = op
        if op == "penalty" and rng.random() < 0.25:
            request["first_turn_pending"] = True
        out.append(request)
    return out
