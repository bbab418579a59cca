"""How every tournament endpoint reaches its tournament: only through
`tournaments.access`.

Reading: the club's members (any role) read every tournament of their club, as on the
members' screens; anyone else, anonymous callers included, reads only a tournament whose
pages the organiser has released, even in a private club, as on the public pages. An
unreleased tournament answers 404 to them, exactly as one that does not exist.

Changing: the club's organisers and owner (`directed_tournament`): a member below them
gets 403 with a sentence, someone outside a private club 404. A view may open its POST to
every logged-in reader instead (`readers_may_post`) when its service decides who may act,
as confirming a table's result does.
"""

from __future__ import annotations

from functools import cached_property

from django.contrib.auth.models import AnonymousUser, User
from django.http import Http404
from rest_framework.permissions import SAFE_METHODS

from tournaments.access import (
    directed_tournament,
    member_tournament,
    public_tournament,
)
from tournaments.models import Tournament


def readable_tournament(user: User | AnonymousUser, slug: str, tournament_slug: str) -> Tournament:
    try:
        # Released ones for anyone (and unreleased ones for directors): the common case.
        return public_tournament(user, slug, tournament_slug).tournament
    except Http404:
        pass
    # The club's members (`member_tournament` shows outsiders released ones only).
    _, tournament = member_tournament(user, slug, tournament_slug)
    return tournament


class TournamentAccessMixin:
    """For API views under clubs/<slug>/tournaments/<tournament_slug>/."""

    # True: a POST reaches the tournament as a read does (anonymous callers already have
    # their 401 from the global permission class); the service says who may act.
    readers_may_post = False

    @cached_property
    def tournament(self) -> Tournament:
        request = self.request  # type: ignore[attr-defined]
        slug = self.kwargs["slug"]  # type: ignore[attr-defined]
        tournament_slug = self.kwargs["tournament_slug"]  # type: ignore[attr-defined]
        if request.method in SAFE_METHODS or self.readers_may_post:
            return readable_tournament(request.user, slug, tournament_slug)
        _, tournament = directed_tournament(request.user, slug, tournament_slug)
        return tournament

    @property
    def is_schema_run(self) -> bool:
        """True while drf-spectacular inspects the view with a made-up request."""
        return getattr(self, "swagger_fake_view", False)
