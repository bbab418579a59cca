"""WSGI entry point for gunicorn: `gunicorn config.wsgi`."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

application = get_wsgi_application()

# Fail at start-up, not on the first visitor, when a production server has no SECRET_KEY:
# Django raises ImproperlyConfigured here when the key is empty.
from django.conf import settings  # noqa: E402

settings.SECRET_KEY  # noqa: B018
