"""A session is reached only inside the club the user reached through `club_access`."""

from __future__ import annotations

from django.shortcuts import get_object_or_404

from clubs.access import ClubAccess
from scoring.models import GameSession


def load_session(access: ClubAccess, session_id: int) -> GameSession:
    """The session if it belongs to that club, else "not found": an id from another club
    in the address finds nothing."""
    # The session screen links a tournament table back to its round. Joining the table here
    # (a reverse one-to-one: None for an ordinary session) keeps that link free of queries;
    # a relation name only, so scoring imports nothing from tournaments.
    sessions = GameSession.objects.select_related("tournament_table__round__tournament")
    session = get_object_or_404(sessions, pk=session_id, club=access.club)
    session.club = access.club  # already loaded: the screen must not ask for it again
    return session
