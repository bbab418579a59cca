"""Players joining the table on their own phones.

A table shows a short code (and its QR code) for the session. A player who opens it says
which seat is theirs: a member whose player sits there is simply signed in; anyone else gets
a `SeatLink`, an address valid for that seat of that session only, which the scorer can
free (then it opens nothing, and the seat can be joined again).
"""

from __future__ import annotations

import secrets
import uuid

from django.contrib.auth.models import User
from django.core import signing
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from common.errors import UserError
from common.join_codes import code_of
from scoring.models import GameSession, Seat, SeatLink
from scoring.services.sessions import lock_session

SALT = "rummy-club.seat-link"


def join_code_of(session: GameSession) -> str:
    """The session's join code, made the first time it is asked for."""
    return code_of(session, "join_code")


def signed(link: SeatLink) -> str:
    """The link's address part: its token, signed so a typed-in one is refused at once."""
    return signing.Signer(salt=SALT).sign(link.token)


def link_of(value: str) -> SeatLink | None:
    """The live link an address names, with its session and club; None for a forged,
    freed or unknown one."""
    try:
        token = signing.Signer(salt=SALT).unsign(value)
    except signing.BadSignature:
        return None
    return (
        SeatLink.objects.filter(token=token, revoked_at=None)
        .select_related("session__club")
        .first()
    )


@transaction.atomic
def join_seat(*, session_id: int, position: int, client_key: uuid.UUID | None = None) -> SeatLink:
    """A phone joins seat `position`; refused while another phone holds it. The same
    `client_key` again answers the link it made (`replayed`), while it is live."""
    session = lock_session(session_id)
    if client_key is not None:
        made = SeatLink.objects.filter(client_key=client_key, session=session).first()
        if made is not None and made.revoked_at is None and made.position == position:
            made.replayed = True
            return made
    seat = Seat.objects.filter(session=session, position=position, seated=True).first()
    if seat is None:
        raise UserError(_("Choose a seat at this table."), field="position")
    if SeatLink.objects.filter(session=session, position=position, revoked_at=None).exists():
        raise UserError(
            _(
                "A phone has joined this seat already. If it is yours, open it on that phone; "
                "if not, ask the scorer to free the seat."
            ),
            field="position",
        )
    return SeatLink.objects.create(
        session=session,
        position=position,
        token=secrets.token_urlsafe(24),
        # A key already used (on another table, or for a freed link) makes no clash.
        client_key=None
        if client_key is None or SeatLink.objects.filter(client_key=client_key).exists()
        else client_key,
    )


@transaction.atomic
def free_seat(*, session_id: int, position: int, user: User) -> bool:
    """The scorer frees a seat: the phone that joined it sees the table no more. Whether
    there was one (freeing twice is the same as once)."""
    lock_session(session_id)
    freed = SeatLink.objects.filter(session_id=session_id, position=position, revoked_at=None)
    return bool(freed.update(revoked_at=timezone.now(), revoked_by=user))
