"""How leagues, standings and ratings read on the pages: words and rounded numbers only."""

from __future__ import annotations

from dataclasses import dataclass

from leagues.models import Basis, League, Standing, TieBreaker
from leagues.selectors import BASIS_FIELD, LeagueTable
from scoring.display.formatting import MINUS
from scoring.rules.variants import GAME_NAMES

# What each basis is called in the table's column and in the rules line.
BASIS_COLUMN = {
    Basis.POINTS: "Points",
    Basis.HANDS_WON: "Hands won",
    Basis.SESSIONS_WON: "Wins",
    Basis.PLACING: "Place pts",
}
BASIS_RULE = {
    Basis.POINTS: "Total points",
    Basis.HANDS_WON: "Hands won",
    Basis.SESSIONS_WON: "Sessions won",
    Basis.PLACING: "Points for placing",
}
BREAKER_WORDS = {
    TieBreaker.WINS: "wins",
    TieBreaker.AVERAGE: "average",
    TieBreaker.HEAD_TO_HEAD: "head-to-head",
    TieBreaker.RECENT: "most recent result",
}


def one_decimal(value: float) -> str:
    """12.3, 0.0, or a real minus sign and 4.5 (as points read elsewhere)."""
    text = f"{abs(value):.1f}"
    return MINUS + text if value < 0 and text != "0.0" else text


def signed_decimal(value: float) -> str:
    """+1.2, 0.0 or a minus sign and 0.8: how far a rating moved."""
    text = f"{abs(value):.1f}"
    if text == "0.0":
        return text
    return ("+" if value > 0 else MINUS) + text


def plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def rules_line(league: League) -> str:
    """ "Total points · ties: wins, then average · at least 3 sessions"."""
    basis = BASIS_RULE[Basis(league.basis)]
    if league.basis == Basis.PLACING and league.placing_points:
        basis += " (" + ", ".join(str(p) for p in league.placing_points) + ")"
    parts = [basis]
    if league.tie_breakers:
        parts.append("ties: " + ", then ".join(BREAKER_WORDS[b] for b in league.tie_breakers))
    if league.min_sessions:
        parts.append("at least " + plural(league.min_sessions, "session"))
    return " · ".join(parts)


def games_line(league: League) -> str:
    games = ", ".join(GAME_NAMES[v] for v in league.variants) or "All games"
    counts = "marked sessions only" if league.marked_only else "every session counts"
    return f"{games} · {counts}"


@dataclass(frozen=True)
class StandingLine:
    """One line of the table as the page shows it."""

    rank: int | None
    standing: Standing
    basis_value: int
    needs: int  # sessions still missing to be ranked; 0 when ranked

    @property
    def player(self):
        return self.standing.player

    @property
    def average(self) -> str:
        return one_decimal(self.standing.average)


@dataclass(frozen=True)
class LeagueTableDisplay:
    ranked: list[StandingLine]
    unranked: list[StandingLine]
    basis_column: str
    show_wins: bool  # the basis column already is the wins when ranking by sessions won
    updating: bool


def league_table_display(table: LeagueTable) -> LeagueTableDisplay:
    league = table.league
    field = BASIS_FIELD[Basis(league.basis)]
    lines = [
        StandingLine(
            rank=row.rank,
            standing=row.standing,
            basis_value=getattr(row.standing, field),
            needs=max(league.min_sessions - row.standing.sessions, 0),
        )
        for row in table.rows
    ]
    return LeagueTableDisplay(
        ranked=[line for line in lines if line.rank is not None],
        unranked=[line for line in lines if line.rank is None],
        basis_column=BASIS_COLUMN[Basis(league.basis)],
        show_wins=league.basis != Basis.SESSIONS_WON,
        updating=table.updating,
    )


def game_name(variant: str) -> str:
    return GAME_NAMES.get(variant, variant)


def ordinal(place: int) -> str:
    """1st, 2nd, 3rd, 4th ... 11th, 12th, 13th, 21st."""
    if 10 <= place % 100 <= 20:
        suffix = "th"
    else:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"
