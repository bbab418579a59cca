"""Running a tournament: entries, drawing and starting rounds, tables, the final table.

Every refusal a director can act on is a `UserError` with a sentence, raised before
anything is written (each service is one transaction). Tables are scored with the
ordinary session and hand services; a result is corrected with them too.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import date
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from clubs.errors import UserError
from clubs.models import Club, Player
from clubs.services import add_guest, check_variant_options, default_options
from clubs.slugs import free_slug
from scoring.models import Ending, HandVersion
from scoring.rules.variants import GAME_NAMES, PLAYER_RANGES
from scoring.services.sessions import finish_session, start_session
from tournaments import draw as seating
from tournaments.draw.table_sizes import check_size_range
from tournaments.models import PendingUpdate, TieBreaker
from tournaments.services.leagues import check_ranking
from tournaments.services.tournament_lines import refresh_tournament_standings
from tournaments.services.updates import apply_session
from tournaments.tournament_models import (
    Carry,
    Entry,
    Round,
    RoundEnding,
    RoundKind,
    RoundStatus,
    RoundTable,
    Tournament,
    TournamentScoring,
    TournamentStatus,
)
from tournaments.tournament_standings import TournamentStandings, compute_standings

TARGET_LIMITS = {RoundEnding.DEALS: 20, RoundEnding.HANDS: 500, RoundEnding.MINUTES: 600}
SESSION_ENDING = {
    RoundEnding.DEALS: Ending.DEALS,
    RoundEnding.HANDS: Ending.HANDS,
    RoundEnding.MINUTES: Ending.OPEN,  # the director ends the tables when time is called
}


def _rng(rng: random.Random | None) -> random.Random:
    return rng or random.SystemRandom()


# Setting up ------------------------------------------------------------------------------


def _check_setup(
    *,
    name: str,
    starts_on: date,
    ends_on: date,
    variant: str,
    options: dict[str, Any],
    min_table_size: int,
    max_table_size: int,
    rounds: int,
    round_ending: str,
    round_target: int,
    scoring: str,
    placing_points: Sequence[int],
    tie_breakers: Sequence[str],
    final_table_size: int,
    carry: str,
) -> None:
    if not name.strip():
        raise UserError("Give the tournament a name.", field="name")
    if ends_on < starts_on:
        raise UserError("The tournament cannot end before it starts.", field="ends_on")
    check_variant_options(variant, options)
    try:
        check_size_range(min_table_size, max_table_size)
    except seating.DrawError as error:
        raise UserError(error.message, field="min_table_size") from None
    low, high = PLAYER_RANGES[variant]
    if min_table_size < low or max_table_size > high:
        raise UserError(
            f"{GAME_NAMES[variant]} is played by {low} to {high} players at a table.",
            field="max_table_size",
        )
    if not 1 <= rounds <= 20:
        raise UserError("Give a number of rounds from 1 to 20.", field="rounds")
    if round_ending not in RoundEnding.values:
        raise UserError("Choose how each round ends.", field="round_ending")
    limit = TARGET_LIMITS[RoundEnding(round_ending)]
    if not 1 <= round_target <= limit:
        raise UserError(
            f"Give a number from 1 to {limit} for when a round ends.", field="round_target"
        )
    if scoring not in TournamentScoring.values:
        raise UserError("Choose how players score a round.", field="scoring")
    if scoring == TournamentScoring.PLACING and not placing_points:
        raise UserError(
            "Give the points for 1st, 2nd, 3rd ... place at a table, like 5, 3, 2, 1.",
            field="placing_points",
        )
    check_ranking(placing_points=placing_points, tie_breakers=tie_breakers)
    if final_table_size and not low <= final_table_size <= high:
        raise UserError(
            f"A final table of {GAME_NAMES[variant]} seats {low} to {high} players "
            "(or choose no final table).",
            field="final_table_size",
        )
    if carry not in Carry.values:
        raise UserError("Choose how scores carry to the final table.", field="carry")


# What the set-up holds, as the model stores it. The name and dates can be put right until
# the tournament has finished (the slug stays, so links already shared keep working); the
# rest shapes every draw and result, so it is settled once round 1 is drawn.
ANYTIME_FIELDS = ("name", "starts_on", "ends_on")
SETUP_FIELDS = (
    *ANYTIME_FIELDS,
    "variant",
    "options",
    "min_table_size",
    "max_table_size",
    "rounds",
    "round_ending",
    "round_target",
    "scoring",
    "placing_points",
    "tie_breakers",
    "final_table_size",
    "carry",
)
RANKING_FIELDS = ("scoring", "placing_points", "tie_breakers")


def _normalised(fields: dict[str, Any]) -> dict[str, Any]:
    """Set-up values in the form the model stores: the name trimmed, a one-day event's
    last day filled in, plain lists and dicts for the JSON fields."""
    return {
        **fields,
        "name": fields["name"].strip(),
        "ends_on": fields["ends_on"] or fields["starts_on"],
        "options": dict(fields["options"] or {}),
        "placing_points": [int(p) for p in fields["placing_points"]],
        "tie_breakers": list(fields["tie_breakers"]),
    }


@transaction.atomic
def create_tournament(
    *,
    club: Club,
    name: str,
    starts_on: date,
    ends_on: date | None = None,
    variant: str,
    options: dict[str, Any] | None = None,
    min_table_size: int,
    max_table_size: int,
    rounds: int,
    round_ending: str,
    round_target: int,
    scoring: str = TournamentScoring.PLACING,
    placing_points: Sequence[int] = (),
    tie_breakers: Sequence[str] = (TieBreaker.WINS, TieBreaker.HEAD_TO_HEAD),
    final_table_size: int = 0,
    carry: str = Carry.FULL,
    user: AbstractBaseUser | None = None,
) -> Tournament:
    values = _normalised(
        {
            "name": name,
            "starts_on": starts_on,
            "ends_on": ends_on,
            "variant": variant,
            "options": options,
            "min_table_size": min_table_size,
            "max_table_size": max_table_size,
            "rounds": rounds,
            "round_ending": round_ending,
            "round_target": round_target,
            "scoring": scoring,
            "placing_points": placing_points,
            "tie_breakers": tie_breakers,
            "final_table_size": final_table_size,
            "carry": carry,
        }
    )
    _check_setup(**values)
    slug = free_slug(values["name"], Tournament.objects.filter(club=club), fallback="tournament")
    return Tournament.objects.create(club=club, slug=slug, created_by=user, **values)


@transaction.atomic
def update_tournament(
    *, tournament: Tournament, user: AbstractBaseUser | None = None, **fields: Any
) -> Tournament:
    """Change the set-up: any of `SETUP_FIELDS`, as `create_tournament` takes them.

    Fields left out keep their value, and so does one given unchanged, so a form may send
    the whole set-up after round 1 as long as only the name and dates differ. A new game
    with no options given plays by the club's saved rules for it, as a new tournament
    would. `user` is the director making the change (nothing records it yet).
    """
    unknown = sorted(set(fields) - set(SETUP_FIELDS))
    if unknown:
        raise TypeError(f"update_tournament() got unexpected fields: {', '.join(unknown)}")
    tournament = _locked(tournament)
    if tournament.status == TournamentStatus.FINISHED:
        raise UserError("The tournament has finished: its set-up can no longer change.")
    current = {name: getattr(tournament, name) for name in SETUP_FIELDS}
    if fields.get("variant", tournament.variant) != tournament.variant and "options" not in fields:
        fields["options"] = default_options(club=tournament.club, variant=fields["variant"])
    values = _normalised(current | fields)
    changed = [name for name in SETUP_FIELDS if values[name] != current[name]]
    # Refused before the checks: a setting that can no longer change is what to say first.
    settled = [name for name in changed if name not in ANYTIME_FIELDS]
    if settled and tournament.status != TournamentStatus.REGISTRATION:
        raise UserError(
            "Round 1 has been drawn: only the name and dates can change now.", field=settled[0]
        )
    _check_setup(**values)
    if not changed:
        return tournament
    for name in changed:
        setattr(tournament, name, values[name])
    tournament.save(update_fields=changed)
    if any(name in RANKING_FIELDS for name in changed):
        # What a place is worth, and who leads among players level on score, rank every
        # line again.
        refresh_tournament_standings(tournament_id=tournament.pk)
    return tournament


@transaction.atomic
def set_published(*, tournament: Tournament, published: bool) -> Tournament:
    tournament.published = published
    tournament.save(update_fields=["published"])
    return tournament


# Entries ---------------------------------------------------------------------------------


def _locked(tournament: Tournament) -> Tournament:
    """The tournament row, locked: two directors' clicks on one tournament take turns."""
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


def _rounds(tournament: Tournament) -> list[Round]:
    return list(tournament.round_set.order_by("number"))


def _between_rounds(tournament: Tournament, action: str) -> int:
    """The number of rounds played so far; `UserError` while a round is drawn or in play."""
    rounds = _rounds(tournament)
    unfinished = [r for r in rounds if r.status != RoundStatus.FINISHED]
    if unfinished:
        raise UserError(
            f"Round {unfinished[0].number} is {unfinished[0].get_status_display().lower()}; "
            f"{action} once it has finished."
        )
    return len(rounds)


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
    tournament = _locked(tournament)
    if tournament.status in (TournamentStatus.FINAL, TournamentStatus.FINISHED):
        raise UserError(
            "Entries are closed: the tournament has reached its final table.", field="player"
        )
    played = _between_rounds(tournament, "enter the player")
    if (player is None) == (not guest_name.strip()):
        raise UserError("Choose a player, or give a guest's name.", field="player")
    if player is None:
        player = add_guest(club=tournament.club, name=guest_name)
    elif player.club_id != tournament.club_id:
        raise UserError("Only the club's own players can enter.", field="player")
    if Entry.objects.filter(tournament=tournament, player=player).exists():
        raise UserError(f"{player.name} is already entered.", field="player")
    late = played > 0
    entry = Entry.objects.create(
        tournament=tournament, player=player, entered_round=played + 1, checked_in=late
    )
    refresh_tournament_standings(tournament_id=tournament.pk)  # the new player's line
    return entry


def _entry(tournament: Tournament, player: Player) -> Entry:
    entry = Entry.objects.filter(tournament=tournament, player=player).first()
    if entry is None:
        raise UserError(f"{player.name} is not entered in this tournament.", field="player")
    return entry


@transaction.atomic
def check_in(*, tournament: Tournament, player: Player, present: bool = True) -> Entry:
    tournament = _locked(tournament)
    if tournament.status == TournamentStatus.FINISHED:
        raise UserError("The tournament has finished.", field="player")
    entry = _entry(tournament, player)
    entry.checked_in = present
    entry.save(update_fields=["checked_in"])
    return entry


@transaction.atomic
def withdraw(*, tournament: Tournament, player: Player) -> Entry:
    """Take a player out of the draws to come; their results so far stay."""
    tournament = _locked(tournament)
    if tournament.status == TournamentStatus.FINISHED:
        raise UserError("The tournament has finished.", field="player")
    played = _between_rounds(tournament, "withdraw the player")
    entry = _entry(tournament, player)
    if not entry.active:
        raise UserError(f"{player.name} has already withdrawn.", field="player")
    entry.withdrawn_after_round = played
    entry.save(update_fields=["withdrawn_after_round"])
    return entry


def _current_standings(tournament: Tournament) -> TournamentStandings:
    """The standings with every hand recorded so far in them: a Swiss draw or a cut made
    while Celery is still catching up would seat players by old results."""
    sessions = RoundTable.objects.filter(
        round__tournament=tournament, session__isnull=False
    ).values_list("session_id", flat=True)
    pending = list(
        PendingUpdate.objects.filter(session_id__in=sessions).values_list("session_id", flat=True)
    )
    for session_id in pending:
        apply_session(session_id)
    if PendingUpdate.objects.filter(session_id__in=pending).exists():
        raise UserError(
            "The standings are still catching up with the last hands; try again in a moment."
        )
    return compute_standings(tournament)


# Draws -----------------------------------------------------------------------------------


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
            order = [line.pk for line in _current_standings(tournament).overall]
            rank = {pid: i for i, pid in enumerate(order)}
            # Players with no result yet (late entries) sit after everyone ranked.
            ranked = sorted(ids, key=lambda pid: (rank.get(pid, len(rank)), pid))
            return seating.draw_swiss(ranked, rng=rng, **sizes)
        return seating.draw_random(ids, _met(tournament, number), rng=rng, **sizes)
    except seating.DrawError as error:
        raise UserError(error.message, field="players") from None


def _save_tables(round_: Round, draw: seating.Draw) -> None:
    RoundTable.objects.bulk_create(
        RoundTable(round=round_, number=n, seats=list(t.seats), first_dealer=t.first_dealer)
        for n, t in enumerate(draw.tables, 1)
    )


@transaction.atomic
def draw_round(
    *, tournament: Tournament, swiss: bool = False, rng: random.Random | None = None
) -> Round:
    """Draw the next round's tables: random with as few repeat opponents as can be found,
    or by the current standings (Swiss)."""
    tournament = _locked(tournament)
    if tournament.status not in (TournamentStatus.REGISTRATION, TournamentStatus.RUNNING):
        raise UserError("Every round of this tournament has been played.")
    played = _between_rounds(tournament, "draw the next round")
    if played >= tournament.rounds:
        raise UserError(f"All {tournament.rounds} rounds have been drawn.")
    number = played + 1
    draw = _make_draw(tournament, number, swiss=swiss, rng=_rng(rng))
    round_ = Round.objects.create(tournament=tournament, number=number, swiss=swiss)
    _save_tables(round_, draw)
    if tournament.status == TournamentStatus.REGISTRATION:
        tournament.status = TournamentStatus.RUNNING
        tournament.save(update_fields=["status"])
    return round_


def _not_started(round_: Round) -> Round:
    round_ = Round.objects.select_for_update().get(pk=round_.pk)
    if round_.status != RoundStatus.DRAWN:
        raise UserError(f"Round {round_.number} has started; its seats can no longer change.")
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
    round_ = _not_started(round_)
    tables, draw = _current_draw(round_)
    names = {first.pk: first.name, second.pk: second.name}
    try:
        swapped = seating.swap_players(draw, first.pk, second.pk, names=names)
    except seating.DrawError as error:
        raise UserError(error.message, field="players") from None
    for table, new in zip(tables, swapped.tables, strict=True):
        if list(new.seats) != table.seats:
            table.seats = list(new.seats)
            table.save(update_fields=["seats"])
    return round_


@transaction.atomic
def redraw_round(*, round_: Round, rng: random.Random | None = None) -> Round:
    """Draw a round that has not started again, from who is checked in now."""
    round_ = _not_started(round_)
    tournament = round_.tournament
    rng = _rng(rng)
    if round_.kind == RoundKind.FINAL:
        players = list(
            Entry.objects.filter(tournament=tournament, carried__isnull=False).values_list(
                "player_id", flat=True
            )
        )
        draw = _final_draw(players, rng)
    else:
        draw = _make_draw(tournament, round_.number, swiss=round_.swiss, rng=rng)
    round_.tables.all().delete()
    _save_tables(round_, draw)
    return round_


# Playing ---------------------------------------------------------------------------------


@transaction.atomic
def start_round(
    *, round_: Round, user: AbstractBaseUser, rng: random.Random | None = None
) -> Round:
    """Open each table's scoring session, seated and dealt as drawn."""
    round_ = _not_started(round_)
    tournament = round_.tournament
    for table in round_.tables.order_by("number"):
        session, _ = start_session(
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
def confirm_table(*, table: RoundTable, user: AbstractBaseUser) -> RoundTable:
    """A second player at the table confirms its finished result.

    Only a player seated at the table (through their account) may confirm, and not one
    who recorded its hands: the point is a second pair of eyes.
    """
    table = _table(table)
    session = table.session
    if session is None or session.is_active:
        raise UserError("The table's result can be confirmed once its session has finished.")
    if table.confirmed_by_id is not None:
        raise UserError("This table's result is already confirmed.")
    seated = Player.objects.filter(pk__in=table.seats, user=user).exists()
    if not seated:
        raise UserError("Only a player at this table can confirm its result.")
    scored = HandVersion.objects.filter(
        hand__session=session, is_current=True, created_by=user
    ).exists()
    if scored:
        raise UserError(
            "You recorded this table's hands; another player at the table confirms them."
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
        raise UserError(f"Round {table.round.number} has not started.")
    finish_session(session_id=table.session_id, revision=table.session.revision)
    return table


@transaction.atomic
def finish_round(*, round_: Round) -> Round:
    """Close a round whose tables have all finished."""
    round_ = (
        Round.objects.select_for_update(of=("self",)).select_related("tournament").get(pk=round_.pk)
    )
    if round_.status != RoundStatus.STARTED:
        raise UserError(f"Round {round_.number} is not in play.")
    playing = [
        t.number
        for t in round_.tables.select_related("session").order_by("number")
        if t.session is None or t.session.is_active
    ]
    if playing:
        listed = ", ".join(str(n) for n in playing)
        raise UserError(
            f"Table {listed} is still playing; finish it (or end it as director) first."
            if len(playing) == 1
            else f"Tables {listed} are still playing; finish them (or end them as director) first."
        )
    round_.status = RoundStatus.FINISHED
    round_.save(update_fields=["status"])
    tournament = _locked(round_.tournament)
    last = round_.kind == RoundKind.FINAL or (
        round_.number == tournament.rounds and not tournament.final_table_size
    )
    if last:
        tournament.status = TournamentStatus.FINISHED
        tournament.save(update_fields=["status"])
    return round_


# The final -------------------------------------------------------------------------------


def carried_score(score: int, carry: str) -> int:
    """What a score becomes at the final table; halves round half up (7 -> 4, -7 -> -3)."""
    if carry == Carry.FULL:
        return score
    if carry == Carry.HALF:
        return (score + 1) // 2
    return 0


def _final_draw(players: Sequence[int], rng: random.Random) -> seating.Draw:
    seats = list(players)
    rng.shuffle(seats)
    return seating.Draw(
        tables=(seating.TableDraw(seats=tuple(seats), first_dealer=rng.randrange(len(seats))),)
    )


@transaction.atomic
def cut_to_final(*, tournament: Tournament, rng: random.Random | None = None) -> Round:
    """Seat the top N of the overall standings at one final table, carrying their scores.

    Withdrawn players are passed over. Players level after every tie-breaker at the cut
    line are taken in the order the standings list them (by name).
    """
    tournament = _locked(tournament)
    if not tournament.final_table_size:
        raise UserError("This tournament has no final table.")
    if tournament.status != TournamentStatus.RUNNING:
        raise UserError("The final table is drawn once, after the last round.")
    played = _between_rounds(tournament, "cut to the final table")
    if played < tournament.rounds:
        raise UserError(
            f"Round {played} of {tournament.rounds} has been played; play every round "
            "before the final table."
        )
    finalists = [line for line in _current_standings(tournament).overall if not line.withdrawn][
        : tournament.final_table_size
    ]
    if len(finalists) < tournament.final_table_size:
        raise UserError(
            f"The final table seats {tournament.final_table_size}, but only "
            f"{len(finalists)} players are still in the tournament."
        )
    for line in finalists:
        line.entry.carried = carried_score(line.score, tournament.carry)
        line.entry.save(update_fields=["carried"])
    final = Round.objects.create(
        tournament=tournament, number=tournament.rounds + 1, kind=RoundKind.FINAL
    )
    _save_tables(final, _final_draw([line.pk for line in finalists], _rng(rng)))
    tournament.status = TournamentStatus.FINAL
    tournament.save(update_fields=["status"])
    refresh_tournament_standings(tournament_id=tournament.pk)  # the finalists' lines
    return final
