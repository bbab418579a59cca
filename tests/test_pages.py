"""The pages every visitor meets first, and what base.html loads."""

import pytest


def test_healthz_says_ok_without_the_database(client) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.content == b"ok"


def test_the_home_page_sends_visitors_to_the_show_checker(client) -> None:
    response = client.get("/")
    assert response.status_code == 302
    assert response["Location"] == "/rules/check/"


def test_the_show_checker_page_renders_in_the_base_layout(client) -> None:
    response = client.get("/rules/check/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Check a show" in html
    assert 'name="viewport"' in html
    assert "/static/css/app.css" in html
    assert "/static/js/htmx.min.js" in html
    # Everything is served from here: no third-party script or stylesheet.
    assert "https://" not in html


@pytest.mark.parametrize("path", ["/static/css/app.css", "/static/js/htmx.min.js"])
def test_static_files_are_served_by_the_app(client, path: str) -> None:
    # WhiteNoise answers these itself, as it does in production.
    response = client.get(path)
    assert response.status_code == 200
    assert len(b"".join(response.streaming_content)) > 100
