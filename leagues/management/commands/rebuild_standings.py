import time

from django.core.management.base import BaseCommand

from leagues.services.updates import rebuild_everything


class Command(BaseCommand):
    help = (
        "Recompute every session result, league standing, rating and tournament standing "
        "from the stored hands. "
        "Safe to run at any time; it gives what the incremental updates give."
    )

    def handle(self, *args: object, **options: object) -> None:
        started = time.perf_counter()
        counts = rebuild_everything()
        self.stdout.write(
            f"Rebuilt {counts['sessions']} sessions, {counts['leagues']} leagues, "
            f"{counts['rating_pools']} rating pools and {counts.get('tournaments', 0)} tournaments "
            f"in {time.perf_counter() - started:.1f} s."
        )
