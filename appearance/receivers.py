"""A person who logs in sees the deck colours they chose last, on any phone."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.http import HttpRequest

from appearance.services import recall


@receiver(user_logged_in)
def recall_card_colours(sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any) -> None:
    if request is not None and hasattr(request, "session"):
        recall(user=user, session=request.session)
