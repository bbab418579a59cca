"""A body that is not UTF-8 JSON of whole characters is a 400 in the API's error shape, on
every operation that takes a body, and stores nothing (common/api/parsers.py).

The caller is the club's owner on the club's own objects, so no permission or missing
object answers before the body is read.
"""

from __future__ import annotations

import random
import re
from datetime import date

import pytest
from rest_framework.test import APIClient

from clubs.models import Player
from leagues.models import League
from leagues.services.setup import create_league
from scoring.models import GameSession, Hand, HandVersion
from scoring.services.joins import join_code_of
from tab.models import Payment
from tests.api.helpers import with_token
from tests.factories import make_club, make_session, owner_of, record, typed_entry
from tests.tab.factories import pay
from tests.tournaments.factories import NAMES, enter, make_tournament
from tournaments.models import Entry, Round
from tournaments.services.draws import draw_round

pytestmark = pytest.mark.django_db

# A rules request the engine would answer by repeating its wild card, and the fields other
# endpoints take: each bad string sits in every one of them.
FIELDS = ("wild", "name", "reason", "note", "username", "password")


def _body(value: bytes) -> bytes:
    fields = b", ".join(b'"%s": "%s"' % (field.encode(), value) for field in FIELDS)
    return b'{"op": "wilds", "variant": "indian13", ' + fields + b"}"


JSON = "application/json"
BAD_BODIES = {
    "bytes that are not UTF-8": (_body(b"\xff\xfe"), JSON),
    "the raw bytes of half a character": (_body(b"\xed\xa0\x80"), JSON),
    "an escaped lone high surrogate": (_body(b"\\ud800"), JSON),
    "an escaped lone low surrogate": (_body(b"\\udc00"), JSON),
    "text that is not JSON": (b"seats: Asha won", JSON),
    "UTF-8 declared as Latin-1": (_body("Esh\u00e1".encode()), JSON + "; charset=latin-1"),
    "UTF-8 declared as UTF-16": (_body(b"Esha"), JSON + "; charset=utf-16"),
    "a charset that does not exist": (_body(b"Esha"), JSON + "; charset=klingon"),
}


@pytest.fixture
def world():
    """A club with one of everything an address names, and its owner's token."""
    club = make_club()
    session = make_session(club)
    record(session, typed_entry(0, {1: 10, 2: 10}, wild="7H"))
    league = create_league(
        club=club, name="Season", starts_on=date(2026, 1, 1), ends_on=date(2026, 12, 31)
    )
    payment = pay(club, "Bala", "Asha", 50)
    cup = make_tournament(club, rounds=2)
    enter(cup, NAMES[8:16])  # not the session's players
    draw_round(tournament=cup, rng=random.Random(1))
    values = {
        "slug": club.slug,
        "session_id": session.pk,
        "league_slug": league.slug,
        "payment_id": payment.pk,
        "tournament_slug": cup.slug,
        "player_id": Entry.objects.filter(tournament=cup).first().player_id,
        # Hand 1 of the session and round 1 of the tournament.
        "number": 1,
        "table": 1,
        "code": join_code_of(session),  # the table's join code
    }
    return with_token(owner_of(club)), values


def _operations_with_a_body(client: APIClient) -> list[tuple[str, str]]:
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    return sorted(
        (method, path)
        for path, operations in schema["paths"].items()
        for method, operation in operations.items()
        if "requestBody" in operation
    )


def _stored() -> dict[str, int]:
    models = (Player, GameSession, Hand, HandVersion, League, Payment, Entry, Round)
    return {model.__name__: model.objects.count() for model in models}


@pytest.mark.parametrize("kind", list(BAD_BODIES))
def test_every_operation_answers_a_bad_body_with_a_400_sentence_and_stores_nothing(world, kind):
    client, values = world
    body, content_type = BAD_BODIES[kind]
    operations = _operations_with_a_body(client)
    assert len(operations) >= 18  # every one the API had when this was written
    before = _stored()
    for method, path in operations:
        url = re.sub(r"\{(\w+)\}", lambda m: str(values[m.group(1)]), path)
        response = client.generic(method.upper(), url, body, content_type=content_type)
        where = f"{method.upper()} {path}: {response.status_code} {response.content[:200]!r}"
        assert response.status_code == 400, where
        assert response["Content-Type"] == "application/json", where
        error = response.json()["error"]
        assert error["code"] == "bad_request", where
        assert error["message"].endswith("."), where
        # The body itself is refused, before any field of it is judged.
        assert "fields" not in error, where
    assert _stored() == before


def test_an_escaped_lone_surrogate_is_named_in_the_answer(world):
    client, values = world
    url = f"/api/v1/clubs/{values['slug']}/players/"
    response = client.post(url, b'{"name": "Esha \\ud83c"}', content_type=JSON)
    assert response.status_code == 400
    assert "half of a character" in response.json()["error"]["message"]


def test_a_whole_character_as_an_escape_pair_and_a_declared_utf8_are_read(world):
    client, values = world
    url = f"/api/v1/clubs/{values['slug']}/players/"
    body = b'{"name": "Esha \\ud83c\\udccf \xc3\xa1"}'
    response = client.post(url, body, content_type=JSON + "; charset=UTF-8")
    assert response.status_code == 201, response.content
    assert response.json()["name"] == "Esha \U0001f0cf \u00e1"


def test_a_declared_charset_other_than_utf8_says_to_send_utf8(world):
    client, values = world
    url = f"/api/v1/clubs/{values['slug']}/players/"
    response = client.post(url, b'{"name": "Esha"}', content_type=JSON + "; charset=latin-1")
    assert response.status_code == 400
    assert "UTF-8" in response.json()["error"]["message"]
