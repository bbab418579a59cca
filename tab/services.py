"""Recording and removing payments on a club's tab: one transaction each, keyword-only.

Who may: the club's organisers (and owner), and the two players concerned, that is a
member whose account is linked to the payer or the payee. Everyone else is refused with a
sentence, and so is a payment that cannot have happened (nothing paid, paid to oneself, a
player of another club, a date still to come in the club's time zone).
"""

from __future__ import annotations

import datetime
import zoneinfo

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.errors import UserError
from clubs.models import Club, Membership, Player
from clubs.roles import Role, at_least
from tab.errors import AlreadyRemoved, NotAllowed
from tab.models import Payment, PaymentChange

NOTE_LENGTH = 200


def club_today(club: Club) -> datetime.date:
    """Today's date where the club plays: a payment made tonight in Kolkata is not
    "tomorrow" because the server keeps UTC."""
    try:
        zone = zoneinfo.ZoneInfo(club.timezone)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        zone = zoneinfo.ZoneInfo("UTC")
    return timezone.localdate(timezone=zone)


def may_change(*, club: Club, user: User, payer: Player, payee: Player) -> bool:
    """Whether `user` may record or remove a payment between these two players."""
    role = Membership.objects.filter(club=club, user=user).values_list("role", flat=True).first()
    if role is None:
        return False
    if at_least(role, Role.ORGANISER):
        return True
    return user.pk in (payer.user_id, payee.user_id)


def _player(club: Club, player_id: int, field: str) -> Player:
    player = Player.objects.filter(club=club, pk=player_id).first()
    if player is None:
        raise UserError(_("Choose a player of this club."), field=field)
    return player


@transaction.atomic
def record_payment(
    *,
    club: Club,
    by: User,
    payer_id: int,
    payee_id: int,
    amount: int,
    paid_on: datetime.date,
    note: str = "",
) -> Payment:
    """Record "Dev paid Asha 120 on Friday", with the first line of its history."""
    payer = _player(club, payer_id, "payer")
    payee = _player(club, payee_id, "payee")
    if payer.pk == payee.pk:
        raise UserError(
            _("%(payer)s cannot pay themselves; choose who received the money.")
            % {"payer": payer.name},
            field="payee",
        )
    if not may_change(club=club, user=by, payer=payer, payee=payee):
        raise NotAllowed(
            _(
                "Only an organiser, %(payer)s or %(payee)s may record a payment between "
                "%(payer)s and %(payee)s."
            )
            % {"payer": payer.name, "payee": payee.name}
        )
    if amount <= 0:
        raise UserError(_("Enter the amount paid, a whole number above 0."), field="amount")
    if paid_on > club_today(club):
        raise UserError(
            _("That date has not come yet; enter the day the money was paid."), field="paid_on"
        )
    note = note.strip()
    if len(note) > NOTE_LENGTH:
        raise UserError(
            _("Keep the note to %(count)s characters.") % {"count": NOTE_LENGTH}, field="note"
        )
    payment = Payment.objects.create(
        club=club,
        payer=payer,
        payee=payee,
        amount=amount,
        paid_on=paid_on,
        note=note,
        created_by=by,
    )
    PaymentChange.objects.create(
        payment=payment, action=PaymentChange.Action.RECORDED, by=by, at=payment.created_at
    )
    return payment


@transaction.atomic
def remove_payment(*, club: Club, by: User, payment_id: int) -> Payment:
    """Take a payment off the tab (a mistake, a payment that never happened). The row stays,
    marked removed, with its history; the balances no longer count it."""
    payment = (
        Payment.objects.select_for_update()
        .select_related("payer", "payee")
        .filter(club=club, pk=payment_id)
        .first()
    )
    if payment is None:
        raise UserError(_("This club has no such payment; it may have been recorded elsewhere."))
    if not may_change(club=club, user=by, payer=payment.payer, payee=payment.payee):
        raise NotAllowed(
            _("Only an organiser, %(payer)s or %(payee)s may remove this payment.")
            % {"payer": payment.payer.name, "payee": payment.payee.name}
        )
    if payment.is_removed:
        raise AlreadyRemoved(_("This payment was already removed; the tab no longer counts it."))
    payment.removed_by = by
    payment.removed_at = timezone.now()
    payment.save(update_fields=["removed_by", "removed_at"])
    PaymentChange.objects.create(
        payment=payment, action=PaymentChange.Action.REMOVED, by=by, at=payment.removed_at
    )
    return payment
