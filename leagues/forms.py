"""The league form: it parses what the organiser typed; `create_league` and `update_league`
decide whether it makes a league."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from common import bounds
from common.bounds import WholeNumberField, WholeNumbersField
from common.rules_words import game_label
from leagues.models import Basis, League, TieBreaker
from scoring.rules.variants import VARIANTS

# Four selects "then by ..." are easier with a thumb than dragging items into an order.
BREAKER_FIELDS = ("tie_breaker_1", "tie_breaker_2", "tie_breaker_3", "tie_breaker_4")
# Translators: the empty choice of a tie-breaker: no further tie-breaker.
BREAKER_CHOICES = [("", _("Nothing more")), *TieBreaker.choices]
DEFAULT_BREAKERS = (TieBreaker.WINS, TieBreaker.AVERAGE)


class DateInput(forms.DateInput):
    """The phone's own date picker."""

    input_type = "date"

    def __init__(self) -> None:
        super().__init__(format="%Y-%m-%d")


class LeagueForm(forms.Form):
    name = forms.CharField(
        max_length=120, label=_("Name"), help_text=_("Like “Winter league 2026”.")
    )
    starts_on = forms.DateField(label=_("First day"), widget=DateInput())
    ends_on = forms.DateField(label=_("Last day"), widget=DateInput())
    variants = forms.MultipleChoiceField(
        label=_("Games"),
        required=False,
        choices=[(v, game_label(v)) for v in VARIANTS],
        widget=forms.CheckboxSelectMultiple,
        help_text=_("Tick none for every game the club plays."),
    )
    marked_only = forms.TypedChoiceField(
        label=_("Sessions that count"),
        choices=[
            ("all", _("Every session of the club in these dates")),
            ("marked", _("Only the sessions an organiser marks for this league")),
        ],
        coerce=lambda value: value == "marked",
        initial="all",
        widget=forms.RadioSelect,
    )
    basis = forms.ChoiceField(
        label=_("Rank the table by"),
        choices=Basis.choices,
        initial=Basis.POINTS,
        widget=forms.RadioSelect,
    )
    placing_points = WholeNumbersField(
        label=_("Points for each place"),
        max_value=bounds.PLACING_POINTS,
        required=False,
        error_messages={"invalid": _("Write whole numbers separated by commas, like 5, 3, 2, 1.")},
        help_text=_("For ranking by placing: 1st, 2nd, 3rd ... like 5, 3, 2, 1."),
        widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
    )
    # Translators: the first tie-breaker, "First by: Sessions won", then "then by: Average".
    tie_breaker_1 = forms.ChoiceField(label=_("First by"), choices=BREAKER_CHOICES, required=False)
    tie_breaker_2 = forms.ChoiceField(label=_("then by"), choices=BREAKER_CHOICES, required=False)
    tie_breaker_3 = forms.ChoiceField(label=_("then by"), choices=BREAKER_CHOICES, required=False)
    tie_breaker_4 = forms.ChoiceField(label=_("then by"), choices=BREAKER_CHOICES, required=False)
    min_sessions = WholeNumberField(
        label=_("Sessions to be ranked"),
        min_value=0,
        max_value=bounds.MIN_SESSIONS,
        initial=0,
        help_text=_(
            "Players with fewer sessions are listed under the table until they have enough."
        ),
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )

    @classmethod
    def blank(cls) -> LeagueForm:
        today = date.today()
        initial: dict[str, Any] = {"starts_on": today, "ends_on": today + timedelta(days=90)}
        initial.update(zip(BREAKER_FIELDS, DEFAULT_BREAKERS, strict=False))
        return cls(initial=initial)

    @classmethod
    def for_league(cls, league: League) -> LeagueForm:
        initial: dict[str, Any] = {
            "name": league.name,
            "starts_on": league.starts_on,
            "ends_on": league.ends_on,
            "variants": league.variants,
            "marked_only": "marked" if league.marked_only else "all",
            "basis": league.basis,
            "placing_points": ", ".join(str(p) for p in league.placing_points),
            "min_sessions": league.min_sessions,
        }
        initial.update(zip(BREAKER_FIELDS, league.tie_breakers, strict=False))
        return cls(initial=initial)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        assert data is not None  # forms.Form.clean returns cleaned_data
        # The points per place belong to the placing basis only; kept for any other basis
        # they would sit unseen in the league and surprise whoever switches to placing.
        if data.get("basis") != Basis.PLACING:
            data["placing_points"] = []
        return data

    def league_fields(self) -> dict[str, Any]:
        """The cleaned values as `create_league` / `update_league` take them."""
        data = self.cleaned_data
        return {
            "name": data["name"],
            "starts_on": data["starts_on"],
            "ends_on": data["ends_on"],
            "variants": data["variants"],
            "marked_only": data["marked_only"],
            "basis": data["basis"],
            "placing_points": data["placing_points"],
            "tie_breakers": [data[f] for f in BREAKER_FIELDS if data.get(f)],
            "min_sessions": data["min_sessions"],
        }

    @property
    def breaker_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in BREAKER_FIELDS]

    def add_service_error(self, field: str | None, message: str) -> None:
        """The service names `tie_breakers`; here that is the first of the four selects."""
        if field == "tie_breakers":
            field = BREAKER_FIELDS[0]
        self.add_error(field if field in self.fields else None, message)


class MarkForm(forms.Form):
    """Count one session for a league of marked sessions, or stop counting it."""

    session = forms.IntegerField(min_value=1, max_value=bounds.ID)
    counts = forms.TypedChoiceField(choices=[("1", "yes"), ("0", "no")], coerce=lambda v: v == "1")
