"""Reads behind the club endpoints, each one query however long the page."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import OuterRef, Q, QuerySet, Subquery, Value
from django.db.models.fields import CharField

from clubs.models import Club, Membership


def visible_clubs(user: AbstractBaseUser | AnonymousUser) -> QuerySet[Club]:
    """Public clubs, and the user's own clubs, each with `my_role` (None: not a member)."""
    if not user.is_authenticated:
        return Club.objects.filter(is_public=True).annotate(
            my_role=Value(None, output_field=CharField())
        )
    role = Membership.objects.filter(club=OuterRef("pk"), user=user).values("role")[:1]
    return (
        Club.objects.annotate(my_role=Subquery(role))
        .filter(Q(is_public=True) | Q(my_role__isnull=False))
        .order_by("name")
    )
