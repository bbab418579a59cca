"""Recording and removing payments on a club's tab: one transaction each, keyword-only.

Who may: the club's organisers (and owner), and the two players concerned, that is a
member whose account is linked to the payer or the payee. Everyone else is refused with a
sentence, and so is a payment that cannot have happened (nothing paid, paid to oneself, a
player of another club, a date still to come in the club's time zone).

A payment carries the key its form or API client made: the same key again is the same
payment, stored once and answered with the stored one, even when the two arrive at the same
moment (the key's unique index decides, see `record_payment`).
"""

from __future__ import annotations

import datetime
import uuid
import zoneinfo

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.models import Club, Membership, Player
from clubs.roles import Role, at_least
from common.errors import UserError
from tab.errors import AlreadyRemoved, KeyReused, NotAllowed
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
    client_key: uuid.UUID,
    note: str = "",
) -> Payment:
    """Record "Dev paid Asha 120 on Friday", with the first line of its history.

    A `client_key` already stored returns that payment, marked `replayed`, and stores
    nothing; the same key for a different payment is refused (`KeyReused`)."""
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
    # get_or_create inserts in a savepoint: of two posts racing with one key, the second
    # waits on the unique index, fails, and reads the first one's payment instead.
    payment, created = Payment.objects.get_or_create(
        client_key=client_key,
        defaults={
            "club": club,
            "payer": payer,
            "payee": payee,
            "amount": amount,
            "paid_on": paid_on,
            "note": note,
            "created_by": by,
        },
    )
    if not created:
        asked = (club.pk, payer.pk, payee.pk, amount, paid_on, note)
        return _replay(payment, asked)
    PaymentChange.objects.create(
        payment=payment, action=PaymentChange.Action.RECORDED, by=by, at=payment.created_at
    )
    return payment


def _replay(payment: Payment, asked: tuple[object, ...]) -> Payment:
    """The payment stored with this key before, if it is the payment asked for again."""
    stored = (
        payment.club_id,
        payment.payer_id,
        payment.payee_id,
        payment.amount,
        payment.paid_on,
        payment.note,
    )
    if stored != asked:
        # Said above the page's form (its key is hidden); the API words it for a client.
        raise KeyReused(_("This form was already used for another payment; reload the page."))
    payment.replayed = True
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
