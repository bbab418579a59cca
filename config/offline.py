"""The service worker and the page it shows offline (static/js/sw_register.js installs it).

The worker is served from the site's root, not from /static/, because a service worker looks
after the pages under its own address only. Its version changes whenever the app's static
files may have (a new deploy, or `collectstatic`), so phones drop what they kept before.
"""

from __future__ import annotations

import json

from django.contrib.staticfiles.storage import staticfiles_storage
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.utils.cache import patch_vary_headers
from django.utils.translation import get_language
from django.views.decorators.http import require_GET

from languages.fonts import page_fonts

WORKBOX = "vendor/workbox-7.4.1/"


def _fonts() -> list[str]:
    """The addresses of the fonts of the phone's language (languages/fonts.py), which the
    worker keeps on install. The first page a phone opens loads its fonts before the worker
    looks after it, so they would not be kept otherwise, and the offline page, kept at the
    same time in the same language, needs them too. The worker's script names them, so it
    differs by language: a phone that switches language gets a new worker, which keeps the
    new language's fonts beside the old ones (the same version's caches stay). A phone never
    downloads the fonts of a language it does not read; pages opened later keep theirs as
    they load them (the worker keeps every static file it answers)."""
    return [static(font) for font in page_fonts(get_language())]


# The offline page's style sheet (base.html's own; templates/offline/offline.html): kept on
# install, as no page need have loaded it (the session screen draws with its bundle,
# common/bundles.py).
OFFLINE_STYLES = ("css/app.css",)


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
            "offline_styles": json.dumps([static(sheet) for sheet in OFFLINE_STYLES]),
        },
        content_type="application/javascript",
    )
    # The browser checks for a new worker on every visit; a stale one would keep old pages.
    response["Cache-Control"] = "no-cache"
    # Its fonts are the language's, which the cookies or the browser's languages say.
    patch_vary_headers(response, ("Cookie", "Accept-Language"))
    return response


@require_GET
def offline_page(request: HttpRequest) -> HttpResponse:
    return render(request, "offline/offline.html")
