"""Sessions through the API: list, start and read, inside the club in the address only."""

from datetime import timedelta

import pytest
from django.utils import timezone

from clubs.models import Player
from clubs.roles import Role
from scoring.models import GameSession, SessionStatus
from scoring.selectors import session_board
from scoring.services.sessions import finish_session
from tests.api.helpers import anonymous, club_url, session_url, with_token
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


def ids(response) -> list[int]:
    assert response.status_code == 200, response.content
    return [item["id"] for item in response.json()["results"]]


def test_a_session_in_the_list_has_its_seats_names_and_current_totals():
    club = make_club("Open Club", is_public=True)
    session = make_session(club, names=("Asha", "Bala", "Chitra"))
    record(session, typed_entry(0, {1: 20, 2: 5}))
    record(session, typed_entry(1, {0: 10, 2: 40}))
    [item] = anonymous().get(club_url(club, "sessions/")).json()["results"]
    assert item["id"] == session.pk
    assert item["variant"] == "indian13"
    assert item["status"] == "active"
    assert item["hand_count"] == 2
    assert item["url"].endswith(f"/api/v1/clubs/{club.slug}/sessions/{session.pk}/")
    assert item["web_url"].endswith(f"/clubs/{club.slug}/sessions/{session.pk}/")
    seats = [(s["position"], s["name"], s["total"]) for s in item["seats"]]
    # The ledger the engine gives: the same totals the table screen shows.
    board = session_board(session)
    assert seats == [(p, board.names[p], board.totals[p]) for p in range(3)]
    assert [s["player_id"] for s in item["seats"]] == [seat.player_id for seat in board.seats]


def test_the_session_list_filters_by_status_variant_player_and_start():
    club = make_club("Open Club", is_public=True)
    old = make_session(club, names=("Asha", "Bala", "Chitra"))
    GameSession.objects.filter(pk=old.pk).update(started_at=timezone.now() - timedelta(days=10))
    finish_session(session_id=old.pk, revision=0)
    marriage = make_session(club, variant="marriage", names=("Asha", "Dev", "Esha"))
    newest = make_session(club, names=("Farid", "Gita", "Dev"))
    client = anonymous()
    url = club_url(club, "sessions/")
    assert ids(client.get(url)) == [newest.pk, marriage.pk, old.pk]
    assert ids(client.get(url, {"status": SessionStatus.FINISHED})) == [old.pk]
    assert ids(client.get(url, {"variant": "marriage"})) == [marriage.pk]
    dev = Player.objects.get(club=club, name="Dev")
    assert ids(client.get(url, {"player": dev.pk})) == [newest.pk, marriage.pk]
    since = (timezone.now() - timedelta(days=2)).date().isoformat()
    assert ids(client.get(url, {"started_after": since})) == [newest.pk, marriage.pk]
    assert ids(client.get(url, {"started_before": since})) == [old.pk]
    assert ids(client.get(url, {"ordering": "started_at", "page_size": 2})) == [
        old.pk,
        marriage.pk,
    ]


def test_a_filter_value_that_cannot_be_read_is_a_sentence():
    club = make_club("Open Club", is_public=True)
    response = anonymous().get(club_url(club, "sessions/"), {"status": "paused"})
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "bad_request"
    assert error["message"].startswith("status: Select a valid choice.")


def test_a_scorer_starts_a_session_with_seats_in_order():
    club = make_club("Quiet Club")
    scorer = member(club, "chitra", Role.SCORER)
    players = [Player.objects.create(club=club, name=name) for name in ("Esha", "Farid", "Gita")]
    body = {
        "variant": "indian13",
        "player_ids": [players[2].pk, players[0].pk, players[1].pk],
        "first_dealer": 1,
        "ending": "hands",
        "ending_target": 6,
        "stake_per_point": 2,
    }
    response = with_token(scorer).post(club_url(club, "sessions/"), body, format="json")
    assert response.status_code == 201, response.content
    data = response.json()
    session = GameSession.objects.get(pk=data["id"])
    assert session.club == club and session.created_by == scorer
    assert [s["name"] for s in data["seats"]] == ["Gita", "Esha", "Farid"]
    assert data["first_dealer"] == 1 and data["next_dealer"] == 1
    assert data["ending"] == "hands" and data["ending_target"] == 6
    assert data["stake_per_point"] == 2
    assert data["revision"] == 0 and data["hands"] == [] and data["draw"] is None
    assert response.headers["Location"] == data["url"]


def test_a_drawn_first_dealer_comes_with_the_cards_drawn():
    club = make_club("Quiet Club")
    players = [Player.objects.create(club=club, name=name) for name in ("Esha", "Farid")]
    body = {"variant": "rummy27", "player_ids": [p.pk for p in players], "first_dealer": "draw"}
    response = with_token(owner_of(club)).post(club_url(club, "sessions/"), body, format="json")
    assert response.status_code == 201, response.content
    draw = response.json()["draw"]
    assert set(draw["cards"]) == {"0", "1"}
    assert draw["dealer"] == response.json()["first_dealer"]


def test_starting_a_session_with_too_few_players_names_the_field():
    club = make_club("Quiet Club")
    guest = Player.objects.create(club=club, name="Esha")
    body = {"variant": "indian13", "player_ids": [guest.pk], "first_dealer": 0}
    response = with_token(owner_of(club)).post(club_url(club, "sessions/"), body, format="json")
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["field"] == "player_ids"
    assert error["message"].startswith("Indian Rummy is played by 2 to")
    assert error["message"].endswith("players; 1 are seated.")


def test_a_player_of_another_club_cannot_be_seated():
    club = make_club("Quiet Club")
    other = make_club("Other Club")
    mine = Player.objects.create(club=club, name="Esha")
    theirs = Player.objects.create(club=other, name="Farid")
    body = {"variant": "indian13", "player_ids": [mine.pk, theirs.pk], "first_dealer": 0}
    response = with_token(owner_of(club)).post(club_url(club, "sessions/"), body, format="json")
    assert response.status_code == 400
    assert response.json()["error"]["message"] == "Every player must be one of the club's players."


def test_a_bad_first_dealer_is_a_sentence():
    club = make_club("Quiet Club")
    players = [Player.objects.create(club=club, name=name) for name in ("Esha", "Farid")]
    body = {"variant": "indian13", "player_ids": [p.pk for p in players], "first_dealer": "me"}
    response = with_token(owner_of(club)).post(club_url(club, "sessions/"), body, format="json")
    assert response.status_code == 400
    assert response.json()["error"]["message"] == (
        'first_dealer: Give the first dealer\'s seat position (0 is the first seat) or "draw".'
    )


def test_a_member_cannot_start_a_session():
    club = make_club("Quiet Club")
    players = [Player.objects.create(club=club, name=name) for name in ("Esha", "Farid")]
    body = {"variant": "indian13", "player_ids": [p.pk for p in players], "first_dealer": 0}
    response = with_token(member(club, "dev")).post(
        club_url(club, "sessions/"), body, format="json"
    )
    assert response.status_code == 403
    assert not GameSession.objects.exists()


def test_the_session_detail_has_seats_totals_turn_and_every_counted_hand():
    club = make_club("Open Club", is_public=True)
    session = make_session(club, names=("Asha", "Bala", "Chitra"), first_dealer=0)
    record(session, typed_entry(0, {1: 20, 2: 5}))
    record(session, typed_entry(2, {0: 10, 1: 40}))
    data = anonymous().get(session_url(session)).json()
    board = session_board(session)
    assert data["status"] == "active"
    assert data["revision"] == 2
    assert data["next_dealer"] == board.next_dealer
    assert data["first_to_play"] == board.first_to_play
    assert data["hands_counted"] == 2
    assert {s["position"]: s["total"] for s in data["seats"]} == board.totals
    assert [h["number"] for h in data["hands"]] == [1, 2]
    first = data["hands"][0]
    assert first["winner"] == 0
    assert first["scores"] == {str(p): v for p, v in board.rows[0].scores.items()}
    assert first["running"] == {str(p): v for p, v in board.rows[0].running.items()}
    assert first["ledger"] == board.rows[0].ledger
    assert first["entry"]["seats"][1]["penalty"] == 20
    assert first["url"].endswith(f"/sessions/{session.pk}/hands/1/")
    assert data["hands_url"].endswith(f"/sessions/{session.pk}/hands/")


def test_a_finished_session_has_no_next_dealer():
    club = make_club("Open Club", is_public=True)
    session = make_session(club)
    finish_session(session_id=session.pk, revision=0)
    data = anonymous().get(session_url(session)).json()
    assert data["status"] == "finished"
    assert data["next_dealer"] is None and data["first_to_play"] is None


def test_a_scorer_of_one_club_cannot_reach_another_clubs_session_through_their_club():
    mine = make_club("Quiet Club")
    theirs = make_club("Other Club")
    scorer = member(mine, "chitra", Role.SCORER)
    session = make_session(theirs)
    client = with_token(scorer)
    # Their session's id under my club's address: not found, for reading and for writing.
    wrong = f"/api/v1/clubs/{mine.slug}/sessions/{session.pk}/"
    assert client.get(wrong).status_code == 404
    assert client.get(wrong + "hands/").status_code == 404
    body = {"seats": [{"position": 0, "result": "won"}]}
    assert client.post(wrong + "hands/", body, format="json").status_code == 404
    assert client.post(wrong + "finish/", {}, format="json").status_code == 404
    # And through their own club's address: private, so not found either.
    assert client.get(session_url(session)).status_code == 404
    assert client.post(session_url(session, "finish/"), {}, format="json").status_code == 404
    session.refresh_from_db()
    assert session.is_active


def test_an_outsider_cannot_list_a_private_clubs_sessions():
    club = make_club("Quiet Club")
    make_session(club)
    assert with_token(make_user("stranger")).get(club_url(club, "sessions/")).status_code == 404
    assert anonymous().get(club_url(club, "sessions/")).status_code == 404


def test_a_player_id_that_is_not_a_number_names_its_place_in_the_list():
    club = make_club("Quiet Club")
    body = {"variant": "indian13", "player_ids": [1, "Esha"], "first_dealer": 0}
    response = with_token(owner_of(club)).post(club_url(club, "sessions/"), body, format="json")
    assert response.status_code == 400
    assert response.json()["error"]["message"] == "player_ids[1]: A valid integer is required."
