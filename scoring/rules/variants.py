"""The five games: their table facts and the options each one accepts.

Everything here is the contract's variant table; `Table` is what one request resolves to
(decks, printed jokers, the wild designator and every option with its house default).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from .errors import UNKNOWN_OPTION, UNKNOWN_VARIANT, RulesError, bad_request

VARIANTS = ("indian13", "indian21", "rummy27", "marriage", "vazhushal")
GAME_NAMES = {
    "indian13": "Indian Rummy",
    "indian21": "21 card Indian Rummy",
    "rummy27": "27 card Rummy",
    "marriage": "Indian Marriage",
    "vazhushal": "Vazhushal",
}
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
        shown = ", ".join(repr(a) if isinstance(a, str) else str(a).lower() for a in allowed)
        raise bad_request(f"Option `{option}` cannot be {value!r}; it takes one of {shown}.")

    return check


def _whole(low: int, high: int, nullable: bool = False) -> Callable[[str, object], object]:
    def check(option: str, value: object) -> object:
        if value is None and nullable:
            return None
        if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
            return value
        raise bad_request(
            f"Option `{option}` must be a whole number from {low} to {high}; got {value!r}."
        )

    return check


_BOOL = _choice(True, False)
_COMMON = {"decks": _whole(1, 8), "jokers": _whole(0, 24)}
OPTIONS: dict[str, dict[str, Callable[[str, object], object]]] = {
    "indian13": _COMMON
    | {
        "joker_mode": _choice("standard", "ace_jokers", "printed_only", "none"),
        "ace_value": _choice(10, 11),
        "penalty_cap": _whole(1, 10_000, nullable=True),
        "two_pure": _BOOL,
        "double_on_printed_joker": _BOOL,
        "scoring": _choice("winner_takes", "zero_sum"),
    },
    "indian21": dict(_COMMON),
    "rummy27": dict(_COMMON),
    "marriage": dict(_COMMON),
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
    },
    "indian21": {},
    "rummy27": {},
    "marriage": {},
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

    @property
    def hand_size(self) -> int:
        return HAND_SIZES[self.variant]


def check_variant(value: object) -> str:
    if value is None:
        raise bad_request("The request needs a `variant`, one of " + ", ".join(VARIANTS) + ".")
    if not isinstance(value, str) or value not in VARIANTS:
        raise RulesError(
            UNKNOWN_VARIANT,
            f"{value!r} is not a game this club software knows; use one of "
            + ", ".join(VARIANTS)
            + ".",
        )
    return value


def check_options(variant: str, value: object) -> dict[str, object]:
    if value is None:
        value = {}
    if not isinstance(value, dict):
        raise bad_request("`options` must be an object of option names and values.")
    allowed = OPTIONS[variant]
    resolved = dict(DEFAULTS[variant])
    for key, option_value in value.items():
        if key not in allowed:
            owners = [v for v in VARIANTS if key in OPTIONS[v]]
            hint = f" (it belongs to {', '.join(owners)})" if owners else ""
            raise RulesError(
                UNKNOWN_OPTION,
                f"{GAME_NAMES[variant]} has no option `{key}`{hint}; its options are "
                + ", ".join(sorted(allowed))
                + ".",
            )
        resolved[key] = allowed[key](key, option_value)
    return resolved


def check_players(variant: str, value: object) -> int | None:
    if value is None:
        return None
    low, high = PLAYER_RANGES[variant]
    if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
        return value
    raise bad_request(f"{GAME_NAMES[variant]} is played by {low} to {high} players; got {value!r}.")


def resolve_table(
    variant: str, options: dict[str, object], players: int | None, wild: int | None
) -> Table:
    decks = options.get("decks") or _default_decks(variant, players)
    joker_mode = str(options.get("joker_mode", "standard"))
    jokers = options.get("jokers")
    if jokers is None or joker_mode == "none":
        jokers = _default_jokers(variant, int(decks), joker_mode)
    return Table(
        variant=variant,
        decks=int(decks),
        jokers=int(jokers),
        options=options,
        players=players,
        wild=wild,
    )
