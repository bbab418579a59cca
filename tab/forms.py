"""The record-a-payment form: it reads what was typed; tab.services decides.

It carries a hidden `client_key`, made when the form is drawn and kept when it comes back
with a mistake: a double tap or a resubmit sends the same key, and the payment is stored
once (docs/scoring.md, "Money owed").
"""

from __future__ import annotations

import datetime
import uuid
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Player
from common import bounds
from common.bounds import WholeNumberField

CHOOSE_PLAYER = {
    "required": _("Choose a player."),
    "invalid_choice": _("Choose a player of this club."),
}


class PaymentForm(forms.Form):
    payer = forms.ModelChoiceField(
        queryset=Player.objects.none(),
        label=_("Who paid"),
        empty_label=_("Choose…"),
        error_messages=CHOOSE_PLAYER,
    )
    payee = forms.ModelChoiceField(
        queryset=Player.objects.none(),
        label=_("Who received it"),
        empty_label=_("Choose…"),
        error_messages=CHOOSE_PLAYER,
    )
    amount = WholeNumberField(
        label=_("Amount"),
        max_value=bounds.MONEY,
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "min": "1", "step": "1"}),
        error_messages={
            "required": _("Enter the amount paid."),
            "invalid": _("Enter the amount as a whole number, like 120."),
        },
    )
    paid_on = forms.DateField(
        label=_("Paid on"),
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
        error_messages={
            "required": _("Enter the day it was paid."),
            "invalid": _("Enter the day as a date, like 2026-03-14."),
        },
    )
    note = forms.CharField(
        label=_("Note"),
        required=False,
        max_length=200,
        # Translators: examples of a payment's note; UPI is India's phone payment system.
        help_text=_("Optional: cash, UPI, for last Friday's game…"),
        error_messages={"max_length": _("Keep the note to 200 characters.")},
    )
    client_key = forms.CharField(required=False, widget=forms.HiddenInput)

    def __init__(
        self,
        data: Any = None,
        *,
        club: Club,
        today: datetime.date,
        payer: Player | None = None,
    ) -> None:
        initial = {
            "paid_on": today,
            "payer": payer.pk if payer else None,
            "client_key": uuid.uuid4(),
        }
        super().__init__(data, initial=initial)
        for name in ("payer", "payee"):
            field = self.fields[name]
            assert isinstance(field, forms.ModelChoiceField)
            field.queryset = Player.objects.filter(club=club).order_by("name")
        self.fields["paid_on"].widget.attrs["max"] = today.isoformat()

    def clean_client_key(self) -> uuid.UUID | None:
        """The key the page made; None for a page drawn without one (the view makes one)."""
        try:
            return uuid.UUID(self.cleaned_data["client_key"])
        except ValueError:
            return None
