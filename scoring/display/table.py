"""The table page's pieces: who plays the next hand, who is out or gone, who could sit down,
and the question asked before someone leaves or rejoins. No queries: a board and the club's
players in, words out."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from clubs.models import Player
from common.numbers import grouped
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
        name = {"name": seat.name}
        if action == "leave":
            if self.session.format == "pool":
                sentence = _("%(name)s leaves the table after this hand. They are out of the pool.")
            else:
                sentence = _(
                    "%(name)s leaves the table after this hand. Their hands so far stay theirs."
                )
            # Translators: a button that confirms a player is leaving the table
            return Question(action, position, sentence % name, _("%(name)s leaves") % name)
        fee = self.session.entry_fee
        if fee:
            sentence = _(
                "%(name)s rejoins the pool at the highest score in play plus one "
                "and pays %(fee)s into the pot."
            ) % {"name": seat.name, "fee": fee}
        else:
            sentence = _("%(name)s rejoins the pool at the highest score in play plus one.") % name
        # Translators: a button that confirms a player is rejoining the pool
        return Question(action, position, sentence, _("%(name)s rejoins") % name)


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
            # Translators: a pool score out of the pool's limit, e.g. "37 of 101"
            figure = _("%(score)s of %(limit)s") % {"score": pool.scores[pos], "limit": rules.limit}
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
                    _("out in hand %(number)s") % {"number": pool.out_at[pos]},
                    rejoin=not why_not and seat.seated,
                    why_not=why_not if seat.seated else "",
                )
            )
        else:
            left = pgettext("a player who left the table", "left")
            away.append(SeatLine(pos, names[pos], figure, left))
    at_table = {seat.player_id for seat in board.seats if seat.position in playing_positions}
    pool_note = ""
    if pool is not None and rules is not None:
        pool_note = _(
            "Pool to %(limit)s; rejoining closes once a score in play reaches %(below)s. "
            "Pot %(pot)s."
        ) % {"limit": rules.limit, "below": rules.rejoin_below, "pot": grouped(pool.pot(rules))}
    return TableView(
        session=session,
        revision=session.revision,
        playing=playing,
        away=away,
        candidates=[player for player in players if player.pk not in at_table],
        pool_note=pool_note,
    )
