"""How many web processes and threads serve requests: read by deploy/gunicorn.conf.py and by
the settings, so the rules engine's share of them (RULES_CONCURRENCY) follows the same numbers.

WEB_CONCURRENCY is also the variable gunicorn itself reads for its number of workers.
"""

from config import env

DEFAULT_WORKERS = 2
DEFAULT_THREADS = 4


def workers() -> int:
    return env.get_int("WEB_CONCURRENCY", DEFAULT_WORKERS, low=1)


def threads() -> int:
    return env.get_int("WEB_THREADS", DEFAULT_THREADS, low=1)


def default_engine_share() -> int:
    """At most half the processes run a public door's engine call at once, so the other half
    never wait for it: a CPU-bound call holds its process's interpreter lock (GIL)."""
    return max(1, workers() // 2)
