"""Every club page and endpoint reaches a club only through these checks.

A private club is invisible to anyone who is not a member: they get "not found", exactly
as for a club that does not exist, so its name does not leak. A member without the role a
change needs gets "forbidden".
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import AnonymousUser, User
from django.core.exceptions import PermissionDenied
from django.db.models import OuterRef, Subquery
from django.http import Http404
from django.utils.translation import gettext as _

from clubs.models import Club, Membership
from clubs.roles import Role, at_least


@dataclass(frozen=True)
class ClubAccess:
    club: Club
    role: str | None  # None: not a member (the club is public)

    @property
    def is_member(self) -> bool:
        return self.role is not None

    @property
    def can_score(self) -> bool:
        return at_least(self.role, Role.SCORER)

    @property
    def can_organise(self) -> bool:
        return at_least(self.role, Role.ORGANISER)

    @property
    def is_owner(self) -> bool:
        return at_least(self.role, Role.OWNER)


def club_access(user: User | AnonymousUser, slug: str, *, needs: str | None = None) -> ClubAccess:
    """The club and the user's role in it, in one query; 404 or 403 when not allowed."""
    clubs = Club.objects.filter(slug=slug)
    role = role_in(user)
    if role is not None:
        clubs = clubs.annotate(my_role=role)
    club = clubs.first()
    if club is None:
        raise Http404("No such club.")
    return allowed(club, getattr(club, "my_role", None), needs=needs)


def role_in(user: User | AnonymousUser, club: str = "pk") -> Subquery | None:
    """The user's role in the club that `club` (a field path) names, for a query's
    annotation; None for someone not signed in."""
    if not user.is_authenticated:
        return None
    return Subquery(Membership.objects.filter(club=OuterRef(club), user=user).values("role")[:1])


def allowed(club: Club, role: str | None, *, needs: str | None = None) -> ClubAccess:
    """The user's access to `club`, where their role in it is `role`; 404 or 403 when
    not allowed."""
    access = ClubAccess(club=club, role=role)
    if not club.is_public and not access.is_member:
        raise Http404("No such club.")
    if needs is not None and not at_least(access.role, needs):
        # Translators: the role is "scorer", "organiser" or "owner"; then the club's name
        message = _("This needs the %(role)s role in %(club)s.")
        raise PermissionDenied(message % {"role": Role(needs).label.lower(), "club": club.name})
    return access
