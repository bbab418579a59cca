"""The "Start a session" form: game, rules, players in seat order, first dealer, ending.

Players are seated by seat number (`seat-<player id>`): typed without JavaScript, filled in
by tapping names with it, so both ways post the same thing. The rules are the engine's
options as form fields (`opt_<option>`), prefilled from the club's defaults or a preset.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, MutableMapping
from typing import TYPE_CHECKING, Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext, pgettext_lazy

from clubs.models import Confirmation, Player
from clubs.presets import PRESETS
from common import bounds
from common.bounds import WholeNumberField
from common.errors import UserError
from scoring.formats import DEALS_GAMES, DEFAULT_POOL_LIMIT, POOL_GAMES
from scoring.models import Ending, Format, Variant
from scoring.rules.variants import (
    DEFAULTS,
    MARRIAGE_CHARGES,
    NEPAL_OPTIONS,
    PACK_CHARGES,
    PLAYER_RANGES,
)
from scoring.services.sessions import DRAW, PoolSetup

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

MAX_SEATS = max(high for _, high in PLAYER_RANGES.values())
NATURAL_ENDING = {"vazhushal": Ending.POINTS}

# The engine's options as form fields, per game. Decks and printed jokers are left blank to
# let the engine decide them from the number of players, as the rule texts do.
_COMMON_OPTIONS = ("decks", "jokers")
OPTION_FIELDS: dict[str, tuple[str, ...]] = {
    "indian13": (
        "joker_mode",
        "ace_value",
        "scoring",
        "penalty_cap",
        "two_pure",
        "double_on_printed_joker",
        *PACK_CHARGES,
        *_COMMON_OPTIONS,
    ),
    "indian21": (*PACK_CHARGES, *_COMMON_OPTIONS),
    "rummy27": (*PACK_CHARGES, *_COMMON_OPTIONS),
    "marriage": (*MARRIAGE_CHARGES, "unseen_maal", *NEPAL_OPTIONS, *_COMMON_OPTIONS),
    "vazhushal": ("negative_joker", "ace_both_ends", *_COMMON_OPTIONS),
}
BOOLEAN_OPTIONS = {"two_pure", "double_on_printed_joker", "negative_joker", "ace_both_ends"}


def _option_field(name: str) -> forms.Field:
    if name == "joker_mode":
        return forms.ChoiceField(
            label=gettext_lazy("Jokers"),
            choices=[
                ("standard", gettext_lazy("Printed jokers and the exposed card's rank")),
                ("ace_jokers", gettext_lazy("Aces wild too when a joker is exposed")),
                ("printed_only", gettext_lazy("Printed jokers only")),
                ("none", gettext_lazy("No jokers")),
            ],
        )
    if name == "ace_value":
        return forms.TypedChoiceField(
            label=gettext_lazy("Ace counts"),
            choices=[(10, gettext_lazy("10 points")), (11, gettext_lazy("11 points"))],
            coerce=int,
        )
    if name == "scoring":
        return forms.ChoiceField(
            label=gettext_lazy("Scores"),
            choices=[
                ("winner_takes", gettext_lazy("Winner takes (losers stay at 0)")),
                ("zero_sum", gettext_lazy("Zero-sum (losers go down)")),
            ],
        )
    low, high = bounds.OPTIONS.get(name, (0, 0))  # a number's range, as the engine has it
    if name == "penalty_cap":
        return WholeNumberField(
            label=gettext_lazy("Penalty cap"),
            required=False,
            min_value=low,
            max_value=high,
            # Translators: shown as "(blank: none)": a blank penalty cap means no cap
            help_text=pgettext_lazy("what a blank number field means", "none"),
        )
    if name == "decks":
        return WholeNumberField(
            label=gettext_lazy("Decks"),
            required=False,
            min_value=low,
            max_value=high,
            # Translators: shown as "(blank: by players)": the number of players decides it
            help_text=pgettext_lazy("what a blank number field means", "by players"),
        )
    if name == "jokers":
        return WholeNumberField(
            label=gettext_lazy("Printed jokers"),
            required=False,
            min_value=low,
            max_value=high,
            # Translators: shown as "(blank: usual)": the usual number for the decks
            help_text=pgettext_lazy("what a blank number field means", "usual"),
        )
    charges = {
        "drop_first": pgettext_lazy(
            "the charge for a rummy move: leaving the hand", "Pack on the first turn"
        ),
        "drop_later": pgettext_lazy(
            "the charge for a rummy move: leaving the hand", "Pack later (middle pack)"
        ),
        "wrong_show": pgettext_lazy("a rummy declaration that was not valid", "Wrong show"),
        "seen_points": gettext_lazy("Winner gets from a seen player"),
        "unseen_points": gettext_lazy("Winner gets from an unseen player"),
        "dublee_bonus": gettext_lazy("Eight-dublee win, extra from each"),
        "alter_value": gettext_lazy("Alter's maal"),
        "man_value": gettext_lazy("Man's maal (printed joker)"),
    }
    if name in charges:
        return WholeNumberField(label=charges[name], min_value=low, max_value=high, required=False)
    if name == "unseen_maal":
        return forms.ChoiceField(
            required=False,
            label=gettext_lazy("An unseen player's value cards"),
            choices=[
                ("counts", gettext_lazy("Count like anyone's")),
                # Translators: Marriage's "murder" rule: an unseen player's value cards count
                # for nothing
                ("murder", gettext_lazy("Murder: void")),
                # Translators: Marriage's "kidnap" rule: the winner takes an unseen player's
                # value cards
                ("kidnap", gettext_lazy("Kidnap: the winner takes them")),
            ],
        )
    if name == "wild_ranks":
        return forms.ChoiceField(
            required=False,
            label=gettext_lazy("Wild cards of the tiplu's rank"),
            choices=[
                ("all", gettext_lazy("All four cards")),
                ("alter", gettext_lazy("Tiplu and alter only")),
            ],
        )
    labels = {
        "two_pure": gettext_lazy("Both sequences must be pure"),
        "double_on_printed_joker": gettext_lazy(
            "Double everything when a printed joker is exposed"
        ),
        "negative_joker": gettext_lazy("Negative joker in play"),
        "ace_both_ends": gettext_lazy("Ace at both ends of one long sequence"),
    }
    return forms.BooleanField(label=labels[name], required=False)


def initial_options(variant: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """Form initial values for the rules: the engine's defaults, then the given options."""
    merged = dict(DEFAULTS.get(variant, {})) | dict(options)
    return {f"opt_{name}": merged.get(name) for name in OPTION_FIELDS[variant]}


def _whole_number(
    label: StrOrPromise, low: int, high: int, placeholder: StrOrPromise
) -> forms.IntegerField:
    """An optional number a thumb types on the digit keypad; blank takes the default."""
    return WholeNumberField(
        label=label,
        required=False,
        min_value=low,
        max_value=high,
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "placeholder": placeholder}),
    )


class StartSessionForm(forms.Form):
    variant = forms.ChoiceField(label=gettext_lazy("Game"), choices=Variant.choices)
    preset = forms.ChoiceField(label=gettext_lazy("Rule set"), required=False, choices=[])
    guest_name = forms.CharField(label=gettext_lazy("New guest"), required=False, max_length=60)
    first_dealer = forms.ChoiceField(label=gettext_lazy("First dealer"))
    ending = forms.ChoiceField(label=gettext_lazy("The session ends"), choices=Ending.choices)
    ending_target = WholeNumberField(
        # Translators: the N of the session's ending (N deals each, N hands, N points)
        label=pgettext_lazy("the N of the session's ending", "Number"),
        required=False,
        min_value=1,
        max_value=bounds.TARGET,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    stake_per_point = WholeNumberField(
        label=gettext_lazy("Stake per point"),
        min_value=0,
        max_value=bounds.STAKE,
        initial=0,
        error_messages={"min_value": gettext_lazy("The stake per point cannot be below zero.")},
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )

    # Not required: a form without it (an older page, a script) takes the club's rule.
    confirmation = forms.ChoiceField(
        label=gettext_lazy("Who confirms each hand"),
        choices=Confirmation.choices,
        required=False,
        help_text=gettext_lazy(
            "Players confirm or dispute each hand on their own phones; a disputed hand keeps "
            "the session from ending until it is settled."
        ),
    )
    # Not required: a form without it (an older page, a script) plays for points.
    format = forms.ChoiceField(
        label=gettext_lazy("Format"), choices=Format.choices, initial=Format.POINTS, required=False
    )
    pool_limit = _whole_number(
        gettext_lazy("Pool limit"), bounds.POOL_LIMIT_LEAST, bounds.POOL_LIMIT, "101"
    )
    # Translators: how many times each player may rejoin the pool
    pool_rejoins = _whole_number(gettext_lazy("Rejoins each"), 0, bounds.POOL_REJOINS, "0")
    pool_rejoin_below = _whole_number(
        gettext_lazy("Rejoin while the top score is below"), 1, bounds.POOL_REJOIN_BELOW, "79"
    )
    entry_fee = _whole_number(gettext_lazy("Entry fee"), 0, bounds.MONEY, "0")
    chips = _whole_number(
        gettext_lazy("Chips each"),
        1,
        bounds.CHIPS,
        # Translators: a placeholder: left blank, every player gets 80 chips for each deal
        gettext_lazy("80 a deal"),
    )

    def __init__(
        self,
        data: Mapping[str, Any] | None = None,
        *,
        variant: str,
        players: Iterable[Player],
        initial: MutableMapping[str, Any] | None = None,
    ) -> None:
        super().__init__(data, initial=initial)
        self.game = variant
        self.players = list(players)
        # Sentences a service gave about the seating or the rules as a whole.
        self.seat_errors: list[str] = []
        self.rules_errors: list[str] = []
        self._choice_field("preset").choices = [("", _("Club's rules"))] + [
            (p.key, p.label) for p in PRESETS.get(variant, ())
        ]
        self._choice_field("first_dealer").choices = [
            # Translators: draw cards to choose the first dealer
            (DRAW, pgettext("a draw for the first deal", "Draw for it"))
        ] + [
            (str(n), pgettext("a seat at the table", "Seat %(number)s") % {"number": n})
            for n in range(1, MAX_SEATS + 1)
        ]
        self._choice_field("format").choices = [
            (value, label)
            for value, label in Format.choices
            if value == Format.POINTS
            or (value == Format.POOL and variant in POOL_GAMES)
            or (value == Format.DEALS and variant in DEALS_GAMES)
        ]
        if variant != "vazhushal":
            self._choice_field("ending").choices = [
                (value, label) for value, label in Ending.choices if value != Ending.POINTS
            ]
        for name in OPTION_FIELDS[variant]:
            self.fields[f"opt_{name}"] = _option_field(name)
        for player in self.players:
            self.fields[f"seat-{player.pk}"] = forms.IntegerField(
                label=player.name,
                required=False,
                min_value=1,
                max_value=MAX_SEATS,
                error_messages={
                    "min_value": _("Seats are numbered from 1."),
                    "max_value": _("Seats are numbered up to %(most)s.") % {"most": MAX_SEATS},
                    "invalid": _("Give a seat number, like 1."),
                },
                widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
            )

    def _choice_field(self, name: str) -> forms.ChoiceField:
        field = self.fields[name]
        assert isinstance(field, forms.ChoiceField)
        return field

    # -- what the template draws ------------------------------------------------------------

    def option_fields(self) -> list[forms.BoundField]:
        return [self[f"opt_{name}"] for name in OPTION_FIELDS[self.game]]

    def options_in_force(self) -> dict[str, Any]:
        """The rules as the form now has them (typed, or filled in from the club or a
        preset), for the plain list shown beside the fields; a value that cannot be read
        yet is left to the engine's default, as the refused field says."""
        chosen: dict[str, Any] = {}
        for name in OPTION_FIELDS[self.game]:
            bound = self[f"opt_{name}"]
            try:
                value = bound.field.clean(bound.value())
            except forms.ValidationError:
                continue
            if value is not None and value != "":
                chosen[name] = value
        return chosen

    def seat_fields(self) -> list[tuple[Player, forms.BoundField]]:
        return [(player, self[f"seat-{player.pk}"]) for player in self.players]

    def next_seat(self) -> int:
        """The seat number the next player added gets (after the highest one taken)."""
        taken = [self._seat_value(player) for player in self.players]
        return max([n for n in taken if n] or [0]) + 1

    def _seat_value(self, player: Player) -> int | None:
        bound = self[f"seat-{player.pk}"]
        try:
            return int(bound.value())
        except (TypeError, ValueError):
            return None

    # -- what the service gets ----------------------------------------------------------------

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        assert data is not None  # Form.clean returns cleaned_data
        seated: dict[int, Player] = {}
        for player in self.players:
            number = data.get(f"seat-{player.pk}")
            if number is None:
                continue
            if number in seated:
                self.seat_errors.append(
                    _(
                        "%(first)s and %(second)s both have seat %(number)s: "
                        "give each player a seat of their own."
                    )
                    % {"first": seated[number].name, "second": player.name, "number": number}
                )
            seated[number] = player
        if self.seat_errors:
            raise forms.ValidationError(_("Check the seats."))
        data["player_ids"] = [seated[number].pk for number in sorted(seated)]
        data["options"] = self._options(data)
        if data.get("ending") == Ending.OPEN:
            data["ending_target"] = None
        return data

    def _options(self, data: Mapping[str, Any]) -> dict[str, Any]:
        options: dict[str, Any] = {}
        for name in OPTION_FIELDS[self.game]:
            value = data.get(f"opt_{name}")
            if value is None or value == "":
                continue  # left to the engine (decks, jokers, no cap)
            options[name] = bool(value) if name in BOOLEAN_OPTIONS else value
        return options

    def format_fields(self) -> list[forms.BoundField]:
        return [
            self[name]
            for name in ("pool_limit", "pool_rejoins", "pool_rejoin_below", "entry_fee", "chips")
        ]

    def format_arguments(self) -> dict[str, Any]:
        """What start_session needs for the chosen format; a deals session ends after its
        number of deals (the ending's number), whatever ending was chosen."""
        data = self.cleaned_data
        chosen = data.get("format") or Format.POINTS
        arguments: dict[str, Any] = {"format": chosen}
        if chosen == Format.POOL:
            arguments["pool"] = PoolSetup(
                limit=data.get("pool_limit") or DEFAULT_POOL_LIMIT,
                rejoins=data.get("pool_rejoins") or 0,
                rejoin_below=data.get("pool_rejoin_below"),
                entry_fee=data.get("entry_fee") or 0,
            )
        elif chosen == Format.DEALS:
            arguments["chips"] = data.get("chips")
            arguments["ending"] = Ending.HANDS
        return arguments

    def first_dealer_value(self) -> int | str:
        """`DRAW`, or the seat position (0-based) of the chosen seat number."""
        value = self.cleaned_data["first_dealer"]
        return DRAW if value == DRAW else int(value) - 1

    def add_service_error(self, error: UserError) -> None:
        """Show a service's sentence next to the part of the form it is about."""
        if error.field == "players":
            self.seat_errors.append(error.message)
        elif error.field == "options":
            self.rules_errors.append(error.message)
        elif error.field == "name":
            self.add_error("guest_name", error.message)
        elif error.field in self.fields:
            self.add_error(error.field, error.message)
        else:
            self.add_error(None, error.message)


def default_ending(variant: str) -> str:
    return NATURAL_ENDING.get(variant, Ending.OPEN)
