"""A signed-in person's chosen language wins over the browser's.

Django's LocaleMiddleware has already picked a language from the language cookie or the
browser's Accept-Language header; it runs before authentication, so it cannot know the
person. This runs after, and switches to the language kept in their session (see
services.SESSION_KEY), which costs no query: the session is read to know who they are.
"""

from __future__ import annotations

from collections.abc import Callable

from django import db
from django.http import HttpRequest, HttpResponse
from django.utils import translation

from languages.services import SESSION_KEY, supported


class ChosenLanguageMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        session = getattr(request, "session", None)
        try:
            language = session.get(SESSION_KEY) if session is not None else None
        except db.Error:
            # The database is down: the browser's language serves, and the view meets the
            # outage itself, where config's middleware answers it with a sentence.
            language = None
        if isinstance(language, str) and supported(language):
            if language != translation.get_language():
                translation.activate(language)
                request.LANGUAGE_CODE = language
        return self.get_response(request)
