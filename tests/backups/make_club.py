"""`python -m tests.backups.make_club`: migrate the database DATABASE_URL names (an SQLite
file is put in WAL mode, as a busy club's is) and build the club of `club.py` in it."""

import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test.utils import override_settings  # noqa: E402

from tests.backups.club import build_club  # noqa: E402

call_command("migrate", verbosity=0)
if connection.vendor == "sqlite":
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA journal_mode=WAL")
# The production hasher is slow on purpose; the club has four accounts.
with override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"]):
    build_club()
