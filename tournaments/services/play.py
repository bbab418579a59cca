"""Playing a round: its tables' scoring sessions opened, a table confirmed by a second
player or ended by the director, and the round closed once every table has finished.
Tables are scored with the ordinary session and hand services."""

from __future__ import annotations

import random

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from clubs.models import Confirmation, Player
from common.errors import UserError
from scoring.models import Ending, HandVersion
from scoring.services.sessions import finish_session, start_session
from tournaments.models import (
    Round,
    RoundEnding,
    RoundKind,
    RoundStatus,
    RoundTable,
    TournamentStatus,
)
from tournaments.services.draws import not_started
from tournaments.services.progress import locked

SESSION_ENDING = {
    RoundEnding.DEALS: Ending.DEALS,
    RoundEnding.HANDS: Ending.HANDS,
    RoundEnding.MINUTES: Ending.OPEN,  # the director ends the tables when time is called
}


@transaction.atomic
def start_round(*, round_: Round, user: User, rng: random.Random | None = None) -> Round:
    """Open each table's scoring session, seated and dealt as drawn."""
    round_ = not_started(round_)
    tournament = round_.tournament
    for table in round_.tables.order_by("number"):
        session, _dealer_draw = start_session(
            club=tournament.club,
            variant=tournament.variant,
            options=dict(tournament.options),
            player_ids=list(table.seats),
            first_dealer=table.first_dealer,
            ending=SESSION_ENDING[RoundEnding(tournament.round_ending)],
            ending_target=(
                None if tournament.round_ending == RoundEnding.MINUTES else tournament.round_target
            ),
            stake_per_point=0,
            confirmation=tournament.confirmation,
            user=user,
            rng=rng,
        )
        table.session = session
        table.save(update_fields=["session"])
    round_.status = RoundStatus.STARTED
    round_.save(update_fields=["status"])
    return round_


def _table(table: RoundTable) -> RoundTable:
    return (
        RoundTable.objects.select_for_update(of=("self",))
        .select_related("round", "session")
        .get(pk=table.pk)
    )


@transaction.atomic
def confirm_table(*, table: RoundTable, user: User) -> RoundTable:
    """A second player at the table confirms its finished result.

    Only a player seated at the table (through their account) may confirm, and not one
    who recorded its hands: the point is a second pair of eyes.
    """
    table = _table(table)
    session = table.session
    if session is None or session.is_active:
        raise UserError(_("The table's result can be confirmed once its session has finished."))
    if session.confirmation != Confirmation.NONE:
        raise UserError(
            _("At this tournament each hand is confirmed at the table: the result needs no more.")
        )
    if table.confirmed_by_id is not None:
        raise UserError(_("This table's result is already confirmed."))
    seated = Player.objects.filter(pk__in=table.seats, user=user).exists()
    if not seated:
        raise UserError(_("Only a player at this table can confirm its result."))
    scored = HandVersion.objects.filter(
        hand__session=session, is_current=True, created_by=user
    ).exists()
    if scored:
        raise UserError(
            _("You recorded this table's hands; another player at the table confirms them.")
        )
    table.confirmed_by = user
    table.confirmed_at = timezone.now()
    table.save(update_fields=["confirmed_by", "confirmed_at"])
    return table


@transaction.atomic
def force_finish_table(*, table: RoundTable) -> RoundTable:
    """The director ends a table now (time called, or a table that cannot go on)."""
    table = _table(table)
    if table.session is None:
        raise UserError(_("Round %(number)s has not started.") % {"number": table.round.number})
    finish_session(session_id=table.session.pk, revision=table.session.revision)
    return table


@transaction.atomic
def finish_round(*, round_: Round) -> Round:
    """Close a round whose tables have all finished."""
    round_ = (
        Round.objects.select_for_update(of=("self",)).select_related("tournament").get(pk=round_.pk)
    )
    if round_.status != RoundStatus.STARTED:
        raise UserError(_("Round %(number)s is not in play.") % {"number": round_.number})
    playing = [
        t.number
        for t in round_.tables.select_related("session").order_by("number")
        if t.session is None or t.session.is_active
    ]
    if playing:
        listed = ", ".join(str(n) for n in playing)
        raise UserError(
            ngettext(
                "Table %(tables)s is still playing; finish it (or end it as director) first.",
                "Tables %(tables)s are still playing; finish them (or end them as director) first.",
                len(playing),
            )
            % {"tables": listed}
        )
    round_.status = RoundStatus.FINISHED
    round_.save(update_fields=["status"])
    tournament = locked(round_.tournament)
    last = round_.kind == RoundKind.FINAL or (
        round_.number == tournament.rounds and not tournament.final_table_size
    )
    if last:
        tournament.status = TournamentStatus.FINISHED
        tournament.save(update_fields=["status"])
    return round_
