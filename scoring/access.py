"""A session is reached only inside the club the user reached through `club_access`."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import CharField, F, Prefetch, Value, prefetch_related_objects
from django.http import Http404
from django.shortcuts import get_object_or_404

from clubs.access import ClubAccess, allowed, club_access, role_in
from clubs.roles import Role, at_least
from scoring.models import GameSession

# The session screen links a tournament table back to its round. Whether the session is a
# table is read with it (a reverse one-to-one, joined by its name only, so scoring imports
# nothing from tournaments); the table, its round and tournament are read only for one.
# Joining all three to every session cost more than the rest of reading it.
_SESSIONS = GameSession.objects.annotate(round_table=F("tournament_table__pk"))
_TABLE = GameSession.tournament_table.related


def _with_table(session: GameSession) -> GameSession:
    if session.round_table is None:  # type: ignore[attr-defined]
        # Known to be no table: the crumb's look must not ask the database again.
        _TABLE.set_cached_value(session, None)
    else:
        tables = _TABLE.related_model._default_manager.select_related(  # type: ignore[union-attr]
            "round__tournament"
        )
        prefetch_related_objects([session], Prefetch("tournament_table", queryset=tables))
    return session


def load_session(access: ClubAccess, session_id: int) -> GameSession:
    """The session if it belongs to that club, else "not found": an id from another club
    in the address finds nothing."""
    session = get_object_or_404(_SESSIONS, pk=session_id, club=access.club)
    session.club = access.club  # already loaded: the screen must not ask for it again
    return _with_table(session)


def session_access(
    user: User | AnonymousUser, slug: str, session_id: int, *, needs: str | None = None
) -> tuple[ClubAccess, GameSession]:
    """`club_access` and `load_session` in one query, as every tap at the table asks for
    both. The same answers: not found, or forbidden when the user lacks the role `needs`."""
    sessions = _SESSIONS.select_related("club").filter(pk=session_id, club__slug=slug)
    role = role_in(user, "club")
    if role is not None:
        sessions = sessions.annotate(my_role=role)
    session = sessions.first()
    if session is None:
        # No such session here: the club's own answer first (a private club stays unknown,
        # a missing role is forbidden), as when the two were read one after the other.
        club_access(user, slug, needs=needs)
        raise Http404("No such session.")
    access = allowed(session.club, getattr(session, "my_role", None), needs=needs)
    return access, _with_table(session)


@dataclass(frozen=True)
class Glance:
    """What a watching phone's ask reads of a session it may see, as plain values: enough to
    answer "nothing changed", or the change when another phone's ask worked it out."""

    revision: int
    changed_at: datetime
    names_changed_at: datetime  # its club's
    role: str | None  # the asker's role in the club (None: not a member of a public club)
    is_table: bool  # a tournament's table: its seats carry notes read elsewhere

    @property
    def can_score(self) -> bool:
        return at_least(self.role, Role.SCORER)


def glance(user: User | AnonymousUser, slug: str, session_id: int) -> Glance | None:
    """The session's `Glance` if the user may see it; None otherwise, or for no such session:
    one query, no model built."""
    sessions = GameSession.objects.filter(pk=session_id, club__slug=slug)
    role = role_in(user, "club")
    sessions = sessions.annotate(
        my_role=role if role is not None else Value(None, output_field=CharField())
    )
    found = sessions.values_list(
        "revision",
        "changed_at",
        "club__names_changed_at",
        "club__is_public",
        "my_role",
        "tournament_table__pk",
    ).first()
    if found is None:
        return None
    revision, changed_at, names_changed_at, is_public, my_role, table = found
    if not is_public and my_role is None:
        return None
    return Glance(revision, changed_at, names_changed_at, my_role, table is not None)
