"""Tournaments: entries, rounds drawn into tables, and each table's scoring session.

A table is drawn (seats in order and a first dealer) before it is played; its
`GameSession` is created only when the round starts, so swaps and re-draws before the start
touch nothing but the draw, and a session's start time is when play really began. The
results come from the sessions' `SessionResult` rows like everything else derived from
hands (see `tournaments.standings`).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from clubs.models import Club, Confirmation, Player
from scoring.models import GameSession, Variant


class RoundEnding(models.TextChoices):
    # Translators: how a tournament round ends; N is the number chosen on the set-up form.
    DEALS = "deals", _("Each player deals N times")
    HANDS = "hands", _("A number of hands")
    # No session ending matches a clock: the table plays open-ended and the director ends
    # it (force-finish) when time is called.
    MINUTES = "minutes", _("A time limit in minutes")


class TournamentScoring(models.TextChoices):
    PLACING = "placing", _("Points by placing at the table")
    GAME_POINTS = "points", _("Game points carried")


class Carry(models.TextChoices):
    # Translators: how the scores of the rounds are taken to the final table.
    FULL = "full", _("Carried in full")
    HALF = "half", _("Halved")
    RESET = "reset", _("Reset to zero")


class TournamentStatus(models.TextChoices):
    REGISTRATION = "registration", pgettext_lazy("a tournament's status", "Registration")
    RUNNING = "running", _("Rounds in play")
    FINAL = "final", pgettext_lazy("a tournament's status", "Final table")
    FINISHED = "finished", pgettext_lazy("a tournament's status", "Finished")


class Tournament(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="tournaments")
    name = models.CharField(max_length=120)
    slug = models.SlugField(max_length=60)
    starts_on = models.DateField()
    ends_on = models.DateField()
    variant = models.CharField(max_length=16, choices=Variant.choices)
    # The options exactly as the engine accepts them, copied into every table's session.
    options = models.JSONField(default=dict, blank=True)
    min_table_size = models.PositiveSmallIntegerField()
    max_table_size = models.PositiveSmallIntegerField()
    rounds = models.PositiveSmallIntegerField()  # not counting the final
    round_ending = models.CharField(max_length=8, choices=RoundEnding.choices)
    round_target = models.PositiveIntegerField()  # deals per player, hands, or minutes
    scoring = models.CharField(max_length=8, choices=TournamentScoring.choices)
    # Tournament points for 1st, 2nd, ... at a table, for the `placing` scoring.
    placing_points = models.JSONField(default=list, blank=True)
    tie_breakers = models.JSONField(default=list, blank=True)  # TieBreaker values, in order
    final_table_size = models.PositiveSmallIntegerField(default=0)  # 0: no final table
    carry = models.CharField(max_length=8, choices=Carry.choices, default=Carry.FULL)
    # Who confirms each hand at the tables (scoring's rule, given to every table's session).
    # "none": a second player confirms each table's result once it has finished instead.
    confirmation = models.CharField(
        max_length=8, choices=Confirmation.choices, default=Confirmation.NONE
    )
    status = models.CharField(
        max_length=16, choices=TournamentStatus.choices, default=TournamentStatus.REGISTRATION
    )
    # Public pages show nothing until the organiser releases them.
    published = models.BooleanField(default=False)
    # The venue's check-in code (and its QR code): made the first time the dashboard shows
    # it (tournaments/services/checkins.py).
    checkin_code = models.CharField(max_length=8, unique=True, null=True, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-starts_on", "name"]
        constraints = [
            models.UniqueConstraint(fields=["club", "slug"], name="tournament_slug_unique_in_club"),
        ]

    def __str__(self) -> str:
        return self.name


class Entry(models.Model):
    """A player (member or guest) registered for a tournament."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="entries")
    checked_in = models.BooleanField(default=False)
    # When the player checked themselves in by the venue's code (None: by the director, or
    # not yet); the director sees it and can undo it.
    self_checked_in_at = models.DateTimeField(null=True, blank=True)
    # The first round the player can be drawn into: 1, or later for a late entry.
    entered_round = models.PositiveSmallIntegerField(default=1)
    # The last round the player played before withdrawing (0: withdrew before round 1).
    withdrawn_after_round = models.PositiveSmallIntegerField(null=True, blank=True)
    # Set by the cut: the score the player takes to the final table (None: not in it).
    carried = models.IntegerField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["tournament", "created_at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "player"], name="one_entry_per_player"),
        ]

    def __str__(self) -> str:
        return f"Player {self.player_id} in tournament {self.tournament_id}"

    @property
    def active(self) -> bool:
        return self.withdrawn_after_round is None


class RoundKind(models.TextChoices):
    ROUND = "round", pgettext_lazy("a tournament round", "Round")
    FINAL = "final", pgettext_lazy("a tournament round", "Final table")


class RoundStatus(models.TextChoices):
    DRAWN = "drawn", pgettext_lazy("a round's status", "Drawn")
    STARTED = "started", pgettext_lazy("a round's status", "In play")
    FINISHED = "finished", pgettext_lazy("a round's status", "Finished")


class Round(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField()  # 1, 2, ...; the final comes after the last
    kind = models.CharField(max_length=8, choices=RoundKind.choices, default=RoundKind.ROUND)
    status = models.CharField(max_length=8, choices=RoundStatus.choices, default=RoundStatus.DRAWN)
    swiss = models.BooleanField(default=False)  # seated by standings rather than at random

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="round_number_unique"),
        ]

    def __str__(self) -> str:
        return f"Round {self.number} of tournament {self.tournament_id}"


class RoundTable(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()  # table 1 first (the biggest tables first)
    # Player ids in seat order (seat 0 first) and the seat that deals first, as drawn.
    seats = models.JSONField()
    first_dealer = models.PositiveSmallIntegerField()
    session = models.OneToOneField(
        GameSession,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="tournament_table",
    )
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    confirmed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="table_number_unique"),
        ]

    def __str__(self) -> str:
        return f"Table {self.number} of round {self.round_id}"


class Stage(models.TextChoices):
    OVERALL = "overall", _("Overall (the rounds before the final)")
    ROUND = "round", _("One round")
    FINAL = "final", pgettext_lazy("a tournament round", "Final table")


class StandingsLine(models.Model):
    """One line of a tournament's stored standings.

    Written by the same Celery update that turns a table's hands into session results, and
    by the director's actions that change a line without a hand (an entry, the cut), so
    pages read the standings in two queries however big the field. Everything here is
    derived: `refresh_tournament_standings` rewrites a tournament's lines from the session
    results, and `rebuild_standings` rewrites them all.
    """

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="standings_lines"
    )
    stage = models.CharField(max_length=8, choices=Stage.choices)
    round_number = models.PositiveSmallIntegerField(default=0)  # 0 unless stage is round
    position = models.PositiveSmallIntegerField()  # 0 for the first line of its table
    rank = models.PositiveSmallIntegerField()  # tied players share a rank
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="+")
    carried = models.IntegerField(default=0)  # final table only
    # The player's table scores in round order: `TableScore` fields, as plain values.
    tables = models.JSONField(default=list)

    class Meta:
        ordering = ["tournament", "stage", "round_number", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "stage", "round_number", "position"],
                name="one_line_per_position",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.stage} line {self.position} of tournament {self.tournament_id}"
