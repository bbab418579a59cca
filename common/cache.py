"""The Django cache on Redis, which a Redis outage slows down but never breaks.

Nothing the app keeps in the cache is the truth: it only spares work (the "already
queued" mark of a pending standings update, leagues/queue.py). So while Redis cannot be
reached every read misses, every write is dropped, and each is one warning in the log, never
an error the request answers with; a hand saved meanwhile is still saved and says so.
`ping()` is the one call that does raise: the readiness check (config/health.py) asks it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache as DjangoRedisCache
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

logger = logging.getLogger(__name__)

# Redis not answering at all (refused, reset, timed out); a wrong command still raises.
REDIS_DOWN = (RedisConnectionError, RedisTimeoutError)
T = TypeVar("T")


def _or(fallback: T, call: Callable[[], T], what: str) -> T:
    try:
        return call()
    except REDIS_DOWN as error:
        logger.warning("Cache %s skipped: Redis cannot be reached (%s).", what, error)
        return fallback


class RedisCache(DjangoRedisCache):
    def ping(self) -> None:
        """Raise a RedisError unless Redis answers."""
        self._cache.get_client(write=True).ping()  # type: ignore[attr-defined]

    def add(
        self, key: str, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None
    ) -> bool:
        return _or(False, lambda: super(RedisCache, self).add(key, value, timeout, version), "add")

    def get(self, key: str, default: Any = None, version: Any = None) -> Any:
        return _or(default, lambda: super(RedisCache, self).get(key, default, version), "get")

    def set(
        self, key: str, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None
    ) -> None:
        _or(None, lambda: super(RedisCache, self).set(key, value, timeout, version), "set")

    def touch(self, key: str, timeout: Any = DEFAULT_TIMEOUT, version: Any = None) -> bool:
        return _or(False, lambda: super(RedisCache, self).touch(key, timeout, version), "touch")

    def delete(self, key: str, version: Any = None) -> bool:
        return _or(False, lambda: super(RedisCache, self).delete(key, version), "delete")

    def has_key(self, key: str, version: Any = None) -> bool:
        return _or(False, lambda: super(RedisCache, self).has_key(key, version), "read")

    def get_many(self, keys: Iterable[str], version: Any = None) -> dict[str, Any]:
        return _or({}, lambda: super(RedisCache, self).get_many(keys, version), "read")

    def set_many(
        self, data: dict[str, Any], timeout: Any = DEFAULT_TIMEOUT, version: Any = None
    ) -> list[str]:
        # Django's contract: the keys that were not stored.
        keys = list(data)
        return _or(keys, lambda: super(RedisCache, self).set_many(data, timeout, version), "set")

    def delete_many(self, keys: Iterable[str], version: Any = None) -> None:
        _or(None, lambda: super(RedisCache, self).delete_many(keys, version), "delete")
