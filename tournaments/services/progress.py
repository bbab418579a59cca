"""Where a tournament stands, for the services that change it: its row locked, the rounds
played so far, and the standings with every recorded hand in them."""

from __future__ import annotations

from clubs.errors import UserError
from leagues.models import PendingUpdate
from leagues.services.updates import apply_session
from tournaments.models import Round, RoundStatus, RoundTable, Tournament
from tournaments.standings import TournamentStandings, compute_standings


def locked(tournament: Tournament) -> Tournament:
    """The tournament row, locked: two directors' clicks on one tournament take turns."""
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


def rounds_so_far(tournament: Tournament) -> list[Round]:
    return list(tournament.round_set.order_by("number"))


def between_rounds(tournament: Tournament, action: str) -> int:
    """The number of rounds played so far; `UserError` while a round is drawn or in play."""
    rounds = rounds_so_far(tournament)
    unfinished = [r for r in rounds if r.status != RoundStatus.FINISHED]
    if unfinished:
        raise UserError(
            f"Round {unfinished[0].number} is {unfinished[0].get_status_display().lower()}; "
            f"{action} once it has finished."
        )
    return len(rounds)


def current_standings(tournament: Tournament) -> TournamentStandings:
    """The standings with every hand recorded so far in them: a Swiss draw or a cut made
    while Celery is still catching up would seat players by old results."""
    sessions = RoundTable.objects.filter(
        round__tournament=tournament, session__isnull=False
    ).values_list("session_id", flat=True)
    pending = list(
        PendingUpdate.objects.filter(session_id__in=sessions).values_list("session_id", flat=True)
    )
    for session_id in pending:
        apply_session(session_id)
    if PendingUpdate.objects.filter(session_id__in=pending).exists():
        raise UserError(
            "The standings are still catching up with the last hands; try again in a moment."
        )
    return compute_standings(tournament)
