"""One session's result for each player, worked out from its board (the current hands).

Places use competition ranking: players tied on points share a place and the next place
is skipped (1, 1, 3), so two leaders both count as winning the session.

What a line's points are depends on the session's format (docs/standings.md):
- points: the player's total;
- pool: minus their pool score (the points they took: fewer is better), and places by who
  lasted, the winner first, then the last player out;
- deals: the chips won or lost (chips at the end less the starting stack).
A player who sat in only some hands has a line for those hands.
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.formats import PoolState
from scoring.selectors import Board


@dataclass(frozen=True)
class ResultLine:
    player_id: int
    points: int
    hands_played: int
    hands_won: int
    best_hand: int | None
    best_hand_number: int | None  # as the session shows it (1, 2, 3 ... over counted hands)
    place: int


def places(totals: dict[int, int]) -> dict[int, int]:
    """Seat -> place, 1 for the highest total; ties share a place."""
    ordered = sorted(totals.values(), reverse=True)
    return {seat: ordered.index(points) + 1 for seat, points in totals.items()}


def pool_places(pool: PoolState) -> dict[int, int]:
    """Seat -> place by who lasted; players still in when the pool stopped share places by
    score (lowest first)."""
    order = pool.place_order()
    place: dict[int, int] = {}
    for index, pos in enumerate(order):
        earlier = order[index - 1] if index else None
        tied = (
            earlier is not None
            and pos in pool.in_play
            and earlier in pool.in_play
            and pool.scores[pos] == pool.scores[earlier]
        )
        place[pos] = place[earlier] if tied and earlier is not None else index + 1
    return place


def figures(board: Board) -> tuple[dict[int, int], dict[int, int]]:
    """Each seat's points for standings, and its place, by the session's format."""
    if board.pool is not None:
        scores = board.pool.scores
        return {pos: -scores.get(pos, 0) for pos in board.totals}, pool_places(board.pool)
    if board.chips is not None and board.session.chips is not None:
        stack = board.session.chips
        won = {pos: board.chips[pos] - stack for pos in board.totals}
        return won, places(won)
    return board.totals, places(board.totals)


def session_results(board: Board) -> list[ResultLine]:
    """Every seat's line; empty when no hand was played (such a session counts nowhere)."""
    played = [row for row in board.rows if not row.is_void]
    if not played:
        return []
    points, place = figures(board)
    # Who was dealt into each hand and who won it, once per hand rather than once per seat
    # and hand: a season's rebuild reads every hand of every session.
    hands = [(row, {s.position for s in row.entry.seats}, row.winner) for row in played]
    lines = []
    for seat in board.seats:
        pos = seat.position
        dealt = [(row, winner) for row, seated, winner in hands if pos in seated]
        if not dealt:
            continue
        best = max(
            (row for row, _ in dealt), key=lambda row: (row.scores.get(pos, 0), -row.shown_number)
        )
        lines.append(
            ResultLine(
                player_id=seat.player_id,
                points=points[pos],
                hands_played=len(dealt),
                hands_won=sum(1 for _, winner in dealt if winner == pos),
                best_hand=best.scores.get(pos, 0),
                best_hand_number=best.shown_number,
                place=place.get(pos, len(place) + 1),
            )
        )
    return lines
