"""CSV downloads: a file every spreadsheet opens, with no cell it could run as a formula."""

from __future__ import annotations

import csv
from collections.abc import Iterable, Sequence

from django.http import HttpResponse

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
