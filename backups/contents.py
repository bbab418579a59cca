"""What a backup holds, said so a person can see it is the backup they think it is.

The tables are found through Django's app registry, by label: this app imports no other.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from django.apps import apps
from django.db.migrations.recorder import MigrationRecorder

from backups.files import Kind

# The counts a person reads first: (label, app, model).
HEADLINE: tuple[tuple[str, str, str], ...] = (
    ("clubs", "clubs", "Club"),
    ("players", "clubs", "Player"),
    ("sessions", "scoring", "GameSession"),
    ("hands", "scoring", "Hand"),
    ("hand versions", "scoring", "HandVersion"),
    ("payments", "tab", "Payment"),
    ("leagues", "leagues", "League"),
    ("tournaments", "tournaments", "Tournament"),
)


@dataclass(frozen=True)
class Contents:
    kind: Kind
    rows: dict[str, int]  # every table in the backup, with its number of rows
    latest_hand_change: datetime | None  # the newest hand version: recorded or corrected
    made_at: str | None = None  # as the file says it (pg_dump's archive header), if it does

    @property
    def missing(self) -> list[str]:
        """The tables this version of the app needs that the backup lacks."""
        return sorted(app_tables() - set(self.rows))

    def summary(self) -> list[str]:
        lines = [f"{self.kind.value} backup: {len(self.rows)} tables, {self.total} rows."]
        if self.made_at:
            lines.append(f"Made at {self.made_at}.")
        counts = [
            f"{label} {self.rows[table]}"
            for label, table in headline_tables()
            if table in self.rows
        ]
        if counts:
            lines.append(", ".join(counts).capitalize() + ".")
        if self.latest_hand_change is not None:
            when = self.latest_hand_change.astimezone(UTC)
            lines.append(f"Latest hand recorded or corrected at {when:%Y-%m-%d %H:%M:%S} UTC.")
        else:
            lines.append("No hand recorded.")
        return lines

    @property
    def total(self) -> int:
        return sum(self.rows.values())


def app_tables() -> set[str]:
    """Every table the installed apps' migrations make, Django's own included."""
    tables = {MigrationRecorder.Migration._meta.db_table}
    for model in apps.get_models(include_auto_created=True):
        if model._meta.managed and not model._meta.proxy:
            tables.add(model._meta.db_table)
    return tables


def headline_tables() -> list[tuple[str, str]]:
    found = []
    for label, app_label, model_name in HEADLINE:
        try:
            found.append((label, apps.get_model(app_label, model_name)._meta.db_table))
        except LookupError:
            continue
    return found


def hand_versions() -> tuple[str, str]:
    """The table of hand versions and the column holding when each was made."""
    model = apps.get_model("scoring", "HandVersion")
    return model._meta.db_table, model._meta.get_field("created_at").column


def parse_time(value: str) -> datetime:
    """A stored time as either database writes it out; naive ones (SQLite) are UTC."""
    moment = datetime.fromisoformat(value)
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)
