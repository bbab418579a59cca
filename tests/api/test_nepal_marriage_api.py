"""Marriage as Nepal plays it through the API: a session takes the four options and returns
them, a wrong one is a sentence naming it, and a hand's cards are scored with the alter and
man maal (tests/scoring/test_nepal_marriage.py works the same hand by hand: Asha 51, Bala
-19, Chitra -32)."""

import pytest

from clubs.models import Player
from clubs.roles import Role
from scoring.models import GameSession
from tests.api.helpers import club_url, seat, session_url, with_token
from tests.factories import make_club, member

pytestmark = pytest.mark.django_db

NEPAL = {"wild_ranks": "all", "alter_value": 5, "man_value": 5, "jokers": 3}


@pytest.fixture
def club():
    return make_club("Kathmandu Club")


@pytest.fixture
def scorer(club):
    return member(club, "chitra", Role.SCORER)


def start(scorer, club, options):
    players = [Player.objects.create(club=club, name=name) for name in ("Asha", "Bala", "Chitra")]
    body = {
        "variant": "marriage",
        "player_ids": [player.pk for player in players],
        "first_dealer": 0,
        "options": options,
    }
    return with_token(scorer).post(club_url(club, "sessions/"), body, format="json")


def test_a_session_takes_the_nepal_options_and_returns_them(club, scorer):
    response = start(scorer, club, NEPAL)
    assert response.status_code == 201, response.content
    assert response.json()["options"] == NEPAL
    session = GameSession.objects.get()
    assert session.options == NEPAL
    again = with_token(scorer).get(session_url(session)).json()
    assert again["options"] == NEPAL


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"alter_value": 1001}, "alter_value"),
        ({"wild_ranks": "some"}, "wild_ranks"),
        ({"man_value": "5"}, "man_value"),
    ],
)
def test_a_wrong_nepal_option_is_a_sentence_and_starts_nothing(club, scorer, options, words):
    response = start(scorer, club, options)
    assert response.status_code == 400
    error = response.json()["error"]
    assert words in error["message"], error
    assert not GameSession.objects.exists()


def test_a_hands_cards_are_scored_with_the_alter_and_man_maal(club, scorer):
    session_id = start(scorer, club, NEPAL).json()["id"]
    session = GameSession.objects.get(pk=session_id)
    body = {
        "wild": "7H",
        "seats": [
            seat(0, "won", seen=True, cards=["7D", "7D", "JK"]),
            seat(1, "lost", seen=True, cards=["8H"]),
            seat(2, "lost"),
        ],
    }
    response = with_token(scorer).post(session_url(session, "hands/"), body, format="json")
    assert response.status_code == 201, response.content
    ledger = response.json()["hand"]["ledger"]
    assert ledger["scores"] == {"0": 51, "1": -19, "2": -32}
    assert ledger["details"]["0"]["bonus"] == 20  # 2 alters 15, 1 man 5


def test_a_printed_joker_tiplu_is_refused_with_a_sentence(club, scorer):
    session_id = start(scorer, club, NEPAL).json()["id"]
    session = GameSession.objects.get(pk=session_id)
    body = {"wild": "JK", "seats": [seat(0, "won", seen=True), seat(1, "lost"), seat(2, "lost")]}
    response = with_token(scorer).post(session_url(session, "hands/"), body, format="json")
    assert response.status_code == 400
    assert "A printed joker cannot be the tiplu" in response.json()["error"]["message"]
