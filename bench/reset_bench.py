"""`make bench BENCH=reset`: how long the password-reset page takes to answer, for an email
address that has an account and for one that has none.

The two must answer in the same time, or the time tells who plays here. Each request posts
the form through Django's test client, on a throwaway test database (SQLite in memory
unless DATABASE_URL says otherwise), with mail kept in memory. Celery is set as in a
deployment, tasks queued on a broker (in memory here) rather than run in the request, so
what is timed is what the person waits for. The rate limits are lifted for the run. Known
and unknown requests alternate, after a warm-up; the median and 90th percentile are printed
for each, then the median of the difference within each pair (known less unknown), which
a machine busy with other work disturbs least, and how many mails the requests themselves
sent (none: a worker sends them).
"""

from __future__ import annotations

import os
import statistics
import time

REPEATS = 1000
WARMUP = 20
KNOWN = "asha@club.example"
UNKNOWN = "nobody@club.example"
NO_LIMIT = "1000000/second"


def main() -> int:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.pop("REDIS_URL", None)  # the broker is set in memory below
    os.environ["DEBUG"] = "0"  # no query log kept in memory
    os.environ["ALLOWED_HOSTS"] = "testserver"  # the test client's host
    os.environ.setdefault("SECRET_KEY", "bench-only-secret-key-never-deployed")
    os.environ["PASSWORD_RESET_ADDRESS_RATE"] = NO_LIMIT
    os.environ["PASSWORD_RESET_ACCOUNT_RATE"] = NO_LIMIT
    os.environ.setdefault("LOG_LEVEL", "WARNING")
    import django

    django.setup()
    from django.contrib.auth.models import User
    from django.core import mail
    from django.test import Client
    from django.test.utils import setup_databases, setup_test_environment

    from config.celery import app

    setup_test_environment()
    app.conf.update(task_always_eager=False, broker_url="memory://localhost/")
    databases = setup_databases(verbosity=0, interactive=False)
    User.objects.create_user("asha", email=KNOWN, password="a-long-bench-password")
    client = Client()
    samples: dict[str, list[float]] = {KNOWN: [], UNKNOWN: []}
    for n in range(WARMUP + REPEATS):
        for email in (KNOWN, UNKNOWN):
            start = time.perf_counter()
            response = client.post("/accounts/password_reset/", {"email": email})
            elapsed = (time.perf_counter() - start) * 1000
            assert response.status_code == 302, response.status_code
            if n >= WARMUP:
                samples[email].append(elapsed)
    print(f"{'address':<10} {'requests':>8} {'median ms':>10} {'p90 ms':>8}")
    for label, email in (("known", KNOWN), ("unknown", UNKNOWN)):
        times = sorted(samples[email])
        p90 = times[int(len(times) * 0.9) - 1]
        print(f"{label:<10} {len(times):>8} {statistics.median(times):>10.2f} {p90:>8.2f}")
    pairs = [k - u for k, u in zip(samples[KNOWN], samples[UNKNOWN], strict=True)]
    print(f"known less unknown, median of {len(pairs)} pairs: {statistics.median(pairs):+.2f} ms")
    print(f"mails sent by the requests themselves: {len(mail.outbox)}")
    for connection, name, destroy in databases:
        if destroy:
            connection.creation.destroy_test_db(name, verbosity=0)
    return 0
