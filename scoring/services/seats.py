"""Players coming and going between hands: sitting down, leaving, substitutes, pool rejoins.

Every change is one transaction on the locked session, drawn from the revision the scorer's
screen showed (a change from a stale screen is refused, as for hands), kept as a
`SeatChange` with who made it and when, and applies from the next hand on: the hands
already played keep the players who were dealt into them.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from clubs.models import Player
from common.errors import UserError
from common.rules_words import game_name
from scoring.errors import SessionClosed, StaleSession
from scoring.models import Format, GameSession, Seat, SeatChange, SeatChangeKind
from scoring.rules.variants import PLAYER_RANGES
from scoring.selectors import Board, pool_rules, session_board
from scoring.services.sessions import lock_session, save_change

# What can change at the table between hands (the page's buttons, the API's `action`).
ACTIONS = ("join", "leave", "substitute", "rejoin")


def _open(session_id: int, revision: int) -> tuple[GameSession, Board]:
    session = lock_session(session_id)
    if not session.is_active:
        raise SessionClosed(_("This session has ended, so nobody can sit down or leave now."))
    if session.revision != revision:
        raise StaleSession(
            _(
                "Someone else changed this session a moment ago, so the table was not changed. "
                "Here it is as it is now; make the change again if it is still needed."
            )
        )
    return session, session_board(session)


def _seat_at(board: Board, position: int) -> Seat:
    seat = next((seat for seat in board.seats if seat.position == position), None)
    if seat is None or position not in board.playing:
        raise UserError(_("That player is not at the table now."), field="seat")
    return seat


def _club_player(session: GameSession, player_id: int) -> Player:
    player = Player.objects.filter(club_id=session.club_id, pk=player_id).first()
    if player is None:
        raise UserError(_("Choose one of the club's players."), field="player")
    return player


def _newcomer_seat(session: GameSession, board: Board, player: Player, place: int) -> Seat:
    """The player's seat in this session: the one they had before, or a new one."""
    seat = next((seat for seat in board.seats if seat.player_id == player.pk), None)
    if seat is not None and seat.position in board.playing:
        raise UserError(
            _("%(name)s is already at the table.") % {"name": player.name}, field="player"
        )
    if seat is None:
        # The board holds every seat the session has had: the next number is free.
        position = max(seat.position for seat in board.seats) + 1
        return Seat(session=session, player=player, position=position, place=place, seated=True)
    seat.place = place
    seat.seated = True
    return seat


def _entry_score(session: GameSession, board: Board) -> int | None:
    """A pool's newcomer comes in at the highest score in play plus one, while the pool
    still lets anyone in (the same mark as a rejoin)."""
    if board.pool is None:
        return None
    if not board.rows:
        return 0
    rules = pool_rules(session)
    highest = board.pool.highest_in_play()
    if highest >= rules.rejoin_below:
        raise UserError(
            _(
                "Nobody new can join this pool once a score in play reaches %(mark)s; "
                "the highest is %(highest)s."
            )
            % {"mark": rules.rejoin_below, "highest": highest},
            field="player",
        )
    return highest + 1


def _check_table_size(session: GameSession, playing: int) -> None:
    low, high = PLAYER_RANGES[session.variant]
    if playing > high:
        raise UserError(
            ngettext(
                "%(game)s is played by at most %(count)s player.",
                "%(game)s is played by at most %(count)s players.",
                high,
            )
            % {"game": game_name(session.variant), "count": high},
            field="player",
        )
    if playing < low:
        raise UserError(
            ngettext(
                "%(game)s needs at least %(count)s player at the table; seat someone else "
                "first, or end the session.",
                "%(game)s needs at least %(count)s players at the table; seat someone else "
                "first, or end the session.",
                low,
            )
            % {"game": game_name(session.variant), "count": low},
            field="seat",
        )


def _record(
    session: GameSession,
    board: Board,
    seat: Seat,
    kind: str,
    user: User,
    *,
    replaced: Seat | None = None,
    pool_score: int | None = None,
) -> SeatChange:
    change = SeatChange.objects.create(
        session=session,
        seat=seat,
        kind=kind,
        replaced=replaced,
        after_number=board.last_number,
        pool_score=pool_score,
        created_by=user,
    )
    save_change(session)
    return change


@transaction.atomic
def seat_player(*, session_id: int, player_id: int, revision: int, user: User) -> SeatChange:
    """A player sits down at the table, after everyone else in the order of the deal."""
    session, board = _open(session_id, revision)
    player = _club_player(session, player_id)
    _check_table_size(session, len(board.playing) + 1)
    score = _entry_score(session, board)
    place = max(seat.place for seat in board.seats) + 1
    seat = _newcomer_seat(session, board, player, place)
    seat.save()
    return _record(session, board, seat, SeatChangeKind.JOINED, user, pool_score=score)


@transaction.atomic
def leave_table(*, session_id: int, position: int, revision: int, user: User) -> SeatChange:
    """A player leaves; their hands so far stay theirs. In a pool they are out of it."""
    session, board = _open(session_id, revision)
    seat = _seat_at(board, position)
    if session.format != Format.POOL:
        _check_table_size(session, len(board.playing) - 1)
    seat.seated = False
    seat.save(update_fields=["seated"])
    return _record(session, board, seat, SeatChangeKind.LEFT, user)


@transaction.atomic
def substitute(
    *, session_id: int, position: int, player_id: int, revision: int, user: User
) -> SeatChange:
    """Someone takes over a seat: the same place at the table (and in a pool, its score);
    the hands so far stay with the player who played them."""
    session, board = _open(session_id, revision)
    leaving = _seat_at(board, position)
    player = _club_player(session, player_id)
    seat = _newcomer_seat(session, board, player, leaving.place)
    leaving.seated = False
    leaving.save(update_fields=["seated"])
    seat.save()
    score = board.pool.scores[position] if board.pool is not None else None
    return _record(
        session, board, seat, SeatChangeKind.SUBSTITUTE, user, replaced=leaving, pool_score=score
    )


@transaction.atomic
def rejoin_pool(*, session_id: int, position: int, revision: int, user: User) -> SeatChange:
    """A player who went out of the pool buys back in at the highest score in play plus one."""
    session, board = _open(session_id, revision)
    pool = board.pool
    if pool is None:
        raise UserError(_("Only a pool has players rejoining."), field="seat")
    seat = next((seat for seat in board.seats if seat.position == position), None)
    if seat is None:
        raise UserError(_("That player is not in this session."), field="seat")
    why_not = pool.why_no_rejoin(position, pool_rules(session))
    if why_not is not None:
        raise UserError(why_not, field="seat")
    _check_table_size(session, len(board.playing) + 1)
    if not seat.seated:
        seat.seated = True
        seat.save(update_fields=["seated"])
    return _record(
        session, board, seat, SeatChangeKind.REJOINED, user, pool_score=pool.highest_in_play() + 1
    )


def seat_change(
    *,
    session_id: int,
    action: str,
    player_id: int | None,
    position: int | None,
    revision: int,
    user: User,
) -> SeatChange:
    """One of the changes above by name (the API's and the table page's single door)."""
    if action == "join":
        return seat_player(
            session_id=session_id,
            player_id=_given(player_id, "player"),
            revision=revision,
            user=user,
        )
    seat = _given(position, "seat")
    if action == "leave":
        return leave_table(session_id=session_id, position=seat, revision=revision, user=user)
    if action == "substitute":
        return substitute(
            session_id=session_id,
            position=seat,
            player_id=_given(player_id, "player"),
            revision=revision,
            user=user,
        )
    if action == "rejoin":
        return rejoin_pool(session_id=session_id, position=seat, revision=revision, user=user)
    # Translators: join, leave, substitute and rejoin are the API's words for the actions
    raise UserError(_("Choose join, leave, substitute or rejoin."), field="action")


def _given(value: int | None, field: str) -> int:
    if value is None:
        if field == "player":
            raise UserError(_("Choose a player."), field=field)
        raise UserError(_("Choose a player at the table."), field=field)
    return value
