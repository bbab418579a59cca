"""One session's result for each player, worked out from its board (the current hands).

Places use competition ranking: players tied on points share a place and the next place
is skipped (1, 1, 3), so two leaders both count as winning the session.
"""

from __future__ import annotations

from dataclasses import dataclass

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


def session_results(board: Board) -> list[ResultLine]:
    """Every seat's line; empty when no hand was played (such a session counts nowhere)."""
    played = [row for row in board.rows if not row.is_void]
    if not played:
        return []
    place = places(board.totals)
    lines = []
    for seat in board.seats:
        pos = seat.position
        best = max(played, key=lambda row: (row.scores.get(pos, 0), -row.shown_number))
        lines.append(
            ResultLine(
                player_id=seat.player_id,
                points=board.totals[pos],
                hands_played=len(played),
                hands_won=sum(1 for row in played if row.winner == pos),
                best_hand=best.scores.get(pos, 0),
                best_hand_number=best.shown_number,
                place=place[pos],
            )
        )
    return lines
