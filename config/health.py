"""Readiness: whether this process can serve players now.

/healthz (config/urls.py) is liveness: it touches nothing, so a process manager restarts only
a process that no longer answers at all. /readyz asks the database: a load balancer that polls
it stops sending players to a process that can only answer 503, and sends them again once the
database is back. Redis is asked too, when REDIS_URL is set, but only reported: without it a
process still records every change (the updates wait as pending rows, docs/operations.md), so
taking every process out of the balancer during a Redis outage would turn a slow leaderboard
into a site that is down.
"""

import logging
from typing import cast

from django.conf import settings
from django.core.cache import cache
from django.db import DatabaseError, connections
from django.http import HttpRequest, HttpResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET
from redis.exceptions import RedisError

from common.cache import RedisCache

logger = logging.getLogger(__name__)


@never_cache
@require_GET
def readyz(request: HttpRequest) -> HttpResponse:
    redis_down = bool(settings.REDIS_URL) and not _cache_answers()
    if not _database_answers():
        also = " and the cache (Redis)" if redis_down else ""
        sentence = f"Not ready: the database{also} cannot be reached."
        return HttpResponse(sentence, status=503, content_type="text/plain")
    if redis_down:
        sentence = "ok, but the cache (Redis) cannot be reached: standings wait until it is back."
        return HttpResponse(sentence, content_type="text/plain")
    return HttpResponse("ok", content_type="text/plain")


def _database_answers() -> bool:
    try:
        with connections["default"].cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except DatabaseError as error:
        # One line per probe, no traceback: a load balancer asks every few seconds.
        logger.warning("Readiness: the database does not answer: %s", error)
        return False
    return True


def _cache_answers() -> bool:
    # The cache itself shrugs an outage off (common/cache.py), so Redis is asked directly.
    try:
        cast(RedisCache, cache).ping()
    except RedisError as error:
        logger.warning("Readiness: Redis does not answer: %s", error)
        return False
    return True
