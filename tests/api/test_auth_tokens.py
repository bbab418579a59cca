"""Scripts and apps log in once for a token and send it with every request."""

import pytest
from rest_framework.authtoken.models import Token

from tests.api.helpers import API, anonymous, club_url, with_token
from tests.factories import PASSWORD, make_club, make_user, member

pytestmark = pytest.mark.django_db

TOKEN_URL = API + "auth/token/"


def test_a_username_and_password_get_the_accounts_token():
    user = make_user("chitra")
    response = anonymous().post(
        TOKEN_URL, {"username": "chitra", "password": PASSWORD}, format="json"
    )
    assert response.status_code == 200
    assert response.json() == {
        "token": Token.objects.get(user=user).key,
        "username": "chitra",
    }


def test_asking_again_gives_the_same_token():
    make_user("chitra")
    body = {"username": "chitra", "password": PASSWORD}
    first = anonymous().post(TOKEN_URL, body, format="json").json()["token"]
    second = anonymous().post(TOKEN_URL, body, format="json").json()["token"]
    assert first == second


def test_a_wrong_password_gets_a_sentence_and_no_token():
    make_user("chitra")
    response = anonymous().post(
        TOKEN_URL, {"username": "chitra", "password": "wrong"}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["error"]["message"].startswith("The username or password is not")
    assert not Token.objects.exists()


def test_a_missing_password_names_the_field():
    response = anonymous().post(TOKEN_URL, {"username": "chitra"}, format="json")
    assert response.status_code == 400
    assert response.json()["error"]["message"] == "password: This field is required."


def test_the_token_lets_a_member_read_their_private_club():
    club = make_club("Quiet Club")
    user = member(club, "dev")
    assert anonymous().get(club_url(club)).status_code == 404
    response = with_token(user).get(club_url(club))
    assert response.status_code == 200
    assert response.json()["role"] == "member"


def test_deleting_the_token_revokes_it():
    club = make_club("Quiet Club")
    client = with_token(member(club, "dev"))
    assert client.delete(TOKEN_URL).status_code == 204
    response = client.get(club_url(club))
    assert response.status_code == 401
    assert "not valid" in response.json()["error"]["message"]
    assert response.headers["WWW-Authenticate"] == "Token"


def test_revoking_needs_the_token():
    response = anonymous().delete(TOKEN_URL)
    assert response.status_code == 401
    assert response.json()["error"]["code"] == "not_authenticated"


def test_a_stale_token_in_the_header_does_not_stop_a_login():
    make_user("chitra")
    client = anonymous()
    client.credentials(HTTP_AUTHORIZATION="Token not-a-real-token")
    response = client.post(TOKEN_URL, {"username": "chitra", "password": PASSWORD}, format="json")
    assert response.status_code == 200


def test_anonymous_writes_are_refused_with_401_and_the_token_scheme():
    club = make_club("Open Club", is_public=True)
    response = anonymous().post(club_url(club, "players/"), {"name": "Esha"}, format="json")
    assert response.status_code == 401
    assert response.headers["WWW-Authenticate"] == "Token"
    assert response.json()["error"] == {
        "code": "not_authenticated",
        "message": "Log in first, then try again.",
    }
