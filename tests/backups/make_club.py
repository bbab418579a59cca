"""`python -m tests.backups.make_club NOW`: migrate the database DATABASE_URL names (an
SQLite file is put in WAL mode, as a busy club's is), build the club of `club.py` in it, and
print its snapshot at NOW (`snapshot.py`): one process, where each costs seconds."""

import json
import os
import sys
from datetime import datetime

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test.utils import override_settings  # noqa: E402

from tests.backups.club import build_club  # noqa: E402
from tests.backups.snapshot import snapshot  # noqa: E402

call_command("migrate", verbosity=0)
if connection.vendor == "sqlite":
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA journal_mode=WAL")
# The production hasher is slow on purpose; the club has four accounts.
with override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"]):
    build_club()
print(json.dumps(snapshot(datetime.fromisoformat(sys.argv[1])), sort_keys=True))
