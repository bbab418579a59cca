"""The record-hand panel: read what the scorer tapped into a `HandEntry`, and draw it back.

The panel is one plain form, so it works without JavaScript and a failed save can show it
again exactly as it was filled in. Its fields:

- `client_key` (a UUID made when the panel is drawn: the same key twice is the same hand)
  and `revision` (the session's revision the screen was drawn from);
- `wild`, `void` (stock ran out: the hand counts for nothing), `depleted` (vazhushal: the
  stock ran out, card scores decide), `declared` (indian13: the winner went out on the very
  first turn), `show` (marriage: the winner's show), `reason` (corrections only);
- per seat `s<position>-...`: `how` (won, points, cards, first, later, wrong: a wrong show),
  `points`, `bonus`,
  `cards`, `melds`, `pending` (no turn yet), `seen` (marriage).

Only the shape of the input is checked here (a number where a number goes, one winner);
whether the cards and points make sense is the rules engine's answer, asked by the service.
"""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Mapping
from dataclasses import dataclass, field

from django.utils.text import get_text_list
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from common import bounds
from common.errors import UserError
from common.rules_words import game_name
from scoring.display.formatting import WILD_LABELS
from scoring.hand_entry import DECLARED, MARRIAGE_SHOWS, HandEntry, SeatEntry
from scoring.rules import BONUS_VARIANTS, PENALTY_VARIANTS, last_one_in

WON, POINTS, CARDS, FIRST, LATER = "won", "points", "cards", "first", "later"
WRONG = "wrong"  # a wrong show: declared a show the table found not valid
HOWS = (WON, POINTS, CARDS, FIRST, LATER, WRONG)
DROPS = (FIRST, LATER)
OUT = (*DROPS, WRONG)  # out of the hand: the last player still in wins
MAX_POINTS = bounds.POINTS  # typed points and bonuses, per seat and hand

_SEPARATORS = re.compile(r"[\s,]+")
_GROUPS = re.compile(r"[/;|\n]+")
_WHOLE = re.compile(r"[+-]?\d+")


@dataclass(frozen=True)
class Features:
    """What a game's panel asks for, so the template and the parser agree."""

    variant: str
    penalty: bool  # losers pay a penalty, typed or counted from their cards
    drops: bool  # players may pack (drop)
    bonus: bool  # value cards earn a bonus
    void: bool  # a hand can be void when the stock runs out
    depleted: bool  # vazhushal: the stock ran out and card scores decide
    marriage: bool  # seen / unseen and the winner's show
    declared: bool  # indian13: the winner went out on the first turn
    pending: bool  # a loser may not have had a turn yet
    wrong_show: bool  # a player may be out on a wrong show (and pays its charge)

    @classmethod
    def of(cls, variant: str) -> Features:
        rummy = variant in PENALTY_VARIANTS
        return cls(
            variant=variant,
            penalty=rummy,
            drops=rummy,
            bonus=variant in BONUS_VARIANTS,
            void=variant != "vazhushal",
            depleted=variant == "vazhushal",
            marriage=variant == "marriage",
            declared=variant == "indian13",
            pending=rummy,
            wrong_show=rummy,
        )

    @property
    def game(self) -> str:
        return game_name(self.variant)

    @property
    def wild_label(self) -> str:
        return WILD_LABELS[self.variant]

    @property
    def hows(self) -> list[tuple[str, str]]:
        """The chips a seat offers: how that player's hand ended."""
        won = pgettext("what happened to a player in a hand", "Won")
        lost = pgettext("what happened to a player in a hand", "Lost")
        if self.penalty:
            chips = [
                (WON, won),
                # Translators: a loser's points are typed (not a session format)
                (POINTS, pgettext("a score", "Points")),
                # Translators: a loser's cards are picked, and the points counted from them
                (CARDS, pgettext("a loser's cards, picked", "Cards")),
            ]
            chips += [
                (FIRST, pgettext("a rummy move: the player left the hand early", "Packed first")),
                (LATER, pgettext("a rummy move: the player left the hand early", "Packed later")),
            ]
            if self.wrong_show:
                chips.append(
                    (WRONG, pgettext("a rummy declaration that was not valid", "Wrong show"))
                )
            return chips
        if self.marriage:
            return [
                (WON, won),
                (POINTS, lost),
                (CARDS, pgettext("what happened to a player in a hand", "Lost: cards")),
            ]
        return [(WON, won), (POINTS, lost)]


@dataclass
class SeatInput:
    position: int
    name: str
    how: str = POINTS
    points: str = ""
    bonus: str = ""
    cards: str = ""
    melds: str = ""
    pending: bool = False
    seen: bool = False
    error: str = ""

    @property
    def prefix(self) -> str:
        return f"s{self.position}"

    @property
    def seat_number(self) -> int:
        return self.position + 1

    @property
    def error_slot(self) -> str:
        return f"seat-error-{self.position}"


@dataclass
class HandInput:
    """The panel's state: what the scorer entered, and the sentences about it."""

    features: Features
    seats: list[SeatInput]
    client_key: str
    revision: str
    wild: str = ""
    void: bool = False
    depleted: bool = False
    declared: str = ""
    show: str = MARRIAGE_SHOWS[0]
    reason: str = ""
    # Refused because another phone changed the session first: the entry is kept, marked
    # "not saved", and saving it again takes a deliberate second tap.
    stale: bool = False
    # field name ("winner", "wild", "reason", "client_key", "form") -> sentence
    errors: dict[str, str] = field(default_factory=dict)

    @property
    def blank_seats(self) -> str:
        """While no seat has anything typed or any sentence beside it, what names the seats'
        part of the panel (the game and who sits where): it is then the same for everyone,
        and the template draws it once (scoring/partials/hand_panel.html). "" otherwise."""
        if any(seat != SeatInput(position=seat.position, name=seat.name) for seat in self.seats):
            return ""
        return json.dumps(
            [self.features.variant, [[seat.position, seat.name] for seat in self.seats]],
            ensure_ascii=False,
        )

    @property
    def has_errors(self) -> bool:
        return bool(self.errors) or any(seat.error for seat in self.seats)

    @property
    def seat_errors(self) -> list[SeatInput]:
        return [seat for seat in self.seats if seat.error]

    def with_revision(self, revision: int) -> HandInput:
        """The same entry on a screen redrawn at the session's current revision."""
        self.revision = str(revision)
        return self

    def not_saved(self, revision: int) -> HandInput:
        """The entry refused as stale, redrawn at the current revision to be saved again
        only on purpose."""
        self.stale = True
        return self.with_revision(revision)

    def add_error(self, error: UserError) -> None:
        """Show a service's sentence next to the seat or field it is about."""
        message = _plain(error.message)
        seat = getattr(error, "seat", None)
        if seat is not None and 0 <= seat < len(self.seats):
            self.seats[seat].error = message
        elif error.field:
            self.errors[error.field] = message
        else:
            self.errors["form"] = message

    def client_uuid(self) -> uuid.UUID | None:
        try:
            return uuid.UUID(self.client_key)
        except ValueError:
            self.errors["form"] = _("This form is missing its key; reload the page and try again.")
            return None

    def revision_number(self) -> int | None:
        if self.revision.isdigit():
            return int(self.revision)
        self.errors["form"] = _("This form is out of date; reload the page and try again.")
        return None

    def entry(self) -> HandEntry | None:
        """The `HandEntry` the panel describes, or None with sentences in `errors`."""
        entry = _entry(self)
        return None if self.has_errors else entry


def blank_input(*, variant: str, names: Mapping[int, str], revision: int) -> HandInput:
    """A fresh panel: everyone lost with points to type, nobody won yet."""
    return HandInput(
        features=Features.of(variant),
        seats=[SeatInput(position=pos, name=name) for pos, name in sorted(names.items())],
        client_key=str(uuid.uuid4()),
        revision=str(revision),
    )


def input_from_entry(
    entry: HandEntry, *, variant: str, names: Mapping[int, str], revision: int
) -> HandInput:
    """The panel filled in as a stored hand was entered, for a correction."""
    panel = blank_input(variant=variant, names=names, revision=revision)
    panel.wild = entry.wild or ""
    panel.void = entry.void
    panel.depleted = entry.depleted
    panel.declared = entry.declared or ""
    by_position = {seat.position: seat for seat in entry.seats}
    for seat in panel.seats:
        stored = by_position.get(seat.position)
        if stored is None:
            continue
        if stored.result == "won":
            seat.how = WON
            panel.show = stored.show or panel.show
        elif stored.result == "dropped":
            seat.how = stored.drop if stored.drop in DROPS else FIRST
        elif stored.result == "wrong_show":
            seat.how = WRONG
        elif stored.cards is not None and stored.result == "lost":
            seat.how = CARDS
        seat.points = "" if stored.penalty is None else str(stored.penalty)
        seat.bonus = "" if stored.bonus is None else str(stored.bonus)
        seat.cards = " ".join(stored.cards or [])
        seat.melds = " / ".join(" ".join(group) for group in stored.melds or [])
        seat.pending = stored.first_turn_pending
        seat.seen = stored.seen
    return panel


def read_input(data: Mapping[str, str], *, variant: str, names: Mapping[int, str]) -> HandInput:
    """The panel as posted (a QueryDict or any mapping of field name to text)."""
    features = Features.of(variant)
    panel = HandInput(
        features=features,
        seats=[],
        client_key=_text(data, "client_key", 64),
        revision=_text(data, "revision", 12),
        wild=_text(data, "wild", 8).upper(),
        void=features.void and _ticked(data, "void"),
        depleted=features.depleted and _ticked(data, "depleted"),
        declared=_choice(_text(data, "declared", 32), DECLARED, ""),
        show=_choice(_text(data, "show", 16), MARRIAGE_SHOWS, MARRIAGE_SHOWS[0]),
        reason=_text(data, "reason", 1000, lines=True),
    )
    for position, name in sorted(names.items()):
        prefix = f"s{position}"
        panel.seats.append(
            SeatInput(
                position=position,
                name=name,
                how=_choice(_text(data, f"{prefix}-how", 8), HOWS, POINTS),
                points=_text(data, f"{prefix}-points", 12),
                bonus=_text(data, f"{prefix}-bonus", 12),
                cards=_text(data, f"{prefix}-cards", 600),
                melds=_text(data, f"{prefix}-melds", 600, lines=True),
                pending=_ticked(data, f"{prefix}-pending"),
                seen=_ticked(data, f"{prefix}-seen"),
            )
        )
    return panel


def _entry(panel: HandInput) -> HandEntry | None:
    features = panel.features
    wild = panel.wild or None
    if panel.void:
        # Nothing scores: what each player held no longer matters.
        seats = tuple(
            SeatEntry(seat.position, "lost", penalty=0 if features.penalty else None)
            for seat in panel.seats
        )
        return HandEntry(seats=seats, wild=wild, void=True)
    if panel.depleted:
        seats = tuple(
            SeatEntry(
                seat.position,
                "",
                cards=split_cards(seat.cards),
                melds=split_melds(seat.melds),
            )
            for seat in panel.seats
        )
        return HandEntry(seats=seats, wild=wild, depleted=True)

    _settle_winner(panel)
    seats = tuple(_seat_entry(panel, seat) for seat in panel.seats)
    declared = (panel.declared or None) if features.declared else None
    return HandEntry(seats=seats, wild=wild, declared=declared)


def _settle_winner(panel: HandInput) -> None:
    winners = [seat for seat in panel.seats if seat.how == WON]
    if len(winners) > 1:
        # Translators: the last word of a list of names: "Asha, Bala and Chitra"
        named = get_text_list([seat.name for seat in winners], pgettext("a list", "and"))
        panel.errors["winner"] = _(
            "Only one player can win a hand: %(names)s are all marked Won. "
            "Tap Points or Cards for the ones who lost."
        ) % {"names": named}
        return
    if winners:
        return
    # Everyone else packed or is out on a wrong show: the last player in wins, as the rules
    # (the engine) say.
    last = last_one_in([seat.how for seat in panel.seats], out=OUT)
    if last is not None:
        panel.seats[last].how = WON
    elif all(seat.how in OUT for seat in panel.seats):
        if all(seat.how in DROPS for seat in panel.seats):
            panel.errors["winner"] = _(
                "Not everyone can pack: one player must still be in the hand."
            )
        else:
            panel.errors["winner"] = _(
                "Not everyone can be out: one player must still be in the hand."
            )
    else:
        panel.errors["winner"] = _("Tap Won for the player who went out.")


def _seat_entry(panel: HandInput, seat: SeatInput) -> SeatEntry:
    features = panel.features
    name = seat.name
    seen = features.marriage and seat.seen  # seen or unseen is a Marriage question
    if seat.how in DROPS:
        if not features.drops:
            seat.error = _("Players cannot pack in %(game)s; mark %(name)s Won or Lost.") % {
                "game": features.game,
                "name": name,
            }
        return SeatEntry(seat.position, "dropped", drop=seat.how)
    if seat.how == WRONG:
        if not features.wrong_show:
            seat.error = _("%(game)s has no wrong show to charge; mark %(name)s Won or Lost.") % {
                "game": features.game,
                "name": name,
            }
        return SeatEntry(seat.position, "wrong_show")

    bonus = _points(seat, seat.bonus, "bonus") if features.bonus else None
    if seat.how == WON:
        cards = split_cards(seat.cards) if features.bonus else []
        # A winner's value cards (or the bonus they add up to) earn from every opponent.
        return SeatEntry(
            seat.position,
            "won",
            bonus=None if cards else bonus,
            cards=cards or None,
            show=panel.show if features.marriage else None,
            seen=seen,
        )
    pending = seat.pending and features.pending
    if seat.how == CARDS and (features.penalty or features.bonus):
        cards = split_cards(seat.cards)
        if not cards:
            seat.error = _("Pick or type %(name)s's cards, or tap Points to type the points.") % {
                "name": name
            }
        return SeatEntry(seat.position, "lost", cards=cards, first_turn_pending=pending, seen=seen)
    penalty = None
    if features.penalty:
        if not seat.points:
            seat.error = _("Type %(name)s's points, or tap Cards to pick the cards.") % {
                "name": name
            }
        else:
            penalty = _points(seat, seat.points, "points")
    return SeatEntry(
        seat.position,
        "lost",
        penalty=penalty,
        bonus=bonus,
        first_turn_pending=pending,
        seen=seen,
    )


# What is wrong with a number typed for a seat, by the field (`what`): points or bonus.
_NOT_WHOLE = {
    "points": gettext_lazy("Type %(name)s's points as a whole number, like 25."),
    "bonus": gettext_lazy("Type %(name)s's bonus as a whole number, like 25."),
}
_BELOW_ZERO = {
    "points": gettext_lazy("%(name)s's points cannot be below zero."),
    "bonus": gettext_lazy("%(name)s's bonus cannot be below zero."),
}
_TOO_HIGH = {
    "points": gettext_lazy("%(name)s's points look too high: at most %(most)s."),
    "bonus": gettext_lazy("%(name)s's bonus look too high: at most %(most)s."),
}


def _points(seat: SeatInput, text: str, what: str) -> int | None:
    if not text:
        return None
    if not _WHOLE.fullmatch(text):
        seat.error = _NOT_WHOLE[what] % {"name": seat.name}
        return None
    value = int(text)
    if value < 0:
        seat.error = _BELOW_ZERO[what] % {"name": seat.name}
        return None
    if value > MAX_POINTS:
        seat.error = _TOO_HIGH[what] % {"name": seat.name, "most": MAX_POINTS}
        return None
    return value


def split_cards(text: str) -> list[str]:
    """Cards as written, separated by spaces or commas; the rules engine reads each one."""
    return [token for token in _SEPARATORS.split(text.strip()) if token]


def split_melds(text: str) -> list[list[str]]:
    """Table melds written as groups of cards separated by `/`, `;` or new lines."""
    groups = (split_cards(group) for group in _GROUPS.split(text))
    return [group for group in groups if group]


def _plain(message: str) -> str:
    """The engine names its request fields in backticks; a scorer knows them by other names."""
    return message.replace(
        "`wild`", pgettext("the card turned up to decide the wild cards", "the wild card")
    ).replace("`", "")


def _text(data: Mapping[str, str], key: str, limit: int, *, lines: bool = False) -> str:
    """The field's text, tidied; `lines` keeps line breaks (melds are one group a line)."""
    value = str(data.get(key) or "")
    if lines:
        return "\n".join(" ".join(line.split()) for line in value.strip().splitlines())[:limit]
    return " ".join(value.split())[:limit]


def _ticked(data: Mapping[str, str], key: str) -> bool:
    return str(data.get(key, "")).lower() in ("1", "on", "true", "yes")


def _choice(value: str, allowed: tuple[str, ...], default: str) -> str:
    return value if value in allowed else default
