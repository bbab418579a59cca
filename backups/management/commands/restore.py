from argparse import ArgumentParser
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.db import DEFAULT_DB_ALIAS

from backups import services
from backups.errors import BackupError


class Command(BaseCommand):
    help = (
        "Restore a backup made by `backup` into the configured database, which must be empty "
        "(docs/operations.md says how to make one); then run migrate."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("file", type=Path, help="The backup file.")
        parser.add_argument(
            "--database", default=DEFAULT_DB_ALIAS, help="The database to restore into (settings)."
        )

    def handle(self, *args: object, **options: object) -> None:
        path = options["file"]
        assert isinstance(path, Path)
        try:
            contents = services.restore(path=path, alias=str(options["database"]))
        except BackupError as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write(f"Restored {path}.")
        for line in contents.summary():
            self.stdout.write(line)
        self.stdout.write(
            "Next: manage.py migrate (a backup from an older version needs it), then look at "
            "the club's pages before letting players in."
        )
