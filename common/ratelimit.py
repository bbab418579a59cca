"""Rate limits that hold when many requests arrive at once.

A limit is "N requests per window" for one key (a client address, an account). Counting is
a sliding window made of two fixed ones: the count of the current window plus the part of
the previous one's count that still lies inside the sliding window. Each request adds one
with an atomic increment, so however many threads or workers race, no more than the limit
get through; a plain read-modify-write of a list of times (the usual throttle) lets every
racer read the same old list and pass.

With `REDIS_URL` the counters live in Redis and hold across every worker; without it (the
embedded default: one process) they live in this process behind a lock.
"""

from __future__ import annotations

import logging
import math
import threading
import time
from dataclasses import dataclass
from functools import cache

import redis
from django.conf import settings

PREFIX = "rummyclub:rate:"
logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Rate:
    count: int
    seconds: int


_PERIODS = {"second": 1, "minute": 60, "hour": 3600, "day": 86400}


def parse_rate(text: str) -> Rate:
    """'600/minute' as a Rate (config.env.get_rate has checked the form at start-up)."""
    count, period = text.split("/")
    return Rate(int(count), _PERIODS[period])


def hit(key: str, rate: Rate, *, now: float | None = None) -> float | None:
    """Count one request for `key`: None when it may go ahead, else the seconds to wait."""
    now = time.time() if now is None else now
    window = int(now // rate.seconds)
    elapsed = now / rate.seconds - window  # how far into the current window, 0..1
    try:
        current, previous = _store().add(key, window, rate.seconds)
        weight = 1.0 - elapsed
        if previous * weight + current <= rate.count:
            return None
        # A refused request does not count: a client a little over its limit keeps getting
        # the limit through, rather than being shut out for as long as it keeps asking.
        _store().undo(key, window, rate.seconds)
    except redis.RedisError:
        # With Redis down the club still plays: every request goes ahead uncounted, as
        # it would with no limit at all, and the outage is in the log.
        logger.warning("Rate limit %s not counted: Redis cannot be reached.", key)
        return None
    current -= 1
    # When the previous window's share has faded enough, or at worst when this window ends.
    if current <= rate.count and previous:
        fades_in = (1.0 - (rate.count - current) / previous - elapsed) * rate.seconds
        return max(1.0, math.ceil(fades_in))
    return max(1.0, math.ceil((1.0 - elapsed) * rate.seconds))


def reset() -> None:
    """Forget every counter (tests, or an operator after a false alarm)."""
    _store().clear()


class _LocalStore:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._counts: dict[tuple[str, int], int] = {}

    def add(self, key: str, window: int, seconds: int) -> tuple[int, int]:
        with self._lock:
            if len(self._counts) > 100_000:
                # Old windows are never read again: drop them all now and then.
                self._counts = {k: v for k, v in self._counts.items() if k[1] >= window - 1}
            current = self._counts.get((key, window), 0) + 1
            self._counts[(key, window)] = current
            return current, self._counts.get((key, window - 1), 0)

    def undo(self, key: str, window: int, seconds: int) -> None:
        with self._lock:
            self._counts[(key, window)] -= 1

    def clear(self) -> None:
        with self._lock:
            self._counts.clear()


class _RedisStore:
    def __init__(self, url: str) -> None:
        self._client = redis.Redis.from_url(url)

    def add(self, key: str, window: int, seconds: int) -> tuple[int, int]:
        name = f"{PREFIX}{key}:{window}"
        # One round trip, run as a unit: the counter is made with its expiry (so a counter
        # can never outlive its window), then incremented, and the previous one read.
        with self._client.pipeline(transaction=True) as pipe:
            pipe.set(name, 0, ex=2 * seconds, nx=True)
            pipe.incr(name)
            pipe.get(f"{PREFIX}{key}:{window - 1}")
            _, current, previous = pipe.execute()
        return int(current), int(previous or 0)

    def undo(self, key: str, window: int, seconds: int) -> None:
        name = f"{PREFIX}{key}:{window}"
        with self._client.pipeline(transaction=True) as pipe:
            pipe.decr(name)
            pipe.expire(name, 2 * seconds)  # never a counter without an end
            pipe.execute()

    def clear(self) -> None:
        for name in self._client.scan_iter(match=f"{PREFIX}*", count=1000):
            self._client.delete(name)


@cache
def _cached_store(url: str | None) -> _LocalStore | _RedisStore:
    return _RedisStore(url) if url else _LocalStore()


def _store() -> _LocalStore | _RedisStore:
    return _cached_store(settings.REDIS_URL)
