"""Club roles and what each one may do.

Roles are ranked: each one may do everything the roles below it may. Checking "at least
scorer" in one place keeps the permission rules of every screen and endpoint the same.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import pgettext_lazy


class Role(models.TextChoices):
    # Translators: pages also show a role lower-cased inside a sentence ("You are owner").
    MEMBER = "member", pgettext_lazy("a role in a club", "Member")
    SCORER = "scorer", pgettext_lazy("a role in a club", "Scorer")
    ORGANISER = "organiser", pgettext_lazy("a role in a club", "Organiser")
    OWNER = "owner", pgettext_lazy("a role in a club", "Owner")


RANK: dict[str, int] = {
    Role.MEMBER: 1,
    Role.SCORER: 2,
    Role.ORGANISER: 3,
    Role.OWNER: 4,
}


def at_least(role: str | None, needed: str) -> bool:
    """True when `role` (None: not a member) may do what `needed` may."""
    return role is not None and RANK[role] >= RANK[needed]
