"""Whatever a client sends, the API answers with its JSON error object, never a 500 or an
HTML page: the rules door for any body, every /api/ address for every method, OPTIONS
on every kind of endpoint."""

import json
from datetime import date

import pytest
from rest_framework.test import APIClient

from tests.api.helpers import API, anonymous, session_url, with_token
from tests.factories import make_club, make_session, owner_of, record, typed_entry

pytestmark = pytest.mark.django_db

RULES = API + "rules/evaluate/"
WORST_VAZHUSHAL = {
    "op": "show",
    "variant": "vazhushal",
    "wild": "8C",
    "hand": "JK 8H 8H 8S 8C 8C JK JK 8D 8S 8D JK 10D 3C 6S JS 7S 3D 4S 6H JH 5S 7H JD 10S QS 10H",
}


def _raw(body: bytes):
    return anonymous().post(RULES, body, content_type="application/json")


def _error(response) -> dict:
    assert response["Content-Type"] == "application/json"
    return response.json()["error"]


def test_deeply_nested_json_is_a_bad_request():
    response = _raw(b'{"op": ' + b"[" * 20_000 + b"]" * 20_000 + b"}")
    assert response.status_code == 400
    assert _error(response)["code"] == "bad_request"


def test_a_body_over_the_limit_is_refused_before_it_is_read():
    response = _raw(b'{"op": "show", "hand": "' + b"AS " * 1_000_000 + b'"}')
    assert response.status_code == 400
    assert "larger than 64 KiB" in _error(response)["message"]


def test_half_a_character_is_a_bad_request_in_json():
    response = _raw(b'{"op": "\\ud800", "variant": "indian13"}')
    assert response.status_code == 400
    assert _error(response)["code"] == "bad_request"
    assert "lone surrogate" in _error(response)["message"]


def test_the_raw_bytes_of_half_a_character_are_a_bad_request_not_a_500():
    response = _raw(b'{"op": "wilds", "variant": "indian13", "wild": "\xed\xa0\x80"}')
    assert response.status_code == 400
    assert _error(response) == {"code": "bad_request", "message": "The request is not valid JSON."}


def test_half_a_character_as_a_low_surrogate_escape_is_a_bad_request():
    response = _raw(rb'{"op": "wilds", "variant": "indian13", "wild": "\udc00"}')
    assert response.status_code == 400
    assert "lone surrogate" in _error(response)["message"]


def test_a_whole_character_written_as_an_escape_pair_is_read():
    response = _raw(b'{"op": "wilds", "variant": "indian13", "wild": "\\ud83c\\udccf"}')
    assert response.status_code == 200


def test_past_the_time_limit_the_answer_is_too_complex_not_a_held_worker(settings):
    settings.RULES_TIME_LIMIT_MS = 0  # no time at all: the limit has passed at once
    response = anonymous().post(RULES, WORST_VAZHUSHAL, format="json")
    assert response.status_code == 400
    error = _error(response)
    assert error["code"] == "too_complex"
    assert error["message"].startswith("This hand is too complex to check in time")


def test_the_check_a_show_page_says_too_complex_instead_of_blaming_the_hand(client, settings):
    settings.RULES_TIME_LIMIT_MS = 0
    query = {"variant": "vazhushal", "wild": "8C", "hand": WORST_VAZHUSHAL["hand"]}
    response = client.get("/rules/check/", query)
    assert response.status_code == 200
    text = response.content.decode()
    assert "This hand is too complex to check in time" in text
    assert "Fix the hand above" not in text


@pytest.mark.parametrize("method", ["post", "put", "patch", "delete", "get"])
def test_an_unknown_api_address_answers_json_for_every_method(method):
    client = APIClient(enforce_csrf_checks=True)
    for path in ("/api/v1/nothing/", "/api/nothing", "/api"):
        response = getattr(client, method)(path)
        assert response.status_code == 404, path
        assert _error(response)["code"] == "not_found"


def test_options_answers_every_kind_of_endpoint_without_an_error():
    from leagues.services.setup import create_league

    club = make_club()
    session = make_session(club)
    record(session, typed_entry(0, {1: 10, 2: 10}, wild="7H"))
    league = create_league(
        club=club, name="Season", starts_on=date(2026, 1, 1), ends_on=date(2026, 12, 31)
    )
    client = with_token(owner_of(club))
    club_api = f"{API}clubs/{club.slug}/"
    urls = [
        club_api,
        club_api + "players/",
        club_api + "sessions/",
        session_url(session),
        session_url(session, "hands/"),
        session_url(session, "hands/1/"),
        session_url(session, "hands/1/void/"),
        session_url(session, "undo/"),
        session_url(session, "finish/"),
        club_api + f"leagues/{league.slug}/",
        club_api + f"leagues/{league.slug}/sessions/{session.pk}/",
        RULES,
        API + "auth/token/",
    ]
    for url in urls:
        for caller in (client, anonymous()):
            response = caller.options(url)
            assert response.status_code in (200, 401, 403, 404), (url, response.status_code)
            json.loads(response.content)
    described = client.options(session_url(session, "hands/1/")).json()
    assert "PUT" in described["actions"]


def test_a_hand_the_engine_cannot_judge_in_time_is_refused_and_nothing_is_stored(settings):
    from scoring.models import Hand
    from tests.api.helpers import typed_hand

    session = make_session(make_club())
    settings.RULES_TIME_LIMIT_MS = 0
    response = with_token(owner_of(session.club)).post(
        session_url(session, "hands/"), typed_hand(0, {1: 10, 2: 10}, wild="7H"), format="json"
    )
    assert response.status_code == 400
    assert _error(response)["message"].startswith("This hand is too complex to check in time")
    assert not Hand.objects.filter(session=session).exists()
