"""`python -m bench`: the benches, each in its own module under bench/.

`python -m bench <name> ...` runs the ones named; with no name, every bench in BENCHES.
- `rules`: the rules engine (bench/rules_bench.py);
- `league`: the league updates on PostgreSQL (bench/league_bench.py says where; when it
  cannot run, the other figures are still printed and the exit status is non-zero);
- `stall`: a burst of slow rules checks against gunicorn while hands are recorded
  (bench/stall_bench.py);
- `pages`: each page of issue 21's table against a bare answer (bench/pages_bench.py);
- `firstload`: the session screen's first visit on a slow phone in Chromium
  (bench/first_load.py);
- `clubs`: a thousand clubs' full standings rebuild on 1 and 2 real Celery workers, and one
  hand's update as the clubs grow (bench/clubs_bench.py).
On request only: `reset` times the password-reset page for a known and an unknown address
(bench/reset_bench.py), and `watchers` has 120 phones follow 20 tables live
(bench/watchers_bench.py).
"""

import importlib
import sys

# Each bench's module; its main() prints the figures and answers the exit status.
BENCHES = {
    "rules": "bench.rules_bench",
    "league": "bench.league_bench",
    "stall": "bench.stall_bench",
    "pages": "bench.pages_bench",
    "firstload": "bench.first_load",
    "clubs": "bench.clubs_bench",
}
ON_REQUEST = {
    "reset": "bench.reset_bench",
    "watchers": "bench.watchers_bench",
}


def _run_one(name: str) -> int:
    status = importlib.import_module({**BENCHES, **ON_REQUEST}[name]).main()
    return 0 if status is None else int(status)


def run(argv: list[str]) -> int:
    chosen = argv or list(BENCHES)
    unknown = [name for name in chosen if name not in {**BENCHES, **ON_REQUEST}]
    if unknown:
        names = " | ".join((*BENCHES, *ON_REQUEST))
        print(f"usage: python -m bench [{names}]  (no argument: {', '.join(BENCHES)})")
        return 2
    status = 0
    for name in chosen:
        if len(chosen) > 1:
            print(f"== {name} bench ==", flush=True)
        status = max(status, _run_one(name))
        if len(chosen) > 1:
            print(flush=True)
    return status


if __name__ == "__main__":
    sys.exit(run(sys.argv[1:]))
