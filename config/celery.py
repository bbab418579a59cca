"""The Celery app: configured from Django settings (the CELERY_* names).

Without REDIS_URL the settings make every task run eagerly in the calling process, so the
embedded default needs no broker and no worker.
"""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("rummyclub")
app.config_from_object("django.conf:settings", namespace="CELERY")
# Finds each installed app's tasks.py once Django's app registry is ready.
app.autodiscover_tasks()
