"""Query parameters of the club lists (besides ?search=, ?ordering= and paging)."""

from __future__ import annotations

import django_filters

from clubs.models import Club, Player


class ClubFilter(django_filters.FilterSet):
    is_public = django_filters.BooleanFilter(help_text="true: public clubs only; false: private.")

    class Meta:
        model = Club
        fields = ["is_public"]


class PlayerFilter(django_filters.FilterSet):
    is_guest = django_filters.BooleanFilter(
        field_name="user",
        lookup_expr="isnull",
        help_text="true: guests only (no account); false: members (and former members).",
    )

    class Meta:
        model = Player
        fields = ["is_guest"]
