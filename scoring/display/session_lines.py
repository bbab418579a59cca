"""A session in a list (the club page, the home page): its game, its players, when it
started in the club's time and how many hands it has, each a line of text.

Worked out here rather than in the list's template: the template language switched the time
zone, formatted the date and translated two sentences for each session listed, a third of
the club page's cost. The sentences are those the template said (the same msgids).
"""

from __future__ import annotations

import zoneinfo
from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.formats import date_format
from django.utils.timezone import localtime
from django.utils.translation import gettext as _
from django.utils.translation import npgettext

from common.addresses import Addresses
from common.numbers import grouped
from scoring.models import Variant
from scoring.selectors import ListedSession

WHEN = "D j M, H:i"


@dataclass(frozen=True)
class SessionLine:
    url: str  # the session screen while it is played, its summary once finished
    game: str
    players: str
    started: str  # "Started Tue 3 Nov, 19:05", in the club's time
    hands: str  # "12 hands", or "" where the list leaves it out


def session_lines(sessions: Sequence[ListedSession], *, counted: bool = True) -> list[SessionLine]:
    """The lines of `sessions`, all of one club."""
    if not sessions:
        return []
    first = sessions[0]
    screen = Addresses("session-detail", first.club_slug)
    summary = Addresses("session-summary", first.club_slug)
    zone = zoneinfo.ZoneInfo(first.club_timezone)
    started = _("Started %(when)s")
    return [
        SessionLine(
            url=(screen if session.is_active else summary).of(session.pk),
            game=str(Variant(session.variant).label),
            players=", ".join(session.players),
            started=started % {"when": date_format(localtime(session.started_at, zone), WHEN)},
            hands=_hands(session.hand_count) if counted else "",
        )
        for session in sessions
    ]


def _hands(count: int) -> str:
    return npgettext(
        "how many hands of cards were played", "%(counter)s hand", "%(counter)s hands", count
    ) % {"counter": grouped(count)}


@dataclass(frozen=True)
class ClubSessionLines:
    active: list[SessionLine]
    recent_finished: list[SessionLine]


def club_page_lines(
    active: Sequence[ListedSession], recent_finished: Sequence[ListedSession]
) -> ClubSessionLines:
    """The club page's two lists (`club_page_sessions`), with their hand counts."""
    return ClubSessionLines(
        active=session_lines(active), recent_finished=session_lines(recent_finished)
    )


def home_lines(by_club: dict[int, list[ListedSession]]) -> dict[int, list[SessionLine]]:
    """Each club's sessions in play on the home page (`active_sessions_by_club`), without
    hand counts."""
    return {
        club_id: session_lines(sessions, counted=False) for club_id, sessions in by_club.items()
    }
