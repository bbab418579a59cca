"""Passwords cannot be guessed: after a few wrong ones for an account, or from one client
address, logging in is paused, even with the right password, on every door."""

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.api.helpers import API, anonymous
from tests.factories import PASSWORD, make_user

pytestmark = pytest.mark.django_db

LIMIT = 5  # LOGIN_FAILURE_LIMIT's default


def _web_login(client: Client, username: str, password: str, **extra):
    return client.post("/accounts/login/", {"username": username, "password": password}, **extra)


def test_the_web_login_pauses_after_five_wrong_passwords_even_for_the_right_one(client):
    make_user("asha")
    codes = [_web_login(client, "asha", "wrong-guess").status_code for _ in range(LIMIT)]
    assert codes == [200] * (LIMIT - 1) + [429]  # the fifth wrong one is told at once

    response = _web_login(client, "asha", PASSWORD)

    assert response.status_code == 429
    assert "logging in is paused: try again in 15 minutes" in response.content.decode()
    assert int(response["Retry-After"]) == 15 * 60
    assert "_auth_user_id" not in client.session


def test_the_account_is_paused_from_every_address(client):
    make_user("asha")
    for n in range(LIMIT):
        _web_login(client, "asha", "wrong-guess", REMOTE_ADDR=f"203.0.113.{n}")
    other = Client(REMOTE_ADDR="198.51.100.77")
    assert _web_login(other, "asha", PASSWORD).status_code == 429


def test_one_address_guessing_many_accounts_is_paused(client):
    for name in ("asha", "bala", "chitra", "dev", "esha", "farid"):
        make_user(name)
    for name in ("asha", "bala", "chitra", "dev", "esha"):
        _web_login(client, name, "wrong-guess")
    assert _web_login(client, "farid", PASSWORD).status_code == 429
    # Someone else, from another address, logs in to their own account as usual.
    assert _web_login(Client(REMOTE_ADDR="198.51.100.7"), "farid", PASSWORD).status_code == 302


def test_a_new_x_forwarded_for_on_each_guess_changes_nothing(client):
    for name in ("asha", "bala", "chitra", "dev", "esha", "farid"):
        make_user(name)
    for n, name in enumerate(("asha", "bala", "chitra", "dev", "esha")):
        _web_login(client, name, "wrong-guess", HTTP_X_FORWARDED_FOR=f"198.51.100.{n}")
    response = _web_login(client, "farid", PASSWORD, HTTP_X_FORWARDED_FOR="198.51.100.99")
    assert response.status_code == 429


def test_a_right_password_before_the_limit_clears_the_count(client):
    make_user("asha")
    for _ in range(LIMIT - 1):
        _web_login(client, "asha", "wrong-guess")
    assert _web_login(client, "asha", PASSWORD).status_code == 302
    client.post("/accounts/logout/")
    for _ in range(LIMIT - 1):
        _web_login(client, "asha", "wrong-guess")
    assert _web_login(client, "asha", PASSWORD).status_code == 302


def test_the_admin_login_pauses_too(client):
    User.objects.create_superuser("root", password=PASSWORD)
    for _ in range(LIMIT):
        client.post("/admin/login/", {"username": "root", "password": "wrong-guess"})
    response = client.post("/admin/login/?next=/admin/", {"username": "root", "password": PASSWORD})
    assert response.status_code == 429
    assert client.get("/admin/").status_code == 302  # still not logged in


def test_the_api_token_pauses_with_the_apis_json_error():
    make_user("chitra")
    client = anonymous()
    url = API + "auth/token/"
    for n in range(LIMIT):
        client.post(
            url,
            {"username": "chitra", "password": "wrong-guess"},
            format="json",
            HTTP_X_FORWARDED_FOR=f"198.51.100.{n}",
        )
    response = client.post(url, {"username": "chitra", "password": PASSWORD}, format="json")
    assert response.status_code == 429
    error = response.json()["error"]
    assert error["code"] == "locked_out"
    assert error["message"].endswith("try again in 15 minutes.")
    assert "token" not in response.json()
