"""A session's hand log as a CSV file, and the CSV response other exports share.

The file is for spreadsheets: a cell a player or scorer typed (a name) that starts like a
formula is prefixed with an apostrophe, so opening the file never runs anything.
"""

from __future__ import annotations

import csv
from collections.abc import Iterable, Sequence

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_GET

from clubs.access import club_access
from scoring.access import load_session
from scoring.selectors import session_board

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe_text(text: str) -> str:
    """Text for a spreadsheet cell that cannot be read as a formula."""
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def csv_response(
    *, filename: str, header: Sequence[str], rows: Iterable[Sequence[object]]
) -> HttpResponse:
    """A CSV download. UTF-8 with a byte-order mark, so spreadsheets read names like
    "Chitra Ramanathan" or Tamil letters correctly when the file is opened directly."""
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.write("\ufeff")
    writer = csv.writer(response)
    writer.writerow(header)
    writer.writerows(rows)
    return response


@require_GET
def session_hands_csv(request: HttpRequest, slug: str, session_id: int) -> HttpResponse:
    """One row per hand that counts (void hands too, scoring nothing), then the totals."""
    access = club_access(request.user, slug)
    session = load_session(access, session_id)
    board = session_board(session)
    positions = [seat.position for seat in board.seats]
    names = board.names
    header = ["hand", "dealer", "wild", "status"] + [safe_text(names[pos]) for pos in positions]
    rows: list[list[object]] = [
        [
            row.shown_number,
            safe_text(names.get(row.dealer, "")),
            row.entry.wild or "",
            row.status,
            *(row.scores.get(pos, 0) for pos in positions),
        ]
        for row in board.rows
    ]
    rows.append(["total", "", "", "", *(board.totals[pos] for pos in positions)])
    return csv_response(
        filename=f"{access.club.slug}-session-{session.pk}-hands.csv", header=header, rows=rows
    )
