"""The session screen's answers in JSON, for its scripts (static/js/table_sync.js).

Each answer says what became of a hand in `outcome` (with the API's error `code` where it was
not stored) and carries the session as it is now (`scoring.display.session_state`), so the
phone redraws its board and decides what to do from data, never from the page's HTML. The
contract is written out in docs/session-screen.md.
"""

from __future__ import annotations

from typing import Any

from django.http import JsonResponse
from django.utils.cache import patch_vary_headers

from clubs.access import ClubAccess
from common.errors import UserError
from scoring.display import sessions as display
from scoring.display.session_state import session_state
from scoring.forms.hands import HandInput
from scoring.models import HandStatus, HandVersion
from scoring.pages import seat_notes
from scoring.selectors import Board

# A long evening's screen shows its last hands at once; every hand stays one tap away
# (`?hands=all`) and on the score sheet. 20 rows fill about three phone screens.
RECENT_HANDS = 20


def tiles_of(board: Board) -> list[display.SeatTotal]:
    return display.with_notes(display.seat_totals(board), seat_notes(board.session))


def shown_rows(board: Board, *, slug: str, every: bool) -> list[display.TableRow]:
    """The rows the session screen shows: the last few of a long evening, or all of them
    when asked (`?hands=all`, one tap away)."""
    return display.table_rows(board, slug=slug, recent=None if every else RECENT_HANDS)


def state_of(
    access: ClubAccess,
    board: Board,
    *,
    tiles: list[display.SeatTotal] | None = None,
    rows: list[display.TableRow] | None = None,
    every: bool = False,
    since: int | None = None,
    changed: dict[int, str] | None = None,
) -> dict[str, Any]:
    """The session as data; a page that has drawn the tiles and rows passes them in.

    With `since` (a revision the phone has), only what changed after it: the hands changed
    since, the hands undone since, and everything else small (the tiles, the deal), for the
    phone to apply to what it has (static/js/queue.js, `applied`); `changed` (hand number
    -> status) when the caller knows them."""
    slug = access.club.slug
    removed: list[int] | None = None
    if since is not None and 0 <= since <= board.session.revision:
        if changed is None:
            changed = board.changed_since(since)
        links = display.HandLinks(slug, board.session.pk)
        rows = [
            display.table_row(board, row, slug=slug, links=links)
            for row in board.rows
            if row.number in changed
        ]
        removed = [number for number, status in changed.items() if status == HandStatus.REMOVED]
    return session_state(
        board,
        tiles=tiles if tiles is not None else tiles_of(board),
        rows=rows if rows is not None else shown_rows(board, slug=slug, every=every),
        slug=slug,
        can_score=access.can_score,
        recent=None if every else RECENT_HANDS,
        since=since if removed is not None else None,
        removed=removed or [],
    )


def session(
    access: ClubAccess, board: Board, *, every: bool = False, since: int | None = None
) -> JsonResponse:
    """The session as it is now, or what changed in it after `since`: a live refresh's
    answer."""
    return _answer({"session": state_of(access, board, every=every, since=since)}, status=200)


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
