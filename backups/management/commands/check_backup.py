from argparse import ArgumentParser
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from backups import services
from backups.errors import BackupError


class Command(BaseCommand):
    help = (
        "Read a backup without restoring it: that it is whole, and what it holds (every "
        "table's rows with --verbosity 2), so you can see it is the one you think."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("file", type=Path, help="The backup file.")

    def handle(self, *args: object, **options: object) -> None:
        path = options["file"]
        assert isinstance(path, Path)
        try:
            contents = services.check(path=path)
        except BackupError as exc:
            raise CommandError(str(exc)) from None
        for line in contents.summary():
            self.stdout.write(line)
        if int(str(options["verbosity"])) > 1:
            for table, rows in sorted(contents.rows.items()):
                self.stdout.write(f"  {table}: {rows}")
        if contents.missing:
            raise CommandError(
                f"The backup lacks {len(contents.missing)} of the tables this version of the app "
                f"needs ({', '.join(contents.missing)}): it was made by an older version (restore "
                "it, then migrate) or it is not a Rummy Club backup."
            )
        self.stdout.write(f"{path} is whole and holds every table the app needs.")
