"""Clubs, the people in them and the rules they play by."""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower
from django.utils.timezone import now
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from clubs.roles import Role

# How long a player may go without a rated session before leaving a leaderboard.
DEFAULT_LEADERBOARD_DAYS = 90


class Confirmation(models.TextChoices):
    """Who must confirm each hand the scorer saves, on their own phone (docs/scoring.md)."""

    NONE = "none", pgettext_lazy("a session's confirmation rule", "No one: the scorer's word")
    ANY = "any", pgettext_lazy("a session's confirmation rule", "Any other player in the hand")
    EVERY = "every", pgettext_lazy("a session's confirmation rule", "Every player in the hand")


class Club(models.Model):
    name = models.CharField(max_length=120)
    slug = models.SlugField(max_length=60, unique=True)
    # An IANA zone name ("Asia/Kolkata"); times are stored in UTC and shown in this zone.
    timezone = models.CharField(max_length=64, default="UTC")
    # A public club's sessions and results can be read by anyone; a private one only by members.
    is_public = models.BooleanField(default=False)
    # A player with no rated session of a game in this many days is left off that game's
    # leaderboard until they play one again (their rating stays stored). None or 0: never.
    leaderboard_days = models.PositiveIntegerField(
        null=True, blank=True, default=DEFAULT_LEADERBOARD_DAYS
    )
    # A pool's house rules, the start of every pool session's set-up (a scorer may change
    # them for one evening): how often a player who went out may rejoin, and the entry fee
    # paid into the pot on sitting down and again on each rejoin.
    pool_rejoins = models.PositiveSmallIntegerField(default=0)
    pool_entry_fee = models.PositiveIntegerField(default=0)
    # Who confirms each hand, the start of every session's set-up.
    confirmation = models.CharField(
        max_length=8, choices=Confirmation.choices, default=Confirmation.NONE
    )
    created_at = models.DateTimeField(default=now)
    # When one of its players was last added, renamed or removed (clubs/receivers.py): what
    # a page worked out once with the players' names is kept only while this stays the same.
    names_changed_at = models.DateTimeField(default=now)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Membership(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships"
    )
    role = models.CharField(max_length=16, choices=Role.choices, default=Role.MEMBER)
    joined_at = models.DateTimeField(default=now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["club", "user"], name="one_membership_per_club"),
        ]

    def __str__(self) -> str:
        return f"{self.user} in {self.club} ({self.role})"


class Player(models.Model):
    """Someone who sits at a table: a member (with an account) or a guest (without one).

    A guest can later be linked to an account; their past results stay theirs because
    seats point at the player, not at the account.
    """

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(max_length=60)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="club_players",
    )
    created_at = models.DateTimeField(default=now)

    class Meta:
        ordering = ["name"]
        constraints = [
            # Names are how a scorer tells players apart at the table.
            models.UniqueConstraint("club", Lower("name"), name="player_name_unique_in_club"),
            models.UniqueConstraint(
                fields=["club", "user"],
                condition=models.Q(user__isnull=False),
                name="one_player_per_account_in_club",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def is_guest(self) -> bool:
        return self.user_id is None


def _new_token() -> str:
    return secrets.token_urlsafe(18)


def _in_two_weeks():
    return now() + timedelta(days=14)


class Invitation(models.Model):
    """A link an organiser shares; whoever opens it while it is valid joins the club."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="invitations")
    token = models.CharField(max_length=40, unique=True, default=_new_token)
    role = models.CharField(max_length=16, choices=Role.choices, default=Role.MEMBER)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(default=now)
    expires_at = models.DateTimeField(default=_in_two_weeks)
    revoked_at = models.DateTimeField(null=True, blank=True)
    uses = models.PositiveIntegerField(default=0)

    def __str__(self) -> str:
        return f"Invitation to {self.club} as {self.role}"

    def is_valid(self, at: datetime | None = None) -> bool:
        return self.revoked_at is None and (at or now()) < self.expires_at


class VariantRules(models.Model):
    """A club's default options for one game, as the rules engine accepts them."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="variant_rules")
    variant = models.CharField(max_length=16)
    options = models.JSONField(default=dict)
    updated_at = models.DateTimeField(default=now)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["club", "variant"], name="one_rules_per_variant"),
        ]

    def __str__(self) -> str:
        return f"{self.club} {self.variant} rules"


class GuestClaim(models.Model):
    """A member says they played as a guest; an organiser approves (the guest's results
    become the member's) or refuses. Until then nothing is linked."""

    class Status(models.TextChoices):
        # Translators: the state of a member's claim to have played as a guest
        PENDING = "pending", _("Waiting for an organiser")
        APPROVED = "approved", pgettext_lazy("a claim's state", "Approved")
        REFUSED = "refused", pgettext_lazy("a claim's state", "Refused")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="guest_claims")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="claims")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="guest_claims"
    )
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PENDING)
    created_at = models.DateTimeField(default=now)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created_at", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["player"],
                condition=models.Q(status="pending"),
                name="one_pending_claim_per_guest",
            ),
            models.UniqueConstraint(
                fields=["club", "user"],
                condition=models.Q(status="pending"),
                name="one_pending_claim_per_member",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user} claims {self.player} ({self.status})"
