"""Starting and ending a session at the table."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from clubs.errors import UserError
from clubs.models import Club, Player
from clubs.services import check_variant_options
from scoring import rotation
from scoring.errors import StaleSession
from scoring.models import Ending, GameSession, Seat, SessionStatus
from scoring.rules.variants import GAME_NAMES, PLAYER_RANGES
from scoring.selectors import session_board
from scoring.signals import session_changed

# `first_dealer` value that asks for a draw, as the rule texts describe it.
DRAW = "draw"


@transaction.atomic
def start_session(
    *,
    club: Club,
    variant: str,
    options: dict[str, Any],
    player_ids: Sequence[int],
    first_dealer: int | str,
    ending: str,
    ending_target: int | None,
    stake_per_point: int,
    user: User,
    rng: random.Random | None = None,
) -> tuple[GameSession, rotation.DealerDraw | None]:
    """Seat the players (in clockwise order) and choose or draw the first dealer."""
    check_variant_options(variant, options)
    low, high = PLAYER_RANGES[variant]
    if len(player_ids) != len(set(player_ids)):
        raise UserError("A player can sit in only one seat.", field="players")
    if not low <= len(player_ids) <= high:
        raise UserError(
            f"{GAME_NAMES[variant]} is played by {low} to {high} players; "
            f"{len(player_ids)} are seated.",
            field="players",
        )
    players = {p.pk: p for p in Player.objects.filter(club=club, pk__in=player_ids)}
    if len(players) != len(player_ids):
        raise UserError("Every player must be one of the club's players.", field="players")
    ending_target = _check_ending(variant, ending, ending_target)
    if stake_per_point < 0:
        raise UserError("The stake per point cannot be below zero.", field="stake_per_point")

    draw = None
    if first_dealer == DRAW:
        draw = rotation.draw_for_dealer(
            variant=variant, seats=len(player_ids), rng=rng or random.SystemRandom()
        )
        dealer = draw.dealer
    elif isinstance(first_dealer, int) and 0 <= first_dealer < len(player_ids):
        dealer = first_dealer
    else:
        raise UserError("Choose the first dealer from the seated players.", field="first_dealer")

    session = GameSession.objects.create(
        club=club,
        variant=variant,
        options=options,
        ending=ending,
        ending_target=ending_target,
        first_dealer=dealer,
        stake_per_point=stake_per_point,
        created_by=user,
    )
    Seat.objects.bulk_create(
        Seat(session=session, player=players[pid], position=pos)
        for pos, pid in enumerate(player_ids)
    )
    return session, draw


def _check_ending(variant: str, ending: str, target: int | None) -> int | None:
    if ending == Ending.OPEN:
        return None
    if ending not in Ending.values:
        raise UserError("Choose how the session ends.", field="ending")
    if ending == Ending.POINTS and variant != "vazhushal":
        raise UserError(
            "A target of game points is how Vazhushal ends; for this game choose a number "
            "of deals or hands.",
            field="ending",
        )
    limits: dict[str, int] = {Ending.DEALS: 20, Ending.HANDS: 500, Ending.POINTS: 100}
    if target is None or not 1 <= target <= limits[ending]:
        raise UserError(
            f"Give a number from 1 to {limits[ending]} for when the session ends.",
            field="ending_target",
        )
    return target


def target_reached(session: GameSession, *, hands_dealt: int, totals: dict[int, int]) -> bool:
    """Whether the session's own ending has come (the scorer can always end it earlier)."""
    target = session.ending_target
    if target is None:
        # Open-ended: `_check_ending` gives every other ending a target.
        return False
    if session.ending == Ending.DEALS:
        return hands_dealt >= target * len(totals)
    if session.ending == Ending.HANDS:
        return hands_dealt >= target
    if session.ending == Ending.POINTS:
        return any(points >= target for points in totals.values())
    return False


def lock_session(session_id: int) -> GameSession:
    """The session, its row locked until the transaction ends, with its club.

    Only the session's row is locked (`of`): locking the club joined to it made every
    insert that references the club (another session's hand, a pending update) wait on
    it, and scorers of one club deadlocked each other. The lock is FOR NO KEY UPDATE, the
    one an UPDATE of the row takes anyway, so rows that merely reference the session
    (a standings update's results) are written meanwhile without waiting.
    """
    return (
        GameSession.objects.select_for_update(of=("self",), no_key=True)
        .select_related("club")
        .get(pk=session_id)
    )


def save_change(session: GameSession) -> None:
    """After any change to the hands: finish or reopen the session, and bump its revision."""
    board = session_board(session)
    apply_ending(session, hands_dealt=board.hands_dealt, totals=board.totals)
    session.revision += 1
    session.save(update_fields=["revision", "status", "finished_at", "ended_early"])
    session_changed.send(sender=GameSession, session=session)


def apply_ending(session: GameSession, *, hands_dealt: int, totals: dict[int, int]) -> None:
    """Finish or reopen the session by its target; the caller saves it."""
    done = session.ended_early or target_reached(session, hands_dealt=hands_dealt, totals=totals)
    if done and session.status == SessionStatus.ACTIVE:
        session.status = SessionStatus.FINISHED
        session.finished_at = timezone.now()
    elif not done and session.status == SessionStatus.FINISHED:
        # A correction took the session back below its target: play goes on.
        session.status = SessionStatus.ACTIVE
        session.finished_at = None


@transaction.atomic
def finish_session(*, session_id: int, revision: int) -> GameSession:
    """End the session now, before its target; ending it twice is the same as once."""
    session = lock_session(session_id)
    if not session.is_active:
        return session
    if session.revision != revision:
        raise StaleSession(
            "Someone else changed this session a moment ago; check the latest hand, then "
            "end the session again."
        )
    session.ended_early = True
    save_change(session)
    return session
