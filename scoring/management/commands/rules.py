import sys

from django.core.management.base import BaseCommand


class Command(BaseCommand):
    """The rules door as a Django command, for `call_command` and `manage.py help`.

    A plain `manage.py rules` never gets here: manage.py serves it without starting Django.
    """

    help = (
        "Evaluate rules-engine requests: one JSON request per line on stdin, one JSON "
        "response per line on stdout (see docs/rules.md)."
    )
    # The engine never touches the database, and system checks would only slow start-up.
    requires_system_checks: list[str] = []

    def handle(self, *args: object, **options: object) -> None:
        from scoring.rules_stream import main

        status = main()
        if status:
            sys.exit(status)
