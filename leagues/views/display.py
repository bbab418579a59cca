"""How leagues, standings and ratings read on the pages: words and rounded numbers only."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext, ngettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from common.numbers import MINUS
from common.rules_words import game_name as translated_game_name
from leagues.models import Basis, League, Standing, TieBreaker
from leagues.selectors import BASIS_FIELD, LeagueTable
from scoring.rules.variants import VARIANTS

# What each basis is called in the table's column and in the rules line.
BASIS_COLUMN = {
    Basis.POINTS: pgettext_lazy("a score", "Points"),
    Basis.HANDS_WON: _("Hands won"),
    Basis.SESSIONS_WON: _("Wins"),
    # Translators: a short column heading: points for the places at each session.
    Basis.PLACING: _("Place pts"),
}
BASIS_RULE = {
    Basis.POINTS: _("Total points"),
    Basis.HANDS_WON: _("Hands won"),
    Basis.SESSIONS_WON: _("Sessions won"),
    Basis.PLACING: _("Points for placing"),
}
# The tie-breakers as the rules line lists them: "ties: wins, then average".
BREAKER_WORDS = {
    TieBreaker.WINS: pgettext_lazy("a tie-breaker in a list", "wins"),
    TieBreaker.AVERAGE: pgettext_lazy("a tie-breaker in a list", "average"),
    TieBreaker.HEAD_TO_HEAD: pgettext_lazy("a tie-breaker in a list", "head-to-head"),
    TieBreaker.RECENT: pgettext_lazy("a tie-breaker in a list", "most recent result"),
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


def rules_line(league: League) -> str:
    """ "Total points · ties: wins, then average · at least 3 sessions"."""
    basis = str(BASIS_RULE[Basis(league.basis)])
    if league.basis == Basis.PLACING and league.placing_points:
        # Translators: how a league is ranked, with the points for 1st, 2nd, ...: "(5, 3, 2, 1)".
        basis = gettext("%(basis)s (%(points)s)") % {
            "basis": basis,
            "points": ", ".join(str(p) for p in league.placing_points),
        }
    parts = [basis]
    if league.tie_breakers:
        # Translators: joins the tie-breakers of a league in order: "wins, then average".
        then = pgettext("between two tie-breakers", ", then ")
        breakers = then.join(str(BREAKER_WORDS[b]) for b in league.tie_breakers)
        # Translators: the tie-breakers of a league table: "ties: wins, then average".
        parts.append(gettext("ties: %(breakers)s") % {"breakers": breakers})
    if league.min_sessions:
        parts.append(
            ngettext(
                "at least %(count)s session",
                "at least %(count)s sessions",
                league.min_sessions,
            )
            % {"count": league.min_sessions}
        )
    return " · ".join(parts)


def games_line(league: League) -> str:
    games = ", ".join(translated_game_name(v) for v in league.variants) or gettext("All games")
    if league.marked_only:
        counts = gettext("marked sessions only")
    else:
        counts = gettext("every session counts")
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
        basis_column=str(BASIS_COLUMN[Basis(league.basis)]),
        show_wins=league.basis != Basis.SESSIONS_WON,
        updating=table.updating,
    )


def game_name(variant: str) -> str:
    """A game's name in the reader's language; an unknown code (a game since retired)
    shown as it is stored."""
    return translated_game_name(variant) if variant in VARIANTS else variant


def ordinal(place: int) -> str:
    """1st, 2nd, 3rd, 4th ... 11th, 12th, 13th, 21st."""
    last = place % 10
    if 10 <= place % 100 <= 20 or last not in (1, 2, 3):
        # Translators: a place at a session, as 4th-20th, 24th ...; %(place)s is the number.
        text = pgettext("a place: 4th, 11th, 12th, 13th, 24th", "%(place)sth")
    elif last == 1:
        # Translators: a place at a session, as 1st, 21st ...; %(place)s is the number.
        text = pgettext("a place: 1st, 21st", "%(place)sst")
    elif last == 2:
        # Translators: a place at a session, as 2nd, 22nd ...; %(place)s is the number.
        text = pgettext("a place: 2nd, 22nd", "%(place)snd")
    else:
        # Translators: a place at a session, as 3rd, 23rd ...; %(place)s is the number.
        text = pgettext("a place: 3rd, 23rd", "%(place)srd")
    return text % {"place": place}
