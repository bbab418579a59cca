import time
from argparse import ArgumentParser

from django.core.management.base import BaseCommand, CommandError

from clubs.models import Club
from leagues import fanout
from leagues.services.rebuild import club_ids

# How often, at most, the wait says how far the workers have got.
PROGRESS_SECONDS = 5.0


class Command(BaseCommand):
    help = (
        "Recompute every session result, league standing, rating and tournament standing "
        "from the stored hands: one Celery task per club, so the workers rebuild clubs side "
        "by side (without a broker, in this process). Waits for every club and reports, "
        "unless --no-wait. Safe to run at any time; it gives what the incremental updates give."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument(
            "--club",
            action="append",
            metavar="SLUG",
            help="Rebuild only this club (repeat for more).",
        )
        parser.add_argument(
            "--no-wait",
            action="store_true",
            help="Queue the clubs' tasks and return; the workers rebuild them.",
        )
        parser.add_argument(
            "--timeout",
            type=float,
            default=3600.0,
            help="Seconds to wait for the workers before reporting the clubs not done.",
        )

    def handle(self, *args: object, **options: object) -> None:
        started = time.perf_counter()
        ids = self._clubs(options["club"])
        queued = fanout.queue_rebuild(ids)
        if options["no_wait"]:
            self.stdout.write(f"Queued the rebuild of {len(ids)} clubs, one task each.")
            return
        timeout = options["timeout"]
        assert isinstance(timeout, float)  # argparse's type
        said = [started]

        def progress(finished: int) -> None:
            now = time.perf_counter()
            if finished < len(ids) and now - said[0] >= PROGRESS_SECONDS:
                said[0] = now
                self.stdout.write(f"{finished} of {len(ids)} clubs rebuilt ({now - started:.0f} s)")

        outcome = fanout.wait(queued, timeout=timeout, on_done=progress)
        counts = outcome.counts
        self.stdout.write(
            f"Rebuilt {counts['sessions']} sessions, {counts['leagues']} leagues, "
            f"{counts['rating_pools']} rating pools and {counts['tournaments']} tournaments "
            f"of {outcome.done} clubs in {time.perf_counter() - started:.1f} s."
        )
        for club_id, error in outcome.failed.items():
            self.stderr.write(f"Club {club_id} was not rebuilt: {error}")
        if outcome.waiting:
            self.stderr.write(
                f"{len(outcome.waiting)} clubs were not rebuilt within {timeout:g} s: is a "
                f"worker running (celery -A config worker)? Their tasks stay queued and run "
                f"when one is. Not done: {', '.join(map(str, outcome.waiting))}."
            )
        if outcome.failed or outcome.waiting:
            raise CommandError("The rebuild is not complete; the clubs above say why.")

    def _clubs(self, slugs: object) -> list[int]:
        if not slugs:
            return club_ids()
        assert isinstance(slugs, list)  # argparse's append
        found = dict(Club.objects.filter(slug__in=slugs).values_list("slug", "pk"))
        unknown = [slug for slug in slugs if slug not in found]
        if unknown:
            raise CommandError(f"No club with the address name {', '.join(unknown)}.")
        return sorted(set(found.values()))
