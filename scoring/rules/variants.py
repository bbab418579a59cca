"""The five games: their table facts and the options each one accepts.

Everything here is the contract's variant table; `Table` is what one request resolves to
(decks, printed jokers, the wild designator and every option with its house default).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from .errors import UNKNOWN_OPTION, UNKNOWN_VARIANT, RulesError, bad_request
from .phrases import Phrase, phrase

VARIANTS = ("indian13", "indian21", "rummy27", "marriage", "vazhushal")
# The games' names, as phrases for the engine's sentences and in English for everything else.
GAME_PHRASES = {
    "indian13": phrase("Indian Rummy"),
    "indian21": phrase("21 card Indian Rummy"),
    "rummy27": phrase("27 card Rummy"),
    "marriage": phrase("Indian Marriage"),
    "vazhushal": phrase("Vazhushal"),
}
GAME_NAMES = {variant: str(name) for variant, name in GAME_PHRASES.items()}
HAND_SIZES = {"indian13": 13, "indian21": 21, "rummy27": 27, "marriage": 21, "vazhushal": 13}
PLAYER_RANGES = {
    "indian13": (2, 12),
    "indian21": (2, 6),
    "rummy27": (2, 5),
    "marriage": (2, 5),
    "vazhushal": (2, 6),
}
# The designator (exposed card, tiplu) is out of play in these games and takes a copy away.
DESIGNATOR_OUT_OF_PLAY = {"indian13", "indian21", "rummy27", "marriage"}
# What each game calls the card that decides the wild cards (the request's `wild`).
DESIGNATOR_PHRASES = {
    "indian13": phrase("exposed card"),
    "indian21": phrase("exposed card"),
    "rummy27": phrase("exposed card"),
    "marriage": phrase("tiplu"),
    "vazhushal": phrase("negative joker"),
}
DESIGNATOR_NAMES = {variant: str(name) for variant, name in DESIGNATOR_PHRASES.items()}
# The option that plays a game without any designator card (only printed jokers are wild);
# the other games always turn one.
NO_DESIGNATOR_OPTIONS: dict[str, dict[str, object]] = {
    "indian13": {"joker_mode": "printed_only"},
    "vazhushal": {"negative_joker": False},
}
# Games where a losing hand pays a penalty (the `penalty` op), and games with value cards
# (a `bonus` other than 0).
PENALTY_VARIANTS = ("indian13", "indian21", "rummy27")
BONUS_VARIANTS = ("indian21", "rummy27", "marriage")


def _default_decks(variant: str, players: int | None) -> int:
    if variant == "indian13":
        if players is None:
            return 2
        return 1 if players <= 3 else 2 if players <= 6 else 3
    if variant == "vazhushal":
        if players is None:
            return 2
        return 1 if players <= 2 else 2
    return 3


def _default_jokers(variant: str, decks: int, joker_mode: str) -> int:
    if variant == "indian13":
        return 0 if joker_mode == "none" else decks
    if variant in ("indian21", "rummy27"):
        return 3
    if variant == "vazhushal":
        return 2 * decks
    return 0


def _choice(*allowed: object) -> Callable[[str, object], object]:
    def check(option: str, value: object) -> object:
        # bool is an int in Python: keep True from passing for 1 and 11 for True.
        for candidate in allowed:
            if value == candidate and type(value) is type(candidate):
                return value
        shown = [repr(a) if isinstance(a, str) else str(a).lower() for a in allowed]
        raise bad_request(
            phrase(
                "Option `%(option)s` cannot be %(value)s; it takes one of %(choices)s.",
                option=option,
                value=repr(value),
                choices=shown,
            )
        )

    return check


def _whole(low: int, high: int, nullable: bool = False) -> Callable[[str, object], object]:
    def check(option: str, value: object) -> object:
        if value is None and nullable:
            return None
        if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
            return value
        raise bad_request(
            phrase(
                "Option `%(option)s` must be a whole number from %(low)s to %(high)s; "
                "got %(value)s.",
                option=option,
                low=low,
                high=high,
                value=repr(value),
            )
        )

    return check


def _or_default(
    check: Callable[[str, object], object], default: object
) -> Callable[[str, object], object]:
    """An option where null means the default (the Nepal options), not a bad value."""

    def checked(option: str, value: object) -> object:
        return default if value is None else check(option, value)

    return checked


_BOOL = _choice(True, False)
# House rules (the contract's section of that name): the charges clubs set themselves,
# each a whole number of points that always has a value (the game's own by default).
PACK_CHARGES = ("drop_first", "drop_later", "wrong_show")
MARRIAGE_CHARGES = ("seen_points", "unseen_points", "dublee_bonus")
# Marriage as Nepal plays it (the contract's section of that name): which cards of the
# tiplu's rank are wild, and the maal of the alter and of the printed jokers (the man).
MARRIAGE_MAAL = ("alter_value", "man_value")
NEPAL_OPTIONS = ("wild_ranks", *MARRIAGE_MAAL)
# The whole-number options' ranges (least, most), which the forms that ask for them share.
WHOLE_OPTIONS: dict[str, tuple[int, int]] = {
    "decks": (1, 8),
    "jokers": (0, 24),
    "penalty_cap": (1, 10_000),
} | dict.fromkeys((*PACK_CHARGES, *MARRIAGE_CHARGES, *MARRIAGE_MAAL), (0, 1000))
_COMMON = {"decks": _whole(*WHOLE_OPTIONS["decks"]), "jokers": _whole(*WHOLE_OPTIONS["jokers"])}
_CHARGES = {name: _whole(*WHOLE_OPTIONS[name]) for name in PACK_CHARGES}
_MARRIAGE_HOUSE = (
    {name: _whole(*WHOLE_OPTIONS[name]) for name in MARRIAGE_CHARGES}
    | {
        "unseen_maal": _choice("counts", "murder", "kidnap"),
        "wild_ranks": _or_default(_choice("all", "alter"), "all"),
    }
    | {name: _or_default(_whole(*WHOLE_OPTIONS[name]), 0) for name in MARRIAGE_MAAL}
)
OPTIONS: dict[str, dict[str, Callable[[str, object], object]]] = {
    "indian13": _COMMON
    | {
        "joker_mode": _choice("standard", "ace_jokers", "printed_only", "none"),
        "ace_value": _choice(10, 11),
        "penalty_cap": _whole(*WHOLE_OPTIONS["penalty_cap"], nullable=True),
        "two_pure": _BOOL,
        "double_on_printed_joker": _BOOL,
        "scoring": _choice("winner_takes", "zero_sum"),
    }
    | _CHARGES,
    "indian21": _COMMON | _CHARGES,
    "rummy27": _COMMON | _CHARGES,
    # `jokers` is one of the four options of "Marriage as Nepal plays it", where null means
    # the default (none).
    "marriage": _COMMON
    | {"jokers": _whole(*WHOLE_OPTIONS["jokers"], nullable=True)}
    | _MARRIAGE_HOUSE,
    "vazhushal": _COMMON | {"negative_joker": _BOOL, "ace_both_ends": _BOOL},
}
DEFAULTS: dict[str, dict[str, object]] = {
    "indian13": {
        "joker_mode": "standard",
        "ace_value": 10,
        "penalty_cap": None,
        "two_pure": False,
        "double_on_printed_joker": False,
        "scoring": "winner_takes",
        "drop_first": 10,
        "drop_later": 40,
        "wrong_show": 80,
    },
    "indian21": {"drop_first": 30, "drop_later": 70, "wrong_show": 120},
    "rummy27": {"drop_first": 30, "drop_later": 70, "wrong_show": 120},
    "marriage": {
        "seen_points": 3,
        "unseen_points": 10,
        "dublee_bonus": 5,
        "unseen_maal": "counts",
        "wild_ranks": "all",
        "alter_value": 0,
        "man_value": 0,
    },
    "vazhushal": {"negative_joker": True, "ace_both_ends": False},
}


@dataclass(frozen=True)
class Table:
    """One request's game: variant, decks, printed jokers, options and the designator."""

    variant: str
    decks: int
    jokers: int
    options: dict[str, object] = field(default_factory=dict)
    players: int | None = None
    wild: int | None = None  # the designator card, or None where none is used

    def option(self, key: str) -> object:
        return self.options[key]

    def number(self, key: str) -> int:
        """A whole-number option that always has a value (a charge, a maal)."""
        value = self.options[key]
        assert isinstance(value, int), key
        return value

    @property
    def hand_size(self) -> int:
        return HAND_SIZES[self.variant]


def check_variant(value: object) -> str:
    if value is None:
        raise bad_request(
            phrase("The request needs a `variant`, one of %(variants)s.", variants=VARIANTS),
            field="variant",
        )
    if not isinstance(value, str) or value not in VARIANTS:
        raise RulesError(
            UNKNOWN_VARIANT,
            phrase(
                "%(value)s is not a game this club software knows; use one of %(variants)s.",
                value=repr(value),
                variants=VARIANTS,
            ),
            field="variant",
        )
    return value


def check_options(variant: str, value: object) -> dict[str, object]:
    if value is None:
        value = {}
    if not isinstance(value, dict):
        raise bad_request(
            phrase("`options` must be an object of option names and values."), field="options"
        )
    allowed = OPTIONS[variant]
    resolved = dict(DEFAULTS[variant])
    for key, option_value in value.items():
        if key not in allowed:
            raise RulesError(UNKNOWN_OPTION, _unknown_option(variant, key), field=f"options.{key}")
        try:
            resolved[key] = allowed[key](key, option_value)
        except RulesError as error:
            # The field names the option itself, so a form can mark it ("options.wrong_show").
            raise error.about(field=f"options.{key}") from None
    return resolved


def _unknown_option(variant: str, key: str) -> Phrase:
    owners = [v for v in VARIANTS if key in OPTIONS[v]]
    options = sorted(OPTIONS[variant])
    if owners:
        return phrase(
            "%(game)s has no option `%(option)s` (it belongs to %(owners)s); its options are "
            "%(options)s.",
            game=GAME_PHRASES[variant],
            option=key,
            owners=owners,
            options=options,
        )
    return phrase(
        "%(game)s has no option `%(option)s`; its options are %(options)s.",
        game=GAME_PHRASES[variant],
        option=key,
        options=options,
    )


def check_players(variant: str, value: object) -> int | None:
    if value is None:
        return None
    low, high = PLAYER_RANGES[variant]
    if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
        return value
    raise bad_request(
        phrase(
            "%(game)s is played by %(low)s to %(high)s players; got %(value)s.",
            game=GAME_PHRASES[variant],
            low=low,
            high=high,
            value=repr(value),
        ),
        field="players",
    )


def resolve_table(
    variant: str, options: dict[str, object], players: int | None, wild: int | None
) -> Table:
    chosen_decks = options.get("decks")
    decks = chosen_decks if isinstance(chosen_decks, int) and chosen_decks else None
    decks = decks or _default_decks(variant, players)
    joker_mode = str(options.get("joker_mode", "standard"))
    chosen_jokers = options.get("jokers")
    if isinstance(chosen_jokers, int) and joker_mode != "none":
        jokers = chosen_jokers
    else:
        jokers = _default_jokers(variant, decks, joker_mode)
    return Table(
        variant=variant,
        decks=decks,
        jokers=jokers,
        options=options,
        players=players,
        wild=wild,
    )
