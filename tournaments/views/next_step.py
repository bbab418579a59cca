"""What the director does next, as one big button on the tournament page.

Words only: whether the step is allowed is still the service's call when it is taken.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from tournaments.models import (
    Round,
    RoundKind,
    RoundStatus,
    Tournament,
    TournamentStatus,
)


@dataclass(frozen=True)
class NextStep:
    kind: str  # "draw", "round" (go to a round's page), "cut" or "standings"
    label: str
    round: Round | None = None
    number: int = 0  # the round a "draw" makes

    @property
    def offers_swiss(self) -> bool:
        """Seating by standings means nothing before anyone has a result."""
        return self.kind == "draw" and self.number > 1


def round_name(round_: Round) -> str:
    """The round as a page's title names it: "Round 2", or "The final table"."""
    if round_.kind == RoundKind.FINAL:
        return pgettext("a tournament round", "The final table")
    return pgettext("a tournament round", "Round %(number)s") % {"number": round_.number}


def next_step(tournament: Tournament, rounds: list[Round]) -> NextStep:
    last = rounds[-1] if rounds else None
    if tournament.status == TournamentStatus.FINISHED:
        return NextStep("standings", _("See the final standings"))
    if last is not None and last.status == RoundStatus.DRAWN:
        if last.kind == RoundKind.FINAL:
            label = _("The final table: check the seats, then start")
        else:
            label = _("Round %(number)s: check the seats, then start") % {"number": last.number}
        return NextStep("round", label, last)
    if last is not None and last.status == RoundStatus.STARTED:
        if last.kind == RoundKind.FINAL:
            label = _("The final table is in play: the tables")
        else:
            label = _("Round %(number)s is in play: the tables") % {"number": last.number}
        return NextStep("round", label, last)
    played = len(rounds)
    if played < tournament.rounds:
        # Translators: the button that seats the players of the next round at its tables.
        label = _("Draw round %(number)s") % {"number": played + 1}
        return NextStep("draw", label, number=played + 1)
    if tournament.final_table_size and tournament.status == TournamentStatus.RUNNING:
        return NextStep("cut", _("Cut to the final table"))
    return NextStep("standings", _("See the standings"))
