"""Choosing a language, and where the choice is kept."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.models import AnonymousUser, User
from django.contrib.sessions.backends.base import SessionBase

from languages.models import LanguageChoice

# The signed-in person's language, read by the middleware on every request: kept in the
# session (loaded anyway to know who they are) so that no request pays a query for it.
SESSION_KEY = "language"


def supported(code: str | None) -> bool:
    return code in dict(settings.LANGUAGES)


def remember(user: User | AnonymousUser, session: SessionBase, language: str) -> None:
    """Keep a signed-in person's choice for their next log-in, wherever it is."""
    if not user.is_authenticated or not supported(language):
        return
    LanguageChoice.objects.update_or_create(user=user, defaults={"language": language})
    session[SESSION_KEY] = language


def recall(user: User, session: SessionBase) -> None:
    """At log-in: the language the person chose before, if they did, comes back."""
    language = LanguageChoice.objects.filter(user=user).values_list("language", flat=True).first()
    if supported(language):
        session[SESSION_KEY] = language
