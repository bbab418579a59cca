"""Leagues, and what is derived from the stored hands for them: results, standings, ratings.

The tables keep the names they had when these models lived in the tournaments app
(`Meta.db_table`): moving the models moved no row (migrations/0001_initial.py).

Everything below `League` and `LeagueSession` is derived: `python manage.py
rebuild_standings` recomputes it all from the hands, and the Celery tasks keep it current
one session at a time.
"""

from __future__ import annotations

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Player
from leagues import ranking
from scoring.models import GameSession, Variant


class Basis(models.TextChoices):
    POINTS = "points", _("Total points")
    HANDS_WON = "hands_won", _("Hands won")
    SESSIONS_WON = "sessions_won", _("Sessions won")
    PLACING = "placing", _("Points by placing at each session")


class TieBreaker(models.TextChoices):
    WINS = ranking.WINS, _("Sessions won")
    AVERAGE = ranking.AVERAGE, _("Average per session")
    # Translators: a tie-breaker: who finished above whom at the sessions both played.
    HEAD_TO_HEAD = ranking.HEAD_TO_HEAD, _("Head-to-head")
    RECENT = ranking.RECENT, _("Most recent result")


class League(models.Model):
    """A club's season: which sessions count, and how the table is ranked."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="leagues")
    name = models.CharField(max_length=120)
    slug = models.SlugField(max_length=60)
    starts_on = models.DateField()
    ends_on = models.DateField()
    # The games that count; empty: every game the club plays.
    variants = models.JSONField(default=list, blank=True)
    # False: every session of the club in the dates counts; True: only sessions marked for it.
    marked_only = models.BooleanField(default=False)
    basis = models.CharField(max_length=16, choices=Basis.choices, default=Basis.POINTS)
    # Points for 1st, 2nd, ... at a session, for the `placing` basis.
    placing_points = models.JSONField(default=list, blank=True)
    tie_breakers = models.JSONField(default=list, blank=True)
    min_sessions = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        db_table = "tournaments_league"
        ordering = ["-starts_on", "name"]
        constraints = [
            models.UniqueConstraint(fields=["club", "slug"], name="league_slug_unique_in_club"),
        ]

    def __str__(self) -> str:
        return self.name


class LeagueSession(models.Model):
    """A session marked to count for a league that counts only marked sessions."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="marked")
    session = models.ForeignKey(GameSession, on_delete=models.CASCADE, related_name="league_marks")

    class Meta:
        db_table = "tournaments_leaguesession"
        constraints = [
            models.UniqueConstraint(fields=["league", "session"], name="session_marked_once"),
        ]

    def __str__(self) -> str:
        return f"Session {self.session_id} in league {self.league_id}"


class SessionResult(models.Model):
    """One player's result in one session, derived from its current hands."""

    session = models.ForeignKey(GameSession, on_delete=models.CASCADE, related_name="results")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="results")
    # Copied from the session so standings filter results without joining it.
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    variant = models.CharField(max_length=16, choices=Variant.choices)
    played_at = models.DateTimeField()  # when the session finished, or started if it goes on
    finished = models.BooleanField(default=False)
    points = models.IntegerField(default=0)
    hands_played = models.PositiveIntegerField(default=0)
    hands_won = models.PositiveIntegerField(default=0)
    best_hand = models.IntegerField(null=True)  # the player's best score in one hand
    best_hand_number = models.PositiveIntegerField(null=True)
    place = models.PositiveSmallIntegerField()  # 1 for the leaders; tied players share

    class Meta:
        db_table = "tournaments_sessionresult"
        constraints = [
            models.UniqueConstraint(fields=["session", "player"], name="one_result_per_seat"),
        ]
        indexes = [
            models.Index(fields=["club", "variant", "played_at"], name="result_club_variant"),
            # A player's results newest first (player pages), and on PostgreSQL everything
            # a league standing sums, so refreshing a player's line reads only the index.
            models.Index(
                fields=["player", "played_at"],
                include=["club", "variant", "session", "finished", "points", "hands_won", "place"],
                name="result_player_covering",
            ),
        ]

    def __str__(self) -> str:
        return f"Player {self.player_id} in session {self.session_id}: {self.points}"

    @property
    def won(self) -> bool:
        return self.finished and self.place == 1


class Standing(models.Model):
    """A player's line in a league table: sums over the league's counted results."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="standings")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="standings")
    sessions = models.PositiveIntegerField(default=0)
    points = models.IntegerField(default=0)
    hands_won = models.PositiveIntegerField(default=0)
    sessions_won = models.PositiveIntegerField(default=0)
    placing_points = models.IntegerField(default=0)
    # The player's latest finished session in the league: the "most recent result" tie-break.
    last_played_at = models.DateTimeField(null=True)
    last_place = models.PositiveSmallIntegerField(null=True)

    class Meta:
        db_table = "tournaments_standing"
        constraints = [
            models.UniqueConstraint(fields=["league", "player"], name="one_standing_per_player"),
        ]

    def __str__(self) -> str:
        return f"Player {self.player_id} in league {self.league_id}"

    @property
    def average(self) -> float:
        return self.points / self.sessions if self.sessions else 0.0


class PendingUpdate(models.Model):
    """A session whose results, standings and ratings still have to catch up with its hands.

    Written in the same transaction as the change to the hands, and deleted in the same
    transaction that applies it: a worker that dies in between leaves it here, and the next
    run (or the periodic sweep) applies it.
    """

    session = models.OneToOneField(
        GameSession, on_delete=models.CASCADE, related_name="pending_update"
    )
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    marked_at = models.DateTimeField(default=timezone.now)

    class Meta:
        db_table = "tournaments_pendingupdate"

    def __str__(self) -> str:
        return f"Session {self.session_id} to update"


class Rating(models.Model):
    """A player's skill in one game at one club (openskill's Plackett-Luce model)."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="ratings")
    variant = models.CharField(max_length=16, choices=Variant.choices)
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="ratings")
    mu = models.FloatField()
    sigma = models.FloatField()
    # The conservative rating shown on leaderboards: mu less three sigma.
    ordinal = models.FloatField()
    games = models.PositiveIntegerField(default=0)

    class Meta:
        db_table = "tournaments_rating"
        constraints = [
            models.UniqueConstraint(
                fields=["club", "variant", "player"], name="one_rating_per_game"
            ),
        ]
        indexes = [
            models.Index(fields=["club", "variant", "-ordinal"], name="rating_leaderboard"),
        ]

    def __str__(self) -> str:
        return f"Player {self.player_id} {self.variant}: {self.ordinal:.1f}"


class RatingChange(models.Model):
    """What one finished session did to one player's rating: the rating history."""

    session = models.ForeignKey(
        GameSession, on_delete=models.CASCADE, related_name="rating_changes"
    )
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="rating_changes")
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    variant = models.CharField(max_length=16, choices=Variant.choices)
    # Sessions are rated in this order: when the session finished, then its id.
    rated_at = models.DateTimeField()
    mu_before = models.FloatField(null=True)  # None: the player's first rated session
    sigma_before = models.FloatField(null=True)
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField()

    class Meta:
        db_table = "tournaments_ratingchange"
        constraints = [
            models.UniqueConstraint(fields=["session", "player"], name="one_change_per_seat"),
        ]
        indexes = [
            models.Index(fields=["club", "variant", "rated_at", "session"], name="rating_order"),
            models.Index(fields=["player", "rated_at"], name="rating_history"),
        ]

    def __str__(self) -> str:
        return f"Player {self.player_id} after session {self.session_id}"
