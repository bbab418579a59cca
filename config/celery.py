"""The Celery app: configured from Django settings (the CELERY_* names).

Without REDIS_URL the settings make every task run eagerly in the calling process, so the
embedded default needs no broker and no worker.
"""

import os
from typing import Any

from celery import Celery, bootsteps, signals

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("rummyclub")
app.config_from_object("django.conf:settings", namespace="CELERY")
# Finds each installed app's tasks.py once Django's app registry is ready.
app.autodiscover_tasks()

# Its name where it was first queued (leagues/tasks.py).
SWEEP_TASK = "tournaments.tasks.sweep_pending_task"


class SweepOnConnect(bootsteps.StartStopStep):
    """Each time the worker (re)connects to Redis, it sweeps every pending update.

    While Redis was away nothing could be queued, so the changes saved meanwhile wait as
    pending updates (leagues/queue.py); this applies them as soon as Redis is back rather
    than when beat's sweep finds them stale. Sent to the worker's own first queue, so a
    worker that consumes a queue of its own (the tests') sweeps too.
    """

    requires = ("celery.worker.consumer.tasks:Tasks",)

    def start(self, c: Any) -> None:
        queues = c.app.amqp.queues.consume_from or c.app.amqp.queues
        c.app.send_task(SWEEP_TASK, kwargs={"older_than_seconds": 0}, queue=next(iter(queues)))


app.steps["consumer"].add(SweepOnConnect)


@signals.task_prerun.connect
@signals.task_postrun.connect
def keep_database_connection(sender: Any = None, **kwargs: Any) -> None:
    """A worker keeps its database connection from task to task, as a web process keeps it
    from request to request: closed past CONN_MAX_AGE or once it failed, checked before its
    next use (CONN_HEALTH_CHECKS). Celery's Django fix-up would close it around every task
    (CELERY_DB_REUSE_MAX in the settings stops that): a new PostgreSQL connection for every
    hand's update and every club of a rebuild, which made a club's rebuild take half as long
    again on a worker as in one process (docs/operations.md, "Growing").

    Not for a task run eagerly: it runs inside its caller's transaction and connection.
    """
    request = getattr(sender, "request", None)
    if request is None or getattr(request, "is_eager", False):
        return
    from django.db import close_old_connections

    close_old_connections()
