"""The Celery broker's transport: kombu's Redis transport, surviving a Redis outage.

When Redis goes away while the worker holds a message it has not acknowledged yet (a task
waiting for its countdown, or one running with late acknowledgement), Celery closes the
broken connection twice: once to collect it, which tears down the transport, then again
to release it. The second close tries to put the held messages back on the queue through
a transport that no longer has a connection, and the AttributeError that follows
("'NoneType' object has no attribute 'hostname'") is not a connection error, so the
worker stops for good instead of reconnecting.

Here that second attempt is skipped. Nothing is lost: the held messages are still in
Redis's list of unacknowledged messages, and the worker hands them out again once the
visibility timeout passes (CELERY_VISIBILITY_TIMEOUT); what Redis itself lost, beat's
sweep and the worker's sweep on reconnecting apply from the pending updates
(`leagues/tasks.py`).
"""

from __future__ import annotations

import logging
from typing import Any

from kombu.transport import redis

logger = logging.getLogger(__name__)


class QoS(redis.QoS):
    def restore_unacked(self, client: Any = None) -> None:
        held = self._delivered
        if self.channel.connection.client is None and held is not None:
            logger.warning(
                "Broker connection already closed: %d held message(s) are left to the "
                "visibility timeout.",
                len(held),
            )
            held.clear()
            return
        super().restore_unacked(client)


class Channel(redis.Channel):
    QoS = QoS


class Transport(redis.Transport):
    Channel = Channel
