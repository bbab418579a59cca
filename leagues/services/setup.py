"""Setting up a league (a club's season) and marking the sessions that count for it."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from django.db import transaction
from django.utils.translation import gettext as _

from clubs.models import Club
from clubs.slugs import free_slug
from common.errors import UserError
from leagues.models import Basis, League, LeagueSession, TieBreaker
from leagues.ranking import valid_tie_breakers
from leagues.services.standings import refresh_standings
from scoring.models import GameSession
from scoring.rules.variants import VARIANTS


def _check(
    *,
    name: str,
    starts_on: date,
    ends_on: date,
    variants: Sequence[str],
    basis: str,
    placing_points: Sequence[int],
    tie_breakers: Sequence[str],
    min_sessions: int,
) -> None:
    if not name.strip():
        raise UserError(_("Give the league a name."), field="name")
    if ends_on < starts_on:
        raise UserError(_("The league cannot end before it starts."), field="ends_on")
    unknown = [v for v in variants if v not in VARIANTS]
    if unknown:
        raise UserError(
            _("%(games)s is not one of the games.") % {"games": ", ".join(unknown)},
            field="variants",
        )
    if basis not in Basis.values:
        raise UserError(_("Choose how the table is ranked."), field="basis")
    if basis == Basis.PLACING and not placing_points:
        raise UserError(
            _("Give the points for 1st, 2nd, 3rd ... place, like 5, 3, 2, 1."),
            field="placing_points",
        )
    check_ranking(placing_points=placing_points, tie_breakers=tie_breakers)
    if min_sessions < 0:
        raise UserError(
            _("The minimum number of sessions cannot be below zero."), field="min_sessions"
        )


def check_ranking(*, placing_points: Sequence[int], tie_breakers: Sequence[str]) -> None:
    """What leagues and tournaments share: points per place and the tie-breakers."""
    if any(p < 0 for p in placing_points):
        raise UserError(_("Points for a place cannot be below zero."), field="placing_points")
    if not valid_tie_breakers(tie_breakers):
        raise UserError(
            _("Tie-breakers are wins, average, head-to-head and most recent, each once."),
            field="tie_breakers",
        )


@transaction.atomic
def create_league(
    *,
    club: Club,
    name: str,
    starts_on: date,
    ends_on: date,
    variants: Sequence[str] = (),
    marked_only: bool = False,
    basis: str = Basis.POINTS,
    placing_points: Sequence[int] = (),
    tie_breakers: Sequence[str] = (TieBreaker.WINS, TieBreaker.AVERAGE),
    min_sessions: int = 0,
) -> League:
    _check(
        name=name,
        starts_on=starts_on,
        ends_on=ends_on,
        variants=variants,
        basis=basis,
        placing_points=placing_points,
        tie_breakers=tie_breakers,
        min_sessions=min_sessions,
    )
    slug = free_slug(name, League.objects.filter(club=club), fallback="league")
    league = League.objects.create(
        club=club,
        name=name.strip(),
        slug=slug,
        starts_on=starts_on,
        ends_on=ends_on,
        variants=list(variants),
        marked_only=marked_only,
        basis=basis,
        placing_points=[int(p) for p in placing_points],
        tie_breakers=list(tie_breakers),
        min_sessions=min_sessions,
    )
    # Sessions already played in its dates count at once.
    refresh_standings(league=league)
    return league


@transaction.atomic
def mark_session(*, league: League, session: GameSession, counts: bool) -> None:
    """Count a session for a league of marked sessions (or stop counting it)."""
    if session.club_id != league.club_id:
        raise UserError(_("Only the club's own sessions can count for its league."))
    if not league.marked_only:
        raise UserError(
            _(
                "This league counts every session in its dates and games, so no session is "
                "marked for it; make it a league of marked sessions first."
            )
        )
    if counts:
        LeagueSession.objects.get_or_create(league=league, session=session)
    else:
        LeagueSession.objects.filter(league=league, session=session).delete()
    players = session.seats.values_list("player_id", flat=True)
    refresh_standings(league=league, player_ids=list(players))


@transaction.atomic
def update_league(
    *,
    league: League,
    name: str,
    starts_on: date,
    ends_on: date,
    variants: Sequence[str] = (),
    marked_only: bool = False,
    basis: str = Basis.POINTS,
    placing_points: Sequence[int] = (),
    tie_breakers: Sequence[str] = (TieBreaker.WINS, TieBreaker.AVERAGE),
    min_sessions: int = 0,
) -> League:
    """Change a league's rules. The slug stays, so links to the table keep working."""
    _check(
        name=name,
        starts_on=starts_on,
        ends_on=ends_on,
        variants=variants,
        basis=basis,
        placing_points=placing_points,
        tie_breakers=tie_breakers,
        min_sessions=min_sessions,
    )
    league.name = name.strip()
    league.starts_on = starts_on
    league.ends_on = ends_on
    league.variants = list(variants)
    league.marked_only = marked_only
    league.basis = basis
    league.placing_points = [int(p) for p in placing_points]
    league.tie_breakers = list(tie_breakers)
    league.min_sessions = min_sessions
    league.save()
    # New dates, games or marking can change which sessions count: every standing again.
    refresh_standings(league=league)
    return league
