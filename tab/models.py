"""Payments between a club's players, and every change to them.

A payment is never deleted: removing one marks it removed (by whom, when), and each
recording or removal also writes a `PaymentChange` row, so the history of the tab can be
read back whatever happened to it. Balances are derived, never stored (tab/selectors.py).
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Player


class Payment(models.Model):
    """Money one player handed another to settle what the tab says they owe.

    One money balance per player whatever the stakes (docs/scoring.md, "Money owed"), so a
    payment names no stake: money is money.
    """

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="payments")
    payer = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="payments_made")
    payee = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="payments_received")
    amount = models.PositiveIntegerField()  # whole money units, like the stake per point
    paid_on = models.DateField()  # the club's date it was paid, as the players say it
    note = models.CharField(max_length=200, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)
    removed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    removed_at = models.DateTimeField(null=True, blank=True)
    # The key the form or the API client made for this payment: the same key again is the
    # same payment, stored once. Unique over every club, as a hand's key is: a key names one
    # change wherever it is sent, so one seen in another club is the client's mistake.
    client_key = models.UUIDField(unique=True, default=uuid.uuid4, editable=False)

    # Not stored: set on a payment the service returns for a key it had stored before, so
    # the door answers "already stored" (200, not 201).
    replayed = False

    class Meta:
        ordering = ["-paid_on", "-created_at", "-pk"]
        indexes = [
            models.Index(fields=["club", "removed_at"], name="payment_club_kept"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(amount__gt=0), name="payment_amount_positive"
            ),
            models.CheckConstraint(
                condition=~models.Q(payer=models.F("payee")), name="payment_to_someone_else"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.payer} paid {self.payee} {self.amount} on {self.paid_on}"

    @property
    def is_removed(self) -> bool:
        return self.removed_at is not None


class PaymentChange(models.Model):
    """One line of a payment's history: recorded or removed, by whom and when."""

    class Action(models.TextChoices):
        # Translators: what happened to a payment on the tab.
        RECORDED = "recorded", _("Recorded")
        # Translators: what happened to a payment on the tab.
        REMOVED = "removed", _("Removed")

    payment = models.ForeignKey(Payment, on_delete=models.CASCADE, related_name="changes")
    action = models.CharField(max_length=8, choices=Action.choices)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["payment", "at", "pk"]

    def __str__(self) -> str:
        return f"{self.payment_id} {self.action} at {self.at}"
