"""The OpenAPI schema describes every endpoint, and the docs page is served by the app."""

import re
from pathlib import Path

import pytest
import yaml
from django.core.management import call_command
from rest_framework.test import APIClient

from clubs.roles import Role
from tests.api.helpers import API, club_url, session_url
from tests.factories import make_club, make_session, member, record, typed_entry

pytestmark = pytest.mark.django_db

KEY_PATHS = (
    "/api/v1/auth/token/",
    "/api/v1/clubs/",
    "/api/v1/clubs/{slug}/",
    "/api/v1/clubs/{slug}/players/",
    "/api/v1/clubs/{slug}/players/{player_id}/",
    "/api/v1/clubs/{slug}/sessions/",
    "/api/v1/clubs/{slug}/sessions/{session_id}/",
    "/api/v1/clubs/{slug}/sessions/{session_id}/hands/",
    "/api/v1/clubs/{slug}/sessions/{session_id}/hands/{number}/",
    "/api/v1/clubs/{slug}/sessions/{session_id}/hands/{number}/void/",
    "/api/v1/clubs/{slug}/sessions/{session_id}/hands/{number}/confirm/",
    "/api/v1/clubs/{slug}/sessions/{session_id}/hands/{number}/dispute/",
    "/api/v1/clubs/{slug}/sessions/{session_id}/hands/{number}/decide/",
    "/api/v1/clubs/{slug}/sessions/{session_id}/undo/",
    "/api/v1/clubs/{slug}/sessions/{session_id}/finish/",
    "/api/v1/rules/evaluate/",
)


def test_the_schema_validates_without_a_single_warning(tmp_path):
    # --fail-on-warn turns any view the generator cannot describe into a failure.
    out = tmp_path / "schema.yaml"
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(out))
    schema = yaml.safe_load(out.read_text())
    for path in KEY_PATHS:
        assert path in schema["paths"], path


def test_the_schema_describes_the_hand_body_the_errors_and_the_idempotency_header(client):
    response = client.get("/api/schema/", HTTP_ACCEPT="application/json")
    assert response.status_code == 200
    schema = response.json()
    record = schema["paths"]["/api/v1/clubs/{slug}/sessions/{session_id}/hands/"]["post"]
    headers = [p["name"] for p in record["parameters"] if p["in"] == "header"]
    assert headers == ["Idempotency-Key"]
    assert set(record["responses"]) >= {"200", "201", "400", "401", "403", "404", "409"}
    components = schema["components"]["schemas"]
    body = record["requestBody"]["content"]["application/json"]["schema"]["$ref"].split("/")[-1]
    assert {"wild", "void", "seats", "client_key", "revision"} <= set(
        components[body]["properties"]
    )
    seat = components["SeatEntryRequest"]["properties"]
    assert {"position", "result", "drop", "penalty", "cards", "melds", "seen", "show"} <= set(seat)
    error = components["ErrorDetail"]["properties"]
    assert {"code", "message", "field", "seat", "fields"} <= set(error)
    assert "tokenAuth" in schema["components"]["securitySchemes"]


def test_the_docs_page_loads_only_the_apps_own_files(client):
    response = client.get("/api/docs/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "swagger-ui" in html
    assets = re.findall(r'(?:src|href)="([^"]+)"', html)
    assert assets, "the page links its script and style"
    assert all(asset.startswith("/static/") or asset.startswith("/api/") for asset in assets)
    assert "https://" not in html and "http://" not in html.replace("http://testserver", "")
    for asset in assets:
        if asset.startswith("/static/"):
            assert client.get(asset).status_code == 200, asset


def test_the_browsable_api_draws_every_endpoint_for_a_logged_in_scorer():
    club = make_club("Open Club", is_public=True)
    session = make_session(club, names=("Asha", "Bala", "Chitra"))
    record(session, typed_entry(0, {1: 20, 2: 5}))
    client = APIClient()
    client.force_login(member(club, "chitra", Role.SCORER))
    player = club.players.first()
    readable = [
        API + "clubs/",
        club_url(club),
        club_url(club, "players/"),
        club_url(club, f"players/{player.pk}/"),
        club_url(club, "sessions/"),
        session_url(session),
        session_url(session, "hands/"),
        session_url(session, "hands/1/"),
    ]
    for url in readable:
        response = client.get(url, HTTP_ACCEPT="text/html")
        assert response.status_code == 200, url
        assert response["Content-Type"].startswith("text/html"), url


def test_every_published_operation_keeps_its_address_method_and_id(client):
    """Clients are written against these: a restructure of the code must not move one."""
    published = Path(__file__).parent / "data" / "operations.txt"
    expected = {
        line for line in published.read_text().splitlines() if line and not line.startswith("#")
    }
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    offered = {
        f"{method.upper()} {path} {operation['operationId']}"
        for path, operations in schema["paths"].items()
        for method, operation in operations.items()
        if method in ("get", "post", "put", "patch", "delete")
    }
    assert expected - offered == set(), "operations gone or moved"
