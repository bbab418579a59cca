"""Query parameters of the tournament, entry and round lists."""

from __future__ import annotations

import django_filters
from django.db.models import QuerySet

from scoring.models import Variant
from tournaments.models import (
    Entry,
    Round,
    RoundKind,
    RoundStatus,
    Tournament,
    TournamentStatus,
)


class TournamentFilter(django_filters.FilterSet):
    status = django_filters.ChoiceFilter(
        choices=TournamentStatus.choices,
        help_text="Only tournaments at this stage: registration, running, final or finished.",
    )
    variant = django_filters.ChoiceFilter(
        choices=Variant.choices, help_text="Only tournaments of this game."
    )

    class Meta:
        model = Tournament
        fields = ["status", "variant"]


class EntryFilter(django_filters.FilterSet):
    checked_in = django_filters.BooleanFilter(help_text="true: only players checked in.")
    withdrawn = django_filters.BooleanFilter(
        field_name="withdrawn_after_round",
        lookup_expr="isnull",
        exclude=True,
        help_text="true: only players who withdrew; false: only those still in.",
    )
    finalist = django_filters.BooleanFilter(
        method="at_final", help_text="true: only players seated at the final table."
    )

    class Meta:
        model = Entry
        fields = ["checked_in", "withdrawn", "finalist"]

    def at_final(self, queryset: QuerySet[Entry], name: str, value: bool) -> QuerySet[Entry]:
        return queryset.filter(carried__isnull=not value)


class RoundFilter(django_filters.FilterSet):
    status = django_filters.ChoiceFilter(
        choices=RoundStatus.choices, help_text="Only rounds drawn, started or finished."
    )
    kind = django_filters.ChoiceFilter(
        choices=RoundKind.choices, help_text="round: the rounds; final: the final table."
    )

    class Meta:
        model = Round
        fields = ["status", "kind"]
