"""Every API failure is JSON with a sentence, and busy callers are slowed down."""

import pytest
from rest_framework.test import APIClient

from clubs.roles import Role
from tests.api.helpers import API, anonymous, club_url, with_token
from tests.factories import PASSWORD, make_club, make_user, member

pytestmark = pytest.mark.django_db


@pytest.fixture
def slow_rates(settings):
    """Two requests a minute for everyone."""
    rates = {"anon": "2/minute", "user": "2/minute", "token": "2/minute", "rules": "2/minute"}
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}


def test_anonymous_callers_are_throttled_with_a_sentence_and_retry_after(slow_rates):
    make_club("Open Club", is_public=True)
    client = anonymous()
    assert [client.get(API + "clubs/").status_code for _ in range(2)] == [200, 200]
    response = client.get(API + "clubs/")
    assert response.status_code == 429
    assert response.json()["error"]["code"] == "throttled"
    assert response.json()["error"]["message"].startswith("Too many requests; try again in")
    assert int(response.headers["Retry-After"]) > 0


def test_logged_in_callers_are_throttled_per_account(slow_rates):
    club = make_club("Quiet Club")
    user = member(club, "dev", Role.MEMBER)
    client = with_token(user)
    assert [client.get(club_url(club)).status_code for _ in range(2)] == [200, 200]
    assert client.get(club_url(club)).status_code == 429
    # Another account has its own allowance.
    assert with_token(member(club, "esha")).get(club_url(club)).status_code == 200


def test_password_guessing_for_a_token_is_throttled(slow_rates):
    make_user("chitra")
    client = anonymous()
    for _ in range(2):
        client.post(API + "auth/token/", {"username": "chitra", "password": "x"}, format="json")
    response = client.post(
        API + "auth/token/", {"username": "chitra", "password": PASSWORD}, format="json"
    )
    assert response.status_code == 429


def test_an_unknown_api_address_is_a_json_404():
    response = anonymous().get(API + "nothing-here/")
    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert response.json()["error"]["code"] == "not_found"


def test_a_missing_slash_is_named_in_the_404():
    make_club("Open Club", is_public=True)
    response = anonymous().get(API + "clubs")
    assert response.status_code == 404
    assert response.json()["error"]["message"] == (
        "API addresses end with a slash: use /api/v1/clubs/ instead."
    )


def test_a_page_past_the_end_says_where_to_start():
    make_club("Open Club", is_public=True)
    response = anonymous().get(API + "clubs/", {"page": 5})
    assert response.status_code == 404
    assert response.json()["error"] == {
        "code": "page_not_found",
        "message": "That page is past the end of the list; start again from page 1.",
    }


def test_a_wrong_method_names_the_allowed_ones():
    club = make_club("Open Club", is_public=True)
    response = with_token(member(club, "dev")).delete(club_url(club))
    assert response.status_code == 405
    assert response.json()["error"]["code"] == "method_not_allowed"
    assert "GET" in response.json()["error"]["message"]


def test_a_browser_session_without_its_csrf_token_is_told_what_to_send():
    club = make_club("Quiet Club")
    user = member(club, "bala", Role.ORGANISER)
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(user)
    response = client.post(club_url(club, "players/"), {"name": "Esha"}, format="json")
    assert response.status_code == 403
    assert "CSRF" in response.json()["error"]["message"]


def test_the_rules_endpoint_still_answers_without_logging_in():
    response = anonymous().post(
        API + "rules/evaluate/", {"op": "wilds", "variant": "indian13", "wild": "7H"}, format="json"
    )
    assert response.status_code == 200
    assert "wild_cards" in response.json()
