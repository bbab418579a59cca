"""Pool evenings for the pot's tests: one played to its end, one stopped to split the pot."""

from __future__ import annotations

from collections.abc import Mapping

from clubs.models import Club
from scoring.models import GameSession
from scoring.services import pots, seats
from scoring.services.sessions import PoolSetup
from tests.factories import make_club, make_session, owner_of, record, typed_entry

ASHA, BALA, CHITRA, DEV = 0, 1, 2, 3
FOUR = ("Asha", "Bala", "Chitra", "Dev")


def four_player_pool(club: Club | None = None, *, stake: int = 0) -> GameSession:
    """Pool 101, entry fee 50, one rejoin each, Asha to Dev seated."""
    return make_session(
        club or make_club("Pool Club"),
        names=FOUR,
        stake=stake,
        format="pool",
        pool=PoolSetup(limit=101, rejoins=1, entry_fee=50),
    )


def rejoin(session: GameSession, position: int) -> None:
    session.refresh_from_db()
    seats.rejoin_pool(
        session_id=session.pk,
        position=position,
        revision=session.revision,
        user=owner_of(session.club),
    )


def asha_takes_the_pot(session: GameSession) -> GameSession:
    """Bala out in hand 2, back at 31 (the pot is then 250), out again in hand 3 with Dev;
    Chitra out in hand 4: Asha is the last player in."""
    record(session, typed_entry(ASHA, {BALA: 60, CHITRA: 20, DEV: 20}))
    record(session, typed_entry(ASHA, {BALA: 45, CHITRA: 10, DEV: 10}))
    rejoin(session, BALA)
    record(session, typed_entry(CHITRA, {ASHA: 10, BALA: 80, DEV: 80}))
    record(session, typed_entry(ASHA, {CHITRA: 80}))
    session.refresh_from_db()
    return session


def all_four_still_in(session: GameSession) -> GameSession:
    """Bala out in hand 1 and back at 21: the pot is 250 and all four are in."""
    record(session, typed_entry(ASHA, {BALA: 110, CHITRA: 20, DEV: 10}))
    rejoin(session, BALA)
    session.refresh_from_db()
    return session


def split(session: GameSession, kind: str, amounts: Mapping[int, int] | None = None) -> GameSession:
    session.refresh_from_db()
    return pots.split_pot(
        session_id=session.pk, revision=session.revision, kind=kind, amounts=amounts
    )
