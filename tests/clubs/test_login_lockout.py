"""Passwords cannot be guessed: after a few wrong ones for an account from one client
address, or many from one address, logging in from there is paused, even with the right
password, on every door; the member's right password from elsewhere still works."""

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.api.helpers import API, anonymous
from tests.factories import PASSWORD, make_user

pytestmark = pytest.mark.django_db

LIMIT = 5  # LOGIN_FAILURE_LIMIT's default
ADDRESS_LIMIT = 30  # LOGIN_ADDRESS_FAILURE_LIMIT's default
GUESSER = "203.0.113.9"
MEMBER = "198.51.100.77"


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


def test_wrong_passwords_from_one_address_do_not_stop_the_member_logging_in_from_another():
    make_user("asha")
    guesser = Client(REMOTE_ADDR=GUESSER)
    for _ in range(LIMIT):
        _web_login(guesser, "asha", "wrong-guess")

    member = Client(REMOTE_ADDR=MEMBER)
    assert _web_login(member, "asha", PASSWORD).status_code == 302
    assert "_auth_user_id" in member.session
    # From the guesser's address the account stays paused, even with the right password.
    assert _web_login(guesser, "asha", PASSWORD).status_code == 429


def test_the_members_right_password_does_not_lift_the_pause_of_the_guessers_address():
    make_user("asha")
    guesser = Client(REMOTE_ADDR=GUESSER)
    for _ in range(LIMIT):
        _web_login(guesser, "asha", "wrong-guess")
    assert _web_login(Client(REMOTE_ADDR=MEMBER), "asha", PASSWORD).status_code == 302

    assert _web_login(guesser, "asha", PASSWORD).status_code == 429


def test_a_club_room_sharing_one_address_keeps_logging_in_while_members_mistype():
    make_user("farid")
    room = Client(REMOTE_ADDR=GUESSER)
    # Many members of the room each mistype once: fewer than the address's limit.
    for n in range(ADDRESS_LIMIT - 1):
        _web_login(room, f"member{n}", "wrong-guess")

    assert _web_login(room, "farid", PASSWORD).status_code == 302


def test_one_address_guessing_many_accounts_is_paused_at_the_address_limit():
    make_user("farid")
    sprayer = Client(REMOTE_ADDR=GUESSER)
    codes = [
        _web_login(sprayer, f"member{n}", "wrong-guess").status_code for n in range(ADDRESS_LIMIT)
    ]
    assert codes == [200] * (ADDRESS_LIMIT - 1) + [429]

    assert _web_login(sprayer, "farid", PASSWORD).status_code == 429
    # Someone else, from another address, logs in to their own account as usual.
    assert _web_login(Client(REMOTE_ADDR=MEMBER), "farid", PASSWORD).status_code == 302


def test_a_right_password_does_not_clear_the_addresss_count_of_other_accounts():
    make_user("farid")
    sprayer = Client(REMOTE_ADDR=GUESSER)
    for n in range(ADDRESS_LIMIT - 1):
        _web_login(sprayer, f"member{n}", "wrong-guess")
    assert _web_login(sprayer, "farid", PASSWORD).status_code == 302
    sprayer.post("/accounts/logout/")

    assert _web_login(sprayer, "member99", "wrong-guess").status_code == 429


def test_the_address_limit_is_a_setting(settings):
    settings.LOGIN_ADDRESS_FAILURE_LIMIT = 8
    make_user("farid")
    sprayer = Client(REMOTE_ADDR=GUESSER)
    codes = [_web_login(sprayer, f"member{n}", "wrong-guess").status_code for n in range(8)]
    assert codes == [200] * 7 + [429]


def test_a_new_x_forwarded_for_on_each_guess_changes_nothing(client):
    make_user("asha")
    for n in range(LIMIT):
        _web_login(client, "asha", "wrong-guess", HTTP_X_FORWARDED_FOR=f"198.51.100.{n}")
    response = _web_login(client, "asha", PASSWORD, HTTP_X_FORWARDED_FOR="198.51.100.99")
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


def test_the_admin_lets_the_owner_in_from_another_address_after_guesses_elsewhere():
    User.objects.create_superuser("root", password=PASSWORD)
    guesser = Client(REMOTE_ADDR=GUESSER)
    for _ in range(LIMIT):
        guesser.post("/admin/login/", {"username": "root", "password": "wrong-guess"})

    owner = Client(REMOTE_ADDR=MEMBER)
    response = owner.post("/admin/login/?next=/admin/", {"username": "root", "password": PASSWORD})
    assert response.status_code == 302
    assert owner.get("/admin/").status_code == 200
    login = {"username": "root", "password": PASSWORD}
    assert guesser.post("/admin/login/?next=/admin/", login).status_code == 429


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


def test_the_api_token_is_given_from_another_address_after_guesses_elsewhere():
    make_user("chitra")
    url = API + "auth/token/"
    guesser = anonymous()
    for _ in range(LIMIT):
        guesser.post(
            url,
            {"username": "chitra", "password": "wrong-guess"},
            format="json",
            REMOTE_ADDR=GUESSER,
        )

    right = {"username": "chitra", "password": PASSWORD}
    response = anonymous().post(url, right, format="json", REMOTE_ADDR=MEMBER)
    assert response.status_code == 200
    assert response.json()["token"]
    again = guesser.post(url, right, format="json", REMOTE_ADDR=GUESSER)
    assert again.status_code == 429
    assert again.json()["error"]["code"] == "locked_out"
