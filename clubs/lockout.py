"""What a locked-out log-in attempt answers (django-axes calls `lockout_response`).

After too many wrong passwords for one account, or from one client address, every further
attempt is refused, even with the right password, until the lock-out time has passed; the
answer says so and when to try again, on a page for a person and as the API's JSON error
for a script.
"""

from __future__ import annotations

import math
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import ngettext

from config.api_errors import error_body


def lockout_message() -> str:
    minutes = math.ceil(settings.AXES_COOLOFF_TIME.total_seconds() / 60)
    return ngettext(
        "Too many wrong passwords for this account or from this connection, so logging in "
        "is paused: try again in %(count)s minute.",
        "Too many wrong passwords for this account or from this connection, so logging in "
        "is paused: try again in %(count)s minutes.",
        minutes,
    ) % {"count": minutes}


def lockout_response(
    request: HttpRequest, original_response: HttpResponse | None = None, credentials: Any = None
) -> HttpResponse:
    wait = str(int(settings.AXES_COOLOFF_TIME.total_seconds()))
    if request.path.startswith("/api/"):
        response: HttpResponse = JsonResponse(
            error_body("locked_out", lockout_message()), status=429
        )
    else:
        response = render(
            request, "registration/locked_out.html", {"message": lockout_message()}, status=429
        )
    response["Retry-After"] = wait
    return response
