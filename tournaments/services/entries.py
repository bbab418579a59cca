"""Entering players (before the first round, or late between rounds), checking them in on
the day, and withdrawals between rounds."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.models import Player
from clubs.services import add_guest
from common.errors import UserError
from common.join_codes import code_of
from tournaments.models import Entry, Tournament, TournamentStatus
from tournaments.services.lines import refresh_tournament_standings
from tournaments.services.progress import between_rounds, locked


@transaction.atomic
def register(
    *,
    tournament: Tournament,
    player: Player | None = None,
    guest_name: str = "",
) -> Entry:
    """Enter one of the club's players, or a new guest by name.

    Before the first round: a plain registration, checked in on the day. Between rounds: a
    late entry, checked in at once (the player is there) and drawn from the next round.
    """
    tournament = locked(tournament)
    if tournament.status in (TournamentStatus.FINAL, TournamentStatus.FINISHED):
        raise UserError(
            _("Entries are closed: the tournament has reached its final table."), field="player"
        )
    played = between_rounds(tournament, "enter")
    if (player is None) == (not guest_name.strip()):
        raise UserError(_("Choose a player, or give a guest's name."), field="player")
    if player is None:
        player = add_guest(club=tournament.club, name=guest_name)
    elif player.club_id != tournament.club_id:
        raise UserError(_("Only the club's own players can enter."), field="player")
    if Entry.objects.filter(tournament=tournament, player=player).exists():
        raise UserError(_("%(name)s is already entered.") % {"name": player.name}, field="player")
    late = played > 0
    entry = Entry.objects.create(
        tournament=tournament, player=player, entered_round=played + 1, checked_in=late
    )
    refresh_tournament_standings(tournament_id=tournament.pk)  # the new player's line
    return entry


def _entry(tournament: Tournament, player: Player) -> Entry:
    entry = Entry.objects.filter(tournament=tournament, player=player).first()
    if entry is None:
        raise UserError(
            _("%(name)s is not entered in this tournament.") % {"name": player.name},
            field="player",
        )
    return entry


@transaction.atomic
def check_in(*, tournament: Tournament, player: Player, present: bool = True) -> Entry:
    tournament = locked(tournament)
    if tournament.status == TournamentStatus.FINISHED:
        raise UserError(_("The tournament has finished."), field="player")
    entry = _entry(tournament, player)
    entry.checked_in = present
    if not present:
        entry.self_checked_in_at = None  # the director undid it
    entry.save(update_fields=["checked_in", "self_checked_in_at"])
    return entry


def checkin_code_of(tournament: Tournament) -> str:
    """The venue's check-in code, made the first time it is asked for."""
    return code_of(tournament, "checkin_code")


@transaction.atomic
def check_in_myself(*, tournament: Tournament, player_id: int) -> Entry:
    """A registered player checks themselves in by the venue's code; the director sees it
    (`self_checked_in_at`) and can undo it. Checking in twice is the same as once."""
    tournament = locked(tournament)
    if tournament.status in (TournamentStatus.FINAL, TournamentStatus.FINISHED):
        raise UserError(_("Check-in is closed: the tournament has reached its final table."))
    entry = (
        Entry.objects.filter(tournament=tournament, player_id=player_id)
        .select_related("player")
        .first()
    )
    if entry is None or not entry.active:
        raise UserError(_("Choose your name from the players entered."), field="player")
    if not entry.checked_in:
        entry.checked_in, entry.self_checked_in_at = True, timezone.now()
        entry.save(update_fields=["checked_in", "self_checked_in_at"])
    return entry


@transaction.atomic
def withdraw(*, tournament: Tournament, player: Player) -> Entry:
    """Take a player out of the draws to come; their results so far stay."""
    tournament = locked(tournament)
    if tournament.status == TournamentStatus.FINISHED:
        raise UserError(_("The tournament has finished."), field="player")
    played = between_rounds(tournament, "withdraw")
    entry = _entry(tournament, player)
    if not entry.active:
        raise UserError(
            _("%(name)s has already withdrawn.") % {"name": player.name}, field="player"
        )
    entry.withdrawn_after_round = played
    entry.save(update_fields=["withdrawn_after_round"])
    return entry
