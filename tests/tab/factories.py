"""Sessions played for money and payments, made through the app's own services."""

from __future__ import annotations

import datetime
import uuid
from collections.abc import Sequence

from django.contrib.auth.models import User

from clubs.models import Club, Player
from scoring.models import GameSession
from scoring.services.sessions import finish_session
from tab import services
from tab.models import Payment
from tests.factories import make_session, owner_of, record, typed_entry


def finish(session: GameSession) -> GameSession:
    session.refresh_from_db()
    return finish_session(session_id=session.pk, revision=session.revision)


def money_session(
    club: Club,
    *,
    stake: int,
    hands: Sequence[tuple[int, dict[int, int]]],
    names: Sequence[str] = ("Asha", "Bala", "Chitra"),
    finished: bool = True,
) -> GameSession:
    """A session at `stake` per point with each (winner, {loser: points}) hand recorded."""
    session = make_session(club, names=names, stake=stake)
    for winner, penalties in hands:
        record(session, typed_entry(winner, penalties))
    return finish(session) if finished else session


def player(club: Club, name: str) -> Player:
    return club.players.get(name__iexact=name)


def pay(
    club: Club,
    payer: str,
    payee: str,
    amount: int,
    *,
    by: User | None = None,
    paid_on: datetime.date | None = None,
    note: str = "",
    client_key: uuid.UUID | None = None,
) -> Payment:
    return services.record_payment(
        club=club,
        by=by or owner_of(club),
        payer_id=player(club, payer).pk,
        payee_id=player(club, payee).pk,
        amount=amount,
        paid_on=paid_on or services.club_today(club),
        note=note,
        client_key=client_key or uuid.uuid4(),
    )


def played_as(club: Club, name: str, username: str, role: str = "member") -> User:
    """A member whose account is linked to the player `name` (a guest until now)."""
    from clubs.services import link_guest
    from tests.factories import member

    user = member(club, username, role)
    link_guest(club=club, guest_id=player(club, name).pk, user=user)
    return user
