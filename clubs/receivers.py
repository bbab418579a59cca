"""A club notes when its players' names change, whoever changes them (a service, the API, a
merge): pages worked out once with the names are kept only while the note stays the same
(scoring/views/answers.py)."""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from clubs.models import Club, Player


def on_player_changed(sender: type, *, instance: Player, **kwargs: Any) -> None:
    Club.objects.filter(pk=instance.club_id).update(names_changed_at=timezone.now())
