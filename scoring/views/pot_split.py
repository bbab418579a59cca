"""Stopping a pool early: the players still in split the pot (the finish page of a pool).

Three steps, each a plain form post: choose equal shares or type the amounts; read the
split back (who takes what, who pays whom); confirm, which ends the session. Nothing is
stored before the confirmation (`scoring.services.pots`).
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from common.errors import UserError
from scoring.display import summary as summaries
from scoring.errors import StaleSession
from scoring.models import GameSession, PotSplit
from scoring.selectors import Board, session_board
from scoring.services.pots import plan_split, split_pot
from scoring.settlement import fewest_payments


def split_page(request: HttpRequest, context: dict[str, object]) -> HttpResponse:
    session = context["session"]
    assert isinstance(session, GameSession)
    board = session_board(session)
    kind = request.POST.get("split", PotSplit.EQUAL)
    amounts = _amounts(request, board)
    step = request.POST.get("step", "") if request.method == "POST" else ""
    error = None
    status = 200
    shares: dict[int, int] | None = None
    if step:
        try:
            revision = int(request.POST.get("revision", ""))
        except ValueError:
            revision = -1
        try:
            shares = plan_split(board, kind=kind, amounts=amounts)
            if step == "confirm":
                split_pot(session_id=session.pk, revision=revision, kind=kind, amounts=amounts)
                return redirect("session-summary", slug=session.club.slug, session_id=session.pk)
        except StaleSession as stale:
            error, status, shares = stale.message, 409, None
            session.refresh_from_db()
            board = session_board(session)
        except UserError as refused:
            error, shares = refused.message, None
    summary = summaries.session_summary(board)
    response = render(
        request,
        "scoring/session_split.html",
        {
            **context,
            "summary": summary,
            "board": board,
            "players": _players(board, kind, amounts),
            "kind": kind,
            "pot": board.pot,
            "review": _review(board, shares) if shares is not None else None,
            "error": error,
        },
    )
    response.status_code = status
    return response


def _amounts(request: HttpRequest, board: Board) -> dict[int, int]:
    """The typed shares, by position; an empty box is 0. A box that is not a whole number
    is kept as -1, which the service refuses with its sentence."""
    typed: dict[int, int] = {}
    for position in board.playing:
        text = request.POST.get(f"share-{position}", "").strip()
        if not text:
            continue
        try:
            typed[position] = int(text)
        except ValueError:
            typed[position] = -1
    return typed


def _players(board: Board, kind: str, amounts: dict[int, int]) -> list[dict[str, object]]:
    """Each player still in, with their equal share and what was typed for them."""
    pool = board.pool
    assert pool is not None
    try:
        equal = plan_split(board, kind=PotSplit.EQUAL)
    except UserError:
        equal = {}
    names = board.names
    return [
        {
            "position": position,
            "name": names[position],
            "score": pool.scores.get(position, 0),
            "equal": equal.get(position, 0),
            "typed": amounts.get(position, "") if kind == PotSplit.AMOUNTS else "",
        }
        for position in sorted(pool.in_play, key=lambda pos: (pool.scores[pos], pos))
    ]


def _review(board: Board, shares: dict[int, int]) -> dict[str, object]:
    pot = board.pot
    assert pot is not None
    names = board.names
    money = {pos: shares.get(pos, 0) - paid for pos, paid in pot.fees.items()}
    return {
        "shares": [(names[pos], amount) for pos, amount in shares.items()],
        "payments": [(names[p.payer], names[p.payee], p.amount) for p in fewest_payments(money)],
        "values": shares,
    }
