"""The app's addresses, plus the pages bench's bare answer (bench/site_settings.py).

The bare answer is what every figure of the pages bench is divided by: a small JSON answer
for the signed-in scorer, through the same middleware as every page (the session and the
user read, as a page reads them), and nothing else.
"""

from __future__ import annotations

from django.http import HttpRequest, JsonResponse
from django.urls import include, path


def bare(request: HttpRequest) -> JsonResponse:
    return JsonResponse({"user": request.user.get_username(), "ok": True})


urlpatterns = [
    path("bench/bare/", bare),
    path("", include("config.urls")),
]
