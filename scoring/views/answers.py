"""The session screen's answers in JSON, for its scripts (static/js/table_sync.js).

Each answer says what became of a hand in `outcome` (with the API's error `code` where it was
not stored) and carries the session as it is now (`scoring.display.session_state`), so the
phone redraws its board and decides what to do from data, never from the page's HTML. The
contract is written out in docs/session-screen.md.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.http import JsonResponse
from django.utils import timezone
from django.utils.cache import patch_vary_headers
from django.utils.translation import get_language

from clubs.access import ClubAccess
from clubs.rule_lines import rule_lines
from common.errors import UserError
from common.memo import Memo
from scoring.access import Glance
from scoring.display import sessions as display
from scoring.display.session_state import session_state
from scoring.forms.hands import HandInput
from scoring.hand_checks import HandState, hand_states
from scoring.models import GameSession, HandStatus, HandVersion
from scoring.pages import seat_notes
from scoring.selectors import Board, session_board

# A long evening's screen shows its last hands at once; every hand stays one tap away
# (`?hands=all`) and on the score sheet. 20 rows fill about three phone screens.
RECENT_HANDS = 20


@dataclass(frozen=True)
class ScreenParts:
    """What the session screen shows of a board: the same for everyone who sees the session
    at one revision, in one language and with one role, so worked out once for them all
    (`screen_parts`). `key` names it ("" when it must not be kept); the page keeps its
    drawing of these parts by it (scoring/templatetags/kept.py)."""

    key: str
    hands_dealt: int
    playing: dict[int, str]  # the seats dealt into the next hand: the record panel's
    tiles: list[display.SeatTotal]
    rows: list[display.TableRow]
    state: dict[str, Any]  # the session as data (`state_of`), its `as_of` set per answer
    turn: display.Turn | None
    rule_lines: list[tuple[str, str]]


# A table of six phones reading one revision works the screen out once per process. About
# 20 KB each (20 rows and the state, measured pickled): 300 cover some 70 tables at once.
kept_parts: Memo[ScreenParts] = Memo(size=300)


def screen_parts(
    access: ClubAccess,
    session: GameSession,
    *,
    board: Board | None = None,
    every: bool = False,
    since: int | None = None,
) -> ScreenParts:
    """The screen's parts of the session at the revision `session` was read at: kept ones
    when another reader worked them out, else from `board` (read now when not given).

    What names them: the session's revision and changed_at (its history), the club's
    `names_changed_at` (its players' names), the language, the seats' notes, the reader's
    role and `since` (as for `state_of`). Parts are kept only from a board read whole at that
    revision (`Board.is_whole`), and never of `every` hand."""
    notes = seat_notes(session)
    key = ""
    # Every hand of a long evening is asked for rarely, one tap at a time, and would be the
    # largest thing kept: it is worked out for the one who asked.
    if not every and (board is None or board.is_whole):
        stamp = (session.revision, session.changed_at, access.club.names_changed_at)
        key = parts_key(session.pk, stamp, notes, can_score=access.can_score, since=since)
        kept = kept_parts.get(key)
        if kept is not None:
            return kept
    if board is None:
        board = session_board(session)
    if not board.is_whole:  # read in the middle of a change, or changed since `session` was
        key = ""
    parts = _parts_of(access, board, every=every, since=since, notes=notes, key=key)
    if key:
        kept_parts.put(key, parts)
    return parts


def parts_key(
    session_id: int,
    stamp: tuple[int, datetime, datetime],
    notes: dict[int, str],
    *,
    can_score: bool,
    since: int | None,
) -> str:
    """What names a session's screen parts (of its recent hands: every hand's are never
    kept): the session, its revision and changed_at and its club's names_changed_at
    (`stamp`), the language, the seats' notes, the reader's role and what was asked."""
    said = [session_id, *stamp, get_language(), notes, can_score, since]
    return json.dumps(said, default=str, ensure_ascii=False)


def kept_news(
    session_id: int, look: Glance, *, every: bool, since: int | None
) -> JsonResponse | None:
    """A live refresh's answer from the parts another phone's ask worked out, if it did:
    read from a `Glance` alone. Not for a tournament's table, whose seats' notes are read
    with the session (scoring/pages.py: only tables have notes)."""
    if look.is_table or every:
        return None
    stamp = (look.revision, look.changed_at, look.names_changed_at)
    key = parts_key(session_id, stamp, {}, can_score=look.can_score, since=since)
    kept = kept_parts.get(key)
    if kept is None:
        return None
    return _answer({"session": as_of_now(kept.state)}, status=200)


def _parts_of(
    access: ClubAccess,
    board: Board,
    *,
    every: bool,
    since: int | None,
    notes: dict[int, str],
    key: str,
) -> ScreenParts:
    session = board.session
    tiles = display.with_notes(display.seat_totals(board), notes)
    states = hand_states(board.session, board.seats)
    rows = shown_rows(board, slug=access.club.slug, every=every, states=states)
    return ScreenParts(
        key=key,
        hands_dealt=board.hands_dealt,
        playing=board.playing,
        tiles=tiles,
        rows=rows,
        state=state_of(
            access, board, tiles=tiles, rows=rows, every=every, since=since, states=states
        ),
        turn=display.turn(board) if session.is_active else None,
        rule_lines=rule_lines(session.variant, session.options),
    )


def as_of_now(state: dict[str, Any]) -> dict[str, Any]:
    """A kept state, said to be true now: it is, at the revision it was read at."""
    return {**state, "as_of": timezone.now().isoformat()}


def tiles_of(board: Board) -> list[display.SeatTotal]:
    return display.with_notes(display.seat_totals(board), seat_notes(board.session))


def shown_rows(
    board: Board, *, slug: str, every: bool, states: dict[int, HandState] | None = None
) -> list[display.TableRow]:
    """The rows the session screen shows: the last few of a long evening, or all of them
    when asked (`?hands=all`, one tap away)."""
    recent = None if every else RECENT_HANDS
    return display.table_rows(board, slug=slug, recent=recent, states=states)


def state_of(
    access: ClubAccess,
    board: Board,
    *,
    tiles: list[display.SeatTotal] | None = None,
    rows: list[display.TableRow] | None = None,
    every: bool = False,
    since: int | None = None,
    changed: dict[int, str] | None = None,
    states: dict[int, HandState] | None = None,
) -> dict[str, Any]:
    """The session as data; a page that has drawn the tiles and rows passes them in.

    With `since` (a revision the phone has), only what changed after it: the hands changed
    since, the hands undone since, and everything else small (the tiles, the deal), for the
    phone to apply to what it has (static/js/queue.js, `applied`); `changed` (hand number
    -> status) when the caller knows them."""
    slug = access.club.slug
    removed: list[int] | None = None
    if states is None:
        states = hand_states(board.session, board.seats)
    if since is not None and 0 <= since <= board.session.revision:
        if changed is None:
            changed = board.changed_since(since)
        # A player's answer changes a hand's state, not its version.
        answered = {n for n, state in states.items() if state.answered_at > since}
        links = display.HandLinks(slug, board.session.pk)
        rows = [
            display.table_row(board, row, slug=slug, links=links, state=states.get(row.number))
            for row in board.rows
            if row.number in changed or row.number in answered
        ]
        removed = [number for number, status in changed.items() if status == HandStatus.REMOVED]
    return session_state(
        board,
        tiles=tiles if tiles is not None else tiles_of(board),
        rows=rows if rows is not None else shown_rows(board, slug=slug, every=every, states=states),
        slug=slug,
        can_score=access.can_score,
        recent=None if every else RECENT_HANDS,
        since=since if removed is not None else None,
        removed=removed or [],
    )


def session(
    access: ClubAccess, game: GameSession, *, every: bool = False, since: int | None = None
) -> JsonResponse:
    """The session as it is now, or what changed in it after `since`: a live refresh's
    answer (the same for every phone at `since`: worked out once)."""
    parts = screen_parts(access, game, every=every, since=since)
    return _answer({"session": as_of_now(parts.state)}, status=200)


def answered(access: ClubAccess, game: GameSession) -> JsonResponse:
    """A player's answer to a hand is stored (now, or before: the same key is the same
    answer), with the session as it is now."""
    parts = screen_parts(access, game)
    return _answer({"outcome": "stored", "session": as_of_now(parts.state)}, status=200)


def stored(access: ClubAccess, board: Board, *, version: HandVersion, since: int) -> JsonResponse:
    """The hand is stored (now, or before: the same client key is the same hand), with what
    changed since the revision the hand was saved at (the phone has the session up to it).
    Stored just now, the hand is all that changed: no query needed to say so."""
    number = version.hand.number
    only = (
        {number: version.status}
        if version.revision == since + 1 == board.session.revision
        else None
    )
    state = state_of(access, board, since=since, changed=only)
    body = {"outcome": "stored", "number": number, "session": state}
    return _answer(body, status=201)


def stopped(access: ClubAccess, board: Board, error: UserError, *, code: str) -> JsonResponse:
    """Not stored, and the scorer must decide: another phone changed the session first
    (`stale_session`), or it has ended (`session_closed`)."""
    outcome = "stale" if code == "stale_session" else "closed"
    body = {
        "outcome": outcome,
        "code": code,
        "detail": error.message,
        "session": state_of(access, board),
    }
    return _answer(body, status=409)


def refused(access: ClubAccess, board: Board, panel: HandInput) -> JsonResponse:
    """Not stored: the hand breaks a rule or misses an entry. Each sentence names the form's
    field or the seat it is about, so the phone marks the right place."""
    errors: list[dict[str, Any]] = [
        {"field": name, "seat": None, "message": message} for name, message in panel.errors.items()
    ]
    errors += [
        {"field": None, "seat": seat.position, "message": seat.error} for seat in panel.seat_errors
    ]
    body = {
        "outcome": "refused",
        "code": "bad_request",
        "detail": " ".join(error["message"] for error in errors),
        "errors": errors,
        "session": state_of(access, board),
    }
    return _answer(body, status=400)


def _answer(body: dict[str, Any], *, status: int) -> JsonResponse:
    response = JsonResponse(body, status=status, json_dumps_params={"ensure_ascii": False})
    # The same address answers a page or JSON by what was asked for.
    patch_vary_headers(response, ["Accept"])
    return response
