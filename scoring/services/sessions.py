"""Starting and ending a session at the table."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from clubs.models import Club, Confirmation, Player
from clubs.services import check_variant_options
from common.errors import UserError
from common.join_codes import new_code
from common.rules_words import game_name
from scoring import formats, rotation
from scoring.errors import StaleSession
from scoring.hand_checks import disputed_count
from scoring.models import Ending, Format, GameSession, Seat, SessionStatus
from scoring.rules.variants import PLAYER_RANGES
from scoring.selectors import Board, keep_history, session_board, stamp_of
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
    format: str = Format.POINTS,
    pool: PoolSetup | None = None,
    chips: int | None = None,
    confirmation: str | None = None,
) -> tuple[GameSession, rotation.DealerDraw | None]:
    """Seat the players (in clockwise order) and choose or draw the first dealer.

    A pool ends when one player is left, so it takes no other ending; a deals session ends
    after its deals (`ending_target`, as a number of hands) with `chips` each to start."""
    check_variant_options(variant, options)
    format_fields = _check_format(club, variant, format, pool, chips, ending, ending_target)
    if format == Format.POOL:
        ending, ending_target = Ending.OPEN, None
    low, high = PLAYER_RANGES[variant]
    if len(player_ids) != len(set(player_ids)):
        raise UserError(_("A player can sit in only one seat."), field="players")
    if not low <= len(player_ids) <= high:
        raise UserError(
            _("%(game)s is played by %(low)s to %(high)s players; %(seated)s are seated.")
            % {"game": game_name(variant), "low": low, "high": high, "seated": len(player_ids)},
            field="players",
        )
    players = {p.pk: p for p in Player.objects.filter(club=club, pk__in=player_ids)}
    if len(players) != len(player_ids):
        raise UserError(_("Every player must be one of the club's players."), field="players")
    ending_target = _check_ending(variant, ending, ending_target)
    confirmation = club.confirmation if confirmation is None else confirmation
    if confirmation not in Confirmation.values:
        raise UserError(
            _("Choose who confirms each hand: no one, any other player or every player."),
            field="confirmation",
        )
    if stake_per_point < 0:
        raise UserError(_("The stake per point cannot be below zero."), field="stake_per_point")

    draw = None
    if first_dealer == DRAW:
        draw = rotation.draw_for_dealer(
            variant=variant, seats=len(player_ids), rng=rng or random.SystemRandom()
        )
        dealer = draw.dealer
    elif isinstance(first_dealer, int) and 0 <= first_dealer < len(player_ids):
        dealer = first_dealer
    else:
        raise UserError(_("Choose the first dealer from the seated players."), field="first_dealer")

    session = GameSession.objects.create(
        # Its join code comes with it, so the first look at the table writes nothing. A code
        # another session holds (31^6 of them) is left for `join_code_of` to draw again.
        join_code=None
        if GameSession.objects.filter(join_code=(code := new_code())).exists()
        else code,
        club=club,
        variant=variant,
        options=options,
        ending=ending,
        ending_target=ending_target,
        first_dealer=dealer,
        stake_per_point=stake_per_point,
        created_by=user,
        format=format,
        confirmation=confirmation,
        **format_fields,
    )
    Seat.objects.bulk_create(
        Seat(session=session, player=players[pid], position=pos, place=pos)
        for pos, pid in enumerate(player_ids)
    )
    return session, draw


@dataclass(frozen=True)
class PoolSetup:
    limit: int = formats.DEFAULT_POOL_LIMIT
    rejoins: int | None = None  # None: the club's (its rules page)
    rejoin_below: int | None = None  # None: the usual mark for the limit (79 for 101)
    entry_fee: int | None = None  # None: the club's


def _check_format(
    club: Club,
    variant: str,
    format: str,
    pool: PoolSetup | None,
    chips: int | None,
    ending: str,
    ending_target: int | None,
) -> dict[str, Any]:
    """The session's format fields, or the sentence saying what to fix."""
    if format not in Format.values:
        raise UserError(_("Choose points, pool or deals."), field="format")
    name = game_name(variant)
    if format == Format.POOL:
        if variant not in formats.POOL_GAMES:
            raise UserError(
                _("Pool is played in 13 and 21 card Indian Rummy, not in %(game)s.")
                % {"game": name},
                field="format",
            )
        pool = pool or PoolSetup()
        rejoins = club.pool_rejoins if pool.rejoins is None else pool.rejoins
        entry_fee = club.pool_entry_fee if pool.entry_fee is None else pool.entry_fee
        if not 20 <= pool.limit <= 1000:
            raise UserError(
                _("Give a pool limit from 20 to 1000 (101 or 201 is usual)."), field="pool_limit"
            )
        below = pool.rejoin_below or formats.default_rejoin_mark(pool.limit)
        if not 1 <= below < pool.limit:
            raise UserError(
                _("Rejoining must close below the pool's limit of %(limit)s.")
                % {"limit": pool.limit},
                field="pool_rejoin_below",
            )
        if not 0 <= rejoins <= 10:
            raise UserError(_("A player may rejoin from 0 to 10 times."), field="pool_rejoins")
        if entry_fee < 0:
            raise UserError(_("The entry fee cannot be below zero."), field="entry_fee")
        return {
            "pool_limit": pool.limit,
            "pool_rejoins": rejoins,
            "pool_rejoin_below": below,
            "entry_fee": entry_fee,
        }
    if format == Format.DEALS:
        if variant not in formats.DEALS_GAMES:
            raise UserError(
                _("%(game)s is played to its points target, not for chips over deals.")
                % {"game": name},
                field="format",
            )
        if ending != Ending.HANDS or ending_target is None:
            raise UserError(_("Give the number of deals to play."), field="ending_target")
        stack = formats.CHIPS_PER_DEAL * ending_target if chips is None else chips
        if not 1 <= stack <= 1_000_000:
            raise UserError(
                _("Give every player from 1 to 1,000,000 chips to start."), field="chips"
            )
        return {"chips": stack}
    return {}


def _check_ending(variant: str, ending: str, target: int | None) -> int | None:
    if ending == Ending.OPEN:
        return None
    if ending not in Ending.values:
        raise UserError(_("Choose how the session ends."), field="ending")
    if ending == Ending.POINTS and variant != "vazhushal":
        raise UserError(
            _(
                "A target of game points is how Vazhushal ends; for this game choose a number "
                "of deals or hands."
            ),
            field="ending",
        )
    limits: dict[str, int] = {Ending.DEALS: 20, Ending.HANDS: 500, Ending.POINTS: 100}
    if target is None or not 1 <= target <= limits[ending]:
        raise UserError(
            _("Give a number from 1 to %(most)s for when the session ends.")
            % {"most": limits[ending]},
            field="ending_target",
        )
    return target


def target_reached(board: Board) -> bool:
    """Whether the session's own ending has come (the scorer can always end it earlier):
    a pool ends when one player is left in it."""
    session = board.session
    if board.pool is not None:
        return board.pool.winner is not None
    hands_dealt, totals = board.hands_dealt, board.totals
    target = session.ending_target
    if target is None:
        # Open-ended: `_check_ending` gives every other ending a target.
        return False
    if session.ending == Ending.DEALS:
        # Each player at the table deals `target` times.
        return hands_dealt >= target * max(len(board.playing), 1)
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


def save_change(session: GameSession, *, board: Board | None = None) -> Board:
    """After any change to the hands: finish or reopen the session, and bump its revision.
    `board`: the session's board after the change, when the caller has it already. Answers
    the board after the change (its session is `session`, at its new revision)."""
    if board is None:
        # Read afresh: the history changed, and a copy kept at this revision is the old one.
        board = session_board(session, fresh=True)
    _keep_split(session, board)
    if session.confirmation != Confirmation.NONE:
        session.disputed_hands = disputed_count(session)
    apply_ending(session, board)
    session.revision += 1
    session.changed_at = timezone.now()
    session.hand_count = board.hands_dealt
    session.save(
        update_fields=[
            "revision",
            "changed_at",
            "hand_count",
            "chain_head",
            "chain_length",
            "disputed_hands",
            "status",
            "finished_at",
            "ended_early",
        ]
    )
    session_changed.send(sender=GameSession, session=session)
    # The history just written is the one at the new revision, once it is committed (a
    # change rolled back must leave no copy behind).
    kept = partial(keep_history, session.pk, stamp_of(session), board.history)
    transaction.on_commit(kept)
    return board


def _keep_split(session: GameSession, board: Board) -> None:
    """A pot split among the players still in stays true: a correction that would put one
    of them out, or bring someone else back in, is refused (its transaction rolls back)."""
    if not session.pot_split or board.pool is None:
        return
    if set(board.pool.in_play) != {int(pos) for pos in session.pot_shares}:
        raise UserError(
            _(
                "The pot was split among the players still in, so a change that puts one of "
                "them out of the pool, or brings someone back in, cannot be saved."
            )
        )


def apply_ending(session: GameSession, board: Board) -> None:
    """Finish or reopen the session by its target; the caller saves it. A session with a
    disputed hand is not finished: its money waits until an organiser decides the hand."""
    done = (session.ended_early or target_reached(board)) and not session.disputed_hands
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
            _(
                "Someone else changed this session a moment ago; check the latest hand, then "
                "end the session again."
            )
        )
    refuse_if_disputed(session)
    if session.format == Format.POOL:
        # Its money is the pot, and only the players still in can say how they share it.
        raise UserError(
            _("A pool still in play ends when its players split the pot: choose how."),
            field="split",
        )
    session.ended_early = True
    save_change(session)
    return session


def refuse_if_disputed(session: GameSession) -> None:
    """A session with a disputed hand cannot end: an organiser decides the hand first."""
    if session.disputed_hands:
        raise UserError(
            ngettext(
                "A hand is disputed: the session can end once the scorer corrects it or an "
                "organiser decides it.",
                "%(count)s hands are disputed: the session can end once the scorer corrects "
                "them or an organiser decides them.",
                session.disputed_hands,
            )
            % {"count": session.disputed_hands}
        )
