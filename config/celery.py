"""The Celery app: configured from Django settings (the CELERY_* names).

Without REDIS_URL the settings make every task run eagerly in the calling process, so the
embedded default needs no broker and no worker.
"""

import os
from typing import Any

from celery import Celery, bootsteps

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
