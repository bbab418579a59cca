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

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext, pgettext_lazy

from common.rules_words import error_text, game_name, translated
from scoring import rules
from scoring.display.formatting import WILD_LABELS, WILD_NOUNS, Words
from scoring.rules import (
    BONUS_VARIANTS,
    NO_DESIGNATOR_OPTIONS,
    PENALTY_VARIANTS,
    TOO_COMPLEX,
    VAZHUSHAL_SEARCH_LIMIT,
)
from scoring.rules import SHOW_SIZE_RANGES as SHOW_SIZES
from scoring.rules_limits import BUSY_MESSAGE, shared_time_limit

# The rules set no upper limit on a Vazhushal show, but the engine searches at most this
# many cards (about a second at 40), and no hand a club deals comes near it.
MOST_CARDS_CHECKED = VAZHUSHAL_SEARCH_LIMIT

# The value "none" of the wild picker: the game is played without a designator card. Only
# the variants with an option for it allow it.
NO_WILD = "none"
NO_WILD_OPTIONS = NO_DESIGNATOR_OPTIONS
NO_WILD_MEANING = Words(
    {
        "indian13": gettext_lazy("None: no exposed card, only printed jokers are wild."),
        "vazhushal": gettext_lazy("None: no negative joker, only printed jokers are wild."),
    }
)

# The kinds of show the engine names (a show: a rummy declaration that ends the hand).
SHOW_LABELS = Words(
    {
        "rummy": pgettext_lazy("a kind of show: every card in melds", "Rummy"),
        "complete": pgettext_lazy("a kind of show", "Complete hand"),
        "eight_jokers": pgettext_lazy("a kind of show", "Eight jokers"),
        "eight_dublees": pgettext_lazy(
            "a kind of show: eight pairs of identical cards", "Eight dublees"
        ),
        "three_tunnelas": pgettext_lazy(
            "a kind of show: three sets of three identical cards", "Three tunnelas"
        ),
        "ten_dublees": pgettext_lazy("a kind of show: ten pairs of identical cards", "Ten dublees"),
        "ten_jokers": pgettext_lazy("a kind of show", "Ten jokers"),
        "out": pgettext_lazy("a kind of show: the player goes out", "Out"),
    }
)
MELD_LABELS = Words(
    {
        "pure_sequence": pgettext_lazy("a meld: a run without wild cards", "Pure sequence"),
        "sequence": pgettext_lazy("a meld: a run of one suit", "Sequence"),
        "set": pgettext_lazy("a meld: cards of one rank", "Set"),
        "tunnela": pgettext_lazy("a meld: three identical cards", "Tunnela"),
        "dublee": pgettext_lazy("a meld: two identical cards", "Dublee"),
    }
)
# The penalty rule in words, and a short sentence saying why it applies.
RULE_WORDS = Words(
    {
        "all_cards": gettext_lazy("All cards count"),
        "pure_exempt": gettext_lazy("Pure sequences exempt"),
        "deadwood": gettext_lazy("Only deadwood counts"),
        "two_points": pgettext_lazy("a penalty rule: a flat two points", "Two points"),
        "first_turn": pgettext_lazy("a penalty rule: no turn played yet", "First turn"),
    }
)
RULE_REASONS = Words(
    {
        "all_cards": gettext_lazy("There is no pure sequence, so every card is counted."),
        "pure_exempt": gettext_lazy("Only the cards in pure sequences are left out of the count."),
        "deadwood": gettext_lazy(
            "The melds meet the show requirement, so only the cards outside them count."
        ),
        "two_points": gettext_lazy("The hand is as good as melded, so it pays a flat 2 points."),
        "first_turn": gettext_lazy("Every meldable card is exempt and the count is halved."),
    }
)
# What makes a card wild this hand, as a card's title says it ("wild (tiplu)").
ROLE_LABELS = Words(
    {
        "printed": pgettext_lazy("why a card is wild", "printed joker"),
        "rank": pgettext_lazy("why a card is wild", "same rank"),
        "ace": pgettext_lazy("why a card is wild", "ace"),
        "wild": pgettext_lazy("why a card is wild", "wild"),
        "same_suit": pgettext_lazy("why a card is wild", "same suit"),
        "upper": pgettext_lazy("why a card is wild: one rank above", "upper"),
        "lower": pgettext_lazy("why a card is wild: one rank below", "lower"),
        "one_up": pgettext_lazy("why a card is wild", "one up"),
        "two_up": pgettext_lazy("why a card is wild", "two up"),
        "one_down": pgettext_lazy("why a card is wild", "one down"),
        "two_down": pgettext_lazy("why a card is wild", "two down"),
        "tiplu": pgettext_lazy("Marriage: the wild card turned up", "tiplu"),
        "ordinary": pgettext_lazy("why a card is wild", "ordinary joker"),
        "poplu": pgettext_lazy("Marriage: the card one rank above the tiplu", "poplu"),
        "jhiplu": pgettext_lazy("Marriage: the card one rank below the tiplu", "jhiplu"),
        "alter": pgettext_lazy(
            "Marriage: the tiplu's rank in the other suit of its colour", "alter"
        ),
        "opposite_color": pgettext_lazy("why a card is wild", "opposite colour"),
    }
)
# The value-card bonus's lines ("For" in its table).
BONUS_LABELS = Words(
    {
        "same_suit": pgettext_lazy("a value-card bonus", "Same suit"),
        "upper": pgettext_lazy("a value-card bonus: one rank above", "Upper"),
        "lower": pgettext_lazy("a value-card bonus: one rank below", "Lower"),
        "marriage": pgettext_lazy(
            "a value-card bonus: king and queen of the wild suit", "Marriage"
        ),
        "double_marriage": pgettext_lazy("a value-card bonus", "Double marriage"),
        "triple_marriage": pgettext_lazy("a value-card bonus", "Triple marriage"),
        "one_up": pgettext_lazy("a value-card bonus", "One up"),
        "two_up": pgettext_lazy("a value-card bonus", "Two up"),
        "one_down": pgettext_lazy("a value-card bonus", "One down"),
        "two_down": pgettext_lazy("a value-card bonus", "Two down"),
        "tiplu": pgettext_lazy("Marriage: a value-card bonus for the wild card turned up", "Tiplu"),
        "poplu": pgettext_lazy("Marriage: a value-card bonus, one rank above the tiplu", "Poplu"),
        "jhiplu": pgettext_lazy("Marriage: a value-card bonus, one rank below the tiplu", "Jhiplu"),
        "tunnela": pgettext_lazy("a value-card bonus: three identical cards", "Tunnela"),
        "joker_tunnela": pgettext_lazy(
            "a value-card bonus: three identical jokers", "Joker tunnela"
        ),
        "poplu_tunnela": pgettext_lazy(
            "a value-card bonus: three identical poplus", "Poplu tunnela"
        ),
        "jhiplu_tunnela": pgettext_lazy(
            "a value-card bonus: three identical jhiplus", "Jhiplu tunnela"
        ),
        "alter": pgettext_lazy(
            "Marriage: a value-card bonus for the tiplu's rank in the other suit of its colour",
            "Alter",
        ),
        "man": pgettext_lazy(
            "Marriage: a value-card bonus for printed jokers (the man, also putali)", "Man"
        ),
        "alter_tunnela": pgettext_lazy(
            "a value-card bonus: three identical alters", "Alter tunnela"
        ),
    }
)

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAMES = Words(
    {
        "S": pgettext_lazy("a card suit", "spades"),
        "H": pgettext_lazy("a card suit", "hearts"),
        "D": pgettext_lazy("a card suit", "diamonds"),
        "C": pgettext_lazy("a card suit", "clubs"),
    }
)
# The same as a heading (the groups of the wild card's list).
SUIT_TITLES = Words(
    {
        "S": pgettext_lazy("a card suit, as a heading", "Spades"),
        "H": pgettext_lazy("a card suit, as a heading", "Hearts"),
        "D": pgettext_lazy("a card suit, as a heading", "Diamonds"),
        "C": pgettext_lazy("a card suit, as a heading", "Clubs"),
    }
)
RANK_NAMES = Words(
    {
        "A": pgettext_lazy("a card rank", "ace"),
        "J": pgettext_lazy("a card rank", "jack"),
        "Q": pgettext_lazy("a card rank", "queen"),
        "K": pgettext_lazy("a card rank", "king"),
    }
)


def card_spoken(rank: str, suit: str) -> str:
    """A card as a screen reader says it: "queen of hearts", "10 of spades"."""
    # Translators: a playing card read aloud, e.g. "queen of hearts"
    return pgettext("a playing card", "%(rank)s of %(suit)s") % {
        "rank": RANK_NAMES.get(rank, rank),
        "suit": SUIT_NAMES[suit],
    }


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

    @property
    def suit(self) -> str:
        """`S`, `H`, `D` or `C` (the class that colours it), or "" for a joker."""
        return self.code[-1] if self.symbol else ""

    @classmethod
    def of(cls, code: str, wild_cards: dict[str, str] | None = None) -> Card:
        role = (ROLE_LABELS.get(r) or _words(r)) if (r := (wild_cards or {}).get(code)) else None
        if code == "JK":
            return cls(code, "JK", "", False, _("printed joker"), role)
        rank, suit = code[:-1], code[-1]
        if suit not in SUIT_SYMBOLS:
            # Not a card the engine gave back; shown as it was written.
            return cls(code, code, "", False, code, role)
        return cls(code, rank, SUIT_SYMBOLS[suit], suit in "HD", card_spoken(rank, suit), role)


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
        head, colon, _rest = self.error.partition(": ")
        return head if colon else self.error

    @property
    def count_text(self) -> str:
        """How many cards are picked against how many a show has: `5 of 13 cards`."""
        low, high = SHOW_SIZES[self.variant]
        if high is None:
            # Translators: cards picked for a show of no upper size, e.g. "5 picked, 3 or more"
            return _("%(picked)s picked, %(low)s or more") % {"picked": self.picked, "low": low}
        # Translators: cards picked against a show's size, e.g. "5 of 13 cards", "5 of 16-21 cards"
        return _("%(picked)s of %(size)s cards") % {"picked": self.picked, "size": self.size_text}

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
    game = game_name(variant)
    low, high = SHOW_SIZES[variant]
    if picked == 0:
        if high is None:
            return _(
                "Tap the cards of the show, or type them: %(game)s shows have %(low)s or more."
            ) % {"game": game, "low": low}
        if low == high:
            return ngettext(
                "Tap the cards of the hand, or type them: %(game)s shows have %(count)s card.",
                "Tap the cards of the hand, or type them: %(game)s shows have %(count)s cards.",
                low,
            ) % {"game": game, "count": low}
        return _(
            "Tap the cards of the hand, or type them: %(game)s shows have %(low)s to %(high)s "
            "cards (%(high)s for a complete hand)."
        ) % {"game": game, "low": low, "high": high}
    if picked < low:
        more = low - picked
        values = {"picked": picked, "more": more, "target": low}
        if low == high:
            return (
                ngettext(
                    "%(picked)s picked so far: pick %(more)s more card to make %(target)s.",
                    "%(picked)s picked so far: pick %(more)s more cards to make %(target)s.",
                    more,
                )
                % values
            )
        return (
            ngettext(
                "%(picked)s picked so far: pick %(more)s more card to make at least %(target)s.",
                "%(picked)s picked so far: pick %(more)s more cards to make at least %(target)s.",
                more,
            )
            % values
        )
    most = high if high is not None else MOST_CARDS_CHECKED
    extra = picked - most
    too_many: dict[str, object] = {"picked": picked, "game": game, "most": most, "extra": extra}
    if high is not None:
        return (
            ngettext(
                "%(picked)s cards picked, but %(game)s shows have at most %(most)s: "
                "take %(extra)s card off.",
                "%(picked)s cards picked, but %(game)s shows have at most %(most)s: "
                "take %(extra)s cards off.",
                extra,
            )
            % too_many
        )
    return (
        ngettext(
            "%(picked)s cards picked, but this page checks at most %(most)s: "
            "take %(extra)s card off.",
            "%(picked)s cards picked, but this page checks at most %(most)s: "
            "take %(extra)s cards off.",
            extra,
        )
        % too_many
    )


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
            label=MELD_LABELS.get(meld.kind) or _words(meld.kind),
            cards=_cards(meld.cards, wild_cards),
        )
        for meld in melds
    )


def _penalty(answer: rules.PenaltyAnswer, wild_cards: dict[str, str]) -> Penalty:
    words = RULE_WORDS.get(answer.rule) or _words(answer.rule)
    reason = RULE_REASONS.get(answer.rule, "")
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
                label=BONUS_LABELS.get(line.category) or _words(line.category),
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
        game_name=game_name(variant),
        wild_name=WILD_LABELS[variant],
        picked=0,
        size_text=show_size_text(variant),
        status="error",
        error=ngettext(
            "Too many checks from this connection in a short time; wait %(seconds)s second "
            "and check again.",
            "Too many checks from this connection in a short time; wait %(seconds)s seconds "
            "and check again.",
            seconds,
        )
        % {"seconds": seconds},
    )


def engine_busy(*, variant: str, picked: int) -> ShowCheck:
    """The answer when the server is already checking as many hands as it allows."""
    return ShowCheck(
        variant=variant,
        game_name=game_name(variant),
        wild_name=WILD_LABELS[variant],
        picked=picked,
        size_text=show_size_text(variant),
        status="error",
        error=str(BUSY_MESSAGE),
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
        game_name=game_name(variant),
        wild_name=WILD_LABELS[variant],
        picked=len(cards),
        size_text=show_size_text(variant),
        status="setup",
    )
    if wild is None:
        # Translators: the card that decides the wild cards, e.g. "Choose the tiplu first."
        message = _("Choose the %(wild)s first.") % {"wild": WILD_NOUNS[variant]}
        return replace(base, message=message)
    if wild == NO_WILD and variant not in NO_WILD_OPTIONS:
        return replace(
            base,
            status="error",
            error_field="game",
            error=_("%(game)s always turns up a wild card (%(wild)s): choose it.")
            % {"game": game_name(variant), "wild": WILD_NOUNS[variant]},
        )
    game = _game(variant=variant, players=players, wild=wild)
    time_left = shared_time_limit()  # one time limit for the page, however many requests

    # The game on its own first: an error here is about the players or the wild card, not
    # the hand, and the answer says which cards are wild this hand.
    try:
        wild_cards = dict(rules.wild_cards(game, time_limit=time_left()).roles)
    except rules.RulesError as error:
        return replace(base, status="error", error_field="game", error=error_text(error))
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
                return replace(base, status="error", error_field="hand", error=error_text(error))
        return replace(base, status="count", message=_count_message(variant, len(cards)))

    try:
        shown = rules.check_show(game, cards, time_limit=time_left())
    except rules.RulesError as error:
        # Too complex to check in time is no fault of the hand's: nothing to fix there.
        field: Literal["hand", ""] = "" if error.code == TOO_COMPLEX else "hand"
        return replace(base, status="error", error_field=field, error=error_text(error))

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
        notes.append(_("Without a number of players the check assumes 2 decks."))

    kind = shown.show
    return replace(
        base,
        status="checked",
        valid=shown.valid,
        show_kind=kind,
        show_label=(SHOW_LABELS.get(kind) or _words(kind)) if kind else "",
        reason=translated(shown.reason_phrase),
        melds=_melds(shown.melds, wild_cards),
        unmatched=_cards(shown.unmatched, wild_cards),
        penalty=penalty,
        bonus=bonus,
        notes=tuple(notes),
    )
