"""The `show` op: is this hand a legal show, which kind, and one arrangement that proves it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from .cards import JOKER, names
from .hand import Hand
from .judge import classify
from .phrases import Phrase, phrase, plural
from .search import Goal, Meld, MeldAllChecks
from .typed import MeldShown, ShowVerdict
from .vazhushal import first_show_split

# How many cards a show has, fewest and most; vazhushal sets no upper limit (None).
SHOW_SIZE_RANGES: dict[str, tuple[int, int | None]] = {
    "indian13": (13, 13),
    "indian21": (21, 21),
    "rummy27": (27, 27),
    "marriage": (16, 21),
    "vazhushal": (3, None),
}
# The sizes each game with a fixed range allows, as the size check reads them.
SHOW_SIZES: dict[str, tuple[int, ...]] = {
    variant: tuple(range(low, high + 1))
    for variant, (low, high) in SHOW_SIZE_RANGES.items()
    if high is not None
}
# A vazhushal show the engine must search (no melds given) has at most this many cards: the
# number of arrangements grows steeply past what one player ever holds.
VAZHUSHAL_SEARCH_LIMIT = 27
# The kinds of show each game knows, in the contract's order (the first that holds names it).
SHOW_KINDS: dict[str, tuple[str, ...]] = {
    "indian13": ("rummy",),
    "indian21": ("complete", "eight_jokers", "eight_dublees", "three_tunnelas"),
    "rummy27": ("three_tunnelas", "ten_dublees", "ten_jokers"),
    "marriage": ("complete", "eight_dublees"),
    "vazhushal": ("out",),
}
MELD_KINDS = ("pure_sequence", "sequence", "set", "tunnela", "dublee")

# The reasons, and the pieces of them, that take no values: made once, not for every show.
# What an Indian Rummy show needs, with and without a tunnela standing in for a sequence.
_RULE_ONE_PURE = phrase("two sequences, one of them pure")
_RULE_TWO_PURE = phrase("two sequences, both pure")
_NEEDS_ONE_PURE = phrase("two sequences, one of them pure (a tunnela may stand in for one)")
_NEEDS_TWO_PURE = phrase("two sequences, both pure (a tunnela may stand in for one)")
_RUMMY_ONE_PURE = phrase("All 13 cards are in melds with %(rule)s.", rule=_RULE_ONE_PURE)
_RUMMY_TWO_PURE = phrase("All 13 cards are in melds with %(rule)s.", rule=_RULE_TWO_PURE)
_INDIAN21_COMPLETE = phrase("All 21 cards are in melds with three pure sequences.")
_INDIAN21_NEEDS = phrase(
    "all 21 cards in melds with three pure sequences, 8 wild cards, 8 dublees or 3 tunnelas"
)
_RUMMY27_TUNNELAS = phrase("Three tunnelas and every other card in melds.")
_RUMMY27_DUBLEES = phrase("Ten dublees and the other seven cards in melds.")
_RUMMY27_JOKERS = phrase("Ten wild cards kept apart and every other card in melds.")
_RUMMY27_NEEDS = phrase(
    "three tunnelas, ten dublees or ten wild cards with every other card in melds"
)
_MARRIAGE_COMPLETE = phrase(
    "All 21 cards in seven melds, three of them tunnelas or pure sequences."
)
_MARRIAGE_NEEDS = phrase(
    "21 cards in seven three-card melds with three tunnelas or pure sequences, or 8 dublees"
)
_VAZHUSHAL_OUT = phrase("Every card is in melds with a pure sequence.")
_VAZHUSHAL_NEEDS = phrase(
    "every card in melds with at least one pure sequence and no two identical melds"
)
_JOKERS_ONLY = phrase("A meld of printed jokers only is not allowed.")
# A judged arrangement that holds, by the kind of show.
_VALID = {
    "rummy": phrase("A valid rummy show."),
    "complete": phrase("A valid complete show."),
    "eight_jokers": phrase("A valid eight jokers show."),
    "eight_dublees": phrase("A valid eight dublees show."),
    "three_tunnelas": phrase("A valid three tunnelas show."),
    "ten_dublees": phrase("A valid ten dublees show."),
    "ten_jokers": phrase("A valid ten jokers show."),
    "out": phrase("A valid out show."),
}


def show(hand: Hand, groups: list[list[int]] | None) -> ShowVerdict:
    if groups is not None:
        return _judge_groups(hand, groups)
    return _SEARCHERS[hand.table.variant](hand)


def _answer(
    kind: str | None, melds: list[Meld], unmatched: list[int], reason: Phrase
) -> ShowVerdict:
    return ShowVerdict(
        valid=kind is not None,
        show=kind,
        melds=tuple(MeldShown(meld.kind, tuple(names(_tidy(meld)))) for meld in melds),
        unmatched=tuple(names(sorted(unmatched))),
        reason=str(reason),
        reason_phrase=reason,
    )


def _tidy(meld: Meld) -> list[int]:
    return meld.cards if "sequence" in meld.kind else sorted(meld.cards)


def _pure_sequences(count: int) -> Phrase:
    return plural("%(count)s pure sequence", "%(count)s pure sequences", count)


# -- searching for a show ------------------------------------------------------------------
def _indian13(hand: Hand) -> ShowVerdict:
    two_pure = bool(hand.table.option("two_pure"))
    need = Goal(meld_all=True, pure=2 if two_pure else 1, seqs=2)
    rule = _RULE_TWO_PURE if two_pure else _RULE_ONE_PURE
    has_pure = hand.could_hold_pure(1)
    meldable = hand.could_meld_all()
    if has_pure and meldable and (need.pure == 1 or hand.could_hold_pure(need.pure)):
        found = hand.arrange(need)
        if found:
            return _answer(
                "rummy", found.melds, [], _RUMMY_TWO_PURE if two_pure else _RUMMY_ONE_PURE
            )
    loose = hand.arrange(Goal(meld_all=True)) if meldable else None
    shown = loose or hand.arrange(Goal(meld_all=False))
    assert shown is not None
    seqs = sum(1 for m in shown.melds if "sequence" in m.kind)
    needs = rule
    if hand.rules.tunnela:
        needs = _NEEDS_TWO_PURE if two_pure else _NEEDS_ONE_PURE
    if not has_pure:
        reason = phrase("No pure sequence; a show needs %(needs)s.", needs=needs)
    elif loose is not None:
        reason = plural(
            "Only %(count)s sequence; a show needs %(needs)s.",
            "Only %(count)s sequences; a show needs %(needs)s.",
            seqs,
            needs=needs,
        )
    else:
        reason = phrase(
            "%(cards)s do not fit into melds; a show needs all 13 cards in melds with %(rule)s.",
            cards=names(sorted(shown.leftover)),
            rule=rule,
        )
    return _answer(None, shown.melds, shown.leftover, reason)


def _indian21(hand: Hand) -> ShowVerdict:
    found = None
    if hand.could_meld_all() and hand.could_hold_pure(3):
        found = hand.arrange(Goal(meld_all=True, pure=3))
    if found:
        return _answer("complete", found.melds, [], _INDIAN21_COMPLETE)
    if hand.wild_count >= 8:
        return _answer(
            "eight_jokers",
            [],
            hand.cards,
            phrase("%(count)s wild cards: eight jokers make a show.", count=hand.wild_count),
        )
    if hand.dublee_count >= 8:
        return _eight_dublees(hand)
    if hand.tunnela_count >= 3:
        tunnelas = _tunnelas(hand)
        return _answer(
            "three_tunnelas",
            tunnelas,
            _rest(hand.cards, tunnelas),
            plural(
                "%(count)s tunnela: three tunnelas make a show.",
                "%(count)s tunnelas: three tunnelas make a show.",
                len(tunnelas),
            ),
        )
    return _no_show(hand, _INDIAN21_NEEDS)


def _rummy27(hand: Hand) -> ShowVerdict:
    meldable = hand.could_meld_all()
    if hand.tunnela_count >= 3 and meldable:
        found = hand.arrange(Goal(meld_all=True, tunnelas=3))
        if found:
            return _answer("three_tunnelas", found.melds, [], _RUMMY27_TUNNELAS)
    if hand.dublee_count >= 10:
        found = hand.arrange(Goal(meld_all=True, dublees=10))
        if found:
            return _answer("ten_dublees", found.melds, [], _RUMMY27_DUBLEES)
    if hand.wild_count >= 10:
        jokers = _ten_jokers(hand)
        if jokers:
            melds, apart = jokers
            return _answer("ten_jokers", melds, apart, _RUMMY27_JOKERS)
    return _no_show(hand, _RUMMY27_NEEDS)


def _ten_jokers(hand: Hand) -> tuple[list[Meld], list[int]] | None:
    """Ten wild cards set apart and the other seventeen melded.

    Printed jokers go apart first: a plain wild card left in play can do whatever a
    printed joker could (stand in for any card, three of them make a sequence) and may also
    stand for itself, so keeping it never loses a show. The wild cards that stay in play are
    then few, and each choice of them is tried on the seventeen cards, in sorted order (the
    first that melds answers). Two checks come first, so that a hand with no such choice
    is refused at once: the jokers the natural cards need, and one search that melds them
    with any ten wild cards apart; and the tries share one search, each proving only what
    the others did not.
    """
    wild = sorted(card for card in hand.cards if hand.is_wild(card))
    plain = [card for card in hand.cards if not hand.is_wild(card)]
    if hand.lonely_cards() > len(wild) - 10:
        return None  # each card with no partner needs a wild card beside it, kept in play
    in_play = len(wild) - 10
    if hand.short_of_jokers(in_play):
        return None  # the other cards need more jokers than the wild cards left in play
    if hand.arrange(Goal(meld_all=False, apart=10), limit=0) is None:
        # Not even the natural cards meld with ten wild cards apart, whichever they are
        # (this does not ask that the wild cards left in play find places in melds).
        return None
    printed = [card for card in wild if card == JOKER]
    others = [card for card in wild if card != JOKER]
    printed_kept = max(0, in_play - len(others))
    checks = MeldAllChecks(hand.wild, hand.values, hand.rules)
    for kept in _choices(others, in_play - printed_kept):
        rest = Hand(hand.table, plain + list(kept) + printed[:printed_kept])
        if not rest.could_meld_all():
            continue
        found = rest.meld_all(checks)
        if found:
            return found.melds, _rest(hand.cards, found.melds)
    return None


def _choices(cards: list[int], size: int) -> Iterator[tuple[int, ...]]:
    """Every choice of `size` of the sorted `cards` (copies of one card are alike), in
    sorted order: each choice once, however many copies a card has."""
    distinct = sorted(Counter(cards).items())

    def pick(start: int, size: int) -> Iterator[tuple[int, ...]]:
        if size == 0:
            yield ()
            return
        for index in range(start, len(distinct)):
            card, copies = distinct[index]
            if copies:
                distinct[index] = (card, copies - 1)
                for rest in pick(index, size - 1):
                    yield (card, *rest)
                distinct[index] = (card, copies)

    return pick(0, size)


def _marriage(hand: Hand) -> ShowVerdict:
    if len(hand.cards) == 21 and hand.could_meld_all() and hand.could_hold_pure(3):
        found = hand.arrange(Goal(meld_all=True, pure=3))
        if found:
            return _answer("complete", found.melds, [], _MARRIAGE_COMPLETE)
    if hand.dublee_count >= 8:
        return _eight_dublees(hand)
    return _no_show(hand, _MARRIAGE_NEEDS)


def _vazhushal(hand: Hand) -> ShowVerdict:
    found = None
    if hand.could_meld_all() and hand.could_hold_pure(1):
        found = hand.arrange(Goal(meld_all=True, pure=1))
    if found and not _vazhushal_flaw([m.cards for m in found.melds]):
        return _answer("out", found.melds, [], _VAZHUSHAL_OUT)
    if found:
        groups = first_show_split(hand)
        if groups is not None:
            melds = [Meld(classify(g, hand.rules, hand.wild, True) or "set", g) for g in groups]
            return _answer("out", melds, [], _VAZHUSHAL_OUT)
    return _no_show(hand, _VAZHUSHAL_NEEDS)


def _no_show(hand: Hand, needs: Phrase) -> ShowVerdict:
    """Why a hand is no show, with the pure sequences it does hold as its melds.

    Showing the pure sequences (a quick search) rather than the cheapest full arrangement
    keeps a refused show fast; the penalty op gives the cheapest arrangement.
    """
    pure_melds = hand.arrange(Goal(meld_all=False, pure_only=True))
    assert pure_melds is not None
    pure = _pure_sequences(sum(1 for m in pure_melds.melds if m.kind == "pure_sequence"))
    if hand.wild_count:
        reason = phrase(
            # Translators: %(needs)s is what the game's show needs ("every card in melds with
            # ..."); %(wild)s "3 wild cards" and %(pure)s "1 pure sequence".
            "Not a show: it needs %(needs)s; this hand has %(wild)s, %(pure)s.",
            needs=needs,
            wild=plural("%(count)s wild card", "%(count)s wild cards", hand.wild_count),
            pure=pure,
        )
    else:
        reason = phrase(
            "Not a show: it needs %(needs)s; this hand has %(pure)s.", needs=needs, pure=pure
        )
    return _answer(None, pure_melds.melds, pure_melds.leftover, reason)


def _eight_dublees(hand: Hand) -> ShowVerdict:
    dublees = hand.dublees()
    reason = plural(
        "%(count)s dublee: eight dublees make a show.",
        "%(count)s dublees: eight dublees make a show.",
        len(dublees),
    )
    return _answer("eight_dublees", dublees, _rest(hand.cards, dublees), reason)


def _tunnelas(hand: Hand) -> list[Meld]:
    melds: list[Meld] = []
    for card, count in sorted(Counter(hand.cards).items()):
        allowed = hand.rules.joker_tunnela if card == JOKER else hand.rules.tunnela
        if allowed:
            melds.extend(Meld("tunnela", [card] * 3) for _ in range(count // 3))
    return melds


def _rest(cards: list[int], melds: list[Meld]) -> list[int]:
    left = Counter(cards)
    left.subtract(card for meld in melds for card in meld.cards)
    return sorted(left.elements())


# -- judging the player's own arrangement ------------------------------------------------------
def _judge_groups(hand: Hand, groups: list[list[int]]) -> ShowVerdict:
    variant = hand.table.variant
    is_vaz = variant == "vazhushal"
    kinds = [classify(group, hand.rules, hand.wild, is_vaz) for group in groups]
    melds = [Meld(k, list(g)) for k, g in zip(kinds, groups, strict=True) if k]
    unmatched = [c for k, g in zip(kinds, groups, strict=True) if not k for c in g]
    tally = Counter(kinds)
    pure = tally["pure_sequence"]
    seqs = pure + tally["sequence"]
    strict = not unmatched and tally["dublee"] == 0
    kind: str | None = None
    reason: Phrase
    if variant == "indian13":
        need_pure = 2 if hand.table.option("two_pure") else 1
        stand_ins = tally["tunnela"] if hand.rules.tunnela else 0
        if strict and pure + stand_ins >= need_pure and seqs + stand_ins >= 2:
            kind = "rummy"
        sequences = plural(
            "%(count)s sequence, %(pure)s pure",
            "%(count)s sequences, %(pure)s pure",
            seqs,
            pure=pure,
        )
        reason = _why(strict, unmatched, sequences)
    elif variant == "indian21":
        if strict and pure >= 3:
            kind = "complete"
        elif hand.wild_count >= 8:
            kind = "eight_jokers"
        elif tally["dublee"] >= 8:
            kind = "eight_dublees"
        elif tally["tunnela"] >= 3:
            kind = "three_tunnelas"
        reason = _why(strict, unmatched, _pure_sequences(pure))
    elif variant == "rummy27":
        melded = not unmatched
        others_melded = not unmatched and tally["dublee"] == 10
        apart = unmatched  # cards outside melds are the jokers kept apart
        if melded and tally["dublee"] == 0 and tally["tunnela"] >= 3:
            kind = "three_tunnelas"
        elif others_melded:
            kind = "ten_dublees"
        elif tally["dublee"] == 0 and len(apart) == 10 and all(hand.is_wild(c) for c in apart):
            kind = "ten_jokers"
        tunnelas = plural("%(count)s tunnela", "%(count)s tunnelas", tally["tunnela"])
        dublees = plural("%(count)s dublee", "%(count)s dublees", tally["dublee"])
        reason = _why(melded, unmatched, (tunnelas, dublees))
    elif variant == "marriage":
        strong = pure + tally["tunnela"]
        if strict and len(hand.cards) == 21 and strong >= 3:
            kind = "complete"
        elif tally["dublee"] >= 8:
            kind = "eight_dublees"
        strong_melds = plural(
            "%(count)s tunnelas or pure sequences", "%(count)s tunnelas or pure sequences", strong
        )
        reason = _why(strict, unmatched, strong_melds)
    else:
        flaw = _vazhushal_flaw(groups)
        if strict and pure >= 1 and not flaw:
            kind = "out"
        reason = flaw or _why(strict, unmatched, _pure_sequences(pure))
    if kind:
        reason = _VALID[kind]
    return _answer(kind, melds, unmatched, reason)


def _why(melded: bool, unmatched: list[int], tally: Phrase | tuple[Phrase, ...]) -> Phrase:
    """Why the player's melds are no show; `tally` counts the melds that matter."""
    if not melded and unmatched:
        return phrase(
            "%(cards)s do not form a legal meld; melds: %(melds)s.",
            cards=names(sorted(unmatched)),
            melds=tally,
        )
    return phrase("Not a show with these melds: %(melds)s.", melds=tally)


def _vazhushal_flaw(groups: list[list[int]]) -> Phrase | None:
    seen: set[tuple[int, ...]] = set()
    for group in groups:
        if group and all(card == JOKER for card in group):
            return _JOKERS_ONLY
        key = tuple(sorted(group))
        if key in seen:
            return phrase("Two identical melds (%(cards)s) are not allowed.", cards=names(key))
        seen.add(key)
    return None


_SEARCHERS = {
    "indian13": _indian13,
    "indian21": _indian21,
    "rummy27": _rummy27,
    "marriage": _marriage,
    "vazhushal": _vazhushal,
}
