"""Drawing a round's tables: what connects the pure `tournaments.draw` package to the
database (who is in the field, who has met whom, the standings a Swiss draw follows), and
changing a draw before its round starts."""

from __future__ import annotations

import random
from collections.abc import Sequence

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from clubs.models import Player
from common.errors import UserError
from tournaments import draw as seating
from tournaments.draw.table_sizes import check_size_range
from tournaments.models import (
    Entry,
    Round,
    RoundKind,
    RoundStatus,
    RoundTable,
    Tournament,
    TournamentStatus,
)
from tournaments.services.draw_refusals import draw_refusal
from tournaments.services.progress import between_rounds, current_standings, locked


def _rng(rng: random.Random | None) -> random.Random:
    return rng or random.SystemRandom()


def check_table_sizes(min_size: int, max_size: int) -> None:
    """The draw's own limits on table sizes, as a director's error on the set-up form."""
    try:
        check_size_range(min_size, max_size)
    except seating.DrawError as error:
        raise UserError(draw_refusal(error), field="min_table_size") from None


def _field(tournament: Tournament, number: int) -> list[Entry]:
    """Who is drawn into round `number`: checked in, entered by then, not withdrawn."""
    return list(
        Entry.objects.filter(
            tournament=tournament,
            checked_in=True,
            withdrawn_after_round__isnull=True,
            entered_round__lte=number,
        ).select_related("player")
    )


def _met(tournament: Tournament, before: int) -> dict[frozenset[int], int]:
    tables = RoundTable.objects.filter(
        round__tournament=tournament, round__number__lt=before
    ).values_list("seats", flat=True)
    draws = [
        seating.Draw(tables=(seating.TableDraw(seats=tuple(seats), first_dealer=0),))
        for seats in tables
    ]
    return seating.count_meetings(draws)


def _make_draw(
    tournament: Tournament, number: int, *, swiss: bool, rng: random.Random
) -> seating.Draw:
    field = _field(tournament, number)
    sizes = {"min_size": tournament.min_table_size, "max_size": tournament.max_table_size}
    ids = [e.player_id for e in field]
    try:
        if swiss:
            order = [line.pk for line in current_standings(tournament).overall]
            rank = {pid: i for i, pid in enumerate(order)}
            # Players with no result yet (late entries) sit after everyone ranked.
            ranked = sorted(ids, key=lambda pid: (rank.get(pid, len(rank)), pid))
            return seating.draw_swiss(ranked, rng=rng, **sizes)
        return seating.draw_random(ids, _met(tournament, number), rng=rng, **sizes)
    except seating.DrawError as error:
        raise UserError(draw_refusal(error), field="players") from None


def save_tables(round_: Round, draw: seating.Draw) -> None:
    RoundTable.objects.bulk_create(
        RoundTable(round=round_, number=n, seats=list(t.seats), first_dealer=t.first_dealer)
        for n, t in enumerate(draw.tables, 1)
    )


def final_draw(players: Sequence[int], rng: random.Random | None = None) -> seating.Draw:
    """The final table: the finalists in a random order, a random first dealer."""
    rng = _rng(rng)
    seats = list(players)
    rng.shuffle(seats)
    return seating.Draw(
        tables=(seating.TableDraw(seats=tuple(seats), first_dealer=rng.randrange(len(seats))),)
    )


@transaction.atomic
def draw_round(
    *, tournament: Tournament, swiss: bool = False, rng: random.Random | None = None
) -> Round:
    """Draw the next round's tables: random with as few repeat opponents as can be found,
    or by the current standings (Swiss)."""
    tournament = locked(tournament)
    if tournament.status not in (TournamentStatus.REGISTRATION, TournamentStatus.RUNNING):
        raise UserError(_("Every round of this tournament has been played."))
    played = between_rounds(tournament, "draw")
    if played >= tournament.rounds:
        raise UserError(
            ngettext(
                "All %(rounds)s round has been drawn.",
                "All %(rounds)s rounds have been drawn.",
                tournament.rounds,
            )
            % {"rounds": tournament.rounds}
        )
    number = played + 1
    draw = _make_draw(tournament, number, swiss=swiss, rng=_rng(rng))
    round_ = Round.objects.create(tournament=tournament, number=number, swiss=swiss)
    save_tables(round_, draw)
    if tournament.status == TournamentStatus.REGISTRATION:
        tournament.status = TournamentStatus.RUNNING
        tournament.save(update_fields=["status"])
    return round_


def not_started(round_: Round) -> Round:
    round_ = Round.objects.select_for_update().get(pk=round_.pk)
    if round_.status != RoundStatus.DRAWN:
        raise UserError(
            _("Round %(number)s has started; its seats can no longer change.")
            % {"number": round_.number}
        )
    return round_


def _current_draw(round_: Round) -> tuple[list[RoundTable], seating.Draw]:
    tables = list(round_.tables.order_by("number"))
    return tables, seating.Draw(
        tables=tuple(
            seating.TableDraw(seats=tuple(t.seats), first_dealer=t.first_dealer) for t in tables
        )
    )


@transaction.atomic
def swap_players(*, round_: Round, first: Player, second: Player) -> Round:
    """Put two players in each other's seats, before the round starts."""
    round_ = not_started(round_)
    tables, draw = _current_draw(round_)
    names = {first.pk: first.name, second.pk: second.name}
    try:
        swapped = seating.swap_players(draw, first.pk, second.pk, names=names)
    except seating.DrawError as error:
        raise UserError(draw_refusal(error), field="players") from None
    for table, new in zip(tables, swapped.tables, strict=True):
        if list(new.seats) != table.seats:
            table.seats = list(new.seats)
            table.save(update_fields=["seats"])
    return round_


@transaction.atomic
def redraw_round(*, round_: Round, rng: random.Random | None = None) -> Round:
    """Draw a round that has not started again, from who is checked in now."""
    round_ = not_started(round_)
    tournament = round_.tournament
    rng = _rng(rng)
    if round_.kind == RoundKind.FINAL:
        players = list(
            Entry.objects.filter(tournament=tournament, carried__isnull=False).values_list(
                "player_id", flat=True
            )
        )
        draw = final_draw(players, rng)
    else:
        draw = _make_draw(tournament, round_.number, swiss=round_.swiss, rng=rng)
    round_.tables.all().delete()
    save_tables(round_, draw)
    return round_
