"""Pages that refresh themselves while standings and ratings catch up with the hands."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.cache import patch_vary_headers

# How often a page showing "Updating…" asks again (htmx `every`); updates take a second or two.
POLL_SECONDS = 3


def render_polled(
    request: HttpRequest,
    *,
    page: str,
    part: str,
    context: dict[str, Any],
    seconds: int = POLL_SECONDS,
) -> HttpResponse:
    """The whole page, or only its changing part when htmx polls for it.

    The part carries the polling trigger only while `updating` is true (or whatever the
    page waits for), so the swap that brings the finished table also stops the polling.
    `seconds` is how often the part asks, as `poll_seconds`.
    """
    is_poll = bool(request.headers.get("HX-Request"))
    response = render(request, part if is_poll else page, {**context, "poll_seconds": seconds})
    # One address, two answers: caches must keep them apart.
    patch_vary_headers(response, ["HX-Request"])
    return response
