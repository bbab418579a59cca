"""/healthz, /readyz, and what pages and the API answer while the database is down."""

import json
from unittest import mock

import pytest
from django.db import InterfaceError, OperationalError, connections
from django.test import RequestFactory
from rest_framework.authtoken.models import Token

from config.middleware import DatabaseOutageMiddleware
from tests.factories import make_user

REDIS_NOBODY_LISTENS = "redis://127.0.0.1:1/0"


@pytest.fixture
def database_down():
    """Every query fails the way it does when PostgreSQL cannot be reached."""
    refused = OperationalError(
        'connection to server at "127.0.0.1", port 5432 failed: Connection refused'
    )
    with mock.patch.object(connections["default"], "cursor", side_effect=refused):
        yield


@pytest.fixture
def redis_down(settings):
    settings.REDIS_URL = REDIS_NOBODY_LISTENS
    settings.CACHES = {
        "default": {
            "BACKEND": "common.cache.RedisCache",
            "LOCATION": REDIS_NOBODY_LISTENS,
        }
    }


def text(response) -> str:
    return response.content.decode()


@pytest.mark.django_db
def test_healthz_stays_ok_while_the_database_is_down(client, database_down) -> None:
    response = client.get("/healthz")
    assert (response.status_code, response.content) == (200, b"ok")


@pytest.mark.django_db
def test_readyz_says_ok_when_the_database_answers(client) -> None:
    response = client.get("/readyz")
    assert (response.status_code, response.content) == (200, b"ok")
    assert response["Content-Type"].startswith("text/plain")
    assert "no-cache" in response["Cache-Control"]


@pytest.mark.django_db
def test_readyz_answers_503_naming_the_database_when_it_is_down(client, database_down) -> None:
    response = client.get("/readyz")
    assert response.status_code == 503
    assert text(response) == "Not ready: the database cannot be reached."


@pytest.mark.django_db
def test_readyz_asks_redis_only_when_redis_url_is_set(client, settings) -> None:
    settings.REDIS_URL = None
    settings.CACHES = {
        "default": {
            "BACKEND": "common.cache.RedisCache",
            "LOCATION": REDIS_NOBODY_LISTENS,
        }
    }
    assert client.get("/readyz").status_code == 200


@pytest.mark.django_db
def test_readyz_stays_ready_but_names_redis_when_only_the_cache_is_down(client, redis_down) -> None:
    # Every change is still recorded without Redis: a balancer must keep sending players.
    response = client.get("/readyz")
    assert response.status_code == 200
    assert text(response) == (
        "ok, but the cache (Redis) cannot be reached: standings wait until it is back."
    )


@pytest.mark.django_db
def test_readyz_names_both_when_both_are_down(client, database_down, redis_down) -> None:
    response = client.get("/readyz")
    assert response.status_code == 503
    assert text(response) == "Not ready: the database and the cache (Redis) cannot be reached."


@pytest.mark.django_db
def test_a_page_answers_503_with_a_sentence_while_the_database_is_down(
    client, database_down
) -> None:
    response = client.get("/?from=home")

    assert response.status_code == 503
    assert response["Retry-After"] == "60"
    html = text(response)
    assert "The club&#x27;s database cannot be reached right now. Try again in a minute." in html
    assert 'href="/?from=home"' in html
    # The site's layout, with nothing that would need the user or the session.
    assert "/static/css/app.css" in html
    assert "Log in" not in html


@pytest.mark.django_db
def test_a_form_sent_while_the_database_is_down_is_said_not_to_be_saved(client) -> None:
    client.force_login(make_user("asha"))
    with mock.patch.object(
        connections["default"], "cursor", side_effect=InterfaceError("connection already closed")
    ):
        response = client.post("/clubs/new/", {"name": "Friday Club"})

    assert response.status_code == 503
    assert "your entry was not saved. Try again in a minute." in text(response)
    assert "Back button" in text(response)


@pytest.mark.django_db
def test_an_api_read_answers_503_in_the_api_error_shape(client, database_down) -> None:
    response = client.get("/api/v1/clubs/")

    assert response.status_code == 503
    assert response["Retry-After"] == "60"
    assert response.json() == {
        "error": {
            "code": "unavailable",
            "message": "The club's database cannot be reached right now. Try again in a minute.",
        }
    }


@pytest.mark.django_db
def test_an_api_change_answers_503_when_even_its_token_cannot_be_checked(client) -> None:
    token = Token.objects.create(user=make_user("asha"))
    with mock.patch.object(
        connections["default"], "cursor", side_effect=OperationalError("server closed")
    ):
        response = client.post(
            "/api/v1/clubs/",
            {"name": "Saturday Club"},
            content_type="application/json",
            HTTP_AUTHORIZATION=f"Token {token.key}",
        )

    assert response.status_code == 503
    assert response.json()["error"]["code"] == "unavailable"
    assert "your entry was not saved" in response.json()["error"]["message"]


def test_an_api_address_outside_the_rest_views_gets_the_json_answer_too() -> None:
    request = RequestFactory().get("/api/schema/")
    middleware = DatabaseOutageMiddleware(lambda request: None)

    response = middleware.process_exception(request, OperationalError("refused"))

    assert response.status_code == 503
    assert json.loads(response.content)["error"]["code"] == "unavailable"


def test_any_other_error_is_left_to_the_usual_500() -> None:
    request = RequestFactory().get("/")
    middleware = DatabaseOutageMiddleware(lambda request: None)
    assert middleware.process_exception(request, ValueError("a bug")) is None
