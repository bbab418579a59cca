"""The directors' tournament forms: they parse what was typed; the services in
`tournaments.services` decide whether it makes a tournament, an entry or a swap."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from typing import TYPE_CHECKING, Any

from django import forms
from django.utils.translation import gettext_lazy as _

from clubs.models import Confirmation, Player
from common import bounds
from common.bounds import WholeNumberField, WholeNumbersField
from common.rules_words import game_label
from leagues.forms import DateInput
from leagues.models import TieBreaker
from scoring.rules.variants import VARIANTS
from tournaments.models import (
    Carry,
    RoundEnding,
    Tournament,
    TournamentScoring,
    TournamentStatus,
)
from tournaments.services.setup import ANYTIME_FIELDS, SETUP_FIELDS

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

# Set-up fields the form edits as they are stored; the options come from the club's saved
# rules, and the points and tie-breakers are written differently here (see below).
PLAIN_FIELDS = tuple(
    name for name in SETUP_FIELDS if name not in ("options", "placing_points", "tie_breakers")
)

# Four selects "then by ..." as on the league form: easier with a thumb than dragging.
BREAKER_FIELDS = ("tie_breaker_1", "tie_breaker_2", "tie_breaker_3", "tie_breaker_4")
# The league words ("sessions won") say "tables" here: a tournament's sessions are its tables.
BREAKER_LABELS = {
    TieBreaker.WINS: _("Tables won"),
    TieBreaker.AVERAGE: _("Average per round"),
    TieBreaker.HEAD_TO_HEAD: _("Head-to-head"),
    TieBreaker.RECENT: _("Place in the latest round"),
}
# Translators: the empty choice of a tie-breaker select ("then by: nothing more").
BREAKER_CHOICES = [("", _("Nothing more")), *((b.value, BREAKER_LABELS[b]) for b in TieBreaker)]
DEFAULT_BREAKERS = (TieBreaker.WINS, TieBreaker.HEAD_TO_HEAD)
DEFAULT_VARIANT = "indian13"
NUMBER = {"inputmode": "numeric"}


def _number(
    label: StrOrPromise,
    *,
    initial: int,
    most: int,
    help_text: StrOrPromise = "",
    required: bool = True,
) -> Any:
    # The services check each number against the game (players at a table, rounds); the
    # bound keeps a number no club means from reaching them.
    return WholeNumberField(
        label=label,
        initial=initial,
        min_value=0,
        max_value=most,
        required=required,
        help_text=help_text,
        error_messages={"invalid": _("Give a whole number."), "min_value": _("Give 0 or more.")},
        widget=forms.NumberInput(attrs=NUMBER),
    )


class TournamentForm(forms.Form):
    name = forms.CharField(max_length=120, label=_("Name"), help_text=_("Like “Diwali Cup 2026”."))
    starts_on = forms.DateField(label=_("First day"), widget=DateInput())
    ends_on = forms.DateField(
        label=_("Last day"),
        required=False,
        widget=DateInput(),
        help_text=_("Empty: a one-day event."),
    )
    variant = forms.ChoiceField(
        label=_("Game"),
        choices=[(v, game_label(v)) for v in VARIANTS],
        initial=DEFAULT_VARIANT,
        help_text=_("Played by the club's saved rules for the game (the club's Rules page)."),
    )
    min_table_size = _number(_("Smallest table"), initial=4, most=bounds.SEATS)
    max_table_size = _number(_("Largest table"), initial=6, most=bounds.SEATS)
    rounds = _number(
        _("Rounds"), initial=3, most=bounds.ROUNDS, help_text=_("Not counting the final table.")
    )
    round_ending = forms.ChoiceField(
        label=_("Each round ends after"),
        choices=RoundEnding.choices,
        initial=RoundEnding.DEALS,
        widget=forms.RadioSelect,
    )
    round_target = _number(
        _("How many"),
        initial=2,
        most=bounds.ROUND_TARGET,
        help_text=_("Deals per player, hands, or minutes, as chosen above."),
    )
    scoring = forms.ChoiceField(
        label=_("Players score a round by"),
        choices=TournamentScoring.choices,
        initial=TournamentScoring.PLACING,
        widget=forms.RadioSelect,
    )
    placing_points = WholeNumbersField(
        label=_("Points for each place"),
        max_value=bounds.PLACING_POINTS,
        required=False,
        error_messages={"invalid": _("Write whole numbers separated by commas, like 5, 3, 2, 1.")},
        initial="5, 3, 2, 1",
        help_text=_("1st, 2nd, 3rd ... at a table, like 5, 3, 2, 1; places after these score 0."),
        widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
    )
    # Translators: the first tie-breaker of players level on score ("first by tables won").
    tie_breaker_1 = forms.ChoiceField(label=_("First by"), choices=BREAKER_CHOICES, required=False)
    # Translators: each later tie-breaker ("then by head-to-head").
    tie_breaker_2 = forms.ChoiceField(label=_("then by"), choices=BREAKER_CHOICES, required=False)
    tie_breaker_3 = forms.ChoiceField(label=_("then by"), choices=BREAKER_CHOICES, required=False)
    tie_breaker_4 = forms.ChoiceField(label=_("then by"), choices=BREAKER_CHOICES, required=False)
    final_table_size = _number(
        # Translators: a number field: how many players the final table seats.
        _("Final table"),
        initial=0,
        most=bounds.SEATS,
        help_text=_("How many of the top players meet at a final table; 0 for none."),
    )
    carry = forms.ChoiceField(
        label=_("Scores taken to the final table"),
        choices=Carry.choices,
        initial=Carry.FULL,
        widget=forms.RadioSelect,
    )

    confirmation = forms.ChoiceField(
        label=_("Who confirms each hand at the tables"),
        choices=Confirmation.choices,
        initial=Confirmation.NONE,
        required=False,  # a form without it (an older page) confirms no hand
        widget=forms.RadioSelect,
        help_text=_(
            "Players confirm or dispute each hand on their own phones. With no one, a second "
            "player confirms each table's result once it has finished."
        ),
    )

    # Fields shown disabled keep their stored value whatever is posted; see `for_tournament`.
    settled = False

    @classmethod
    def blank(cls) -> TournamentForm:
        initial: dict[str, Any] = {"starts_on": date.today()}
        initial.update(zip(BREAKER_FIELDS, DEFAULT_BREAKERS, strict=False))
        return cls(initial=initial)

    @classmethod
    def for_tournament(cls, tournament: Tournament, data: Any = None) -> TournamentForm:
        """The set-up as stored. Once round 1 is drawn only the name and dates stay open
        (nothing, once the tournament has finished); the rest is shown disabled.

        A posted form is settled if the page it came from was (its hidden `settled`): a
        page opened before the draw and sent after it sends every setting, and the
        service refuses the ones that changed rather than the form dropping them unseen.
        """
        initial: dict[str, Any] = {name: getattr(tournament, name) for name in PLAIN_FIELDS}
        initial["placing_points"] = ", ".join(str(p) for p in tournament.placing_points)
        initial.update(zip(BREAKER_FIELDS, tournament.tie_breakers, strict=False))
        form = cls(data, initial=initial)
        if data is None:
            form.settled = tournament.status != TournamentStatus.REGISTRATION
        else:
            form.settled = data.get("settled") == "1"
        finished = tournament.status == TournamentStatus.FINISHED
        for name, field in form.fields.items():
            if finished or (form.settled and name not in ANYTIME_FIELDS):
                field.disabled = True
        return form

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        assert data is not None  # forms.Form.clean returns cleaned_data
        # Points per place mean nothing to game-points scoring; kept they would surprise
        # whoever reads the tournament's rules later.
        if data.get("scoring") == TournamentScoring.GAME_POINTS:
            data["placing_points"] = []
        return data

    def tournament_fields(self) -> dict[str, Any]:
        """The cleaned values as `create_tournament` takes them (the options aside)."""
        data = self.cleaned_data
        return {name: data[name] for name in PLAIN_FIELDS} | {
            "confirmation": data["confirmation"] or Confirmation.NONE,
            "placing_points": data["placing_points"],
            "tie_breakers": [data[f] for f in BREAKER_FIELDS if data.get(f)],
        }

    def changes(self) -> dict[str, Any]:
        """What `update_tournament` is given: everything, or only the fields left open."""
        fields = self.tournament_fields()
        if self.settled:
            return {name: fields[name] for name in ANYTIME_FIELDS}
        return fields

    @property
    def breaker_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in BREAKER_FIELDS]

    def add_service_error(self, field: str | None, message: str) -> None:
        """The service names `tie_breakers` and `options`; here those are the first select
        and the game (whose saved rules are the options)."""
        field = {"tie_breakers": BREAKER_FIELDS[0], "options": "variant"}.get(field or "", field)
        self.add_error(field if field in self.fields else None, message)


class EntryForm(forms.Form):
    """Enter one of the club's players, or a new guest by name (one or the other)."""

    player = forms.TypedChoiceField(label=_("A club player"), required=False, coerce=int)
    guest_name = forms.CharField(label=_("or a new guest"), required=False, max_length=60)

    def __init__(self, data: Any = None, *, players: Iterable[Player]) -> None:
        super().__init__(data)
        self.players = {p.pk: p for p in players}
        player = self.fields["player"]
        assert isinstance(player, forms.ChoiceField)
        player.choices = [("", _("Choose a player"))] + [
            (p.pk, p.name) for p in self.players.values()
        ]
        player.error_messages["invalid_choice"] = _(
            "That player is no longer free to enter; choose another."
        )

    def chosen_player(self) -> Player | None:
        return self.players.get(self.cleaned_data.get("player") or 0)

    def add_service_error(self, field: str | None, message: str) -> None:
        # `add_guest` speaks of the player's `name`: here that is the guest's name box.
        field = "guest_name" if field == "name" else field
        self.add_error(field if field in self.fields else None, message)


class SwapForm(forms.Form):
    """Two players of a drawn round who change seats."""

    # Translators: the swap form reads "Swap [player] with [player]".
    first = forms.TypedChoiceField(label=_("Swap"), coerce=int)
    second = forms.TypedChoiceField(label=_("with"), coerce=int)

    def __init__(self, data: Any = None, *, players: Iterable[Player]) -> None:
        super().__init__(data)
        self.players = {p.pk: p for p in players}
        choices = [("", _("Choose a player"))] + [(p.pk, p.name) for p in self.players.values()]
        for name in ("first", "second"):
            field = self.fields[name]
            assert isinstance(field, forms.ChoiceField)
            field.choices = choices
            field.error_messages["required"] = _("Choose two players to swap.")
            field.error_messages["invalid_choice"] = _("Choose two players seated in this round.")

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        assert data is not None  # forms.Form.clean returns cleaned_data
        if data.get("first") and data.get("first") == data.get("second"):
            raise forms.ValidationError(_("Choose two different players to swap."))
        return data

    def pair(self) -> tuple[Player, Player]:
        return self.players[self.cleaned_data["first"]], self.players[self.cleaned_data["second"]]


class DrawForm(forms.Form):
    swiss = forms.BooleanField(
        label=_("Seat by the standings (Swiss)"),
        required=False,
        help_text=_(
            "Players of similar scores at the same tables; otherwise at random, with "
            "as few repeat opponents as can be found."
        ),
    )
