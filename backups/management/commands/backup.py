from argparse import ArgumentParser
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import DEFAULT_DB_ALIAS

from backups import services
from backups.errors import BackupError


class Command(BaseCommand):
    help = (
        "Write a dated backup of the whole database (rummyclub-YYYYMMDD-HHMMSS.dump for "
        "PostgreSQL, .sqlite3 for SQLite) into BACKUP_DIR, then say what it holds."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument(
            "--dir", type=Path, help="The folder to write it into, instead of BACKUP_DIR."
        )
        parser.add_argument(
            "--database", default=DEFAULT_DB_ALIAS, help="The database to back up (settings)."
        )

    def handle(self, *args: object, **options: object) -> None:
        given = options["dir"]
        directory = given if isinstance(given, Path) else Path(settings.BACKUP_DIR)
        try:
            path = services.back_up(directory=directory, alias=str(options["database"]))
            contents = services.check(path=path)
        except BackupError as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write(f"Backed up the database to {path}.")
        for line in contents.summary():
            self.stdout.write(line)
