"""What other apps show on the club's own pages, without clubs importing those apps.

The home page lists each of the user's clubs with its tables in play, and the club page its
sessions; sessions belong to `scoring`, which registers its reads here when it starts
(`scoring/apps.py`). clubs imports only the rules engine of scoring (an import contract).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from clubs.models import Club

# name in the club page's context -> the read that fills it, given the club
_CLUB_PAGE: dict[str, Callable[[Club], Any]] = {}
# name on each home-page club -> the read that fills it for all the user's clubs at once,
# given their ids and answering by club id (one query however many clubs)
_HOME: dict[str, Callable[[Sequence[int]], dict[int, Any]]] = {}


def add_to_club_page(name: str, read: Callable[[Club], Any]) -> None:
    _CLUB_PAGE[name] = read


def add_to_home(name: str, read: Callable[[Sequence[int]], dict[int, Any]]) -> None:
    _HOME[name] = read


def club_page_parts(club: Club) -> dict[str, Any]:
    return {name: read(club) for name, read in _CLUB_PAGE.items()}


def home_parts(club_ids: Sequence[int]) -> dict[str, dict[int, Any]]:
    return {name: read(club_ids) for name, read in _HOME.items()}
