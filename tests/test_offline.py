"""The service worker and its offline page are served by the app itself, from the root."""

from __future__ import annotations

import pytest
from django.test import Client


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
