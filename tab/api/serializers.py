"""The tab's API bodies: balances, who owes whom, payments and their history."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from clubs.api.serializers import link
from clubs.services import display_name
from common import bounds
from common.bounds import WholeNumber
from tab.models import Payment, PaymentChange


def _who(user: AbstractBaseUser | None) -> str:
    # Translators: who recorded or removed a payment, when that account no longer exists.
    return display_name(user) if user is not None else _("A removed account")


class TabPlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class StakeLineSerializer(serializers.Serializer):
    stake = serializers.IntegerField(help_text="Money per point.")
    sessions = serializers.IntegerField(help_text="Finished sessions played at this stake.")
    net = serializers.IntegerField(help_text="Money won (+) or lost (-) in them.")


class BalanceSerializer(serializers.Serializer):
    player = TabPlayerSerializer()
    balance = serializers.IntegerField(help_text="Owed (+) or owing (-) now.")
    from_sessions = serializers.IntegerField(
        help_text="Money won (+) or lost (-) over every finished session with a stake."
    )
    paid = serializers.IntegerField(help_text="Payments this player made.")
    received = serializers.IntegerField(help_text="Payments this player received.")
    by_stake = StakeLineSerializer(many=True)


class OwedSerializer(serializers.Serializer):
    payer = TabPlayerSerializer()
    payee = TabPlayerSerializer()
    amount = serializers.IntegerField()


class TabSerializer(serializers.Serializer):
    sessions_counted = serializers.IntegerField(
        help_text="Finished sessions with a stake per point above 0."
    )
    sessions_in_play = serializers.IntegerField(
        help_text="Sessions with a stake still in play: counted once finished."
    )
    stakes = serializers.ListField(
        child=serializers.IntegerField(), help_text="Every stake of the counted sessions."
    )
    balances = BalanceSerializer(many=True, help_text="Owed most first, owing most last.")
    owed = OwedSerializer(
        many=True, help_text="Who pays whom to square everyone, in the fewest payments."
    )
    payments_url = serializers.SerializerMethodField()
    web_url = serializers.SerializerMethodField(help_text="The tab's page in the app.")

    def get_payments_url(self, tab: Any) -> str:
        return link(self, "api-tab-payments", slug=self.context["club"].slug)

    def get_web_url(self, tab: Any) -> str:
        return link(self, "club-tab", slug=self.context["club"].slug)


class PaymentSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    url = serializers.SerializerMethodField()
    payer = TabPlayerSerializer()
    payee = TabPlayerSerializer()
    amount = serializers.IntegerField()
    paid_on = serializers.DateField()
    note = serializers.CharField()
    created_by = serializers.SerializerMethodField()
    created_at = serializers.DateTimeField()
    removed = serializers.SerializerMethodField(
        help_text="True once removed: the tab no longer counts it."
    )
    removed_by = serializers.SerializerMethodField()
    removed_at = serializers.DateTimeField(allow_null=True)
    client_key = serializers.UUIDField(help_text="The idempotency key it was stored with.")

    def get_url(self, payment: Payment) -> str:
        return link(self, "api-tab-payment", slug=self.context["club"].slug, payment_id=payment.pk)

    def get_created_by(self, payment: Payment) -> str:
        return _who(payment.created_by)

    def get_removed(self, payment: Payment) -> bool:
        return payment.is_removed

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_removed_by(self, payment: Payment) -> str | None:
        return _who(payment.removed_by) if payment.is_removed else None


class PaymentChangeSerializer(serializers.Serializer):
    action = serializers.ChoiceField(choices=PaymentChange.Action.choices)
    by = serializers.SerializerMethodField()
    at = serializers.DateTimeField()

    def get_by(self, change: PaymentChange) -> str:
        return _who(change.by)


class PaymentDetailSerializer(PaymentSerializer):
    history = serializers.SerializerMethodField(help_text="Every change, oldest first.")

    @extend_schema_field(PaymentChangeSerializer(many=True))
    def get_history(self, payment: Payment) -> list[dict[str, Any]]:
        changes = self.context["history"]
        return list(PaymentChangeSerializer(changes, many=True, context=self.context).data)


class PaymentBodySerializer(serializers.Serializer):
    payer_id = WholeNumber(max_value=bounds.ID, help_text="The player who paid.")
    payee_id = WholeNumber(max_value=bounds.ID, help_text="The player who received the money.")
    amount = WholeNumber(max_value=bounds.MONEY, help_text="Whole money units, above 0.")
    paid_on = serializers.DateField(
        required=False, help_text="The day it was paid; today in the club's time zone if left out."
    )
    note = serializers.CharField(required=False, allow_blank=True, default="", max_length=200)
    client_key = serializers.UUIDField(
        required=False,
        help_text="The payment's idempotency key (or send the Idempotency-Key header).",
    )
