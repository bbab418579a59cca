"""The API's throttles: DRF's scopes and rates, counted atomically (common.ratelimit) and
keyed on the client address our proxies vouch for (common.client_ip).

Rates are read at each request from the REST_FRAMEWORK setting, so a changed setting (or a
test's override) takes effect at once.
"""

from __future__ import annotations

from typing import Any

from rest_framework.request import Request
from rest_framework.settings import api_settings
from rest_framework.throttling import BaseThrottle

from common import ratelimit
from common.client_ip import client_ip


class RateThrottle(BaseThrottle):
    """One scope's rate for one key per caller; None as a key means "not this throttle's"."""

    scope = ""

    def __init__(self) -> None:
        self._wait: float | None = None

    def key(self, request: Request, view: Any) -> str | None:
        return f"ip:{client_ip(request)}"

    def allow_request(self, request: Request, view: Any) -> bool:
        scope = self.scope or getattr(view, "throttle_scope", "")
        rate = api_settings.DEFAULT_THROTTLE_RATES.get(scope)
        key = self.key(request, view)
        if rate is None or key is None:
            return True
        # The stubs type the rates as numbers; DRF's rates are strings such as "600/minute".
        rule = ratelimit.parse_rate(rate)  # type: ignore[arg-type]
        self._wait = ratelimit.hit(f"{scope}:{key}", rule)
        return self._wait is None

    def wait(self) -> float | None:
        return self._wait


class AnonThrottle(RateThrottle):
    """Callers without an account, per client address."""

    scope = "anon"

    def key(self, request: Request, view: Any) -> str | None:
        if request.user and request.user.is_authenticated:
            return None
        return super().key(request, view)


class UserThrottle(RateThrottle):
    """Callers with an account, per account (anonymous ones per address)."""

    scope = "user"

    def key(self, request: Request, view: Any) -> str | None:
        if request.user and request.user.is_authenticated:
            return f"user:{request.user.pk}"
        return super().key(request, view)


class ScopedThrottle(RateThrottle):
    """The view's own `throttle_scope` (getting a token, the rules engine), per address."""
