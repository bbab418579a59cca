"""What the director does next, as one big button on the tournament page.

Words only: whether the step is allowed is still the service's call when it is taken.
"""

from __future__ import annotations

from dataclasses import dataclass

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
    return "The final table" if round_.kind == RoundKind.FINAL else f"Round {round_.number}"


def next_step(tournament: Tournament, rounds: list[Round]) -> NextStep:
    last = rounds[-1] if rounds else None
    if tournament.status == TournamentStatus.FINISHED:
        return NextStep("standings", "See the final standings")
    if last is not None and last.status == RoundStatus.DRAWN:
        return NextStep("round", f"{round_name(last)}: check the seats, then start", last)
    if last is not None and last.status == RoundStatus.STARTED:
        return NextStep("round", f"{round_name(last)} is in play: the tables", last)
    played = len(rounds)
    if played < tournament.rounds:
        return NextStep("draw", f"Draw round {played + 1}", number=played + 1)
    if tournament.final_table_size and tournament.status == TournamentStatus.RUNNING:
        return NextStep("cut", "Cut to the final table")
    return NextStep("standings", "See the standings")
