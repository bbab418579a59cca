"""Recording a hand, previewing its ledger, and correcting hands (edit, void, undo).

Every change carries the form's `client_key` (the same key twice is the same change, stored
once) and the `revision` the screen was drawn from (a change from a stale screen is refused
and the scorer sees the session as it is now). Success redirects to the session screen, so
a reload never posts twice.
"""

from __future__ import annotations

import uuid

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from clubs.access import ClubAccess
from clubs.roles import Role
from common.errors import UserError
from common.http import HtmxHttpRequest, signed_in_user, wants_json
from scoring.access import session_access
from scoring.display import sessions as display
from scoring.errors import SessionClosed, StaleSession
from scoring.forms.hands import HandInput, input_from_entry, read_input
from scoring.models import GameSession
from scoring.selectors import Board, HandRow, playing_names, session_board
from scoring.services import checks, hands
from scoring.views import answers
from scoring.views.sessions import panel_context, render_board


def _scorer(request: HttpRequest, slug: str, session_id: int) -> tuple[ClubAccess, GameSession]:
    return session_access(request.user, slug, session_id, needs=Role.SCORER)


def _fresh_board(session: GameSession) -> Board:
    """The board as it is now, after someone else's change (the revision moved on)."""
    session.refresh_from_db()
    return session_board(session)


@login_required
@require_POST
def hand_preview(request: HtmxHttpRequest, slug: str, session_id: int) -> HttpResponse:
    """The ledger the hand would get, or the sentences about what to fix; stores nothing.

    htmx asks on every change and gets the ledger alone (and every error slot, out of band);
    without JavaScript the panel's "Check" button gets the whole screen with the ledger in it.
    """
    access, session = _scorer(request, slug, session_id)
    # The edit page's panel names the hand it corrects: its own players, not today's table.
    # The record panel's, asked on every change as the scorer types, needs the names alone.
    number = request.POST.get("hand", "")
    board: Board | None = None
    if number or not request.htmx:
        board = session_board(session)
        editing = next((row for row in board.rows if str(row.number) == number), None)
        names = board.dealt_names(editing.entry) if editing else board.playing
    else:
        names = playing_names(session)
    panel = read_input(request.POST, variant=session.variant, names=names)
    ledger = None
    entry = panel.entry()
    if entry is not None:
        try:
            ledger = hands.compute_ledger(session=session, names=names, entry=entry)
        except UserError as error:
            panel.add_error(error)
    shown = (
        display.ledger_view(ledger, names, void=entry.void, entry=entry, session=session)
        if ledger and entry is not None
        else None
    )
    if board is not None and not request.htmx:
        return render_board(request, access=access, board=board, panel=panel, ledger=shown)
    context = {"panel": panel, "ledger": shown}
    response = render(request, "scoring/partials/hand_preview.html", context)
    patch_vary_headers(response, ["HX-Request"])
    return response


@login_required
@require_POST
def hand_record(request: HttpRequest, slug: str, session_id: int) -> HttpResponse:
    """Save the next hand. A script asking for JSON (the session screen's queue) gets what
    became of it as JSON with the session as it is now; a plain form post gets the page."""
    access, session = _scorer(request, slug, session_id)
    # The hand is read with the names alone; the board is read only for an answer that
    # draws the session as it was (the saved hand's answer carries the board after it).
    panel = read_input(request.POST, variant=session.variant, names=playing_names(session))
    client_key, revision, entry = panel.client_uuid(), panel.revision_number(), panel.entry()
    as_json = wants_json(request)
    if client_key is None or revision is None or entry is None:
        board = session_board(session)
        if as_json:
            return answers.refused(access, board, panel)
        return render_board(request, access=access, board=board, panel=panel, status=400)
    try:
        version = hands.record_hand(
            session_id=session.pk,
            entry=entry,
            client_key=client_key,
            revision=revision,
            user=signed_in_user(request),
        )
    except StaleSession as error:
        board = _fresh_board(session)
        if as_json:
            return answers.stopped(access, board, error, code="stale_session")
        # What the scorer typed stays in the panel, marked "not saved" at the current
        # revision: saved again only on purpose, once the other phone's change is read.
        panel.not_saved(board.session.revision)
        return render_board(
            request, access=access, board=board, panel=panel, alert=error.message, status=409
        )
    except SessionClosed as error:
        board = _fresh_board(session)
        if as_json:
            return answers.stopped(access, board, error, code="session_closed")
        return render_board(request, access=access, board=board, alert=error.message, status=409)
    except UserError as error:
        panel.add_error(error)
        board = session_board(session)
        if as_json:
            return answers.refused(access, board, panel)
        return render_board(request, access=access, board=board, panel=panel, status=400)
    if as_json:
        board = version.board_after or _fresh_board(session)
        return answers.stored(access, board, version=version, since=revision)
    messages.success(request, _("Hand saved."))
    return redirect("session-detail", slug=slug, session_id=session.pk)


def _row(board: Board, number: int) -> HandRow:
    row = next((row for row in board.rows if row.number == number), None)
    if row is None:
        raise Http404("No such hand in this session.")
    return row


@login_required
@require_http_methods(["GET", "POST"])
def hand_edit(request: HttpRequest, slug: str, session_id: int, number: int) -> HttpResponse:
    access, session = _scorer(request, slug, session_id)
    board = session_board(session)
    row = _row(board, number)
    # From the club's disputes page: an organiser's correction decides a disputed hand.
    deciding = request.GET.get("decide") == "1" and access.can_organise
    if request.method == "GET":
        panel = input_from_entry(
            row.entry,
            variant=session.variant,
            names=board.dealt_names(row.entry),
            revision=session.revision,
        )
        # The ledger as it stands, until a change asks for the new one.
        ledger = display.ledger_view(
            row.ledger, board.names, void=row.is_void, entry=row.entry, session=session
        )
        return _edit_page(request, access, board, row, panel, ledger=ledger, deciding=deciding)

    panel = read_input(request.POST, variant=session.variant, names=board.dealt_names(row.entry))
    client_key, revision, entry = panel.client_uuid(), panel.revision_number(), panel.entry()
    if not panel.reason:
        panel.errors["reason"] = _("Say why the hand is being changed.")
    if client_key is None or revision is None or entry is None or panel.errors:
        return _edit_page(request, access, board, row, panel, status=400, deciding=deciding)
    if deciding:
        return _decide_by_correcting(request, access, board, row, panel)
    try:
        hands.correct_hand(
            session_id=session.pk,
            number=number,
            entry=entry,
            client_key=client_key,
            revision=revision,
            user=signed_in_user(request),
            reason=panel.reason,
        )
    except StaleSession as error:
        board = _fresh_board(session)
        panel.not_saved(board.session.revision)
        panel.errors["form"] = error.message
        return _edit_page(request, access, board, _row(board, number), panel, status=409)
    except UserError as error:
        panel.add_error(error)
        return _edit_page(request, access, board, row, panel, status=400)
    messages.success(
        request,
        _("Hand %(number)s corrected; the totals follow it.") % {"number": row.shown_number},
    )
    return redirect("session-detail", slug=slug, session_id=session.pk)


def _decide_by_correcting(
    request: HttpRequest, access: ClubAccess, board: Board, row: HandRow, panel: HandInput
) -> HttpResponse:
    """An organiser settles a disputed hand with a correction: no one is asked again."""
    entry, client_key = panel.entry(), panel.client_uuid()
    assert entry is not None and client_key is not None  # checked by the caller
    try:
        checks.decide_hand(
            session_id=board.session.pk,
            number=row.number,
            version=row.version,
            reason=panel.reason,
            client_key=client_key,
            user=signed_in_user(request),
            entry=entry,
        )
    except UserError as error:
        panel.add_error(error)
        return _edit_page(request, access, board, row, panel, status=400, deciding=True)
    messages.success(
        request, _("Hand %(number)s decided: corrected.") % {"number": row.shown_number}
    )
    return redirect("club-disputes", slug=access.club.slug)


def _edit_page(
    request: HttpRequest,
    access: ClubAccess,
    board: Board,
    row: HandRow,
    panel: HandInput,
    *,
    ledger: display.LedgerView | None = None,
    status: int = 200,
    deciding: bool = False,
) -> HttpResponse:
    context = {
        "deciding": deciding,
        "ledger": ledger,
        "club": access.club,
        "session": board.session,
        "board": board,
        "row": display.table_row(board, row, slug=access.club.slug),
        "names": [board.names[pos] for pos in sorted(board.names)],
        "hand_number": row.number,
        "panel": panel,
        **panel_context(board.session, panel),
    }
    return render(request, "scoring/hand_edit.html", context, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def hand_void(request: HttpRequest, slug: str, session_id: int, number: int) -> HttpResponse:
    access, session = _scorer(request, slug, session_id)
    board = session_board(session)
    row = _row(board, number)
    error = ""
    reason = ""
    if request.method == "POST":
        reason = request.POST.get("reason", "")
        client_key = key_of(request.POST.get("client_key"))
        try:
            hands.void_hand(
                session_id=session.pk,
                number=number,
                client_key=client_key,
                revision=number_of(request.POST.get("revision")),
                user=signed_in_user(request),
                reason=reason,
            )
        except StaleSession as stale:
            messages.error(request, stale.message)
            return redirect("session-detail", slug=slug, session_id=session.pk)
        except UserError as rejected:
            error = rejected.message
        else:
            messages.success(
                request,
                _("Hand %(number)s is void: it scores nothing.") % {"number": row.shown_number},
            )
            return redirect("session-detail", slug=slug, session_id=session.pk)
    return _confirm_page(
        request, access, board, "scoring/hand_void.html", row=row, reason=reason, error=error
    )


@login_required
@require_http_methods(["GET", "POST"])
def hand_undo(request: HttpRequest, slug: str, session_id: int) -> HttpResponse:
    access, session = _scorer(request, slug, session_id)
    board = session_board(session)
    if request.method == "POST":
        try:
            hands.undo_last_hand(
                session_id=session.pk,
                client_key=key_of(request.POST.get("client_key")),
                revision=number_of(request.POST.get("revision")),
                user=signed_in_user(request),
                reason=request.POST.get("reason", ""),
            )
        except UserError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, _("The last hand is undone; its record is kept."))
        return redirect("session-detail", slug=slug, session_id=session.pk)
    last = board.last_row
    return _confirm_page(
        request,
        access,
        board,
        "scoring/hand_undo.html",
        row=display.table_row(board, last, slug=slug) if last else None,
    )


def _confirm_page(
    request: HttpRequest,
    access: ClubAccess,
    board: Board,
    template: str,
    *,
    row: HandRow | display.TableRow | None,
    reason: str = "",
    error: str = "",
) -> HttpResponse:
    if isinstance(row, HandRow):
        row = display.table_row(board, row, slug=access.club.slug)
    context = {
        "club": access.club,
        "session": board.session,
        "row": row,
        "names": [board.names[pos] for pos in sorted(board.names)],
        # A fresh key per confirm page: a double tap on its button is one change.
        "client_key": uuid.uuid4(),
        "revision": board.session.revision,
        "reason": reason,
        "error": error,
    }
    return render(request, template, context, status=400 if error else 200)


def key_of(value: str | None) -> uuid.UUID:
    try:
        return uuid.UUID(value or "")
    except ValueError:
        # No key: this post cannot be matched with an earlier one, so it is simply new.
        return uuid.uuid4()


def number_of(value: str | None) -> int:
    return int(value) if value and value.isdigit() else -1
