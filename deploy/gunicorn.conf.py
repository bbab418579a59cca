"""gunicorn's settings for Rummy Club: `gunicorn -c deploy/gunicorn.conf.py config.wsgi`.

docs/operations.md ("The web server") says why: threads (gthread) so a slow request never
holds a whole process, and few processes, since the public rules doors may run the engine in
at most RULES_CONCURRENCY of them at once (by default half the processes). WEB_CONCURRENCY
and WEB_THREADS set the numbers here and in the settings alike (config/web_workers.py).
"""

import sys
from pathlib import Path

# gunicorn reads this file before it imports the app: make the project importable.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from config import web_workers

wsgi_app = "config.wsgi"
bind = "127.0.0.1:8000"
worker_class = "gthread"
workers = web_workers.workers()
threads = web_workers.threads()
# A request the engine cannot finish in RULES_TIME_LIMIT_MS (2 s) is answered "too complex";
# nothing else takes seconds, so a worker silent for this long is stuck and is restarted.
timeout = 30
graceful_timeout = 30
# Idle keep-alive connections hold a thread; a proxy in front reuses its own.
keepalive = 5
# A worker is replaced now and then (staggered), so a slow leak never grows for weeks.
max_requests = 2000
max_requests_jitter = 200
accesslog = "-"
