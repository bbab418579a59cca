"""Stopping a pool before one player is left: the players still in split the pot.

The split is part of finishing: one transaction records it on the session and ends the
session, so every reader (the summary, the sheet, the CSV, the API, the tab) derives the
same money from it. A pool that runs to its end needs none of this: the last player in
takes the pot.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.db import transaction
from django.utils.translation import gettext as _

from common.errors import UserError
from scoring import formats, rotation
from scoring.errors import StaleSession
from scoring.models import Format, GameSession, PotSplit
from scoring.selectors import Board, pool_rules, session_board
from scoring.services.sessions import lock_session, refuse_if_disputed, save_change


def plan_split(
    board: Board, *, kind: str, amounts: Mapping[int, int] | None = None
) -> dict[int, int]:
    """Each player still in and their share of the pot, or a `UserError` saying what to fix.
    Reads only: the split page shows the plan before the scorer confirms it."""
    pool = board.pool
    if pool is None:
        raise UserError(_("Only a pool has a pot to split."))
    in_play = _from_dealers_left(board)
    if len(in_play) < 2:
        raise UserError(_("A pot is split only among two or more players still in."))
    total = pool.pot(pool_rules(board.session))
    if kind == PotSplit.EQUAL:
        return formats.equal_shares(total, in_play)
    if kind != PotSplit.AMOUNTS:
        raise UserError(_("Choose equal shares or type the amounts."), field="split")
    shares = dict.fromkeys(in_play, 0) | dict(amounts or {})
    problem = formats.check_shares(total, in_play, shares)
    if problem is not None:
        raise UserError(problem, field="shares")
    return shares


def _from_dealers_left(board: Board) -> list[int]:
    """The players still in, in the order they would play the next hand: from the one who
    plays first (the dealer's left, or in Indian Rummy the dealer's right) round to the
    dealer. A share that does not divide evenly goes one each to the first of them."""
    playing = board.playing_seats
    if not playing:
        return []
    by_place = {seat.place: seat.position for seat in playing}
    places = list(by_place)
    dealer = board.next_dealer
    place = next(seat.place for seat in board.seats if seat.position == dealer)
    order = []
    for _turn in playing:
        place = rotation.next_in_turn(board.session.variant, places, place)
        order.append(by_place[place])
    return order


@transaction.atomic
def split_pot(
    *, session_id: int, revision: int, kind: str, amounts: Mapping[int, int] | None = None
) -> GameSession:
    """End a pool now, its pot split among the players still in: equal shares, or the
    amounts typed (whole, 0 or more, adding up to the pot).

    A repeat of the same split (a double tap) returns the ended session unchanged; any other
    split of an ended session, or of a session that is not a pool, is refused."""
    session = lock_session(session_id)
    if session.format != Format.POOL:
        raise UserError(_("Only a pool has a pot to split."))
    if not session.is_active:
        if session.pot_split and session.pot_split == kind and _same(session, amounts):
            return session
        raise UserError(_("This pool has ended; its pot is already settled."))
    if session.revision != revision:
        raise StaleSession(
            _(
                "Someone else changed this session a moment ago; check the latest hand, then "
                "split the pot again."
            )
        )
    refuse_if_disputed(session)
    shares = plan_split(session_board(session), kind=kind, amounts=amounts)
    session.pot_split = kind
    session.pot_shares = {str(pos): amount for pos, amount in sorted(shares.items())}
    session.ended_early = True
    session.save(update_fields=["pot_split", "pot_shares"])
    save_change(session)
    return session


def _same(session: GameSession, amounts: Mapping[int, int] | None) -> bool:
    if session.pot_split != PotSplit.AMOUNTS:
        return True
    stored = {int(pos): amount for pos, amount in session.pot_shares.items()}
    return {pos: amount for pos, amount in stored.items() if amount} == {
        pos: amount for pos, amount in (amounts or {}).items() if amount
    }
