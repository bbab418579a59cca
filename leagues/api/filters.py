"""Query parameters of the league list, the standings and the leaderboards.

The league list is a queryset and filters like every other list. A standings table or a
leaderboard is ranked in Python by `leagues.selectors` (tie-breakers, provisional
players), so its filters work on the ranked rows: a filtered row keeps the rank it has in
the whole table, and the only order is the table's own.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Any

import django_filters
from django.db.models import QuerySet
from django.utils.translation import gettext as _
from rest_framework import serializers
from rest_framework.filters import BaseFilterBackend
from rest_framework.request import Request

from clubs.models import Player
from leagues.models import League
from scoring.models import Variant


class LeagueFilter(django_filters.FilterSet):
    variant = django_filters.ChoiceFilter(
        choices=Variant.choices,
        method="counting_game",
        help_text="Only leagues this game counts for (leagues of every game included).",
    )
    on = django_filters.DateFilter(
        method="running_on",
        help_text="Only leagues running on this date (YYYY-MM-DD), first and last day included.",
    )

    class Meta:
        model = League
        fields = ["variant", "on"]

    def counting_game(self, queryset: QuerySet[League], name: str, value: str) -> QuerySet:
        # JSON "contains" is not available on SQLite (the embedded default), so the club's
        # few leagues are checked here: one more query, whatever the page size.
        ids = [
            pk
            for pk, variants in queryset.values_list("pk", "variants")
            if not variants or value in variants
        ]
        return queryset.filter(pk__in=ids)

    def running_on(self, queryset: QuerySet[League], name: str, value: date) -> QuerySet:
        return queryset.filter(starts_on__lte=value, ends_on__gte=value)


def _flag(request: Request, name: str) -> bool | None:
    """A true/false query parameter; None when it is not sent."""
    raw = request.query_params.get(name, "").strip()
    if not raw:
        return None
    try:
        return serializers.BooleanField().to_internal_value(raw)
    except serializers.ValidationError:
        # Translators: "true" and "false" are the values to send; keep them as they are.
        raise serializers.ValidationError({name: [_("Send true or false.")]}) from None


def _flag_parameter(name: str, description: str) -> dict[str, Any]:
    return {
        "name": name,
        "required": False,
        "in": "query",
        "description": description,
        "schema": {"type": "boolean"},
    }


class RankedRowFilter(BaseFilterBackend):
    """?search= on the player's name, and one true/false parameter the table defines."""

    flag: str
    flag_help: str

    def player(self, row: Any) -> Player:
        raise NotImplementedError

    def matches_flag(self, row: Any) -> bool:
        raise NotImplementedError

    # DRF calls a backend with whatever the view filters: here the ranked rows, a list. The
    # stubs allow only a QuerySet in and out.
    def filter_queryset(  # type: ignore[override]
        self, request: Request, rows: list[Any], view: Any
    ) -> list[Any]:
        keep: list[Callable[[Any], bool]] = []
        flag = _flag(request, self.flag)
        if flag is not None:
            keep.append(lambda row: self.matches_flag(row) is flag)
        words = request.query_params.get("search", "").strip().casefold()
        if words:
            keep.append(lambda row: words in self.player(row).name.casefold())
        return [row for row in rows if all(test(row) for test in keep)]

    def get_schema_operation_parameters(self, view: Any) -> list[dict[str, Any]]:
        return [
            _flag_parameter(self.flag, self.flag_help),
            {
                "name": "search",
                "required": False,
                "in": "query",
                "description": "Find by player name (any part, any capitals).",
                "schema": {"type": "string"},
            },
        ]


class StandingFilter(RankedRowFilter):
    flag = "ranked"
    flag_help = (
        "true: only players with a rank; false: only those with too few sessions for one yet."
    )

    def player(self, row: Any) -> Player:
        return row.player

    def matches_flag(self, row: Any) -> bool:
        return row.rank is not None


class LeaderboardFilter(RankedRowFilter):
    flag = "provisional"
    flag_help = "true: only provisional ratings (too few games yet); false: only settled ones."

    def player(self, row: Any) -> Player:
        return row.rating.player

    def matches_flag(self, row: Any) -> bool:
        return row.provisional


class RankOrdering(BaseFilterBackend):
    """The table's own order, from the top (rank) or from the bottom (-rank)."""

    # DRF calls a backend with whatever the view filters: here the ranked rows, a list. The
    # stubs allow only a QuerySet in and out.
    def filter_queryset(  # type: ignore[override]
        self, request: Request, rows: list[Any], view: Any
    ) -> list[Any]:
        ordering = request.query_params.get("ordering", "").strip() or "rank"
        if ordering not in ("rank", "-rank"):
            raise serializers.ValidationError(
                {
                    "ordering": [
                        # Translators: "rank" and "-rank" are the values to send; keep them.
                        _("This table is in rank order: send rank, or -rank for the bottom first.")
                    ]
                }
            )
        return list(reversed(rows)) if ordering == "-rank" else rows

    def get_schema_operation_parameters(self, view: Any) -> list[dict[str, Any]]:
        return [
            {
                "name": "ordering",
                "required": False,
                "in": "query",
                "description": (
                    "The table's own order only: rank (the default, top first) or -rank "
                    "(bottom first)."
                ),
                "schema": {"type": "string", "enum": ["rank", "-rank"]},
            }
        ]
