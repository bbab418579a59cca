from django.core.management.base import BaseCommand

from scoring.demo import DEMO_PASSWORD, USERS, demo_club, load_demo
from tournaments.services.updates import rebuild_everything


class Command(BaseCommand):
    help = "Load the demo club, players and sessions. Safe to run again: it changes nothing twice."

    def handle(self, *args: object, **options: object) -> None:
        loaded = demo_club() is not None
        club = load_demo()
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
        self.stdout.write(
            f"Log in at http://127.0.0.1:8000/accounts/login/ as any of {logins}; "
            f"the password is {DEMO_PASSWORD}"
        )
