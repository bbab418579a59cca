"""A tournament's round, overall and final standings, from its tables' session results.

`compute_standings` ranks the `SessionResult` rows of the tournament's tables (three
queries whatever the size of the field). The Celery update that turns a table's hands into
those results then stores the ranked lines (`StandingsLine`, see
`tournaments.services.lines`), and pages read them with `tournament_standings`
in two queries. Director actions that must not act on stale standings (a Swiss draw, the
cut) apply pending updates and compute afresh.

What a player scores at a table: the tournament's placing points for their place (tied
players share a place and its points), or the game points themselves. Tables still in
play count with their current results, so the standings are live.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field

from clubs.models import Player
from leagues import ranking
from leagues.models import PendingUpdate, SessionResult
from leagues.ranking import Key, ranked_groups, times_finished_above
from tournaments.models import (
    Entry,
    RoundKind,
    RoundTable,
    Stage,
    StandingsLine,
    Tournament,
    TournamentScoring,
    TournamentStatus,
)


@dataclass(frozen=True)
class TableScore:
    """One player's result at one table."""

    round_number: int
    table_number: int
    session_id: int
    game_points: int
    place: int
    finished: bool
    score: int  # what the round adds to the player's tournament score


@dataclass
class Line:
    """One player's line in a standings table."""

    player: Player
    entry: Entry
    scores: list[TableScore] = field(default_factory=list)
    carried: int = 0  # final table only
    rank: int = 0

    @property
    def pk(self) -> int:  # what the shared tie-break machinery keys on
        return self.player.pk

    @property
    def score(self) -> int:
        return self.carried + sum(s.score for s in self.scores)

    @property
    def game_points(self) -> int:
        return sum(s.game_points for s in self.scores)

    @property
    def played(self) -> int:
        return len(self.scores)

    @property
    def wins(self) -> int:
        return sum(1 for s in self.scores if s.finished and s.place == 1)

    @property
    def average(self) -> float:
        return self.score / self.played if self.played else 0.0

    @property
    def withdrawn(self) -> bool:
        return not self.entry.active


@dataclass(frozen=True)
class TournamentStandings:
    tournament: Tournament
    rounds: dict[int, list[Line]]  # round number -> that round's lines, best first
    overall: list[Line]  # every entry over the rounds before the final, best first
    final: list[Line]  # the final table (carried score plus the final), best first
    updating: bool  # hands are recorded that the standings do not show yet

    @property
    def winners(self) -> list[Line]:
        """Who won, once the tournament has finished: the final table's first (a tie there
        goes to the better qualifier), or without a final table everyone level on top.

        Empty until then: while the last tables play, their leader is only leading."""
        if self.tournament.status != TournamentStatus.FINISHED:
            return []
        lines = self.final or [line for line in self.overall if line.played]
        return [line for line in lines if line.rank == 1]

    @property
    def winner(self) -> Player | None:
        """The one winner; None before the end, or when players share the top."""
        winners = self.winners
        return winners[0].player if len(winners) == 1 else None


def _table_score(tournament: Tournament, result: SessionResult) -> int:
    if tournament.scoring == TournamentScoring.GAME_POINTS:
        return result.points
    scheme = tournament.placing_points
    return int(scheme[result.place - 1]) if result.place <= len(scheme) else 0


def tournament_standings(
    tournament: Tournament, *, updating: bool | None = None
) -> TournamentStandings:
    """The stored standings, as the last update left them; `updating` while hands recorded
    at the tournament's tables are not in them yet (asked here unless the caller knows)."""
    lines: dict[str, list[Line]] = defaultdict(list)
    rounds: dict[int, list[Line]] = defaultdict(list)
    stored = list(
        StandingsLine.objects.filter(tournament=tournament)
        .select_related("entry__player")
        .order_by("stage", "round_number", "position")
    )
    if not stored:
        # Nothing stored (no entry yet, or a tournament from before the lines were kept,
        # until its next update): ranking afresh gives the same.
        return compute_standings(tournament)
    for row in stored:
        line = Line(
            player=row.entry.player,
            entry=row.entry,
            scores=[TableScore(**score) for score in row.tables],
            carried=row.carried,
            rank=row.rank,
        )
        if row.stage == Stage.ROUND:
            rounds[row.round_number].append(line)
        else:
            lines[row.stage].append(line)
    return TournamentStandings(
        tournament=tournament,
        rounds=dict(rounds),
        overall=lines[Stage.OVERALL],
        final=lines[Stage.FINAL],
        updating=is_updating_tournament(tournament) if updating is None else updating,
    )


def is_updating_tournament(tournament: Tournament) -> bool:
    """Hands are recorded at the tournament's tables that its standings do not show yet."""
    return PendingUpdate.objects.filter(
        session__tournament_table__round__tournament=tournament
    ).exists()


def compute_standings(tournament: Tournament) -> TournamentStandings:
    """The standings ranked afresh from the session results."""
    tables = list(
        RoundTable.objects.filter(round__tournament=tournament, session__isnull=False)
        .select_related("round")
        .order_by("round__number", "number")
    )
    by_session = {t.session_id: t for t in tables}
    results = SessionResult.objects.filter(session_id__in=list(by_session))
    entries = {
        e.player_id: e for e in Entry.objects.filter(tournament=tournament).select_related("player")
    }
    rounds: dict[int, dict[int, Line]] = defaultdict(dict)
    overall = {pid: Line(player=e.player, entry=e) for pid, e in entries.items()}
    final: dict[int, Line] = {}
    for result in results:
        table = by_session[result.session_id]
        entry = entries.get(result.player_id)
        if entry is None:  # a seat changed by hand to someone not entered: not ours to rank
            continue
        score = TableScore(
            round_number=table.round.number,
            table_number=table.number,
            session_id=result.session_id,
            game_points=result.points,
            place=result.place,
            finished=result.finished,
            score=_table_score(tournament, result),
        )
        if table.round.kind == RoundKind.FINAL:
            final[entry.player_id] = Line(
                player=entry.player, entry=entry, scores=[score], carried=entry.carried or 0
            )
            continue
        line = rounds[score.round_number].setdefault(
            entry.player_id, Line(player=entry.player, entry=entry)
        )
        line.scores.append(score)
        overall[entry.player_id].scores.append(score)
    for line in overall.values():
        line.scores.sort(key=lambda s: s.round_number)
    # Finalists whose table has no hand yet still show, with what they carry.
    for pid, entry in entries.items():
        if entry.carried is not None and pid not in final:
            final[pid] = Line(player=entry.player, entry=entry, carried=entry.carried)
    qualifying = _ranked(tournament, list(overall.values()))
    order = {line.pk: i for i, line in enumerate(qualifying)}
    return TournamentStandings(
        tournament=tournament,
        rounds={
            n: _ranked(tournament, list(lines.values())) for n, lines in sorted(rounds.items())
        },
        overall=qualifying,
        # At the final, a tie on the total goes to the better qualifier.
        final=_ranked_by(
            list(final.values()), [lambda group: {x.pk: -order.get(x.pk, 0) for x in group}]
        ),
        updating=is_updating_tournament(tournament),
    )


def _ranked(tournament: Tournament, lines: list[Line]) -> list[Line]:
    return _ranked_by(lines, [_breaker(breaker) for breaker in tournament.tie_breakers])


def _ranked_by(lines: list[Line], breakers: Sequence[Key[Line]]) -> list[Line]:
    """Lines by score, then each tie-breaker in turn; players level after all of them
    share a rank and are listed by name."""
    by_score: Key[Line] = lambda group: {x.pk: x.score for x in group}  # noqa: E731
    ordered: list[Line] = []
    for group in ranked_groups(lines, [by_score, *breakers]):
        rank = len(ordered) + 1
        for line in sorted(group, key=lambda x: x.player.name.lower()):
            line.rank = rank
            ordered.append(line)
    return ordered


def _breaker(breaker: str) -> Key[Line]:
    if breaker == ranking.WINS:
        return lambda group: {x.pk: x.wins for x in group}
    if breaker == ranking.AVERAGE:
        return lambda group: {x.pk: x.average for x in group}
    if breaker == ranking.RECENT:
        # A better place in one's latest round first.
        return lambda group: {x.pk: -x.scores[-1].place if x.scores else -99 for x in group}
    return _head_to_head


def _head_to_head(group: list[Line]) -> dict[int, object]:
    """Among the tied players: how often each finished above another of them at a table
    they shared."""
    seats: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for line in group:
        for s in line.scores:
            if s.finished:
                seats[s.session_id].append((line.pk, s.place))
    return dict(times_finished_above((line.pk for line in group), seats.values()))
