"""How a page or endpoint reaches a tournament: every tournament screen goes through here.

Directors (the club's organisers and owner) run a tournament. Its public pages (draw,
live standings, final, projector) are for anyone with the link once the organiser has
released them, even when the club itself is private: releasing them is the organiser's
choice. Until then they answer "not found" to everyone but the club's organisers, who see
them as a preview. The members' screens show every tournament to the club's members, and
to outsiders only what is released, as the API does.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import AnonymousUser, User
from django.http import Http404

from clubs.access import ClubAccess, club_access
from clubs.models import Club, Membership
from clubs.roles import Role, at_least
from tournaments.models import Tournament


@dataclass(frozen=True)
class TournamentAccess:
    tournament: Tournament
    role: str | None  # the user's role in the tournament's club; None: not a member

    @property
    def can_direct(self) -> bool:
        return at_least(self.role, Role.ORGANISER)

    @property
    def can_score(self) -> bool:
        return at_least(self.role, Role.SCORER)

    @property
    def is_preview(self) -> bool:
        """A director looking at public pages that are not released yet."""
        return not self.tournament.published


def directed_tournament(
    user: User | AnonymousUser, slug: str, tournament_slug: str
) -> tuple[ClubAccess, Tournament]:
    """The club (organiser role required: 404 or 403 otherwise) and its tournament."""
    access = club_access(user, slug, needs=Role.ORGANISER)
    return access, _tournament(access.club, tournament_slug)


def member_tournament(
    user: User | AnonymousUser, slug: str, tournament_slug: str
) -> tuple[ClubAccess, Tournament]:
    """For the club's members; outsiders (a public club's visitors) only once released."""
    access = club_access(user, slug)
    tournament = _tournament(access.club, tournament_slug)
    if not access.is_member and not tournament.published:
        raise Http404("No such tournament.")
    return access, tournament


def public_tournament(
    user: User | AnonymousUser, slug: str, tournament_slug: str
) -> TournamentAccess:
    """A tournament's public pages: released ones for anyone, others for directors only."""
    tournament = (
        Tournament.objects.select_related("club")
        .filter(club__slug=slug, slug=tournament_slug)
        .first()
    )
    if tournament is None:
        raise Http404("No such tournament.")
    role = None
    if user.is_authenticated:
        role = (
            Membership.objects.filter(club=tournament.club, user=user)
            .values_list("role", flat=True)
            .first()
        )
    if not tournament.published and not at_least(role, Role.ORGANISER):
        raise Http404("No such tournament.")
    return TournamentAccess(tournament=tournament, role=role)


def _tournament(club: Club, tournament_slug: str) -> Tournament:
    tournament = Tournament.objects.filter(club=club, slug=tournament_slug).first()
    if tournament is None:
        raise Http404("No such tournament.")
    tournament.club = club  # already loaded: pages must not ask for it again
    return tournament
