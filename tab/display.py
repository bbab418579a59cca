"""What the tab's page and CSV show, made from the selectors' answer (no queries)."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.utils.translation import gettext as _

from clubs.roles import Role, at_least
from clubs.services import display_name
from common.numbers import signed
from tab.models import Payment


def who(user: AbstractBaseUser | None) -> str:
    # Translators: who recorded or removed a payment, when that account no longer exists.
    return display_name(user) if user is not None else _("a removed account")


def money(amount: int) -> str:
    """+120 when owed, a minus sign and 40 when owing, 0 when square."""
    return signed(amount)


@dataclass(frozen=True)
class PaymentRow:
    payment: Payment
    recorded_by: str
    removed_by: str
    can_remove: bool


def may_remove(payment: Payment, *, role: str | None, user_id: int | None) -> bool:
    """The same rule as tab.services.may_change, from what the page already read: shows the
    Remove button only to those the service will let through."""
    if role is None:
        return False
    return at_least(role, Role.ORGANISER) or user_id in (
        payment.payer.user_id,
        payment.payee.user_id,
    )


def payment_rows(
    payments: tuple[Payment, ...], *, role: str | None, user_id: int | None
) -> list[PaymentRow]:
    return [
        PaymentRow(
            payment=payment,
            recorded_by=who(payment.created_by),
            removed_by=who(payment.removed_by) if payment.is_removed else "",
            can_remove=not payment.is_removed and may_remove(payment, role=role, user_id=user_id),
        )
        for payment in payments
    ]
