"""Game sessions at a table, their seats and the hands recorded in them.

Hands are append-only: a correction (edit, void, undo) writes a new `HandVersion` and marks
the old one no longer current, keeping who changed it, when and why. Totals are always
derived from the current versions, so nothing recorded is ever lost.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy, pgettext_lazy

from clubs.models import Club, Confirmation, Player
from common.rules_words import game_label
from scoring import chain
from scoring.rules.variants import VARIANTS


class Variant(models.TextChoices):
    INDIAN13 = "indian13", game_label("indian13")
    INDIAN21 = "indian21", game_label("indian21")
    RUMMY27 = "rummy27", game_label("rummy27")
    MARRIAGE = "marriage", game_label("marriage")
    VAZHUSHAL = "vazhushal", game_label("vazhushal")


assert {v.value for v in Variant} == set(VARIANTS)


class Ending(models.TextChoices):
    DEALS = "deals", gettext_lazy("Each player deals N times")
    HANDS = "hands", gettext_lazy("A number of hands")
    POINTS = "points", gettext_lazy("First to N game points")
    OPEN = "open", gettext_lazy("Open-ended")


class Format(models.TextChoices):
    # Translators: how a session is won: its points add up (not a player's score)
    POINTS = "points", pgettext_lazy("a session format", "Points")
    # Translators: a pool players are knocked out of when their score reaches its limit
    POOL = "pool", pgettext_lazy("a session format", "Pool")
    # Translators: a fixed number of deals played for chips
    DEALS = "deals", pgettext_lazy("a session format", "Deals")


class PotSplit(models.TextChoices):
    # Translators: how a pool's pot was split when the players still in agreed to stop
    EQUAL = "equal", pgettext_lazy("a pot split", "Equal shares")
    # Translators: how a pool's pot was split: the scorer typed each player's share
    AMOUNTS = "amounts", pgettext_lazy("a pot split", "Amounts typed")


class SessionStatus(models.TextChoices):
    ACTIVE = "active", pgettext_lazy("a session's status", "In play")
    FINISHED = "finished", pgettext_lazy("a session's status", "Finished")


class GameSession(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="sessions")
    variant = models.CharField(max_length=16, choices=Variant.choices)
    # The options exactly as the engine accepts them; the engine fills in its defaults.
    options = models.JSONField(default=dict)
    ending = models.CharField(max_length=8, choices=Ending.choices, default=Ending.OPEN)
    ending_target = models.PositiveIntegerField(null=True, blank=True)
    first_dealer = models.PositiveSmallIntegerField(default=0)  # a seat position
    # Money per point for the settlement; 0 plays for points only. Money is an integer.
    stake_per_point = models.PositiveIntegerField(default=0)
    # How the evening is won (scoring/formats.py): points as they add up, a pool players are
    # knocked out of at `pool_limit`, or a fixed number of deals played for chips.
    format = models.CharField(max_length=8, choices=Format.choices, default=Format.POINTS)
    pool_limit = models.PositiveIntegerField(null=True, blank=True)
    # How many times one player may rejoin a pool (0: never), and the highest score still in
    # play must be below `pool_rejoin_below` for anyone to rejoin.
    pool_rejoins = models.PositiveSmallIntegerField(default=0)
    pool_rejoin_below = models.PositiveIntegerField(null=True, blank=True)
    # Paid into the pot on entering a pool and again on every rejoin; the winner takes it.
    entry_fee = models.PositiveIntegerField(default=0)
    # A pool the players still in agreed to stop: how they split the pot ("equal" or
    # "amounts"; empty otherwise) and each one's share by position ({"0": 150, ...}). The
    # last player in takes the pot without any of this being stored (scoring/formats.py).
    pot_split = models.CharField(max_length=8, choices=PotSplit.choices, blank=True, default="")
    pot_shares = models.JSONField(default=dict, blank=True)
    # Deals: the chips every player starts with (the number of deals is the ending's target).
    chips = models.PositiveIntegerField(null=True, blank=True)
    status = models.CharField(
        max_length=8, choices=SessionStatus.choices, default=SessionStatus.ACTIVE
    )
    # Ended by the scorer before its target: a later correction does not reopen it.
    ended_early = models.BooleanField(default=False)
    started_at = models.DateTimeField(default=timezone.now)
    finished_at = models.DateTimeField(null=True, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    # Bumped by every change; a form carries the revision it was drawn from, so a change
    # made from a stale screen is refused instead of overwriting someone else's.
    revision = models.PositiveIntegerField(default=0)
    # The hands that count (void ones too, not undone ones), kept by every change
    # (services.sessions.save_change), so a list of sessions counts none of them.
    hand_count = models.PositiveIntegerField(default=0)
    # When the last change was saved, set with the revision. The two name one history of the
    # session's hands and seats: what scoring/history_store.py keeps a process's copies by.
    changed_at = models.DateTimeField(default=timezone.now)
    # The session's history as a hash chain (scoring/chain.py): the digest of its last
    # record, and how many records it holds. Set with the record, in its transaction.
    chain_head = models.CharField(max_length=64, default=chain.START)
    chain_length = models.PositiveIntegerField(default=0)
    # Who must confirm each hand (chosen at the start), and how many hands are disputed now:
    # a session with one cannot finish, so its money does not reach the tab.
    confirmation = models.CharField(
        max_length=8, choices=Confirmation.choices, default=Confirmation.NONE
    )
    disputed_hands = models.PositiveIntegerField(default=0)
    # What a player types, or their phone's camera reads from the table's QR code, to join:
    # set the first time the table shows it (scoring/services/joins.py).
    join_code = models.CharField(max_length=8, unique=True, null=True, blank=True)

    # Not stored: {seat position: points}, set on a page of sessions by
    # scoring.selectors.attach_totals.
    totals: dict[int, int]

    class Meta:
        ordering = ["-started_at"]
        indexes = [
            models.Index(fields=["club", "status", "-started_at"], name="session_club_status"),
            # Ratings replay a game's finished sessions in the order they finished.
            models.Index(
                fields=["club", "variant", "status", "finished_at"], name="session_rating_order"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_variant_display()} #{self.pk}"

    @property
    def is_active(self) -> bool:
        return self.status == SessionStatus.ACTIVE

    @property
    def history_code(self) -> str:
        """The chain's head as a short code a player can keep ("" before any hand)."""
        return chain.short_code(self.chain_head) if self.chain_length else ""


class Seat(models.Model):
    """A player's place at the table.

    `position` names the seat in every hand's entry and ledger and never changes; the first
    players' positions run clockwise from 0. `place` is where the seat is around the table
    (the deal goes round by it): a substitute takes the place of the player they replace,
    a newcomer sits after everyone. `seated` is false once the player has left.
    """

    session = models.ForeignKey(GameSession, on_delete=models.CASCADE, related_name="seats")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    position = models.PositiveSmallIntegerField()
    place = models.PositiveSmallIntegerField(default=0)
    seated = models.BooleanField(default=True)

    class Meta:
        ordering = ["session", "position"]
        constraints = [
            models.UniqueConstraint(fields=["session", "position"], name="one_player_per_seat"),
            models.UniqueConstraint(fields=["session", "player"], name="one_seat_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.player} at seat {self.position + 1}"


class SeatChangeKind(models.TextChoices):
    JOINED = "joined", pgettext_lazy("a change at the table", "Sat down")
    LEFT = "left", pgettext_lazy("a change at the table", "Left")
    SUBSTITUTE = "substitute", pgettext_lazy("a change at the table", "Came in as a substitute")
    REJOINED = "rejoined", pgettext_lazy("a change at the table", "Rejoined the pool")


class SeatChange(models.Model):
    """Someone sat down, left, came in for someone else or rejoined a pool, between hands.

    `after_number` is the highest hand number stored when it happened: the change applies
    from the next hand on. `pool_score` is the score the seat entered a pool with, as the
    table set it then (a later correction of an earlier hand does not move it)."""

    session = models.ForeignKey(GameSession, on_delete=models.CASCADE, related_name="seat_changes")
    seat = models.ForeignKey(Seat, on_delete=models.CASCADE, related_name="changes")
    kind = models.CharField(max_length=12, choices=SeatChangeKind.choices)
    # For a substitute: the seat they took over.
    replaced = models.ForeignKey(
        Seat, on_delete=models.CASCADE, null=True, blank=True, related_name="replaced_by"
    )
    after_number = models.PositiveIntegerField()
    pool_score = models.PositiveIntegerField(null=True, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["session", "after_number", "pk"]

    def __str__(self) -> str:
        return f"{self.seat} {self.kind} after hand {self.after_number}"


class Hand(models.Model):
    """One deal at the table. What happened in it lives in its versions."""

    session = models.ForeignKey(GameSession, on_delete=models.CASCADE, related_name="hands")
    # Order of recording within the session; hands removed by undo keep their number.
    number = models.PositiveIntegerField()
    dealer = models.PositiveSmallIntegerField()  # seat position of who dealt it
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["session", "number"]
        constraints = [
            models.UniqueConstraint(fields=["session", "number"], name="hand_number_unique"),
        ]

    def __str__(self) -> str:
        return f"Hand {self.number} of session {self.session_id}"


class HandStatus(models.TextChoices):
    PLAYED = "played", pgettext_lazy("a hand's status", "Played")
    VOID = "void", pgettext_lazy("a hand's status", "Void")
    REMOVED = "removed", pgettext_lazy("a hand's status", "Undone")


class ChainedRecord(models.Model):
    """What every record of a session's history carries: a hand version, a player's answer
    to one, an organiser's decision."""

    # The key its form or client made: the same key twice is the same change, stored once.
    client_key = models.UUIDField(unique=True)
    created_at = models.DateTimeField(default=timezone.now)
    # The session's revision it made: a watching phone at an older revision is sent only
    # what changed since (scoring/views/answers.py).
    revision = models.PositiveIntegerField(default=0)
    # Its place in the session's hash chain (1 for the session's first record) and its
    # digest (scoring/chain.py). Written once, with the record.
    chain_seq = models.PositiveIntegerField(default=0)
    digest = models.CharField(max_length=64, default="")

    # Not stored: set on a record a service returns for a key it had stored before, so a
    # door answers "already stored" even to a repeat that arrived while the first request
    # was still being saved.
    replayed = False

    class Meta:
        abstract = True

    def chain_content(self) -> dict[str, Any]:
        """What the chain hashes of it (scoring/chain.py)."""
        raise NotImplementedError

    def chain_name(self) -> str:
        """The record as `manage.py verify_history` names it ("hand 3, version 2")."""
        raise NotImplementedError


class HandVersion(ChainedRecord):
    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="versions")
    version = models.PositiveIntegerField()
    is_current = models.BooleanField(default=True)
    status = models.CharField(max_length=8, choices=HandStatus.choices)
    # What the scorer entered, seat by seat (scoring.hand_entry.HandEntry.as_json()).
    entry = models.JSONField()
    # The engine's score_hand answer with players named by seat position ("0", "1", ...).
    ledger = models.JSONField()
    # Who is part of the version's digest: an account that recorded hands is deactivated,
    # never deleted (PROTECT), so the chain never has to forget who it was.
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, related_name="+"
    )
    reason = models.CharField(max_length=200, blank=True)

    # Not stored: the session's board just after this change (a `scoring.selectors.Board`,
    # which imports this module, hence untyped here), when the service built it to write
    # it, so a door answers the new state without reading the session again.
    board_after: Any = None

    class Meta:
        ordering = ["hand", "version"]
        constraints = [
            models.UniqueConstraint(fields=["hand", "version"], name="hand_version_unique"),
            models.UniqueConstraint(
                fields=["hand"],
                condition=models.Q(is_current=True),
                name="one_current_version_per_hand",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.hand} v{self.version} ({self.status})"

    def chain_content(self) -> dict[str, Any]:
        return chain.content_of_version(self)

    def chain_name(self) -> str:
        return f"hand {self.hand.number}, version {self.version}"


class Verdict(models.TextChoices):
    CONFIRMED = "confirmed", pgettext_lazy("a player's answer to a hand", "Confirmed")
    DISPUTED = "disputed", pgettext_lazy("a player's answer to a hand", "Disputed")


class HandCheck(ChainedRecord):
    """A player's answer to one version of a hand, from their own phone: confirmed, or
    disputed with a reason. One answer per seat and version; a correction is a new version,
    answered again. Linked into the session's hash chain like the versions."""

    version = models.ForeignKey(HandVersion, on_delete=models.PROTECT, related_name="checks")
    position = models.PositiveSmallIntegerField()  # the seat answered for
    verdict = models.CharField(max_length=10, choices=Verdict.choices)
    reason = models.CharField(max_length=200, blank=True)
    # The account that answered; None for a guest's phone, named by `phone`.
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, related_name="+"
    )
    # Which phone: "account <id>" or "guest link <id>" (scoring.models.SeatLink).
    phone = models.CharField(max_length=40)

    class Meta:
        ordering = ["version", "created_at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["version", "position"], name="one_answer_per_seat"),
        ]

    def __str__(self) -> str:
        return f"{self.version} {self.verdict} for seat {self.position + 1}"

    def chain_content(self) -> dict[str, Any]:
        version = self.version
        return chain.check_content(
            session=version.hand.session_id,
            hand=version.hand.number,
            version=version.version,
            position=self.position,
            verdict=self.verdict,
            reason=self.reason,
            by=self.by_id,
            phone=self.phone,
            client_key=str(self.client_key),
            at=self.created_at,
            revision=self.revision,
        )

    def chain_name(self) -> str:
        return f"{self.version.chain_name()}, {self.verdict} for seat {self.position + 1}"


class Outcome(models.TextChoices):
    KEPT = "kept", pgettext_lazy("an organiser's decision on a disputed hand", "Kept as entered")
    CORRECTED = (
        "corrected",
        pgettext_lazy("an organiser's decision on a disputed hand", "Corrected"),
    )


class HandDecision(ChainedRecord):
    """An organiser's decision on a disputed version: kept as entered, or corrected (then
    `result` is the version the decision made). A decided hand needs no more answers."""

    version = models.OneToOneField(HandVersion, on_delete=models.PROTECT, related_name="decision")
    outcome = models.CharField(max_length=10, choices=Outcome.choices)
    result = models.OneToOneField(
        HandVersion, on_delete=models.PROTECT, null=True, related_name="decided_by"
    )
    reason = models.CharField(max_length=200)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")

    def __str__(self) -> str:
        return f"{self.version} {self.outcome}"

    def chain_content(self) -> dict[str, Any]:
        version = self.version
        return chain.decision_content(
            session=version.hand.session_id,
            hand=version.hand.number,
            version=version.version,
            outcome=self.outcome,
            result=self.result.version if self.result is not None else None,
            reason=self.reason,
            by=self.by_id,
            client_key=str(self.client_key),
            at=self.created_at,
            revision=self.revision,
        )

    def chain_name(self) -> str:
        return f"{self.version.chain_name()}, decision"


class SeatLink(models.Model):
    """A phone that joined the table for one seat with no account of the seat's player: its
    address (`/p/<signed token>/`) shows the session as that player and sends their answers.
    Valid for that seat of that session only, until the scorer frees the seat."""

    session = models.ForeignKey(GameSession, on_delete=models.CASCADE, related_name="links")
    position = models.PositiveSmallIntegerField()
    token = models.CharField(max_length=64, unique=True)
    # The key of the join that made it: a double tap, or a retried request, is one link.
    client_key = models.UUIDField(unique=True, null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    revoked_at = models.DateTimeField(null=True, blank=True)
    revoked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )

    class Meta:
        constraints = [
            # One phone a seat at a time: a second must wait until the scorer frees it.
            models.UniqueConstraint(
                fields=["session", "position"],
                condition=models.Q(revoked_at__isnull=True),
                name="one_live_link_per_seat",
            ),
        ]

    replayed = False  # not stored: the same join again (its client key)

    def __str__(self) -> str:
        return f"seat {self.position + 1} of session {self.session_id}"
