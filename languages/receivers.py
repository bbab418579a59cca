"""A person who logs in reads the app in the language they chose last, on any phone."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.http import HttpRequest

from languages.services import recall


@receiver(user_logged_in)
def recall_language(sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any) -> None:
    if request is not None and hasattr(request, "session"):
        recall(user, request.session)
