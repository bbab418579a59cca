"""Leagues through the API: the same rules, roles and club boundaries as the league pages."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
import yaml
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from rest_framework.test import APIClient

from clubs.roles import Role
from leagues.models import League, LeagueSession, PendingUpdate
from leagues.selectors import league_table
from leagues.services.setup import create_league
from tests.api.helpers import API, anonymous, club_url, with_token
from tests.factories import (
    make_club,
    make_session,
    make_user,
    member,
    owner_of,
    record,
    typed_entry,
)

pytestmark = pytest.mark.django_db

TODAY = timezone.now().date()
SEASON = {"starts_on": TODAY - timedelta(days=30), "ends_on": TODAY + timedelta(days=30)}


@pytest.fixture(autouse=True)
def _tasks_in_process(tasks_run_in_process) -> None:
    """Standings are applied in process (see tests/conftest.py)."""


def play(capture, club, names, winners, *, finish=True):
    """A session of `names` where each hand is won by the seat in `winners`, who takes 2
    points from every other seat; standings follow as the hands are saved."""
    session = make_session(
        club,
        names=names,
        ending="hands" if finish else "open",
        ending_target=len(winners) if finish else None,
    )
    for winner in winners:
        losers = {seat: 2 for seat in range(len(names)) if seat != winner}
        with capture(execute=True):
            record(session, typed_entry(winner, losers, wild="7H"))
    return session


def league_url(league: League, rest: str = "") -> str:
    return club_url(league.club, f"leagues/{league.slug}/{rest}")


def results(response) -> list[dict]:
    assert response.status_code == 200, response.content
    return response.json()["results"]


def table(response) -> list[tuple]:
    return [(row["rank"], row["name"]) for row in results(response)]


def error_of(response, status: int) -> dict:
    assert response.status_code == status, response.content
    error = response.json()["error"]
    assert error["message"].endswith("."), error
    return error


@pytest.fixture
def club():
    return make_club("Hill Club")


@pytest.fixture
def open_club():
    return make_club("Open Club", is_public=True)


# -- Who may read and who may change -----------------------------------------------------------


def test_anyone_reads_a_public_clubs_leagues_and_standings_without_a_token(
    open_club, django_capture_on_commit_callbacks
):
    league = create_league(club=open_club, name="Winter league", **SEASON)
    play(django_capture_on_commit_callbacks, open_club, ("Asha", "Bala"), [0])
    client = anonymous()
    assert [item["name"] for item in results(client.get(club_url(open_club, "leagues/")))] == [
        "Winter league"
    ]
    assert client.get(league_url(league)).json()["name"] == "Winter league"
    assert table(client.get(league_url(league, "standings/"))) == [(1, "Asha"), (2, "Bala")]


def test_a_private_clubs_standings_are_not_found_for_outsiders_exactly_as_for_no_club(club):
    league = create_league(club=club, name="Winter league", **SEASON)
    for client in (anonymous(), with_token(make_user("stranger"))):
        private = client.get(league_url(league, "standings/"))
        missing = client.get(API + "clubs/no-such-club/leagues/winter-league/standings/")
        assert private.status_code == missing.status_code == 404
        assert private.json() == missing.json()
        assert client.get(club_url(club, "leagues/")).status_code == 404
        assert client.get(league_url(league)).status_code == 404


def test_a_member_reads_their_private_clubs_leagues_and_table(
    club, django_capture_on_commit_callbacks
):
    league = create_league(club=club, name="Winter league", **SEASON)
    play(django_capture_on_commit_callbacks, club, ("Asha", "Bala"), [1])
    client = with_token(member(club, "dev"))
    assert len(results(client.get(club_url(club, "leagues/")))) == 1
    assert table(client.get(league_url(league, "standings/"))) == [(1, "Bala"), (2, "Asha")]


def test_a_member_cannot_set_up_a_league_and_is_told_which_role_it_needs(club):
    body = {"name": "Winter league", "starts_on": "2026-01-01", "ends_on": "2026-03-31"}
    response = with_token(member(club, "dev")).post(club_url(club, "leagues/"), body, format="json")
    error = error_of(response, 403)
    assert error["code"] == "permission_denied"
    assert "organiser" in error["message"]
    assert not League.objects.exists()


def test_a_member_with_a_bad_body_is_still_told_about_the_role_first(club):
    response = with_token(member(club, "dev")).post(club_url(club, "leagues/"), {}, format="json")
    assert response.status_code == 403


def test_an_anonymous_caller_must_log_in_to_set_up_a_league(open_club):
    response = anonymous().post(club_url(open_club, "leagues/"), {"name": "X"}, format="json")
    assert error_of(response, 401)["code"] == "not_authenticated"


# -- Setting up and changing a league ----------------------------------------------------------


def test_an_organiser_sets_up_a_league_and_sessions_already_played_count_at_once(
    club, django_capture_on_commit_callbacks
):
    play(django_capture_on_commit_callbacks, club, ("Asha", "Bala", "Chitra"), [0, 0, 1])
    organiser = member(club, "bala", Role.ORGANISER)
    body = {
        "name": "Winter league",
        "starts_on": SEASON["starts_on"].isoformat(),
        "ends_on": SEASON["ends_on"].isoformat(),
        "variants": ["indian13", "rummy27"],
        "basis": "placing",
        "placing_points": [5, 3, 1],
        "tie_breakers": ["head_to_head", "wins"],
        "min_sessions": 1,
    }
    response = with_token(organiser).post(club_url(club, "leagues/"), body, format="json")
    assert response.status_code == 201, response.content
    league = League.objects.get(club=club)
    created = response.json()
    assert response["Location"] == created["url"]
    assert created["url"].endswith(f"/api/v1/clubs/{club.slug}/leagues/winter-league/")
    assert created["standings_url"].endswith("/leagues/winter-league/standings/")
    assert created["web_url"] == f"http://testserver/clubs/{club.slug}/leagues/winter-league/"
    assert created["id"] == league.pk and created["slug"] == "winter-league"
    assert {key: created[key] for key in body} == body
    assert created["marked_only"] is False and created["updating"] is False

    standings = results(with_token(organiser).get(created["standings_url"]))
    assert [(row["name"], row["placing_points"]) for row in standings] == [
        ("Asha", 5),
        ("Bala", 3),
        ("Chitra", 1),
    ]


def test_left_out_rules_take_the_usual_defaults(club):
    body = {"name": "Quick league", "starts_on": "2026-01-01", "ends_on": "2026-01-31"}
    response = with_token(owner_of(club)).post(club_url(club, "leagues/"), body, format="json")
    assert response.status_code == 201, response.content
    created = response.json()
    assert created["variants"] == [] and created["basis"] == "points"
    assert created["tie_breakers"] == ["wins", "average"] and created["min_sessions"] == 0


def test_a_league_that_ends_before_it_starts_is_refused_with_a_sentence_naming_the_field(club):
    body = {"name": "Backwards", "starts_on": "2026-03-01", "ends_on": "2026-02-01"}
    response = with_token(owner_of(club)).post(club_url(club, "leagues/"), body, format="json")
    error = error_of(response, 400)
    assert error == {
        "code": "bad_request",
        "message": "The league cannot end before it starts.",
        "field": "ends_on",
        "seat": None,
    }
    assert not League.objects.exists()


def test_an_unknown_game_or_a_missing_date_is_refused_with_the_field_it_is_about(club):
    client = with_token(owner_of(club))
    body = {"name": "Odd", "starts_on": "2026-01-01", "ends_on": "2026-02-01", "variants": ["go"]}
    error = error_of(client.post(club_url(club, "leagues/"), body, format="json"), 400)
    assert error["message"].startswith("variants[0]: ")
    assert list(error["fields"]) == ["variants[0]"]
    error = error_of(client.post(club_url(club, "leagues/"), {"name": "Odd"}, format="json"), 400)
    assert set(error["fields"]) == {"starts_on", "ends_on"}


def test_the_placing_basis_needs_its_points(club):
    body = {"name": "P", "starts_on": "2026-01-01", "ends_on": "2026-02-01", "basis": "placing"}
    response = with_token(owner_of(club)).post(club_url(club, "leagues/"), body, format="json")
    assert error_of(response, 400)["field"] == "placing_points"


def test_an_organiser_changes_some_rules_and_the_table_follows_at_once(
    club, django_capture_on_commit_callbacks
):
    league = create_league(club=club, name="Winter league", **SEASON)
    capture = django_capture_on_commit_callbacks
    play(capture, club, ("Asha", "Bala"), [0])
    play(capture, club, ("Asha", "Chitra"), [1])
    client = with_token(owner_of(club))
    response = client.patch(league_url(league), {"min_sessions": 2}, format="json")
    assert response.status_code == 200, response.content
    changed = response.json()
    assert changed["min_sessions"] == 2 and changed["name"] == "Winter league"
    assert (
        changed["slug"] == league.slug and changed["starts_on"] == SEASON["starts_on"].isoformat()
    )
    # Asha played twice; Bala and Chitra once each: too few for a rank now.
    assert table(client.get(league_url(league, "standings/"))) == [
        (1, "Asha"),
        (None, "Bala"),
        (None, "Chitra"),
    ]


def test_a_whole_change_puts_left_out_rules_back_to_their_defaults(club):
    league = create_league(club=club, name="Winter league", **SEASON, min_sessions=3)
    body = {"name": "Spring league", "starts_on": "2026-04-01", "ends_on": "2026-06-30"}
    response = with_token(owner_of(club)).put(league_url(league), body, format="json")
    assert response.status_code == 200, response.content
    league.refresh_from_db()
    assert (league.name, league.min_sessions, league.slug) == ("Spring league", 0, "winter-league")
    assert league.starts_on == date(2026, 4, 1)


def test_a_member_cannot_change_a_league_and_nothing_changes(club):
    league = create_league(club=club, name="Winter league", **SEASON)
    client = with_token(member(club, "dev", Role.SCORER))
    assert error_of(client.patch(league_url(league), {"name": "Mine"}, format="json"), 403)
    league.refresh_from_db()
    assert league.name == "Winter league"


def test_a_change_the_service_refuses_keeps_the_league_as_it_was(club):
    league = create_league(club=club, name="Winter league", **SEASON)
    client = with_token(owner_of(club))
    response = client.patch(league_url(league), {"ends_on": "2000-01-01"}, format="json")
    assert error_of(response, 400)["field"] == "ends_on"
    league.refresh_from_db()
    assert league.ends_on == SEASON["ends_on"]


# -- Lists and details -------------------------------------------------------------------------


def test_the_league_list_filters_by_game_and_date_searches_orders_and_pages(open_club):
    create_league(
        club=open_club,
        name="Autumn cup",
        starts_on=date(2025, 9, 1),
        ends_on=date(2025, 11, 30),
        variants=["rummy27"],
    )
    create_league(
        club=open_club,
        name="Winter league",
        starts_on=date(2025, 12, 1),
        ends_on=date(2026, 2, 28),
        variants=["indian13", "marriage"],
    )
    create_league(
        club=open_club, name="All games", starts_on=date(2025, 10, 1), ends_on=date(2026, 1, 31)
    )
    other = make_club("Other Club", is_public=True)
    create_league(
        club=other, name="Elsewhere", starts_on=date(2025, 1, 1), ends_on=date(2026, 12, 31)
    )
    client = anonymous()
    url = club_url(open_club, "leagues/")

    def names(**params) -> list[str]:
        return [item["name"] for item in results(client.get(url, params))]

    assert names() == ["Winter league", "All games", "Autumn cup"]  # newest season first
    assert names(variant="marriage") == ["Winter league", "All games"]
    assert names(variant="rummy27") == ["All games", "Autumn cup"]
    assert names(on="2025-11-30") == ["All games", "Autumn cup"]
    assert names(on="2025-12-01", variant="indian13") == ["Winter league", "All games"]
    assert names(search="LEAGUE") == ["Winter league"]
    assert names(ordering="name") == ["All games", "Autumn cup", "Winter league"]
    assert names(ordering="starts_on", page_size=2) == ["Autumn cup", "All games"]
    page = client.get(url, {"ordering": "starts_on", "page_size": 2, "page": 2}).json()
    assert page["count"] == 3 and [item["name"] for item in page["results"]] == ["Winter league"]

    error = error_of(client.get(url, {"on": "next tuesday"}), 400)
    assert error["message"].startswith("on: ") and "on" in error["fields"]
    assert error_of(client.get(url, {"variant": "poker"}), 400)["message"].startswith("variant: ")


def test_a_league_states_its_rules_and_whether_its_table_is_updating(club):
    league = create_league(
        club=club,
        name="Winter league",
        **SEASON,
        variants=["marriage"],
        basis="hands_won",
        tie_breakers=["recent"],
        min_sessions=2,
    )
    client = with_token(member(club, "dev"))
    body = client.get(league_url(league)).json()
    assert body["variants"] == ["marriage"] and body["basis"] == "hands_won"
    assert body["tie_breakers"] == ["recent"] and body["min_sessions"] == 2
    assert body["placing_points"] == [] and body["marked_only"] is False
    assert body["starts_on"] == SEASON["starts_on"].isoformat()
    assert body["updating"] is False

    PendingUpdate.objects.create(session=make_session(club), club=club)
    assert client.get(league_url(league)).json()["updating"] is True


def test_a_league_of_another_club_is_not_found_through_this_club(club):
    other = make_club("Other Club", is_public=True)
    league = create_league(club=other, name="Winter league", **SEASON)
    client = with_token(owner_of(club))
    url = club_url(club, f"leagues/{league.slug}/")
    assert error_of(client.get(url), 404)["code"] == "not_found"
    assert client.get(url + "standings/").status_code == 404
    assert client.patch(url, {"name": "Mine"}, format="json").status_code == 404


# -- The table ---------------------------------------------------------------------------------


def big_league(capture, club) -> League:
    """Nine players over four sessions, some level on points, two with too few sessions."""
    league = create_league(
        club=club,
        name="Winter league",
        **SEASON,
        min_sessions=2,
        tie_breakers=["wins", "head_to_head", "average"],
    )
    play(capture, club, ("Asha", "Bala", "Chitra", "Dev"), [0, 1, 2])
    play(capture, club, ("Esha", "Farid", "Gita", "Asha"), [0, 3])
    play(capture, club, ("Bala", "Chitra", "Esha", "Farid"), [1, 1])
    play(capture, club, ("Gita", "Hari", "Ivan", "Dev"), [3])
    return league


def test_the_standings_rank_exactly_as_the_league_table_does(
    club, django_capture_on_commit_callbacks
):
    league = big_league(django_capture_on_commit_callbacks, club)
    rows = results(a_member(club).get(league_url(league, "standings/"), {"page_size": 100}))
    expected = league_table(league).rows
    assert [(row["rank"], row["player_id"]) for row in rows] == [
        (row.rank, row.player.pk) for row in expected
    ]
    assert {row["rank"] for row in rows if row["name"] in ("Hari", "Ivan")} == {None}
    first = rows[0]
    standing = expected[0].standing
    assert first == {
        "rank": 1,
        "player_id": standing.player_id,
        "name": standing.player.name,
        "sessions": standing.sessions,
        "points": standing.points,
        "hands_won": standing.hands_won,
        "sessions_won": standing.sessions_won,
        "placing_points": standing.placing_points,
        "average": round(standing.average, 2),
        "last_played_at": first["last_played_at"],
        "stats_url": f"http://testserver/api/v1/clubs/{club.slug}/players/"
        f"{standing.player_id}/stats/",
    }
    assert first["last_played_at"].startswith(standing.last_played_at.date().isoformat())


def a_member(club) -> APIClient:
    return with_token(member(club, "reader"))


def test_the_standings_page_and_a_filtered_row_keeps_its_rank_in_the_whole_table(
    club, django_capture_on_commit_callbacks
):
    league = big_league(django_capture_on_commit_callbacks, club)
    client = a_member(club)
    url = league_url(league, "standings/")
    whole = table(client.get(url))

    first = client.get(url, {"page_size": 4}).json()
    assert first["count"] == len(whole) and first["updating"] is False
    assert list(first) == ["count", "next", "previous", "updating", "results"]
    second = client.get(first["next"]).json()
    assert table_rows(first) + table_rows(second) == whole[:8]

    assert table(client.get(url, {"ranked": "false"})) == [r for r in whole if r[0] is None]
    assert table(client.get(url, {"ranked": "true"})) == [r for r in whole if r[0] is not None]
    assert table(client.get(url, {"search": "IVA"})) == [r for r in whole if r[1] == "Ivan"]
    assert table(client.get(url, {"ordering": "-rank"})) == whole[::-1]

    error = error_of(client.get(url, {"ordering": "points"}), 400)
    assert error["message"].startswith("ordering: This table is in rank order")
    assert error_of(client.get(url, {"ranked": "maybe"}), 400)["fields"] == {
        "ranked": ["Send true or false."]
    }
    assert error_of(client.get(url, {"page": 99}), 404)["code"] == "page_not_found"


def table_rows(page: dict) -> list[tuple]:
    return [(row["rank"], row["name"]) for row in page["results"]]


def test_the_standings_say_updating_while_recorded_hands_wait_to_be_applied(
    club, django_capture_on_commit_callbacks
):
    league = create_league(club=club, name="Winter league", **SEASON)
    session = play(django_capture_on_commit_callbacks, club, ("Asha", "Bala"), [0], finish=False)
    client = a_member(club)
    url = league_url(league, "standings/")
    settled = client.get(url).json()
    assert settled["updating"] is False

    # A hand whose update has not run yet (no on-commit callbacks executed).
    record(session, typed_entry(1, {0: 30}, wild="7H"))
    assert PendingUpdate.objects.filter(session=session).exists()
    waiting = client.get(url).json()
    assert waiting["updating"] is True
    assert waiting["results"] == settled["results"]  # the table as it was before the hand

    with django_capture_on_commit_callbacks(execute=True):
        record(session, typed_entry(1, {0: 5}, wild="7H"))
    caught_up = client.get(url).json()
    assert caught_up["updating"] is False
    assert [row["name"] for row in caught_up["results"]] == ["Bala", "Asha"]


def test_the_standings_cost_the_same_number_of_queries_for_any_page_size(
    club, django_capture_on_commit_callbacks
):
    league = big_league(django_capture_on_commit_callbacks, club)
    client = a_member(club)
    url = league_url(league, "standings/")

    def queries(page_size: int) -> int:
        with CaptureQueriesContext(connection) as captured:
            response = client.get(url, {"page_size": page_size})
        assert len(results(response)) == min(page_size, 9)
        return len(captured)

    assert queries(2) == queries(20)


# -- Marking sessions --------------------------------------------------------------------------


def test_an_organiser_marks_and_unmarks_a_session_and_the_table_follows(
    club, django_capture_on_commit_callbacks
):
    league = create_league(club=club, name="Cup nights", **SEASON, marked_only=True)
    session = play(django_capture_on_commit_callbacks, club, ("Asha", "Bala"), [0])
    client = with_token(member(club, "bala-org", Role.ORGANISER))
    url = league_url(league, f"sessions/{session.pk}/")
    standings = league_url(league, "standings/")
    assert client.get(url).json()["counts"] is False
    assert table(client.get(standings)) == []

    for _ in range(2):  # marking twice is the same as once
        response = client.put(url)
        assert response.status_code == 200, response.content
        assert response.json()["counts"] is True
        assert response.json()["session_url"].endswith(f"/sessions/{session.pk}/")
    assert LeagueSession.objects.filter(league=league).count() == 1
    assert table(client.get(standings)) == [(1, "Asha"), (2, "Bala")]
    assert a_member(club).get(url).json() == {
        "session_id": session.pk,
        "counts": True,
        "session_url": f"http://testserver/api/v1/clubs/{club.slug}/sessions/{session.pk}/",
    }

    for _ in range(2):
        assert client.delete(url).status_code == 204
    assert table(client.get(standings)) == []
    assert client.get(url).json()["counts"] is False


def test_a_scorer_cannot_mark_a_session(club, django_capture_on_commit_callbacks):
    league = create_league(club=club, name="Cup nights", **SEASON, marked_only=True)
    session = play(django_capture_on_commit_callbacks, club, ("Asha", "Bala"), [0])
    client = with_token(member(club, "chitra", Role.SCORER))
    url = league_url(league, f"sessions/{session.pk}/")
    assert "organiser" in error_of(client.put(url), 403)["message"]
    assert error_of(client.delete(url), 403)
    assert not LeagueSession.objects.exists()


def test_a_session_of_another_club_cannot_be_marked(club):
    league = create_league(club=club, name="Cup nights", **SEASON, marked_only=True)
    elsewhere = make_session(make_club("Other Club"))
    response = with_token(owner_of(club)).put(league_url(league, f"sessions/{elsewhere.pk}/"))
    assert error_of(response, 404)["code"] == "not_found"
    assert not LeagueSession.objects.exists()


def test_a_league_of_every_session_takes_no_marks_and_says_why(club):
    league = create_league(club=club, name="Winter league", **SEASON)
    session = make_session(club)
    response = with_token(owner_of(club)).put(league_url(league, f"sessions/{session.pk}/"))
    error = error_of(response, 400)
    assert "counts every session" in error["message"]
    assert not LeagueSession.objects.exists()


# -- Schema and browsable pages ----------------------------------------------------------------


LEAGUE_PATHS = (
    "/api/v1/clubs/{slug}/leagues/",
    "/api/v1/clubs/{slug}/leagues/{league_slug}/",
    "/api/v1/clubs/{slug}/leagues/{league_slug}/standings/",
    "/api/v1/clubs/{slug}/leagues/{league_slug}/sessions/{session_id}/",
    "/api/v1/clubs/{slug}/leaderboards/{variant}/",
    "/api/v1/clubs/{slug}/players/{player_id}/stats/",
)


def test_the_schema_still_validates_without_a_warning_and_describes_updating(tmp_path):
    out = tmp_path / "schema.yaml"
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(out))
    schema = yaml.safe_load(out.read_text())
    for path in LEAGUE_PATHS:
        assert path in schema["paths"], path
    standings = schema["paths"]["/api/v1/clubs/{slug}/leagues/{league_slug}/standings/"]["get"]
    page = standings["responses"]["200"]["content"]["application/json"]["schema"]["$ref"]
    page_schema = schema["components"]["schemas"][page.split("/")[-1]]
    assert page_schema["properties"]["updating"]["type"] == "boolean"
    parameters = {p["name"]: p for p in standings["parameters"]}
    assert {"page", "page_size", "ranked", "search", "ordering"} <= set(parameters)
    assert parameters["ordering"]["schema"]["enum"] == ["rank", "-rank"]


def test_the_browsable_api_draws_the_league_endpoints_for_an_organiser(
    club, django_capture_on_commit_callbacks
):
    league = create_league(club=club, name="Cup nights", **SEASON, marked_only=True)
    session = play(django_capture_on_commit_callbacks, club, ("Asha", "Bala"), [0])
    client = APIClient()
    client.force_login(owner_of(club))
    player = session.seats.first().player_id
    for url in (
        club_url(club, "leagues/"),
        league_url(league),
        league_url(league, "standings/"),
        league_url(league, f"sessions/{session.pk}/"),
        club_url(club, "leaderboards/indian13/"),
        club_url(club, f"players/{player}/stats/"),
    ):
        response = client.get(url, HTTP_ACCEPT="text/html")
        assert response.status_code == 200, url
        assert response["Content-Type"].startswith("text/html"), url
