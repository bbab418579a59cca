"""Tournaments through the API: the same draw and standings as the public pages, members
reading every tournament of their club, anyone else only released ones, and directors'
actions through the services."""

from __future__ import annotations

import random

import pytest
import yaml
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from clubs.models import Player
from clubs.roles import Role
from scoring.selectors import kept_histories, session_board
from tests.api.helpers import anonymous, club_url, with_token
from tests.factories import make_club, member, owner_of
from tests.tournaments.factories import (
    NAMES,
    enter,
    make_tournament,
    play_in_order,
    play_round,
)
from tournaments.models import Entry, Round, Tournament
from tournaments.services.draws import draw_round
from tournaments.services.entries import withdraw
from tournaments.services.final import cut_to_final
from tournaments.services.play import finish_round, force_finish_table, start_round
from tournaments.services.setup import set_published
from tournaments.standings import tournament_standings

pytestmark = pytest.mark.django_db

TOURNAMENT_PATHS = (
    "/api/v1/clubs/{slug}/tournaments/",
    "/api/v1/clubs/{slug}/tournaments/{tournament_slug}/",
    "/api/v1/clubs/{slug}/tournaments/{tournament_slug}/entries/",
    "/api/v1/clubs/{slug}/tournaments/{tournament_slug}/entries/{player_id}/check-in/",
    "/api/v1/clubs/{slug}/tournaments/{tournament_slug}/rounds/",
    "/api/v1/clubs/{slug}/tournaments/{tournament_slug}/rounds/{number}/",
    "/api/v1/clubs/{slug}/tournaments/{tournament_slug}/rounds/{number}/start/",
    "/api/v1/clubs/{slug}/tournaments/{tournament_slug}/standings/",
)


@pytest.fixture(autouse=True)
def _tasks_in_process(tasks_run_in_process) -> None:
    """Standings are applied in process (see tests/conftest.py)."""


@pytest.fixture
def club():
    return make_club("Hill Club")  # private


@pytest.fixture
def cup(club):
    return make_tournament(club, rounds=2, round_target=3)


def t_url(cup: Tournament, rest: str = "") -> str:
    return club_url(cup.club, f"tournaments/{cup.slug}/{rest}")


def readable(cup: Tournament) -> list[str]:
    return [t_url(cup), t_url(cup, "entries/"), t_url(cup, "rounds/"), t_url(cup, "standings/")]


def ok(response) -> dict:
    assert response.status_code == 200, response.content
    return response.json()


def error_of(response, status: int) -> dict:
    assert response.status_code == status, response.content
    error = response.json()["error"]
    assert error["message"].endswith("."), error
    return error


def slugs(response) -> list[str]:
    return [t["slug"] for t in ok(response)["results"]]


# -- Who may read -----------------------------------------------------------------------------


def test_members_read_every_tournament_of_their_club_and_outsiders_only_released_ones(club, cup):
    enter(cup, NAMES[:8])
    draw_round(tournament=cup, rng=random.Random(1))
    plain_member = with_token(member(club, "mani"))
    outsider = with_token(owner_of(make_club("Other Club")))

    for url in readable(cup):
        assert plain_member.get(url).status_code == 200, url
        error_of(anonymous().get(url), 404)
        error_of(outsider.get(url), 404)
    assert slugs(plain_member.get(club_url(club, "tournaments/"))) == [cup.slug]

    set_published(tournament=cup, published=True)
    for url in readable(cup):
        assert anonymous().get(url).status_code == 200, url
        assert outsider.get(url).status_code == 200, url
    # The private club's own list stays closed: a released tournament is reached by its link.
    error_of(anonymous().get(club_url(club, "tournaments/")), 404)


def test_a_public_clubs_list_shows_visitors_only_released_tournaments():
    club = make_club("Open Club", is_public=True)
    shown = make_tournament(club, name="Holi Cup")
    hidden = make_tournament(club, name="Diwali Cup")
    set_published(tournament=shown, published=True)

    assert slugs(anonymous().get(club_url(club, "tournaments/"))) == [shown.slug]
    error_of(anonymous().get(t_url(hidden)), 404)
    members_view = with_token(member(club, "mani")).get(
        club_url(club, "tournaments/?ordering=name")
    )
    assert slugs(members_view) == [hidden.slug, shown.slug]


def test_a_tournament_is_found_only_under_its_own_club(club, cup):
    set_published(tournament=cup, published=True)
    other = make_club("Other Club", is_public=True)
    error_of(anonymous().get(club_url(other, f"tournaments/{cup.slug}/")), 404)


# -- What it says -----------------------------------------------------------------------------


def test_the_detail_has_the_set_up_the_entry_counts_and_the_rounds_so_far(club, cup):
    players = enter(cup, NAMES[:8])
    enter(cup, ["Ravi"], check_in=False)
    withdraw(tournament=cup, player=players[0])
    draw_round(tournament=cup, rng=random.Random(1))

    data = ok(with_token(owner_of(club)).get(t_url(cup)))

    assert data["variant"] == "indian21" and data["rounds"] == 2 and data["round_target"] == 3
    assert data["placing_points"] == [5, 3, 2, 1] and data["tie_breakers"] == [
        "wins",
        "head_to_head",
    ]
    assert data["status"] == "running" and data["published"] is False
    assert data["entries"] == 9
    assert data["entry_counts"] == {"entered": 9, "checked_in": 8, "withdrawn": 1, "finalists": 0}
    [summary] = data["drawn_rounds"]
    assert summary["number"] == 1 and summary["status"] == "drawn" and summary["tables"] == 2
    assert summary["url"].endswith(t_url(cup, "rounds/1/"))
    assert data["standings_url"].endswith(t_url(cup, "standings/"))
    assert data["public_url"].endswith(f"/t/{club.slug}/{cup.slug}/")


def test_a_round_lists_its_tables_seats_in_order_first_dealer_and_running_totals(
    club, cup, django_capture_on_commit_callbacks
):
    enter(cup, NAMES[:8])
    first = draw_round(tournament=cup, rng=random.Random(4))
    start_round(round_=first, user=owner_of(club))
    table = first.tables.get(number=1)
    play_in_order(table, list(reversed(table.seats)), django_capture_on_commit_callbacks)
    table.refresh_from_db()
    names = dict(Player.objects.filter(club=club).values_list("pk", "name"))

    data = ok(with_token(owner_of(club)).get(t_url(cup, "rounds/1/")))

    assert data["status"] == "started" and data["title"] == "Round 1"
    tables = data["tables"]
    assert [t["number"] for t in tables] == [1, 2]
    for shown, stored in zip(tables, first.tables.order_by("number"), strict=True):
        assert [s["player_id"] for s in shown["seats"]] == stored.seats
        assert [s["name"] for s in shown["seats"]] == [names[pid] for pid in stored.seats]
        assert shown["first_dealer"] == stored.first_dealer
        assert shown["session_id"] == stored.session_id
        assert shown["finished"] is False and shown["confirmed"] is False
    board = session_board(table.session)
    assert [s["total"] for s in tables[0]["seats"]] == [
        board.totals[s.position] for s in board.seats
    ]
    assert tables[0]["hands"] == 1 and any(s["total"] for s in tables[0]["seats"])
    assert [s["total"] for s in tables[1]["seats"]] == [0, 0, 0, 0]


def test_a_drawn_round_has_no_totals_yet_and_a_round_not_drawn_is_not_found(club, cup):
    enter(cup, NAMES[:8])
    draw_round(tournament=cup, rng=random.Random(4))
    client = with_token(owner_of(club))

    data = ok(client.get(t_url(cup, "rounds/1/")))
    assert data["status"] == "drawn"
    assert all(s["total"] is None for t in data["tables"] for s in t["seats"])
    assert all(t["session_id"] is None for t in data["tables"])
    error_of(client.get(t_url(cup, "rounds/2/")), 404)


def test_the_standings_are_the_real_ones_with_the_final_table_and_the_winner(
    club, django_capture_on_commit_callbacks
):
    rng = random.Random(7)
    cup = make_tournament(club, rounds=2, round_target=1)
    enter(cup, NAMES[:8])
    for _ in range(cup.rounds):
        round_ = draw_round(tournament=cup, rng=rng)
        play_round(round_, django_capture_on_commit_callbacks, rng)
    qualifiers = tournament_standings(cup).overall
    final = cut_to_final(tournament=cup, rng=rng)
    start_round(round_=final, user=owner_of(club))
    client = anonymous()
    set_published(tournament=cup, published=True)

    before = ok(client.get(t_url(cup, "standings/")))
    assert before["status"] == "final" and before["winner"] is None and before["winners"] == []

    # The best qualifier wins the final table too: the winner.
    finalists = [line.pk for line in qualifiers[: cup.final_table_size]]
    play_in_order(final.tables.get(), finalists, django_capture_on_commit_callbacks)
    finish_round(round_=final)
    standings = tournament_standings(cup)

    data = ok(client.get(t_url(cup, "standings/")))

    assert data["status"] == "finished" and data["updating"] is False
    assert data["winner"] == {"player_id": qualifiers[0].pk, "name": qualifiers[0].player.name}
    assert [(x["rank"], x["player_id"], x["score"]) for x in data["overall"]] == [
        (line.rank, line.pk, line.score) for line in standings.overall
    ]
    assert all(x["played"] == 2 for x in data["overall"])
    assert sum(x["wins"] for x in data["overall"]) == 4  # two tables a round, two rounds
    assert [(x["player_id"], x["carried"], x["score"]) for x in data["final"]] == [
        (line.pk, line.carried, line.score) for line in standings.final
    ]
    assert [r["number"] for r in data["rounds"]] == [1, 2]
    for shown in data["rounds"]:
        lines = standings.rounds[shown["number"]]
        assert [(x["player_id"], x["table"], x["place"]) for x in shown["lines"]] == [
            (line.pk, line.scores[0].table_number, line.scores[0].place) for line in lines
        ]


def test_the_lists_filter_search_and_order(club, cup, django_capture_on_commit_callbacks):
    other = make_tournament(club, name="Holi Cup", variant="indian13", min_table_size=2)
    set_published(tournament=other, published=True)
    players = enter(cup, NAMES[:8])
    enter(cup, ["Ravi"], check_in=False)
    withdraw(tournament=cup, player=players[1])
    client = with_token(member(club, "mani"))

    assert slugs(client.get(club_url(club, "tournaments/?variant=indian13"))) == [other.slug]
    assert slugs(client.get(club_url(club, "tournaments/?status=registration&ordering=name"))) == [
        cup.slug,
        other.slug,
    ]
    assert slugs(client.get(club_url(club, "tournaments/?search=holi"))) == [other.slug]
    error_of(client.get(club_url(club, "tournaments/?status=over")), 400)

    def entries(query: str) -> list[str]:
        return [e["name"] for e in ok(client.get(t_url(cup, f"entries/?{query}")))["results"]]

    assert entries("checked_in=false") == ["Ravi"]
    assert entries("withdrawn=true") == ["Bala"]
    assert "Bala" not in entries("withdrawn=false") and len(entries("withdrawn=false")) == 8
    assert entries("search=SHA") == ["Asha", "Esha"]
    assert entries("ordering=-name")[:2] == ["Ravi", "Hari"]
    assert entries("page_size=3") == ["Asha", "Bala", "Chitra"]  # the order of entry

    first = draw_round(tournament=cup, rng=random.Random(3))
    start_round(round_=first, user=owner_of(club))
    for table in first.tables.all():  # a round of three hands: the director ends it early
        play_in_order(table, list(table.seats), django_capture_on_commit_callbacks)
        force_finish_table(table=table)
    finish_round(round_=first)
    draw_round(tournament=cup, rng=random.Random(3))
    rounds = ok(client.get(t_url(cup, "rounds/?status=drawn")))["results"]
    assert [r["number"] for r in rounds] == [2]
    assert [
        r["number"] for r in ok(client.get(t_url(cup, "rounds/?ordering=-number")))["results"]
    ] == [
        2,
        1,
    ]


# -- Directors' actions -----------------------------------------------------------------------


def test_an_organiser_enters_checks_in_draws_and_starts_a_round(club, cup):
    client = with_token(member(club, "ravi", Role.ORGANISER))
    known = [Player.objects.create(club=club, name=name) for name in NAMES[:7]]

    for player in known:
        created = client.post(t_url(cup, "entries/"), {"player": player.pk}, format="json")
        assert created.status_code == 201, created.content
        assert created.json()["checked_in"] is False
    guest = client.post(t_url(cup, "entries/"), {"guest_name": "Zoya"}, format="json")
    assert guest.status_code == 201 and guest.json()["is_guest"] is True
    for player_id in [p.pk for p in known] + [guest.json()["player_id"]]:
        checked = client.post(t_url(cup, f"entries/{player_id}/check-in/"), {}, format="json")
        assert ok(checked)["checked_in"] is True

    drawn = client.post(t_url(cup, "rounds/"), {"swiss": False}, format="json")
    assert drawn.status_code == 201, drawn.content
    assert drawn["Location"].endswith(t_url(cup, "rounds/1/"))
    assert sorted(len(t["seats"]) for t in drawn.json()["tables"]) == [4, 4]
    assert Round.objects.get(tournament=cup, number=1).tables.count() == 2

    started = ok(client.post(t_url(cup, "rounds/1/start/"), format="json"))
    assert started["status"] == "started"
    assert all(t["session_id"] for t in started["tables"])
    assert all(s["total"] == 0 for t in started["tables"] for s in t["seats"])


def test_a_refused_action_answers_400_with_the_services_sentence_and_changes_nothing(club, cup):
    client = with_token(owner_of(club))
    enter(cup, NAMES[:2])

    error = error_of(client.post(t_url(cup, "rounds/"), {}, format="json"), 400)
    assert error["message"].startswith("2 players cannot sit at tables of 3 to 4")
    assert error["field"] == "players"
    assert not Round.objects.filter(tournament=cup).exists()

    asha = Player.objects.get(club=club, name="Asha")
    again = error_of(client.post(t_url(cup, "entries/"), {"player": asha.pk}, format="json"), 400)
    assert again["message"] == "Asha is already entered." and again["field"] == "player"
    neither = error_of(client.post(t_url(cup, "entries/"), {}, format="json"), 400)
    assert neither["message"] == "Choose a player, or give a guest's name."
    stranger = Player.objects.create(club=make_club("Other Club"), name="Stranger")
    foreign = error_of(
        client.post(t_url(cup, "entries/"), {"player": stranger.pk}, format="json"), 400
    )
    assert "player" in foreign["fields"]
    assert Entry.objects.filter(tournament=cup).count() == 2

    enter(cup, NAMES[2:8])
    assert client.post(t_url(cup, "rounds/"), {}, format="json").status_code == 201
    assert client.post(t_url(cup, "rounds/1/start/"), format="json").status_code == 200
    twice = error_of(client.post(t_url(cup, "rounds/1/start/"), format="json"), 400)
    assert "has started" in twice["message"]
    error_of(client.post(t_url(cup, "rounds/"), {}, format="json"), 400)
    error_of(client.post(t_url(cup, "entries/99999/check-in/"), {}, format="json"), 404)


def test_changes_take_an_organiser_a_login_and_the_club(club, cup):
    set_published(tournament=cup, published=True)
    body = {"guest_name": "Zoya"}

    error_of(anonymous().post(t_url(cup, "entries/"), body, format="json"), 401)
    for role in (Role.MEMBER, Role.SCORER):
        user = member(club, f"a-{role}", role)
        refused = error_of(with_token(user).post(t_url(cup, "entries/"), body, format="json"), 403)
        assert "organiser" in refused["message"]
        error_of(with_token(user).post(t_url(cup, "rounds/"), {}, format="json"), 403)
    # Released pages let anyone read, not change: outside a private club it is not found.
    outsider = with_token(owner_of(make_club("Other Club")))
    error_of(outsider.post(t_url(cup, "entries/"), body, format="json"), 404)
    assert not Entry.objects.filter(tournament=cup).exists()


# -- Cost, schema, browsable pages ------------------------------------------------------------


ROWS = 7


def queries(client, url: str, page_size: int) -> int:
    kept_histories.clear()  # each read cold, as the first one was
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url, {"page_size": page_size})
    results = ok(response)["results"]
    assert len(results) == min(page_size, ROWS), url
    return len(captured)


def test_each_list_costs_the_same_queries_for_any_page_size(
    club, django_capture_on_commit_callbacks
):
    rng = random.Random(5)
    for n in range(ROWS - 1):
        make_tournament(club, name=f"Cup {n}")
    cup = make_tournament(club, name="Long Cup", rounds=ROWS, round_target=1, final_table_size=0)
    enter(cup, NAMES[:ROWS])  # seven players: tables of four and three
    for _ in range(ROWS - 1):
        play_round(draw_round(tournament=cup, rng=rng), django_capture_on_commit_callbacks, rng)
    last = draw_round(tournament=cup, rng=rng)
    start_round(round_=last, user=owner_of(club))  # the last one in play
    client = with_token(owner_of(club))

    for url in (club_url(club, "tournaments/"), t_url(cup, "entries/"), t_url(cup, "rounds/")):
        assert queries(client, url, 2) == queries(client, url, 20), url


def test_the_standings_and_a_round_cost_the_same_for_a_small_or_a_big_field(
    django_capture_on_commit_callbacks,
):
    def cost(players: int) -> tuple[int, int]:
        club = make_club(f"Club of {players}", is_public=True)
        cup = make_tournament(club, round_target=3)
        enter(cup, NAMES[:players])
        first = draw_round(tournament=cup, rng=random.Random(1))
        start_round(round_=first, user=owner_of(club))
        for table in first.tables.all():
            play_in_order(table, list(table.seats), django_capture_on_commit_callbacks)
        set_published(tournament=cup, published=True)
        counts = []
        for url in (t_url(cup, "standings/"), t_url(cup, "rounds/1/")):
            with CaptureQueriesContext(connection) as captured:
                ok(anonymous().get(url))
            counts.append(len(captured))
        return counts[0], counts[1]

    assert cost(8) == cost(16)


def test_the_schema_validates_without_a_warning_and_has_every_tournament_path(tmp_path):
    out = tmp_path / "schema.yaml"
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(out))
    schema = yaml.safe_load(out.read_text())
    for path in TOURNAMENT_PATHS:
        assert path in schema["paths"], path
    rounds = schema["paths"]["/api/v1/clubs/{slug}/tournaments/{tournament_slug}/rounds/"]
    assert {"get", "post"} <= set(rounds)
    parameters = {p["name"] for p in rounds["get"]["parameters"]}
    assert {"page", "page_size", "status", "kind", "ordering"} <= parameters
    components = schema["components"]["schemas"]
    assert {"seats", "first_dealer", "session_id", "finished", "confirmed"} <= set(
        components["RoundTable"]["properties"]
    )
    assert {"overall", "rounds", "final", "winner", "updating"} <= set(
        components["Standings"]["properties"]
    )


def test_the_browsable_api_draws_the_tournament_endpoints_for_an_organiser(club, cup):
    enter(cup, NAMES[:8])
    draw_round(tournament=cup, rng=random.Random(1))
    client = APIClient()
    client.force_login(owner_of(club))
    for url in [club_url(club, "tournaments/"), *readable(cup), t_url(cup, "rounds/1/")]:
        response = client.get(url, HTTP_ACCEPT="text/html")
        assert response.status_code == 200, url
        assert response["Content-Type"].startswith("text/html"), url
