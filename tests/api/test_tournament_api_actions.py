"""A round's tables and the directors' remaining steps through the API: each does what the
directors' screen does (and the screens show it), each refusal is the service's sentence
with nothing changed, and only organisers may act, except a player confirming a table."""

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
from clubs.services import add_guest, link_guest
from scoring.selectors import session_board
from tests.api.helpers import anonymous, club_url, with_token
from tests.factories import make_club, member, owner_of, record, typed_entry
from tests.tournaments.factories import (
    NAMES,
    enter,
    make_tournament,
    play_in_order,
    play_round,
    seated,
)
from tests.tournaments.page_helpers import table_rows, text_of, url
from tournaments.models import Entry, Round, RoundKind, RoundStatus, Tournament
from tournaments.services.draws import draw_round
from tournaments.services.entries import check_in, register
from tournaments.services.play import force_finish_table, start_round
from tournaments.services.setup import set_published
from tournaments.standings import tournament_standings

pytestmark = pytest.mark.django_db

NEW_PATHS = (
    "entries/{player_id}/withdraw/",
    "rounds/{number}/swap/",
    "rounds/{number}/redraw/",
    "rounds/{number}/finish/",
    "rounds/{number}/tables/",
    "rounds/{number}/tables/{table}/",
    "rounds/{number}/tables/{table}/finish/",
    "rounds/{number}/tables/{table}/confirm/",
    "final/",
)


@pytest.fixture(autouse=True)
def _tasks_in_process(tasks_run_in_process) -> None:
    """Standings are applied in process (see tests/conftest.py)."""


@pytest.fixture
def club():
    return make_club("Hill Club")  # private


@pytest.fixture
def owner(club):
    return owner_of(club)


@pytest.fixture
def director(owner):
    return with_token(owner)


@pytest.fixture
def cup(club):
    """Eight players checked in, round 1 drawn at two tables of four."""
    cup = make_tournament(club, rounds=2, round_target=3)
    enter(cup, NAMES[:8])
    draw_round(tournament=cup, rng=random.Random(1))
    return cup


def t_url(cup: Tournament, rest: str = "") -> str:
    return club_url(cup.club, f"tournaments/{cup.slug}/{rest}")


def ok(response) -> dict:
    assert response.status_code == 200, response.content
    return response.json()


def refused(response, status: int = 400) -> str:
    """The error's sentence, after checking the answer is one."""
    assert response.status_code == status, response.content
    message = response.json()["error"]["message"]
    assert message.endswith("."), message
    return message


def round_1(cup: Tournament) -> Round:
    return Round.objects.get(tournament=cup, number=1)


def started(cup: Tournament, owner) -> Round:
    return start_round(round_=round_1(cup), user=owner)


def names(cup: Tournament) -> dict[int, str]:
    return dict(Player.objects.filter(club=cup.club).values_list("pk", "name"))


def round_page(client, owner, cup: Tournament, number: int = 1) -> str:
    client.force_login(owner)
    return text_of(client.get(url("tournament-round", cup, number)))


# -- Tables -----------------------------------------------------------------------------------


def test_a_rounds_tables_read_as_in_its_answer_with_the_sessions_address_in_the_api(
    cup, owner, director, django_capture_on_commit_callbacks
):
    first = started(cup, owner)
    table = first.tables.get(number=1)
    play_in_order(table, list(reversed(table.seats)), django_capture_on_commit_callbacks)

    listed = ok(director.get(t_url(cup, "rounds/1/tables/")))
    one = ok(director.get(t_url(cup, "rounds/1/tables/1/")))

    assert listed["count"] == 2
    assert listed["results"] == ok(director.get(t_url(cup, "rounds/1/")))["tables"]
    assert one == listed["results"][0]
    assert [s["player_id"] for s in one["seats"]] == table.seats
    assert [s["name"] for s in one["seats"]] == [names(cup)[pid] for pid in table.seats]
    assert one["first_dealer"] == table.first_dealer and one["hands"] == 1
    board = session_board(table.session)
    assert [s["total"] for s in one["seats"]] == [board.totals[s.position] for s in board.seats]
    assert any(s["total"] for s in one["seats"])
    assert one["url"].endswith(t_url(cup, "rounds/1/tables/1/"))
    assert one["session_id"] == table.session_id
    assert one["session_url"].endswith(club_url(cup.club, f"sessions/{table.session_id}/"))
    session = ok(director.get(one["session_url"]))
    assert [s["player_id"] for s in session["seats"]] == table.seats
    assert (one["confirmed"], one["confirmed_by"], one["confirmed_at"]) == (False, None, None)


def test_a_drawn_tables_session_is_null_and_a_table_not_drawn_is_not_found(cup, director):
    one = ok(director.get(t_url(cup, "rounds/1/tables/2/")))

    assert one["session_id"] is None and one["session_url"] is None
    assert all(s["total"] is None for s in one["seats"])
    refused(director.get(t_url(cup, "rounds/1/tables/3/")), 404)
    refused(director.get(t_url(cup, "rounds/2/tables/")), 404)


def test_the_tables_list_costs_the_same_queries_at_any_page_size(
    club, owner, django_capture_on_commit_callbacks
):
    cup = make_tournament(club, name="Big Cup")
    enter(cup, NAMES[:16])  # four tables of four
    first = draw_round(tournament=cup, rng=random.Random(2))
    start_round(round_=first, user=owner)
    for table in first.tables.all():
        play_in_order(table, list(table.seats), django_capture_on_commit_callbacks)
    client = with_token(owner)

    def cost(page_size: int) -> int:
        with CaptureQueriesContext(connection) as captured:
            page = ok(client.get(t_url(cup, "rounds/1/tables/"), {"page_size": page_size}))
        assert len(page["results"]) == min(page_size, 4)
        return len(captured)

    assert cost(1) == cost(20)
    last = ok(client.get(t_url(cup, "rounds/1/tables/"), {"page_size": 3, "page": 2}))
    assert [t["number"] for t in last["results"]] == [4] and last["previous"]


# -- Directors' steps -------------------------------------------------------------------------


def test_a_withdrawal_through_the_api_shows_on_the_directors_entries(client, club, owner):
    cup = make_tournament(club)
    asha, *_ = enter(cup, NAMES[:8])

    data = ok(with_token(owner).post(t_url(cup, f"entries/{asha.pk}/withdraw/")))

    assert data["player_id"] == asha.pk and data["withdrawn"] is True
    assert data["withdrawn_after_round"] == 0
    client.force_login(owner)
    rows = table_rows(client.get(url("tournament-detail", cup)), "entries")
    row = next(r for r in rows if r[0].startswith("Asha"))
    assert row[-1] == "withdrawn"
    drawn = draw_round(tournament=cup, rng=random.Random(1))
    assert asha.pk not in [pid for seats in seated(drawn) for pid in seats]


def test_a_swap_through_the_api_changes_the_seats_the_round_page_shows(
    client, cup, owner, director
):
    first, second = round_1(cup).tables.order_by("number")
    a, b = first.seats[0], second.seats[2]

    data = ok(director.post(t_url(cup, "rounds/1/swap/"), {"first": a, "second": b}, "json"))

    assert data["tables"][0]["seats"][0]["player_id"] == b
    assert data["tables"][1]["seats"][2]["player_id"] == a
    first.refresh_from_db()
    assert first.seats[0] == b
    assert f"Table 1 drawn 1 {names(cup)[b]}" in round_page(client, owner, cup)


def test_a_redraw_through_the_api_seats_who_is_checked_in_now(client, cup, owner, director):
    old = set(round_1(cup).tables.values_list("pk", flat=True))
    gone = Player.objects.get(club=cup.club, name="Asha")
    check_in(tournament=cup, player=gone, present=False)

    data = ok(director.post(t_url(cup, "rounds/1/redraw/")))

    assert data["status"] == "drawn"
    assert sorted(len(t["seats"]) for t in data["tables"]) == [3, 4]
    assert gone.pk not in [s["player_id"] for t in data["tables"] for s in t["seats"]]
    assert not old & set(round_1(cup).tables.values_list("pk", flat=True))
    page = round_page(client, owner, cup)
    assert "Table 2 drawn" in page and "Asha" not in page


def test_ending_a_table_and_then_the_round_through_the_api_moves_the_screens_on(
    client, cup, owner, director, django_capture_on_commit_callbacks
):
    first = started(cup, owner)  # a round of three hands
    table = first.tables.get(number=2)
    play_in_order(table, list(table.seats), django_capture_on_commit_callbacks)

    ended = ok(director.post(t_url(cup, "rounds/1/tables/1/finish/")))

    assert ended["number"] == 1 and ended["finished"] is True and ended["hands"] == 0
    assert first.tables.get(number=1).session.ended_early
    assert "Table 2 still playing" in round_page(client, owner, cup)
    ended = ok(director.post(t_url(cup, "rounds/1/tables/2/finish/")))
    assert ended["finished"] is True and ended["hands"] == 1
    assert "Finish round 1" in round_page(client, owner, cup)

    data = ok(director.post(t_url(cup, "rounds/1/finish/")))

    assert data["status"] == "finished" and all(t["finished"] for t in data["tables"])
    assert round_1(cup).status == RoundStatus.FINISHED
    assert "Draw round 2" in text_of(client.get(url("tournament-detail", cup)))


def test_the_cut_through_the_api_seats_the_top_of_the_standings_at_the_final_table(
    client, club, owner, django_capture_on_commit_callbacks
):
    rng = random.Random(7)
    cup = make_tournament(club, rounds=2)
    enter(cup, NAMES[:8])
    for _ in range(2):
        play_round(draw_round(tournament=cup, rng=rng), django_capture_on_commit_callbacks, rng)

    top = tournament_standings(cup).overall[:4]

    created = with_token(owner).post(t_url(cup, "final/"))

    assert created.status_code == 201, created.content
    assert created["Location"].endswith(t_url(cup, "rounds/3/"))
    data = created.json()
    assert data["kind"] == "final" and data["title"] == "Final table"
    [table] = data["tables"]
    assert {s["player_id"] for s in table["seats"]} == {line.pk for line in top}
    carried = dict(
        Entry.objects.filter(tournament=cup, carried__isnull=False).values_list(
            "player_id", "carried"
        )
    )
    assert carried == {line.pk: line.score for line in top}  # carried in full
    cup.refresh_from_db()
    assert cup.status == "final"
    page = round_page(client, owner, cup, 3)
    assert "Start the final table" in page
    assert all(line.player.name in page for line in top)


def test_a_second_player_confirms_a_tables_result_through_the_api(
    client, club, owner, django_capture_on_commit_callbacks
):
    cup = make_tournament(club, min_table_size=3, max_table_size=3, final_table_size=0)
    meena_user = member(club, "meena")
    meena = link_guest(club=club, guest_id=add_guest(club=club, name="Meena").pk, user=meena_user)
    register(tournament=cup, player=meena)
    check_in(tournament=cup, player=meena)
    enter(cup, ["Ravi", "Sita"])
    first = draw_round(tournament=cup, rng=random.Random(2))
    start_round(round_=first, user=owner)
    table = first.tables.get()
    seat = {pid: pos for pos, pid in enumerate(table.seats)}
    others = [pid for pid in table.seats if pid != meena.pk]
    meena_asks = with_token(meena_user)
    early = refused(meena_asks.post(t_url(cup, "rounds/1/tables/1/confirm/")))
    assert early == "The table's result can be confirmed once its session has finished."
    with django_capture_on_commit_callbacks(execute=True):
        record(
            table.session,
            typed_entry(seat[others[0]], {seat[meena.pk]: 10, seat[others[1]]: 20}, wild="7H"),
        )

    data = ok(meena_asks.post(t_url(cup, "rounds/1/tables/1/confirm/")))

    assert data["confirmed"] is True
    assert data["confirmed_by"] == {"player_id": meena.pk, "name": "Meena"}
    assert data["confirmed_at"] is not None
    table.refresh_from_db()
    assert table.confirmed_by == meena_user
    assert ok(with_token(owner).get(t_url(cup, "rounds/1/")))["tables"][0] == data
    assert "confirmed by Meena" in round_page(client, owner, cup)
    again = refused(meena_asks.post(t_url(cup, "rounds/1/tables/1/confirm/")))
    assert again == "This table's result is already confirmed."


# -- Refusals ---------------------------------------------------------------------------------


def test_each_refused_step_answers_the_services_sentence_and_changes_nothing(cup, owner, director):
    asha = Player.objects.get(club=cup.club, name="Asha")
    before = seated(round_1(cup))

    said = refused(director.post(t_url(cup, f"entries/{asha.pk}/withdraw/")))
    assert said == "Round 1 is drawn; withdraw the player once it has finished."
    assert Entry.objects.get(tournament=cup, player=asha).active
    said = refused(
        director.post(t_url(cup, "rounds/1/swap/"), {"first": asha.pk, "second": asha.pk}, "json")
    )
    assert said == "Asha cannot be swapped with themself: choose two different players."
    stranger = Player.objects.create(club=make_club("Other Club"), name="Stranger")
    body = {"first": asha.pk, "second": stranger.pk}
    said = refused(director.post(t_url(cup, "rounds/1/swap/"), body, "json"))
    assert said == "second: There is no such player at the club; check the id."
    said = refused(director.post(t_url(cup, "rounds/1/finish/")))
    assert said == "Round 1 is not in play."
    said = refused(director.post(t_url(cup, "rounds/1/tables/1/finish/")))
    assert said == "Round 1 has not started."
    said = refused(director.post(t_url(cup, "final/")))
    assert said == "Round 1 is drawn; cut to the final table once it has finished."
    assert seated(round_1(cup)) == before

    started(cup, owner)
    body = {"first": before[0][0], "second": before[1][0]}
    said = refused(director.post(t_url(cup, "rounds/1/swap/"), body, "json"))
    assert said == "Round 1 has started; its seats can no longer change."
    said = refused(director.post(t_url(cup, "rounds/1/redraw/")))
    assert said == "Round 1 has started; its seats can no longer change."
    said = refused(director.post(t_url(cup, "rounds/1/finish/")))
    assert said == "Tables 1, 2 are still playing; finish them (or end them as director) first."
    assert seated(round_1(cup)) == before
    assert round_1(cup).status == RoundStatus.STARTED
    assert not Round.objects.filter(tournament=cup, kind=RoundKind.FINAL).exists()
    assert not Entry.objects.filter(tournament=cup, carried__isnull=False).exists()
    refused(director.post(t_url(cup, "rounds/1/tables/9/finish/")), 404)
    refused(director.post(t_url(cup, "entries/99999/withdraw/")), 404)


# -- Who may ----------------------------------------------------------------------------------


def test_the_directors_steps_take_an_organiser_a_login_and_the_club(club, cup, owner):
    asha = Player.objects.get(club=club, name="Asha")
    a, b = seated(round_1(cup))[0][0], seated(round_1(cup))[1][0]
    steps = [
        (f"entries/{asha.pk}/withdraw/", {}),
        ("rounds/1/swap/", {"first": a, "second": b}),
        ("rounds/1/redraw/", {}),
        ("rounds/1/finish/", {}),
        ("rounds/1/tables/1/finish/", {}),
        ("final/", {}),
    ]
    outsider = with_token(owner_of(make_club("Other Club")))
    before = seated(round_1(cup))

    lower = [with_token(member(club, f"a-{role}", role)) for role in (Role.MEMBER, Role.SCORER)]

    for path, body in steps:
        refused(anonymous().post(t_url(cup, path), body, "json"), 401)
        for user in lower:
            assert "organiser" in refused(user.post(t_url(cup, path), body, "json"), 403), path
        refused(outsider.post(t_url(cup, path), body, "json"), 404)

    assert seated(round_1(cup)) == before
    assert Entry.objects.get(tournament=cup, player=asha).active
    assert Round.objects.filter(tournament=cup).count() == 1


def test_anyone_logged_in_who_reads_the_tournament_may_ask_to_confirm_and_the_service_decides(
    club, cup, owner, django_capture_on_commit_callbacks
):
    first = started(cup, owner)
    table = first.tables.get(number=1)
    play_in_order(table, list(table.seats), django_capture_on_commit_callbacks)
    force_finish_table(table=table)
    confirm = t_url(cup, "rounds/1/tables/1/confirm/")
    outsider = with_token(owner_of(make_club("Other Club")))

    refused(anonymous().post(confirm), 401)
    refused(outsider.post(confirm), 404)  # the tournament is not released
    said = refused(with_token(member(club, "mani")).post(confirm))
    assert said == "Only a player at this table can confirm its result."
    set_published(tournament=cup, published=True)
    assert refused(outsider.post(confirm)) == "Only a player at this table can confirm its result."
    table.refresh_from_db()
    assert table.confirmed_by is None


# -- Schema -----------------------------------------------------------------------------------


def test_the_new_paths_are_in_the_schema_with_the_tables_fields(tmp_path):
    out = tmp_path / "schema.yaml"
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(out))
    schema = yaml.safe_load(out.read_text())
    base = "/api/v1/clubs/{slug}/tournaments/{tournament_slug}/"

    for path in NEW_PATHS:
        assert base + path in schema["paths"], path
        methods = set(schema["paths"][base + path])
        assert methods == ({"get"} if path.endswith(("tables/", "{table}/")) else {"post"}), path
    tables = schema["paths"][base + "rounds/{number}/tables/"]["get"]
    assert {p["name"] for p in tables["parameters"]} >= {"page", "page_size"}
    assert "ordering" not in {p["name"] for p in tables["parameters"]}
    swap = schema["paths"][base + "rounds/{number}/swap/"]["post"]
    assert swap["requestBody"]["content"]["application/json"]["schema"]["$ref"].endswith(
        "/SwapRequest"
    )
    assert {"session_url", "confirmed_by", "confirmed_at", "url"} <= set(
        schema["components"]["schemas"]["RoundTable"]["properties"]
    )


def test_the_browsable_api_draws_the_tables_and_the_swap_form_for_an_organiser(cup, owner):
    client = APIClient()
    client.force_login(owner)
    for path in ("rounds/1/tables/", "rounds/1/tables/1/"):
        page = client.get(t_url(cup, path), HTTP_ACCEPT="text/html")
        assert page.status_code == 200 and page["Content-Type"].startswith("text/html"), path
    swap = client.get(t_url(cup, "rounds/1/swap/"), HTTP_ACCEPT="text/html").content.decode()
    assert "&quot;first&quot;: null" in swap and "&quot;second&quot;: null" in swap
