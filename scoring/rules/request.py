"""Reading a request in the contract's order: op, variant, options, players, wild, cards,
hand size, copies. The first failure is the answer, so each step raises `RulesError`."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

from .cards import JOKER, name, parse_card, parse_hand
from .errors import HAND_SIZE, IMPOSSIBLE_HAND, RulesError, bad_request
from .phrases import Phrase, phrase, plural
from .variants import (
    DESIGNATOR_PHRASES,
    GAME_PHRASES,
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
        raise bad_request(phrase("The request must be a JSON object with `op` and `variant`."))
    op = raw.get("op")
    if op is None:
        raise bad_request(phrase("The request needs an `op`: one of %(ops)s.", ops=OPS))
    if op not in OPS:
        raise bad_request(
            phrase("%(op)s is not an operation; use one of %(ops)s.", op=repr(op), ops=OPS)
        )
    return str(op)


def read_table(raw: Request, op: str, needs_wild: bool) -> Table:
    """Variant, options, players and the wild designator, checked in that order."""
    variant = check_variant(raw.get("variant"))
    options = check_options(variant, raw.get("options"))
    players_field = raw.get("players")
    if op == "score_hand":
        if not isinstance(players_field, list):
            raise bad_request(
                phrase("`players` must list every seat at the table for `score_hand`."),
                field="players",
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
            phrase(
                "With joker_mode %(mode)s no card is exposed, so `wild` must be null or left out.",
                mode=repr(mode),
            ),
            field="wild",
        )
    if designator and needs_wild and wild_field is None:
        raise bad_request(
            phrase(
                "%(game)s needs `wild`, the %(designator)s that decides the wild cards.",
                game=GAME_PHRASES[variant],
                designator=DESIGNATOR_PHRASES[variant],
            ),
            field="wild",
        )
    try:
        wild = parse_card(wild_field) if wild_field is not None else None
    except RulesError as error:
        raise error.about(field="wild") from None
    table = resolve_table(variant, options, players, wild if designator else None)
    if variant == "marriage" and wild == JOKER and table.jokers:
        # Without printed jokers a JK tiplu is a card the decks lack (`impossible_hand`, at
        # the copies step); with them it is a request that cannot be.
        raise bad_request(
            phrase("A printed joker cannot be the tiplu; the tiplu is a card of a rank and suit."),
            field="wild",
        )
    return table


def check_size(table: Table, cards: list[int], sizes: Iterable[int], what: Phrase) -> None:
    """`what` is the subject of the sentence: "A show", "A losing hand"."""
    allowed = sorted(set(sizes))
    if len(cards) in allowed:
        return
    expected: Phrase | int
    if len(allowed) == 1:
        expected = allowed[0]
    elif allowed == list(range(allowed[0], allowed[-1] + 1)):
        expected = phrase("%(low)s to %(high)s", low=allowed[0], high=allowed[-1])
    else:
        expected = allowed[-1]
        for size in reversed(allowed[:-1]):
            expected = phrase("%(size)s or %(others)s", size=size, others=expected)
    raise RulesError(
        HAND_SIZE,
        phrase(
            # Translators: %(what)s is "A show", "A losing hand" or "Player Asha's losing
            # hand"; %(expected)s a number of cards, "16 to 21" or "13 or 21".
            "%(what)s in %(game)s has %(expected)s cards; this one has %(count)s.",
            what=what,
            game=GAME_PHRASES[table.variant],
            expected=expected,
            count=len(cards),
        ),
        field="hand",
    )


def check_copies(table: Table, cards: list[int], player: str | None = None) -> None:
    """No card may appear more often than the decks hold for play. `player` is the id of the
    player whose hand it is, for the sentence, where there is one."""
    if table.variant == "marriage" and table.wild == JOKER:
        raise RulesError(
            IMPOSSIBLE_HAND,
            phrase("Indian Marriage is played without printed jokers, so JK cannot be the tiplu."),
            field="wild",
        )
    for card, seen in sorted(Counter(cards).items()):
        held = copies_in_play(table, card)
        if seen <= held:
            continue
        whose = (
            phrase("The hand")
            if player is None
            else phrase("Player %(player)s's hand", player=player)
        )
        raise RulesError(IMPOSSIBLE_HAND, _too_many(table, card, seen, held, whose), field="hand")


def _too_many(table: Table, card: int, seen: int, held: int, whose: Phrase) -> Phrase:
    # Translators: "once", "2 times": how many times a hand holds a card.
    times = plural("once", "%(count)s times", seen)
    if card == JOKER:
        if table.jokers == 0:
            return phrase(
                # Translators: %(whose)s is "The hand" or "Player Asha's hand".
                "%(whose)s holds %(card)s %(times)s, but this game is played without printed "
                "jokers.",
                whose=whose,
                card=name(card),
                times=times,
            )
        if held < table.jokers:
            return plural(
                "%(whose)s holds %(card)s %(times)s, but only %(count)s printed jokers are in "
                "play (one is the exposed card).",
                "%(whose)s holds %(card)s %(times)s, but only %(count)s printed jokers are in "
                "play (one is the exposed card).",
                held,
                whose=whose,
                card=name(card),
                times=times,
            )
        return plural(
            "%(whose)s holds %(card)s %(times)s, but only %(count)s printed jokers are in play.",
            "%(whose)s holds %(card)s %(times)s, but only %(count)s printed jokers are in play.",
            held,
            whose=whose,
            card=name(card),
            times=times,
        )
    if held < table.decks:
        return plural(
            "%(whose)s holds %(card)s %(times)s, but %(count)s deck holds %(count)s and the "
            "%(designator)s %(card)s is out of play, leaving %(held)s.",
            "%(whose)s holds %(card)s %(times)s, but %(count)s decks hold %(count)s and the "
            "%(designator)s %(card)s is out of play, leaving %(held)s.",
            table.decks,
            whose=whose,
            card=name(card),
            times=times,
            designator=DESIGNATOR_PHRASES[table.variant],
            held=held,
        )
    return plural(
        "%(whose)s holds %(card)s %(times)s, but %(count)s deck holds only %(held)s.",
        "%(whose)s holds %(card)s %(times)s, but %(count)s decks hold only %(held)s.",
        table.decks,
        whose=whose,
        card=name(card),
        times=times,
        held=held,
    )


def read_cards(raw: Request, field: str = "hand", required: bool = True) -> list[int] | None:
    value = raw.get(field)
    if value is None:
        if required:
            raise bad_request(
                phrase("The request needs `%(field)s`, the player's cards.", field=field),
                field=field,
            )
        return None
    return parse_hand(value, field)


def read_groups(value: object, field: str) -> list[list[int]]:
    if not isinstance(value, list) or not all(isinstance(g, (list, str)) for g in value):
        raise bad_request(
            phrase(
                '`%(field)s` must be a list of card lists, like [["7H","8H","9H"]].', field=field
            ),
            field=field,
        )
    return [parse_hand(group, field) for group in value]


def check_groups_use_hand(groups: list[list[int]], hand: list[int], field: str) -> None:
    """The player's own arrangement must use every card of the hand exactly once."""
    used = Counter(card for group in groups for card in group)
    held = Counter(hand)
    if used == held:
        return
    extra = [name(c) for c in sorted((used - held).elements())]
    missing = [name(c) for c in sorted((held - used).elements())]
    if extra and missing:
        message = phrase(
            "`%(field)s` must use every card of the hand exactly once; it uses %(extra)s not "
            "in the hand and leaves out %(missing)s.",
            field=field,
            extra=extra,
            missing=missing,
        )
    elif extra:
        message = phrase(
            "`%(field)s` must use every card of the hand exactly once; it uses %(extra)s not "
            "in the hand.",
            field=field,
            extra=extra,
        )
    else:
        message = phrase(
            "`%(field)s` must use every card of the hand exactly once; it leaves out %(missing)s.",
            field=field,
            missing=missing,
        )
    raise bad_request(message, field=field)
