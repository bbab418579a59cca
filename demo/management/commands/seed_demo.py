from argparse import ArgumentParser

from django.conf import settings
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from config import env
from demo.club import DEMO_PASSWORD, USERS, demo_club, load_demo
from leagues.services.updates import rebuild_everything


class Command(BaseCommand):
    help = (
        "Load the demo club, players and sessions. Safe to run again: it changes nothing twice. "
        "Runs only with DEBUG, unless given --allow-production and a password of its own."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument(
            "--allow-production",
            action="store_true",
            help="Load the demo without DEBUG too (a public demo site); needs a password.",
        )
        parser.add_argument(
            "--port",
            type=int,
            default=8000,
            help="The port the site is served on, for the log-in link it prints (make run's).",
        )
        parser.add_argument(
            "--password",
            help=(
                "The demo accounts' password, never printed. DEMO_PASSWORD in the environment "
                "does the same and stays out of the shell's history."
            ),
        )

    def handle(self, *args: object, **options: object) -> None:
        password = _password(
            given=str(options["password"] or "") or env.get_str("DEMO_PASSWORD"),
            allow_production=bool(options["allow_production"]),
        )
        loaded = demo_club() is not None
        club = load_demo(password=password)
        if not loaded:
            # Results, standings and ratings at once, with or without a Celery worker.
            rebuild_everything()
        if loaded:
            self.stdout.write(
                f"The demo club is already loaded: {club.name} (/clubs/{club.slug}/)."
            )
        else:
            self.stdout.write(f"Loaded the demo club {club.name} with a session of every game.")
        logins = ", ".join(f"{username} ({role})" for username, _, _, role in USERS)
        if password == DEMO_PASSWORD:
            self.stdout.write(
                f"Log in at http://127.0.0.1:{options['port']}/accounts/login/ as any of {logins}; "
                f"the password is {DEMO_PASSWORD}"
            )
        else:
            # A password of its own is kept out of the output: logs outlive terminals.
            self.stdout.write(
                f"Log in at /accounts/login/ as any of {logins}, with the demo password you gave."
            )


def _password(*, given: str | None, allow_production: bool) -> str:
    """The demo accounts' password: the README's public one only on a development machine."""
    if settings.DEBUG:
        return given or DEMO_PASSWORD
    if not allow_production:
        raise CommandError(
            "seed_demo makes accounts with the password printed in the README, so it runs "
            "only with DEBUG=1 (make run sets it). For a public demo site, run it with "
            "--allow-production and a password of your own (DEMO_PASSWORD or --password)."
        )
    if not given:
        raise CommandError(
            "--allow-production needs a password of its own for the demo accounts: set "
            "DEMO_PASSWORD or give --password."
        )
    if given == DEMO_PASSWORD:
        raise CommandError(
            f"{DEMO_PASSWORD} is the README's public password; choose another one for the "
            "demo accounts."
        )
    try:
        validate_password(given)
    except ValidationError as error:
        raise CommandError(f"The demo password is refused: {' '.join(error.messages)}") from None
    return given
