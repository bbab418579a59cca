"""Request types the views of every app share.

`HtmxHttpRequest` is the request as django-htmx's middleware leaves it, typed the way the
django-htmx documentation recommends: annotate a view's `request` with it to use
`request.htmx`. `signed_in_user` is the user of a view only a signed-in user gets through.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest
from django.utils.translation import gettext as _
from django_htmx.middleware import HtmxDetails
from rest_framework.request import Request


class HtmxHttpRequest(HttpRequest):
    """An `HttpRequest` after `HtmxMiddleware`: `request.htmx` says whether htmx sent it."""

    htmx: HtmxDetails


def signed_in_user(request: HttpRequest | Request) -> User:
    """The signed-in user of a view that an anonymous visitor cannot get through.

    For views behind `login_required`, or past an access check that demands a club role (only
    members have one) or a DRF permission that demands a login. Should an anonymous visitor
    get here after all, the answer is "forbidden", as the missing role would have been.
    """
    user = request.user
    if not user.is_authenticated:
        raise PermissionDenied(_("This needs a signed-in user."))
    return user


def wants_json(request: HttpRequest) -> bool:
    """Whether a script asked for JSON (the session screen's, static/js/table_sync.js): a
    browser's own page loads and form posts never name it, so they get the page as before."""
    return "application/json" in request.headers.get("Accept", "")
