"""The session screen as data: what its scripts draw the board from (static/js/board.js).

The screen's scripts never read the server's HTML: the page carries this state in a JSON
script element, a live refresh and a saved hand answer it, and the phone keeps the last one
it saw, so a page opened with no network is drawn from it. Every word is already in the
reader's language and every number already signed, so the scripts show them as they are.
Pure: it reads only the `Board`, like the rest of the screen's presenters.
"""

from __future__ import annotations

import re
from typing import Any

from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from scoring.display import sessions as display
from scoring.selectors import Board

STRONG = re.compile(r"<strong[^>]*>(.*?)</strong>")
BOLD_PARTS = re.compile(r"(<strong[^>]*>.*?</strong>)")


def session_state(
    board: Board,
    *,
    tiles: list[display.SeatTotal],
    rows: list[display.TableRow],
    slug: str,
    can_score: bool,
    recent: int | None,
    since: int | None = None,
    removed: list[int] | None = None,
) -> dict[str, Any]:
    """`tiles` and `rows` are the screen's own (`seat_totals` with notes, `table_rows`): the
    page draws them and this describes them, from one reckoning. `recent`: how many of the
    last hands the screen shows (None: all). With `since`, the state is what changed after
    that revision: `rows` are the hands changed since, `removed` the hands undone since,
    and the fixed words, which the phone has, are left out."""
    session = board.session
    state: dict[str, Any] = {
        "revision": session.revision,
        "active": session.is_active,
        "as_of": timezone.now().isoformat(),
        "hands_dealt": board.hands_dealt,
        # The seats dealt into the next hand: a form drawn for others is out of date.
        "playing": sorted(board.playing),
        "deal": _deal(board),
        "tiles": [_tile(tile) for tile in tiles],
        "rows": [_row(row, can_score=can_score) for row in rows],
        "recent": recent,
        "earlier": _earlier(board, slug, recent=recent),
        "crowd": "crowded" if len(tiles) > 6 else "many" if len(tiles) > 4 else "few",
    }
    if since is not None:
        return state | {"since": since, "removed": removed or []}
    return state | {"words": _words()}


def _earlier(board: Board, slug: str, *, recent: int | None) -> dict[str, str] | None:
    """The link to every hand, when the screen shows only the last few (the template's
    words, partials/session_hands.html)."""
    count = board.hands_dealt
    if recent is None or count <= recent:
        return None
    url = reverse("session-detail", args=(slug, board.session.pk))
    return {
        "text": ngettext("Show all %(counter)s hand", "Show all %(counter)s hands", count)
        % {"counter": count},
        "url": f"{url}?hands=all#hands-title",
    }


def _deal(board: Board) -> dict[str, Any] | None:
    """Whose deal the next hands are while the table stays as it is, as the sentences with
    the names and the number still to fill: `order` is the seats that deal them in turn
    (the next dealer first), `left` how many hands the session has left when it is set in
    hands (none foreseen past its end). The script fills them for the hands waiting on the
    phone (static/js/board.js), so the deal moves on before the server has them."""
    if not board.session.is_active:
        return None
    planned = display.planned_hands(board)
    name = {"name": "%(name)s"}
    return {
        "order": board.deal_order,
        "left": None if planned is None else max(0, planned - board.hands_dealt),
        "hand": display.hand_label(board),
        # The template's sentences (session_detail.html), so one translation serves both.
        "dealer_line": pieces(_('<strong class="turn-name">%(name)s</strong> deals'), name),
        "first_line": _("%(name)s plays first · %(direction)s")
        % {**name, "direction": display.direction_words(board.session.variant)},
    }


def pieces(sentence: str, values: dict[str, Any]) -> list[dict[str, Any]]:
    """A translated sentence whose words a template marks in bold, as plain pieces: the
    scripts draw each as text (bold where marked), never as HTML. The values go in after the
    split, so a name with a "<" in it is only ever text."""
    found = []
    for chunk in BOLD_PARTS.split(sentence):
        if not chunk:
            continue
        strong = STRONG.fullmatch(chunk)
        text = strong.group(1) if strong else chunk
        found.append({"text": text % values, "strong": strong is not None})
    return found


def _tile(tile: display.SeatTotal) -> dict[str, Any]:
    net = ""
    if tile.net is not None:
        net = (
            pgettext("a tile's net in a session with a stake", "money %(net)s")
            if tile.net_in_money
            else pgettext("a tile's net in a session for points", "points %(net)s")
        ) % {"net": tile.net_shown}
    return {
        "position": tile.position,
        "name": tile.name,
        "short": tile.short,
        "shown": tile.shown,
        "unit": tile.unit,
        "net": net,
        "state": tile.state,
        "note": tile.note,
        "leader": tile.leader,
        "dealer": tile.dealer,
        "away": tile.away,
    }


def _row(row: display.TableRow, *, can_score: bool) -> dict[str, Any]:
    return {
        "number": row.number,
        "shown_number": row.shown_number,
        "void": row.is_void,
        "edited": row.edited,
        "history_url": row.history_url,
        "edit_url": row.edit_url if can_score else None,
        "void_url": row.void_url if can_score and not row.is_void else None,
        # Where the hand stands with the players asked to confirm it ("" when none are),
        # the version an answer names, and the seats it waits for (static/js/board.js draws
        # a seat's player their own "confirm or dispute").
        "check": row.check,
        "version": row.version,
        "waiting": list(row.waiting),
        "answer_url": row.answer_url or None,
        "check_note": pieces(
            _("<strong>Hand %(number)s</strong> · %(note)s"),
            {"number": row.shown_number, "note": row.check_note},
        )
        if row.check_note
        else None,
        "notes": [
            pieces(
                _("<strong>Hand %(number)s</strong> · %(note)s"),
                {"number": row.shown_number, "note": note},
            )
            for note in row.notes
        ],
        "cells": [
            {
                "shown": cell.shown,
                "won": cell.won,
                "paid": cell.paid is not None,
                "penalty": cell.penalty_shown,
                "pack": cell.paid.pack if cell.paid else "",
                "marks": list(cell.paid.marks) if cell.paid else [],
                "dealt": cell.dealt,
            }
            for cell in row.cells
        ],
    }


def _words() -> dict[str, str]:
    """The fixed words of the board the scripts draw, in the reader's language: the same
    msgids as the templates', so one translation serves both."""
    return {
        "leads": pgettext("a tag on the leading player's tile", "leads"),
        "deals": pgettext("a tag on the next dealer's tile", "deals"),
        "void": pgettext("a hand that scores nothing", "void"),
        "edited": pgettext("a hand corrected after it was saved", "edited"),
        "won": pgettext("a player won the hand", "(won)"),
        "paid": pgettext("the points a player paid in a hand", "paid"),
        "dealt_mark": pgettext("short mark: the player dealt this hand", "D"),
        "dealt": pgettext("a player dealt the hand", "(dealt)"),
        "number": pgettext("the heading of the hand-number column", "#"),
        "total": _("Total"),
        "edit": _("Edit"),
        "void_action": pgettext("make a hand score nothing", "Void"),
        "history": pgettext("a hand's saved versions", "History"),
        "no_hands": _("No hands yet."),
        "notes": _("Numbers the rules adjusted"),
        "key_dealt": pgettext("the key to the short mark D", "D: dealt the hand"),
        "history_of": _("History of hand %(number)s"),
        "change": _("Change hand %(number)s"),
        "key_short": _("%(short)s: %(name)s"),
    } | check_words()


def check_words() -> dict[str, str]:
    """The words of a hand's state and of a player's answer to it, for the table's tags
    (scoring/display/hand_rows.py says the same) and the "your answer" panel."""
    return {
        "check_entered": pgettext("a hand waiting for the players to confirm it", "to confirm"),
        "check_confirmed": pgettext("a hand the players confirmed", "confirmed"),
        "check_disputed": pgettext("a hand a player disputed", "disputed"),
        "check_decided": pgettext("a disputed hand an organiser decided", "decided"),
        "your_answer": _("Your answer"),
        "answers_heading": _("What the players answered"),
        "answer_hand": _("Hand %(number)s: you %(points)s"),
        "confirm": pgettext("confirm a hand as entered", "Confirm"),
        "dispute": pgettext("say a hand was entered wrong", "Dispute"),
        "dispute_reason": _("What is wrong?"),
        "send_dispute": _("Send the dispute"),
    }
