"""The final table: the top of the overall standings seated at one table, carrying their
scores."""

from __future__ import annotations

import random

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from common.errors import UserError
from tournaments.models import Carry, Round, RoundKind, Tournament, TournamentStatus
from tournaments.services.draws import final_draw, save_tables
from tournaments.services.lines import refresh_tournament_standings
from tournaments.services.progress import between_rounds, current_standings, locked


def carried_score(score: int, carry: str) -> int:
    """What a score becomes at the final table; halves round half up (7 -> 4, -7 -> -3)."""
    if carry == Carry.FULL:
        return score
    if carry == Carry.HALF:
        return (score + 1) // 2
    return 0


@transaction.atomic
def cut_to_final(*, tournament: Tournament, rng: random.Random | None = None) -> Round:
    """Seat the top N of the overall standings at one final table, carrying their scores.

    Withdrawn players are passed over. Players level after every tie-breaker at the cut
    line are taken in the order the standings list them (by name).
    """
    tournament = locked(tournament)
    if not tournament.final_table_size:
        raise UserError(_("This tournament has no final table."))
    if tournament.status != TournamentStatus.RUNNING:
        raise UserError(_("The final table is drawn once, after the last round."))
    played = between_rounds(tournament, "cut")
    if played < tournament.rounds:
        raise UserError(
            _(
                "Round %(played)s of %(rounds)s has been played; play every round "
                "before the final table."
            )
            % {"played": played, "rounds": tournament.rounds}
        )
    finalists = [line for line in current_standings(tournament).overall if not line.withdrawn][
        : tournament.final_table_size
    ]
    if len(finalists) < tournament.final_table_size:
        raise UserError(
            ngettext(
                "The final table seats %(size)s, but only %(count)s player is still in "
                "the tournament.",
                "The final table seats %(size)s, but only %(count)s players are still in "
                "the tournament.",
                len(finalists),
            )
            % {"size": tournament.final_table_size, "count": len(finalists)}
        )
    for line in finalists:
        line.entry.carried = carried_score(line.score, tournament.carry)
        line.entry.save(update_fields=["carried"])
    final = Round.objects.create(
        tournament=tournament, number=tournament.rounds + 1, kind=RoundKind.FINAL
    )
    save_tables(final, final_draw([line.pk for line in finalists], rng))
    tournament.status = TournamentStatus.FINAL
    tournament.save(update_fields=["status"])
    refresh_tournament_standings(tournament_id=tournament.pk)  # the finalists' lines
    return final
