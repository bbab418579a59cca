"""Who is paused after wrong passwords (`LockoutHandler`), and what a paused log-in attempt
answers (`lockout_response`); django-axes calls both.

Failures count per account and client address together, and per address alone with a
higher limit. After too many, every further attempt of that account from that address (or
of any account from that address) is refused, even with the right password, until the
lock-out time has passed; the answer says so and when to try again, on a page for a person
and as the API's JSON error for a script. The account's right password from another address
still works: whoever guesses from elsewhere cannot lock a member out of the evening.
"""

from __future__ import annotations

import math
from typing import Any

from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_lockout_parameters
from django.conf import settings
from django.db.models import Sum
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import ngettext

from common.api.errors import error_body

ADDRESS = "ip_address"  # the parameter set of settings.AXES_LOCKOUT_PARAMETERS that is one address


class LockoutHandler(AxesDatabaseHandler):
    """Axes with a limit of its own for the address alone (`LOGIN_ADDRESS_FAILURE_LIMIT`).

    Axes takes the largest count over the parameter sets and compares it with the one
    `AXES_FAILURE_LIMIT`. A club room shares one public address, so the address needs a
    higher limit than an account: each set's count is told in the account limit's units
    (rounded down), which reaches that limit exactly when the set reaches its own.
    """

    def get_failures(self, request: HttpRequest, credentials: dict[str, Any] | None = None) -> int:
        limit: int = settings.AXES_FAILURE_LIMIT
        worst = 0
        sets = zip(
            get_lockout_parameters(request, credentials),
            self.get_user_attempts(request, credentials),
            strict=True,
        )
        for parameters, attempts in sets:
            own_limit = settings.LOGIN_ADDRESS_FAILURE_LIMIT if parameters == ADDRESS else limit
            failures = attempts.aggregate(total=Sum("failures_since_start"))["total"] or 0
            worst = max(worst, failures * limit // own_limit)
        return worst

    def reset_user_attempts(
        self, request: HttpRequest, credentials: dict[str, Any] | None = None
    ) -> int:
        """A right password clears that account's failures from that address, not the
        address's: one account of their own must not let a guesser start again on others."""
        pairs = zip(
            get_lockout_parameters(request, credentials),
            self.filter_user_attempts(request, credentials),
            strict=True,
        )
        return sum(attempts.delete()[0] for parameters, attempts in pairs if parameters != ADDRESS)


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
