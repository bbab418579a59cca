"""How every club endpoint reaches its club: only through `clubs.access.club_access`.

Reads need no role (a public club is open to anyone, a private one to its members, and
everyone else gets 404); each view names the role its writes need. The global permission
class (IsAuthenticatedOrReadOnly) has already turned away anonymous writes with 401.
"""

from __future__ import annotations

from functools import cached_property

from rest_framework.permissions import SAFE_METHODS

from clubs.access import ClubAccess, club_access
from clubs.roles import Role


class ClubAccessMixin:
    """For API views under clubs/<slug>/: `self.access` is the club and the caller's role."""

    # None: anyone who may see the club may read.
    read_role: str | None = None
    write_role: str = Role.ORGANISER

    @cached_property
    def access(self) -> ClubAccess:
        request = self.request  # type: ignore[attr-defined]
        needs = self.read_role if request.method in SAFE_METHODS else self.write_role
        return club_access(request.user, self.kwargs["slug"], needs=needs)  # type: ignore[attr-defined]

    @property
    def is_schema_run(self) -> bool:
        """True while drf-spectacular inspects the view with a made-up request."""
        return getattr(self, "swagger_fake_view", False)
