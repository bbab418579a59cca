"""Check a show: ask the rules engine about one hand and shape the answer for the page.

The page sends whatever the player has picked so far, so this service decides when the engine
is worth asking: the game has to be set up (wild card chosen) and the hand has to have a show's
number of cards. Until then it answers with a friendly sentence instead of an engine error.
Everything about the rules themselves stays in the engine, reached through its typed door
(`scoring.rules`: the answers, and the facts the page words, such as the games' names and
show sizes); only the page's wording lives here.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from scoring import rules
from scoring.display.formatting import WILD_LABELS
from scoring.rules import (
    BONUS_VARIANTS,
    GAME_NAMES,
    NO_DESIGNATOR_OPTIONS,
    PENALTY_VARIANTS,
    TOO_COMPLEX,
    VAZHUSHAL_SEARCH_LIMIT,
)
from scoring.rules import SHOW_SIZE_RANGES as SHOW_SIZES
from scoring.rules_limits import shared_time_limit

# The rules set no upper limit on a Vazhushal show, but the engine searches at most this
# many cards (about a second at 40), and no hand a club deals comes near it.
MOST_CARDS_CHECKED = VAZHUSHAL_SEARCH_LIMIT

# The value "none" of the wild picker: the game is played without a designator card. Only
# the variants with an option for it allow it.
NO_WILD = "none"
NO_WILD_OPTIONS = NO_DESIGNATOR_OPTIONS
NO_WILD_MEANING: dict[str, str] = {
    "indian13": "None: no exposed card, only printed jokers are wild.",
    "vazhushal": "None: no negative joker, only printed jokers are wild.",
}

SHOW_LABELS: dict[str, str] = {
    "rummy": "Rummy",
    "complete": "Complete hand",
    "eight_jokers": "Eight jokers",
    "eight_dublees": "Eight dublees",
    "three_tunnelas": "Three tunnelas",
    "ten_dublees": "Ten dublees",
    "ten_jokers": "Ten jokers",
    "out": "Out",
}
MELD_LABELS: dict[str, str] = {
    "pure_sequence": "Pure sequence",
    "sequence": "Sequence",
    "set": "Set",
    "tunnela": "Tunnela",
    "dublee": "Dublee",
}
# The penalty rule in words, and a short sentence saying why it applies.
RULE_WORDS: dict[str, tuple[str, str]] = {
    "all_cards": ("All cards count", "There is no pure sequence, so every card is counted."),
    "pure_exempt": (
        "Pure sequences exempt",
        "Only the cards in pure sequences are left out of the count.",
    ),
    "deadwood": (
        "Only deadwood counts",
        "The melds meet the show requirement, so only the cards outside them count.",
    ),
    "two_points": (
        "Two points",
        "The hand is as good as melded, so it pays a flat 2 points.",
    ),
    "first_turn": ("First turn", "Every meldable card is exempt and the count is halved."),
}
ROLE_LABELS: dict[str, str] = {
    "printed": "printed joker",
    "rank": "same rank",
    "ace": "ace",
    "wild": "wild",
    "same_suit": "same suit",
    "upper": "upper",
    "lower": "lower",
    "one_up": "one up",
    "two_up": "two up",
    "one_down": "one down",
    "two_down": "two down",
    "tiplu": "tiplu",
    "ordinary": "ordinary joker",
    "poplu": "poplu",
    "jhiplu": "jhiplu",
    "opposite_color": "opposite colour",
}

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_NAMES = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}


def _words(code: str) -> str:
    return code.replace("_", " ").capitalize()


@dataclass(frozen=True)
class Card:
    """A card as a chip: its code (`10H`), what is printed on it and what a reader hears."""

    code: str
    rank: str
    symbol: str
    red: bool
    spoken: str
    wild_role: str | None = None

    @classmethod
    def of(cls, code: str, wild_cards: dict[str, str] | None = None) -> Card:
        role = ROLE_LABELS.get(r, _words(r)) if (r := (wild_cards or {}).get(code)) else None
        if code == "JK":
            return cls(code, "JK", "", False, "printed joker", role)
        rank, suit = code[:-1], code[-1]
        if suit not in SUIT_SYMBOLS:
            # Not a card the engine gave back; shown as it was written.
            return cls(code, code, "", False, code, role)
        spoken = f"{RANK_NAMES.get(rank, rank)} of {SUIT_NAMES[suit]}"
        return cls(code, rank, SUIT_SYMBOLS[suit], suit in "HD", spoken, role)


@dataclass(frozen=True)
class Meld:
    kind: str
    label: str
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Penalty:
    points: int
    rule: str
    rule_words: str
    rule_reason: str
    counted: tuple[Card, ...]


@dataclass(frozen=True)
class BonusLine:
    category: str
    label: str
    count: int
    points: int


@dataclass(frozen=True)
class Bonus:
    points: int
    breakdown: tuple[BonusLine, ...]


Status = Literal["setup", "count", "error", "checked"]


@dataclass(frozen=True)
class ShowCheck:
    """What the page shows for one hand.

    `status` says how far the check got: `setup` (the game needs a choice first), `count`
    (not yet a show's number of cards), `error` (the engine refused the request; `error` is
    its sentence and `error_field` the input it belongs to) or `checked` (the engine judged
    the show; `valid` and the rest are filled in).
    """

    variant: str
    game_name: str
    wild_name: str
    picked: int
    size_text: str
    status: Status
    message: str = ""
    error: str = ""
    error_field: Literal["game", "hand", ""] = ""
    wild_cards: tuple[Card, ...] = ()
    valid: bool = False
    show_kind: str | None = None
    show_label: str = ""
    reason: str = ""
    melds: tuple[Meld, ...] = ()
    unmatched: tuple[Card, ...] = ()
    penalty: Penalty | None = None
    bonus: Bonus | None = None
    notes: tuple[str, ...] = ()

    @property
    def error_headline(self) -> str:
        """The error up to its first colon: short enough for the one-line summary."""
        head, colon, _ = self.error.partition(": ")
        return head if colon else self.error

    @property
    def count_text(self) -> str:
        """How many cards are picked against how many a show has: `5 of 13 cards`."""
        low, high = SHOW_SIZES[self.variant]
        if high is None:
            return f"{self.picked} picked, {low} or more"
        return f"{self.picked} of {self.size_text} cards"

    @property
    def size_ok(self) -> bool:
        """Whether the hand has a show's number of cards for this game."""
        low, high = SHOW_SIZES[self.variant]
        return low <= self.picked <= (high if high is not None else MOST_CARDS_CHECKED)


def show_size_text(variant: str) -> str:
    """The number of cards a show has, as the counter shows it: `13`, `16-21`, `3+`."""
    low, high = SHOW_SIZES[variant]
    if high is None:
        return f"{low}+"
    return str(low) if low == high else f"{low}-{high}"


def _count_message(variant: str, picked: int) -> str:
    game = GAME_NAMES[variant]
    low, high = SHOW_SIZES[variant]
    if picked == 0:
        if high is None:
            return f"Tap the cards of the show, or type them: {game} shows have {low} or more."
        if low == high:
            return f"Tap the cards of the hand, or type them: {game} shows have {low} cards."
        return (
            f"Tap the cards of the hand, or type them: {game} shows have {low} to {high} "
            f"cards ({high} for a complete hand)."
        )
    if picked < low:
        more = low - picked
        card_word = "card" if more == 1 else "cards"
        target = f"{low}" if low == high else f"at least {low}"
        return f"{picked} picked so far: pick {more} more {card_word} to make {target}."
    most = high if high is not None else MOST_CARDS_CHECKED
    extra = picked - most
    card_word = "card" if extra == 1 else "cards"
    shows = f"{game} shows have" if high is not None else "this page checks"
    return f"{picked} cards picked, but {shows} at most {most}: take {extra} {card_word} off."


def _game(*, variant: str, players: int | None, wild: str) -> rules.Game:
    """The table every request shares: the game, the table size and the wild card."""
    if wild == NO_WILD:
        return rules.Game(variant, dict(NO_WILD_OPTIONS[variant]), None, players)
    return rules.Game(variant, {}, wild, players)


def _cards(codes: tuple[str, ...], wild_cards: dict[str, str]) -> tuple[Card, ...]:
    return tuple(Card.of(code, wild_cards) for code in codes)


def _melds(melds: tuple[rules.MeldShown, ...], wild_cards: dict[str, str]) -> tuple[Meld, ...]:
    return tuple(
        Meld(
            kind=meld.kind,
            label=MELD_LABELS.get(meld.kind, _words(meld.kind)),
            cards=_cards(meld.cards, wild_cards),
        )
        for meld in melds
    )


def _penalty(answer: rules.PenaltyAnswer, wild_cards: dict[str, str]) -> Penalty:
    words, reason = RULE_WORDS.get(answer.rule, (_words(answer.rule), ""))
    return Penalty(
        points=answer.points,
        rule=answer.rule,
        rule_words=words,
        rule_reason=reason,
        counted=_cards(answer.counted, wild_cards),
    )


def _bonus(answer: rules.BonusAnswer) -> Bonus:
    return Bonus(
        points=answer.points,
        breakdown=tuple(
            BonusLine(
                category=line.category,
                label=_words(line.category),
                count=line.count,
                points=line.points,
            )
            for line in answer.breakdown
        ),
    )


def too_many_checks(*, variant: str, wait: float) -> ShowCheck:
    """The answer when this client has checked too many hands in a short time."""
    seconds = int(wait)
    return ShowCheck(
        variant=variant,
        game_name=GAME_NAMES[variant],
        wild_name=WILD_LABELS[variant],
        picked=0,
        size_text=show_size_text(variant),
        status="error",
        error=f"Too many checks from this connection in a short time; wait {seconds} "
        f"second{'s' if seconds != 1 else ''} and check again.",
    )


def check_show(
    *,
    variant: str,
    cards: list[str],
    wild: str | None,
    players: int | None = None,
) -> ShowCheck:
    """Judge `cards` as a show in `variant`; the penalty and bonus too where the game has them.

    `wild` is the card that decides the wild cards (the exposed card, tiplu or negative joker),
    `NO_WILD` where the game is played without one, or None while the player has not chosen.
    `cards` are the card codes as written; the engine reads and judges them.
    """
    base = ShowCheck(
        variant=variant,
        game_name=GAME_NAMES[variant],
        wild_name=WILD_LABELS[variant],
        picked=len(cards),
        size_text=show_size_text(variant),
        status="setup",
    )
    if wild is None:
        return replace(base, message=f"Choose the {WILD_LABELS[variant].lower()} first.")
    if wild == NO_WILD and variant not in NO_WILD_OPTIONS:
        return replace(
            base,
            status="error",
            error_field="game",
            error=f"{GAME_NAMES[variant]} always turns up a wild card "
            f"({WILD_LABELS[variant].lower()}): choose it.",
        )
    game = _game(variant=variant, players=players, wild=wild)
    time_left = shared_time_limit()  # one time limit for the page, however many requests

    # The game on its own first: an error here is about the players or the wild card, not
    # the hand, and the answer says which cards are wild this hand.
    try:
        wild_cards = dict(rules.wild_cards(game, time_limit=time_left()).roles)
    except rules.RulesError as error:
        return replace(base, status="error", error_field="game", error=error.message)
    base = replace(base, wild_cards=_cards(tuple(wild_cards), wild_cards))

    low, high = SHOW_SIZES[variant]
    if not low <= len(cards) <= (high if high is not None else MOST_CARDS_CHECKED):
        if cards:
            # A `bonus` request takes any number of cards, so it reads and counts a hand
            # that is not finished yet: a card that is not a card, or one copy too many, is
            # said at once rather than when the last card is picked.
            try:
                rules.hand_bonus(game, cards, time_limit=time_left())
            except rules.RulesError as error:
                return replace(base, status="error", error_field="hand", error=error.message)
        return replace(base, status="count", message=_count_message(variant, len(cards)))

    try:
        shown = rules.check_show(game, cards, time_limit=time_left())
    except rules.RulesError as error:
        # Too complex to check in time is no fault of the hand's: nothing to fix there.
        field: Literal["hand", ""] = "" if error.code == TOO_COMPLEX else "hand"
        return replace(base, status="error", error_field=field, error=error.message)

    penalty = None
    if not shown.valid and variant in PENALTY_VARIANTS:
        # The show request already read these cards, so an error here would be the engine's
        # own (or the time limit); the page then leaves the penalty out rather than failing.
        try:
            penalty = _penalty(rules.hand_penalty(game, cards, time_limit=time_left()), wild_cards)
        except rules.RulesError:
            penalty = None

    bonus = None
    if variant in BONUS_VARIANTS:
        try:
            bonus = _bonus(rules.hand_bonus(game, cards, time_limit=time_left()))
        except rules.RulesError:
            bonus = None

    notes: list[str] = []
    if wild == NO_WILD:
        notes.append(NO_WILD_MEANING[variant])
    if players is None and variant in ("indian13", "vazhushal"):
        notes.append("Without a number of players the check assumes 2 decks.")

    kind = shown.show
    return replace(
        base,
        status="checked",
        valid=shown.valid,
        show_kind=kind,
        show_label=SHOW_LABELS.get(kind, _words(kind)) if kind else "",
        reason=shown.reason,
        melds=_melds(shown.melds, wild_cards),
        unmatched=_cards(shown.unmatched, wild_cards),
        penalty=penalty,
        bonus=bonus,
        notes=tuple(notes),
    )
