"""The pages bench's server: the app's own settings, with bench/site_urls.py's addresses
(the app's, plus the bare answer every figure is divided by). Only the bench's server runs
with `DJANGO_SETTINGS_MODULE=bench.site_settings`."""

from config.settings import *  # noqa: F403 (the app's settings, all of them)

ROOT_URLCONF = "bench.site_urls"
