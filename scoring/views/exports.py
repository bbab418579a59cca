"""A session's hand log as a CSV file, and the CSV response other exports share.

The file is for spreadsheets: a cell a player or scorer typed (a name) that starts like a
formula is prefixed with an apostrophe, so opening the file never runs anything.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.http import require_GET

from clubs.access import club_access
from common.csv_export import csv_response, safe_text
from scoring.access import load_session
from scoring.display.sessions import row_payments
from scoring.formats import Pot
from scoring.selectors import session_board


def _pot_rows(pot: Pot | None, positions: list[int]) -> list[list[object]]:
    """A pool's money under the totals, in the players' columns: the fees each paid in,
    the share each takes out (blank while unsettled) and their money. A pool has no other
    settlement."""
    if pot is None:
        return []
    blank: list[object] = ["", ""] * len(positions)
    money = pot.money
    fees: list[object] = [pot.fees.get(pos, 0) for pos in positions]
    shares: list[object] = [pot.shares.get(pos, 0) if pot.settled else "" for pos in positions]
    moneys: list[object] = [money.get(pos, 0) for pos in positions]
    fees_paid = pgettext("a CSV row: the fees each player paid into a pool", "fees paid")
    shared = pgettext("a CSV row: what each player takes out of the pool's pot", "share of the pot")
    net = pgettext("a CSV row: a player's share less their fees", "money")
    return [
        [fees_paid, "", "", "", *fees, *blank],
        [shared, "", "", pot.split, *shares, *blank],
        [net, "", "", "", *moneys, *blank],
    ]


@require_GET
def session_hands_csv(request: HttpRequest, slug: str, session_id: int) -> HttpResponse:
    """One row per hand that counts (void hands too, scoring nothing), then the totals.

    After the score columns come, for each player, what they paid in the hand (a loser's
    penalty or a pack, blank for the winner) and how: "pack", "middle pack", or where the
    rules changed the number ("typed 130; capped at 120"). New columns go at the end, so a
    spreadsheet built on the older file keeps working. A pool adds its money in three rows
    after the totals (`_pot_rows`)."""
    access = club_access(request.user, slug)
    session = load_session(access, session_id)
    board = session_board(session)
    positions = [seat.position for seat in board.seats]
    names = board.names
    header = [
        pgettext("a column heading: the hand's number", "hand"),
        pgettext("a column heading: who dealt the hand", "dealer"),
        pgettext("a column heading: the hand's wild card", "wild"),
        pgettext("a column heading: played or void", "status"),
    ] + [safe_text(names[pos]) for pos in positions]
    for pos in positions:
        header += [
            # Translators: a column heading: what this player paid in the hand
            safe_text(_("%(name)s paid") % {"name": names[pos]}),
            # Translators: a column heading: how this player came to pay (pack, capped ...)
            safe_text(_("%(name)s how") % {"name": names[pos]}),
        ]
    rows: list[list[object]] = []
    for row in board.rows:
        paid = row_payments(board, row)
        line: list[object] = [
            row.shown_number,
            safe_text(names.get(row.dealer, "")),
            row.entry.wild or "",
            row.status,
            *(row.scores.get(pos, 0) for pos in positions),
        ]
        for pos in positions:
            seat = paid.get(pos)
            if seat is None or seat.penalty is None:
                line += ["", ""]
            else:
                line += [
                    seat.penalty,
                    "; ".join(([seat.pack] if seat.pack else []) + list(seat.notes)),
                ]
        rows.append(line)
    total = pgettext("the last row: every hand added up", "total")
    rows.append(
        [total, "", "", "", *(board.totals[pos] for pos in positions)] + ["", ""] * len(positions)
    )
    rows += _pot_rows(board.pot, positions)
    return csv_response(
        filename=f"{access.club.slug}-session-{session.pk}-hands.csv", header=header, rows=rows
    )
