"""The service worker and the page it shows offline (static/js/sw_register.js installs it).

The worker is served from the site's root, not from /static/, because a service worker looks
after the pages under its own address only. Its version changes whenever the app's static
files may have (a new deploy, or `collectstatic`), so phones drop what they kept before.
"""

from __future__ import annotations

import json

from django.conf import settings
from django.contrib.staticfiles.storage import staticfiles_storage
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.views.decorators.http import require_GET

WORKBOX = "vendor/workbox-7.4.1/"


def _fonts() -> list[str]:
    """The addresses of the app's fonts (static/fonts/), which the worker keeps on install: a
    page opened offline in English still names the languages in their own scripts, and the
    browser asks for a font only once a page needs its letters, maybe never before that."""
    folder = settings.BASE_DIR / "static" / "fonts"
    return [static(f"fonts/{font.name}") for font in sorted(folder.glob("*.woff2"))]


def _version() -> str:
    """This build of the app's files: the hash of `collectstatic`'s manifest, which changes
    with any file, so a deploy renews the phones' caches ("dev" without a manifest)."""
    manifest_hash = getattr(staticfiles_storage, "manifest_hash", "")
    return str(manifest_hash)[:12] or "dev"


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    response = render(
        request,
        "offline/sw.js",
        {
            "version": _version(),
            "workbox_prefix": static(WORKBOX),
            "fonts": json.dumps(_fonts()),
        },
        content_type="application/javascript",
    )
    # The browser checks for a new worker on every visit; a stale one would keep old pages.
    response["Cache-Control"] = "no-cache"
    return response


@require_GET
def offline_page(request: HttpRequest) -> HttpResponse:
    return render(request, "offline/offline.html")
