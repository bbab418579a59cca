"""The switcher's one view: Django's own `set_language` (cookie, safe `next`), and for a
signed-in person the choice remembered."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_POST
from django.views.i18n import set_language

from languages.services import remember


@require_POST
def choose_language(request: HttpRequest) -> HttpResponse:
    response = set_language(request)
    language = request.POST.get("language", "")
    remember(request.user, request.session, language)
    return response
