"""`python -m bench`: the rules-engine bench, the league bench on PostgreSQL, the stall bench,
the clubs bench.

`python -m bench rules`, `league`, `stall` or `clubs` runs one of them (the stall bench: a burst
of slow rules checks against gunicorn while hands are recorded, bench/stall_bench.py; the clubs
bench: a thousand clubs' full rebuild on 1 and 2 real Celery workers and one hand's update as
the clubs grow, bench/clubs_bench.py); `python -m
bench reset` (not run by default) times the password-reset page for a known and an unknown
address. The league bench
needs PostgreSQL (bench/league_bench.py says where); when it cannot run, the rules bench's
figures are still printed and the exit status is non-zero.
"""

import sys

BENCHES = ("rules", "league", "stall", "clubs")
ON_REQUEST = ("reset",)


def _rules() -> int:
    try:
        from bench.rules_bench import main
    except ModuleNotFoundError as exc:
        if exc.name != "bench.rules_bench":
            raise
        print("bench/rules_bench.py is not written yet: there is no benchmark to run.")
        return 1
    main()
    return 0


def _league() -> int:
    from bench.league_bench import main

    return main()


def _reset() -> int:
    from bench.reset_bench import main

    return main()


def _stall() -> int:
    from bench.stall_bench import main

    return main()


def _clubs() -> int:
    from bench.clubs_bench import main

    return main()


def run(argv: list[str]) -> int:
    chosen = argv or list(BENCHES)
    unknown = [name for name in chosen if name not in (*BENCHES, *ON_REQUEST)]
    if unknown:
        names = " | ".join((*BENCHES, *ON_REQUEST))
        print(f"usage: python -m bench [{names}]  (no argument: {', '.join(BENCHES)})")
        return 2
    status = 0
    for name in chosen:
        if len(chosen) > 1:
            print(f"== {name} bench ==", flush=True)
        benches = {
            "rules": _rules,
            "league": _league,
            "stall": _stall,
            "clubs": _clubs,
            "reset": _reset,
        }
        status = max(status, benches[name]())
        if len(chosen) > 1:
            print(flush=True)
    return status


if __name__ == "__main__":
    sys.exit(run(sys.argv[1:]))
