"""Reading a request in the contract's order: op, variant, options, players, wild, cards,
hand size, copies. The first failure is the answer, so each step raises `RulesError`."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

from .cards import JOKER, name, parse_card, parse_hand
from .errors import HAND_SIZE, IMPOSSIBLE_HAND, RulesError, bad_request
from .variants import (
    DESIGNATOR_NAMES,
    GAME_NAMES,
    Table,
    check_options,
    check_players,
    check_variant,
    resolve_table,
)
from .wilds import copies_in_play, uses_designator

OPS = ("wilds", "show", "penalty", "bonus", "score_hand")
Request = Mapping[str, object]


def check_op(raw: object) -> str:
    if not isinstance(raw, dict):
        raise bad_request("The request must be a JSON object with `op` and `variant`.")
    op = raw.get("op")
    if op is None:
        raise bad_request("The request needs an `op`: one of " + ", ".join(OPS) + ".")
    if op not in OPS:
        raise bad_request(f"{op!r} is not an operation; use one of " + ", ".join(OPS) + ".")
    return str(op)


def read_table(raw: Request, op: str, needs_wild: bool) -> Table:
    """Variant, options, players and the wild designator, checked in that order."""
    variant = check_variant(raw.get("variant"))
    options = check_options(variant, raw.get("options"))
    players_field = raw.get("players")
    if op == "score_hand":
        if not isinstance(players_field, list):
            raise bad_request(
                "`players` must list every seat at the table for `score_hand`.", field="players"
            )
        players = check_players(variant, len(players_field))
    else:
        players = check_players(variant, players_field)
    probe = resolve_table(variant, options, players, None)
    designator = uses_designator(probe)
    wild_field = raw.get("wild")
    if variant == "indian13" and not designator and wild_field is not None:
        mode = options["joker_mode"]
        raise bad_request(
            f"With joker_mode {mode!r} no card is exposed, so `wild` must be null or left out.",
            field="wild",
        )
    if designator and needs_wild and wild_field is None:
        what = DESIGNATOR_NAMES[variant]
        raise bad_request(
            f"{GAME_NAMES[variant]} needs `wild`, the {what} that decides the wild cards.",
            field="wild",
        )
    try:
        wild = parse_card(wild_field) if wild_field is not None else None
    except RulesError as error:
        raise error.about(field="wild") from None
    return resolve_table(variant, options, players, wild if designator else None)


def check_size(table: Table, cards: list[int], sizes: Iterable[int], what: str) -> None:
    allowed = sorted(set(sizes))
    if len(cards) in allowed:
        return
    if len(allowed) == 1:
        expected = str(allowed[0])
    elif allowed == list(range(allowed[0], allowed[-1] + 1)):
        expected = f"{allowed[0]} to {allowed[-1]}"
    else:
        expected = " or ".join(str(size) for size in allowed)
    raise RulesError(
        HAND_SIZE,
        f"{what} in {GAME_NAMES[table.variant]} has {expected} cards; this one has {len(cards)}.",
        field="hand",
    )


def check_copies(table: Table, cards: list[int], whose: str = "The hand") -> None:
    """No card may appear more often than the decks hold for play."""
    if table.variant == "marriage" and table.wild == JOKER:
        raise RulesError(
            IMPOSSIBLE_HAND,
            "Indian Marriage is played without printed jokers, so JK cannot be the tiplu.",
            field="wild",
        )
    for card, seen in sorted(Counter(cards).items()):
        held = copies_in_play(table, card)
        if seen <= held:
            continue
        raise RulesError(IMPOSSIBLE_HAND, _too_many(table, card, seen, held, whose), field="hand")


def _too_many(table: Table, card: int, seen: int, held: int, whose: str) -> str:
    times = "once" if seen == 1 else f"{seen} times"
    where = f"{whose} holds {name(card)} {times}"
    if card == JOKER:
        if table.jokers == 0:
            return f"{where}, but this game is played without printed jokers."
        out = " (one is the exposed card)" if held < table.jokers else ""
        return f"{where}, but only {held} printed jokers are in play{out}."
    decks = f"{table.decks} deck" + ("s" if table.decks != 1 else "")
    if held < table.decks:
        what = DESIGNATOR_NAMES[table.variant]
        return (
            f"{where}, but {decks} {'holds' if table.decks == 1 else 'hold'} {table.decks} "
            f"and the {what} {name(card)} is out "
            f"of play, leaving {held}."
        )
    verb = "holds" if table.decks == 1 else "hold"
    return f"{where}, but {decks} {verb} only {held}."


def read_cards(raw: Request, field: str = "hand", required: bool = True) -> list[int] | None:
    value = raw.get(field)
    if value is None:
        if required:
            raise bad_request(f"The request needs `{field}`, the player's cards.", field=field)
        return None
    return parse_hand(value, field)


def read_groups(value: object, field: str) -> list[list[int]]:
    if not isinstance(value, list) or not all(isinstance(g, (list, str)) for g in value):
        raise bad_request(
            f'`{field}` must be a list of card lists, like [["7H","8H","9H"]].', field=field
        )
    return [parse_hand(group, field) for group in value]


def check_groups_use_hand(groups: list[list[int]], hand: list[int], field: str) -> None:
    """The player's own arrangement must use every card of the hand exactly once."""
    used = Counter(card for group in groups for card in group)
    held = Counter(hand)
    if used == held:
        return
    extra = sorted((used - held).elements())
    missing = sorted((held - used).elements())
    parts = []
    if extra:
        parts.append("uses " + ", ".join(name(c) for c in extra) + " not in the hand")
    if missing:
        parts.append("leaves out " + ", ".join(name(c) for c in missing))
    raise bad_request(
        f"`{field}` must use every card of the hand exactly once; it " + " and ".join(parts) + ".",
        field=field,
    )
