"""Reads behind the "Start a session" screen."""

from __future__ import annotations

from django.db.models import F, Max, QuerySet
from django.db.models.functions import Lower

from clubs.models import Club, Player


def seatable_players(club: Club) -> QuerySet[Player]:
    """The club's players, those who sat down most recently first: the regulars are on top."""
    return (
        Player.objects.filter(club=club)
        .annotate(last_seated=Max("seats__session__started_at"))
        .order_by(F("last_seated").desc(nulls_last=True), Lower("name"))
    )
