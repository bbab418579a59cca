"""The table page's pieces: who plays the next hand, who is out or gone, who could sit down,
and the question asked before someone leaves or rejoins. No queries: a board and the club's
players in, words out."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from clubs.models import Player
from scoring.models import GameSession
from scoring.selectors import Board, pool_rules


@dataclass(frozen=True)
class SeatLine:
    position: int
    name: str
    figure: str = ""  # a pool score ("37 of 101"); empty otherwise
    state: str = ""  # "out in hand 7", "left"
    rejoin: bool = False  # may rejoin the pool now
    why_not: str = ""  # why they may not


@dataclass(frozen=True)
class Question:
    action: str
    position: int
    sentence: str
    button: str


@dataclass(frozen=True)
class TableView:
    session: GameSession
    revision: int
    playing: list[SeatLine]
    away: list[SeatLine]
    candidates: list[Player]
    pool_note: str = ""

    def question(self, action: str, position: int | None) -> Question | None:
        seat = next(
            (line for line in [*self.playing, *self.away] if line.position == position), None
        )
        if seat is None or position is None:
            return None
        if action == "leave":
            rest = (
                "They are out of the pool."
                if self.session.format == "pool"
                else ("Their hands so far stay theirs.")
            )
            return Question(
                action,
                position,
                f"{seat.name} leaves the table after this hand. {rest}",
                f"{seat.name} leaves",
            )
        fee = self.session.entry_fee
        pays = f" and pays {fee} into the pot" if fee else ""
        return Question(
            action,
            position,
            f"{seat.name} rejoins the pool at the highest score in play plus one{pays}.",
            f"{seat.name} rejoins",
        )


def table_view(board: Board, players: Iterable[Player]) -> TableView:
    session = board.session
    pool = board.pool
    names = board.names
    playing_positions = board.playing
    playing: list[SeatLine] = []
    away: list[SeatLine] = []
    rules = pool_rules(session) if pool is not None else None
    for seat in sorted(board.seats, key=lambda seat: (seat.place, seat.position)):
        pos = seat.position
        figure = ""
        if pool is not None and rules is not None and pos in pool.scores:
            figure = f"{pool.scores[pos]} of {rules.limit}"
        if pos in playing_positions:
            playing.append(SeatLine(pos, names[pos], figure))
            continue
        if pool is not None and rules is not None and pos in pool.out_at:
            why_not = pool.why_no_rejoin(pos, rules) or ""
            away.append(
                SeatLine(
                    pos,
                    names[pos],
                    figure,
                    f"out in hand {pool.out_at[pos]}",
                    rejoin=not why_not and seat.seated,
                    why_not=why_not if seat.seated else "",
                )
            )
        else:
            away.append(SeatLine(pos, names[pos], figure, "left"))
    at_table = {seat.player_id for seat in board.seats if seat.position in playing_positions}
    pool_note = ""
    if pool is not None and rules is not None:
        pool_note = (
            f"Pool to {rules.limit}; rejoining closes once a score in play reaches "
            f"{rules.rejoin_below}. Pot {pool.pot(rules)}."
        )
    return TableView(
        session=session,
        revision=session.revision,
        playing=playing,
        away=away,
        candidates=[player for player in players if player.pk not in at_table],
        pool_note=pool_note,
    )
