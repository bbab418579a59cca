"""Query parameters of the session and hand lists (besides ?ordering= and paging)."""

from __future__ import annotations

import django_filters
from django.db.models import Exists, OuterRef, QuerySet
from django.utils.translation import pgettext_lazy

from scoring.models import GameSession, HandStatus, HandVersion, Seat, SessionStatus, Variant


class SessionFilter(django_filters.FilterSet):
    status = django_filters.ChoiceFilter(choices=SessionStatus.choices)
    variant = django_filters.ChoiceFilter(choices=Variant.choices)
    started_after = django_filters.DateTimeFilter(
        field_name="started_at",
        lookup_expr="gte",
        help_text="Started at or after this time (ISO 8601; a date alone means its midnight UTC).",
    )
    started_before = django_filters.DateTimeFilter(
        field_name="started_at",
        lookup_expr="lt",
        help_text="Started before this time (ISO 8601; a date alone means its midnight UTC).",
    )
    player = django_filters.NumberFilter(
        method="seated", help_text="Only sessions where this player id had a seat."
    )

    class Meta:
        model = GameSession
        fields = ["status", "variant", "started_after", "started_before", "player"]

    def seated(self, queryset: QuerySet, name: str, value: int) -> QuerySet:
        # Exists rather than a join: a join would multiply the rows the hand count adds up.
        return queryset.filter(Exists(Seat.objects.filter(session=OuterRef("pk"), player=value)))


class HandFilter(django_filters.FilterSet):
    status = django_filters.ChoiceFilter(
        choices=[
            (HandStatus.PLAYED, pgettext_lazy("a hand's status", "Played")),
            # Translators: the hand counts for nothing (the stock ran out, or it was voided)
            (HandStatus.VOID, pgettext_lazy("a hand's status", "Void")),
        ],
        help_text="played or void (undone hands are never listed).",
    )
    dealer = django_filters.NumberFilter(help_text="The seat position that dealt the hand.")

    class Meta:
        model = HandVersion
        fields = ["status", "dealer"]
