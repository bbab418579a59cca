"""The language follows the browser, is chosen with the switcher on every page, and is
remembered for a signed-in person on any phone they log in from."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from languages.models import LanguageChoice
from tests.factories import PASSWORD, make_user

pytestmark = pytest.mark.django_db


def language_of(response) -> str:
    return response["Content-Language"]


def test_the_browser_s_language_is_used_when_nothing_was_chosen():
    assert language_of(Client(headers={"accept-language": "ta"}).get("/")) == "ta"
    assert language_of(Client(headers={"accept-language": "ne-NP,ne;q=0.9"}).get("/")) == "ne"
    # A language the app does not speak falls back to English.
    assert language_of(Client(headers={"accept-language": "fr"}).get("/")) == "en"


def test_the_switcher_sets_the_language_and_returns_to_the_page():
    client = Client(headers={"accept-language": "en"})
    response = client.post(reverse("choose-language"), {"language": "hi", "next": "/rules/check/"})
    assert response.status_code == 302
    assert response["Location"] == "/rules/check/"
    assert client.cookies[settings.LANGUAGE_COOKIE_NAME].value == "hi"
    assert language_of(client.get("/")) == "hi"


def test_the_switcher_refuses_a_language_it_does_not_offer_and_a_foreign_next():
    client = Client()
    response = client.post(
        reverse("choose-language"), {"language": "xx", "next": "https://elsewhere.example/"}
    )
    assert response.status_code == 302
    assert response["Location"] == "/"
    assert settings.LANGUAGE_COOKIE_NAME not in client.cookies


def test_a_signed_in_person_s_choice_follows_them_to_another_phone():
    user = make_user("dev")
    phone = Client()
    phone.force_login(user)
    phone.post(reverse("choose-language"), {"language": "ne", "next": "/"})
    assert LanguageChoice.objects.get(user=user).language == "ne"

    # Another phone whose browser asks for English: after logging in, Nepali.
    other = Client(headers={"accept-language": "en"})
    assert language_of(other.get("/")) == "en"
    other.post(reverse("login"), {"username": "dev", "password": PASSWORD})
    assert language_of(other.get("/")) == "ne"


def test_choosing_while_signed_out_saves_nothing_for_anyone():
    Client().post(reverse("choose-language"), {"language": "ta", "next": "/"})
    assert not LanguageChoice.objects.exists()


def test_the_choice_is_only_taken_by_post():
    assert Client().get(reverse("choose-language")).status_code == 405
