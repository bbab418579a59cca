"""`manage.py verify_history`: recompute every session's hash chain (scoring/chain.py) from
what is stored now, and say where one stops matching."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from scoring.chain_records import breaks
from scoring.models import GameSession


class Command(BaseCommand):
    help = (
        "Check that no hand version was changed or deleted since it was saved: recompute "
        "every session's history chain and name the first record of each that does not "
        "match. Exits with 1 if any does."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--club", help="only this club's sessions (its address name)")
        parser.add_argument("--session", type=int, help="only this session (its number)")

    def handle(self, *args: Any, **options: Any) -> None:
        sessions = GameSession.objects.all()
        if options["club"]:
            sessions = sessions.filter(club__slug=options["club"])
        if options["session"] is not None:
            sessions = sessions.filter(pk=options["session"])
        checked = sessions.count()
        found = list(breaks(sessions))
        for problem in found:
            self.stderr.write(f"Changed: {problem}")
        if found:
            raise CommandError(
                f"{len(found)} of {checked} session(s) have a history that no longer matches."
            )
        self.stdout.write(f"Checked {checked} session(s): every history matches.")
