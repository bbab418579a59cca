"""The service worker and its offline page are served by the app itself, from the root."""

from __future__ import annotations

import json
import re

import pytest
from django.conf import settings
from django.test import Client

from languages.fonts import DEVANAGARI, NAMES, TAMIL


@pytest.mark.django_db
def test_the_service_worker_is_served_from_the_root_as_script_never_cached(client: Client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/javascript")
    assert response["Cache-Control"] == "no-cache"
    body = response.content.decode()
    # Workbox comes from the app's own static files (no CDN), in its production build.
    assert 'importScripts("/static/vendor/workbox-7.4.1/workbox-sw.js")' in body
    assert 'modulePathPrefix: "/static/vendor/workbox-7.4.1/"' in body
    assert "debug: false" in body
    assert "http" not in body.split("importScripts", 1)[1].split(")", 1)[0]


@pytest.mark.django_db
def test_the_worker_keeps_no_api_admin_or_login_pages(client: Client):
    body = client.get("/sw.js").content.decode()
    assert '["/api/", "/admin/", "/accounts/", "/sw.js"]' in body


@pytest.mark.django_db
def test_the_offline_page_says_what_still_works(client: Client):
    response = client.get("/offline/")
    assert response.status_code == 200
    assert "No network" in response.content.decode()


@pytest.mark.django_db
def test_every_page_installs_the_worker(client: Client):
    assert "js/sw_register.js" in client.get("/").content.decode()


@pytest.mark.django_db
def test_the_worker_answers_the_catalogue_from_its_copy_at_once_and_keeps_each_language(
    client: Client,
):
    body = client.get("/sw.js").content.decode()
    assert 'const CATALOGUE_URL = "/jsi18n/";' in body
    # Its own cache, renewed with each version like the others (the activate step drops
    # every cache whose name does not end with this version).
    assert 'const CATALOGUE = "catalogue-" + VERSION;' in body
    route = body.split("url.pathname === CATALOGUE_URL", 1)[1].split("registerRoute(", 1)[0]
    # The page's scripts wait for it: the copy at once, the network refreshing it behind;
    # the page's ?lang= names the copy, whatever the answer's Vary says.
    assert "new StaleWhileRevalidate({" in route
    assert "cacheName: CATALOGUE," in route
    assert "matchOptions: { ignoreVary: true }," in route
    assert "cacheWillUpdate: async (answer) => keptUnderItsLanguage(answer)" in route
    # An answer in another language than the address names is never kept under it.
    rule = body.split("function keptUnderItsLanguage", 1)[1].split("\n}\n", 1)[0]
    assert 'searchParams.get("lang")' in rule and 'headers.get("Content-Language")' in rule
    assert "asked !== given ? null : response" in rule


@pytest.mark.django_db
def test_every_page_loads_the_catalogue_in_its_own_language(client: Client):
    assert '<script src="/jsi18n/?lang=en" defer></script>' in client.get("/").content.decode()


def fonts_kept(response) -> list[str]:
    """The fonts the worker keeps when it installs, as its script names them."""
    return json.loads(response.content.decode().split("const FONTS = ", 1)[1].split(";", 1)[0])


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "fonts"),
    [
        ("en", [NAMES]),
        ("hi", [NAMES, *DEVANAGARI]),
        ("ne", [NAMES, *DEVANAGARI]),
        ("ta", [NAMES, *TAMIL]),
    ],
)
def test_the_worker_keeps_the_fonts_of_the_phones_language_when_it_installs(language, fonts):
    # The first page loaded its fonts before the worker looked after it, and the offline
    # page it keeps beside them is in the same language; a phone never downloads another
    # language's script font for nothing.
    response = Client(headers={"accept-language": language}).get("/sw.js")
    assert fonts_kept(response) == [f"/static/{font}" for font in fonts]
    assert "cache.addAll([...FONTS, ...OFFLINE_STYLES])" in response.content.decode()


@pytest.mark.django_db
def test_the_worker_keeps_the_offline_pages_style_sheets_when_it_installs(client: Client):
    # No page need have loaded them: the session screen draws with its own bundle.
    script = client.get("/sw.js").content.decode()
    kept = json.loads(script.split("const OFFLINE_STYLES = ", 1)[1].split(";", 1)[0])
    page = client.get("/offline/").content.decode()
    sheets = re.findall(r'<link rel="stylesheet" href="([^"]+)"', page)
    assert sheets
    assert kept == sheets


@pytest.mark.django_db
def test_the_worker_follows_the_language_chosen_with_the_switcher():
    client = Client(headers={"accept-language": "en"})
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "ta"
    response = client.get("/sw.js")
    assert fonts_kept(response) == [f"/static/{font}" for font in (NAMES, *TAMIL)]
    # A phone that changes language gets a worker of the new language's fonts, which adds
    # them to those it keeps (its caches are the same version's).
    vary = {header.strip() for header in response["Vary"].split(",")}
    assert {"Cookie", "Accept-Language"} <= vary
