"""Where a tournament stands, for the services that change it: its row locked, the rounds
played so far, and the standings with every recorded hand in them."""

from __future__ import annotations

from typing import Literal

from django.utils.translation import gettext as _

from common.errors import UserError
from leagues.models import PendingUpdate
from leagues.services.updates import apply_session
from tournaments.models import Round, RoundStatus, RoundTable, Tournament
from tournaments.standings import TournamentStandings, compute_standings


def locked(tournament: Tournament) -> Tournament:
    """The tournament row, locked: two directors' clicks on one tournament take turns."""
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


def rounds_so_far(tournament: Tournament) -> list[Round]:
    return list(tournament.round_set.order_by("number"))


# What a director tried while a round is drawn or in play: `between_rounds` says which.
Action = Literal["draw", "enter", "withdraw", "cut"]


def between_rounds(tournament: Tournament, action: Action) -> int:
    """The number of rounds played so far; `UserError` while a round is drawn or in play."""
    rounds = rounds_so_far(tournament)
    unfinished = [r for r in rounds if r.status != RoundStatus.FINISHED]
    if unfinished:
        raise UserError(_busy_sentence(unfinished[0], action))
    return len(rounds)


def _busy_sentence(round_: Round, action: Action) -> str:
    """Why `action` must wait for `round_`, as one whole sentence for each case."""
    number = {"number": round_.number}
    if round_.status == RoundStatus.DRAWN:
        drawn = {
            "draw": _("Round %(number)s is drawn; draw the next round once it has finished."),
            "enter": _("Round %(number)s is drawn; enter the player once it has finished."),
            "withdraw": _("Round %(number)s is drawn; withdraw the player once it has finished."),
            "cut": _("Round %(number)s is drawn; cut to the final table once it has finished."),
        }
        return drawn[action] % number
    in_play = {
        "draw": _("Round %(number)s is in play; draw the next round once it has finished."),
        "enter": _("Round %(number)s is in play; enter the player once it has finished."),
        "withdraw": _("Round %(number)s is in play; withdraw the player once it has finished."),
        "cut": _("Round %(number)s is in play; cut to the final table once it has finished."),
    }
    return in_play[action] % number


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
            _("The standings are still catching up with the last hands; try again in a moment.")
        )
    return compute_standings(tournament)
