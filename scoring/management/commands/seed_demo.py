from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Load the demo club, players and sessions. Safe to run again: it changes nothing twice."

    def handle(self, *args: object, **options: object) -> None:
        # Honest until the scoring models exist: there is nothing to seed, and inventing
        # rows now would only have to be migrated away later.
        self.stdout.write(
            "No demo data yet: the app has no clubs or sessions to seed. "
            "The rules checker at /rules/check/ works without any."
        )
