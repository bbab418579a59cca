"""The rows of the session screen's hands table, as HTML.

The table is most of the screen and most of its cost: drawn by the template language, 20 rows
of six seats took 4 ms of a 20 ms page (about 1,500 variable lookups and tags). Here each
row is a few joined strings, every value escaped. The markup is the one the page's script
draws from the session's state (static/js/board.js: `rowHead` and `cell`), and the frame around the
rows (headings, totals) stays in templates/scoring/partials/session_hands.html.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from scoring.display.session_state import check_words
from scoring.display.sessions import Cell, TableRow


class RowWords:
    """The words every row and cell repeats, translated once per table."""

    def __init__(self) -> None:
        self.void_tag = escape(pgettext("a hand that scores nothing", "void"))
        self.edited_tag = escape(pgettext("a hand corrected after it was saved", "edited"))
        self.edit = escape(_("Edit"))
        self.void = escape(pgettext("make a hand score nothing", "Void"))
        self.history = escape(pgettext("a hand's saved versions", "History"))
        self.won = escape(pgettext("a player won the hand", "(won)"))
        self.paid = escape(pgettext("the points a player paid in a hand", "paid"))
        self.dealt_mark = escape(pgettext("short mark: the player dealt this hand", "D"))
        self.dealt = escape(pgettext("a player dealt the hand", "(dealt)"))
        checks = check_words()
        self.check = {
            state: escape(checks[f"check_{state}"])
            for state in ("entered", "confirmed", "disputed", "decided")
        }


def hand_rows(rows: Sequence[TableRow], *, can_score: bool) -> SafeString:
    """The table's body rows, newest first; a scorer's each carry the change menu."""
    words = RowWords()
    # Every value in them is escaped where it is put in (`_row`, `_cell`).
    return mark_safe("\n".join(_row(row, words, can_score) for row in reversed(rows)))


def _row(row: TableRow, words: RowWords, can_score: bool) -> str:
    number = row.shown_number
    head = [
        f'<a href="{escape(row.history_url)}" aria-label="{escape(row.history_label)}">{number}</a>'
        if row.history_url
        else str(number)
    ]
    if row.is_void:
        head.append(f'<span class="tag tag--void">{words.void_tag}</span>')
    if row.edited:
        head.append(f'<span class="tag tag--edited">{words.edited_tag}</span>')
    if row.check:
        head.append(f'<span class="tag tag--{row.check}">{words.check[row.check]}</span>')
    if can_score:
        # The change menu sits under the number: one narrow column leaves room for every
        # player's.
        links = [f'<a href="{escape(row.edit_url)}">{words.edit}</a>']
        if not row.is_void:
            links.append(f'<a href="{escape(row.void_url)}">{words.void}</a>')
        if row.history_url:
            links.append(f'<a href="{escape(row.history_url)}">{words.history}</a>')
        head.append(
            f'<details class="row-actions"><summary aria-label="{escape(row.change_label)}">'
            f'⋯</summary><div class="row-menu">{"".join(links)}</div></details>'
        )
    cells = "\n".join(_cell(cell, words) for cell in row.cells)
    kind = "row--void" if row.is_void else ""
    return (
        f'<tr class="{kind}"><th scope="row" class="hand-number">{" ".join(head)}</th>\n'
        f"{cells}</tr>"
    )


def _cell(cell: Cell, words: RowWords) -> str:
    paid = cell.paid
    kind = (
        "num cell"
        + (" cell--won" if cell.won else "")
        + (" cell--paid" if paid is not None else "")
    )
    parts = [f'<span class="cell-points">{escape(cell.shown)}</span>']
    if cell.won:
        parts[0] += f'<span class="visually-hidden"> {words.won}</span>'
    if cell.penalty_shown:
        parts.append(
            f'<span class="cell-paid"><span class="visually-hidden">{words.paid} </span>'
            f"{escape(cell.penalty_shown)}</span>"
        )
    if paid is not None and paid.pack:
        parts.append(f'<span class="cell-pack">{escape(paid.pack)}</span>')
    if paid is not None and paid.marks:
        mark = '<span class="cell-mark" aria-hidden="true">{}</span>'
        parts.append("".join(mark.format(escape(each)) for each in paid.marks))
    if cell.dealt:
        parts.append(
            f'<span class="cell-dealt" aria-hidden="true">{words.dealt_mark}</span>'
            f'<span class="visually-hidden"> {words.dealt}</span>'
        )
    return f'<td class="{kind}">\n{chr(10).join(parts)}\n</td>'
