"""Logging in and out, and making an account to come back to an invitation."""

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from tests.clubs.factories import PASSWORD, make_user

pytestmark = pytest.mark.django_db


def test_the_login_page_logs_a_player_in_and_goes_where_they_were_headed(client) -> None:
    make_user("asha")
    page = client.get(reverse("login") + "?next=/clubs/new/")
    assert page.status_code == 200
    assert 'name="next" value="/clubs/new/"' in page.content.decode()
    response = client.post(
        reverse("login"), {"username": "asha", "password": PASSWORD, "next": "/clubs/new/"}
    )
    assert response.status_code == 302
    assert response["Location"] == "/clubs/new/"


def test_a_wrong_password_is_told_in_a_sentence(client) -> None:
    make_user("asha")
    response = client.post(reverse("login"), {"username": "asha", "password": "nope"})
    assert response.status_code == 200
    assert "enter a correct username and password" in response.content.decode()


def test_logging_out_is_a_post_that_lands_on_the_home_page(client) -> None:
    client.force_login(make_user("asha"))
    response = client.post(reverse("logout"))
    assert response.status_code == 302
    assert response["Location"] == reverse("home")
    assert "_auth_user_id" not in client.session


def test_signing_up_makes_an_account_logs_in_and_returns_to_the_invitation(client) -> None:
    response = client.post(
        reverse("signup"),
        {
            "username": "ravi",
            "first_name": "Ravi Kumar",
            "password1": "green-felt-table-99",
            "password2": "green-felt-table-99",
            "next": "/join/abc/",
        },
    )
    assert response.status_code == 302
    assert response["Location"] == "/join/abc/"
    user = User.objects.get(username="ravi")
    assert user.get_full_name() == "Ravi Kumar"
    assert user.check_password("green-felt-table-99")
    assert client.session["_auth_user_id"] == str(user.pk)


def test_signing_up_never_sends_a_player_to_another_site(client) -> None:
    response = client.post(
        reverse("signup"),
        {
            "username": "ravi",
            "first_name": "Ravi",
            "password1": "green-felt-table-99",
            "password2": "green-felt-table-99",
            "next": "https://evil.example/",
        },
    )
    assert response.status_code == 302
    assert response["Location"] == reverse("home")


def test_a_weak_password_is_refused_next_to_the_field_and_the_name_is_kept(client) -> None:
    response = client.post(
        reverse("signup"),
        {"username": "ravi", "first_name": "Ravi", "password1": "1234", "password2": "1234"},
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert "This password is too short" in html
    assert 'value="Ravi"' in html
    assert not User.objects.filter(username="ravi").exists()


def test_a_name_is_needed_to_sign_up(client) -> None:
    response = client.post(
        reverse("signup"),
        {
            "username": "ravi",
            "password1": "green-felt-table-99",
            "password2": "green-felt-table-99",
        },
    )
    assert response.status_code == 200
    assert response.context["form"].errors["first_name"]


def test_the_signup_page_links_back_to_login_with_the_same_destination(client) -> None:
    html = client.get(reverse("signup") + "?next=/join/abc/").content.decode()
    assert 'href="/accounts/login/?next=/join/abc/"' in html
    assert 'name="next" value="/join/abc/"' in html
