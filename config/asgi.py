"""ASGI entry point, for servers that speak ASGI."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

application = get_asgi_application()

# Fail at start-up, not on the first visitor, when a production server has no SECRET_KEY:
# Django raises ImproperlyConfigured here when the key is empty.
from django.conf import settings  # noqa: E402

settings.SECRET_KEY  # noqa: B018
