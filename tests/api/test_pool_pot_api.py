"""A pool's money through the API: the `pot` object and the split endpoint."""

import pytest

from tests.api.helpers import revision_of, session_url, with_token
from tests.factories import make_club, make_session, record, typed_entry
from tests.scoring.factories import scorer_of
from tests.scoring.pot_factories import all_four_still_in, asha_takes_the_pot, four_player_pool

pytestmark = pytest.mark.django_db


def test_a_pool_played_to_its_end_answers_its_pot_and_who_pays_whom_in_money():
    session = asha_takes_the_pot(four_player_pool())
    body = with_token(scorer_of(session.club)).get(session_url(session)).json()
    payments = body["pot"].pop("payments")
    assert sorted((p["payer"], p["payee"], p["amount"]) for p in payments) == [
        (1, 0, 100),
        (2, 0, 50),
        (3, 0, 50),
    ]
    assert body["pot"] == {
        "total": 250,
        "entry_fee": 50,
        "fees": {"0": 50, "1": 100, "2": 50, "3": 50},
        "split": "winner",
        "shares": {"0": 250},
        "money": {"0": 200, "1": -100, "2": -50, "3": -50},
    }


def test_the_players_still_in_split_the_pot_through_the_split_endpoint():
    session = all_four_still_in(four_player_pool())
    api = with_token(scorer_of(session.club))
    url = session_url(session, "split/")
    short = api.post(
        url,
        {"split": "amounts", "shares": {"0": 100, "2": 100}, "revision": revision_of(session)},
        format="json",
    )
    assert short.status_code == 400
    assert short.json()["error"]["message"] == (
        "The shares add up to 200; they must add up to the pot, 250."
    )
    finish = api.post(session_url(session, "finish/"), {}, format="json")
    assert finish.status_code == 400

    body = {
        "split": "amounts",
        "shares": {"0": 100, "2": 100, "3": 50},
        "revision": revision_of(session),
    }
    done = api.post(url, body, format="json")
    assert done.status_code == 200, done.content
    state = done.json()
    assert state["status"] == "finished"
    assert state["pot"]["split"] == "amounts"
    assert state["pot"]["shares"] == {"0": 100, "1": 0, "2": 100, "3": 50}
    assert state["pot"]["money"] == {"0": 50, "1": -100, "2": 50, "3": 0}
    # A retry of the same split changes nothing; another split is refused.
    assert api.post(url, body, format="json").json()["revision"] == state["revision"]
    other = api.post(url, {**body, "split": "equal"}, format="json")
    assert other.status_code == 400


def test_a_points_session_has_no_pot_and_cannot_be_split():
    session = make_session(make_club("Points Club"), stake=2)
    record(session, typed_entry(0, {1: 20, 2: 5}))
    api = with_token(scorer_of(session.club))
    assert api.get(session_url(session)).json()["pot"] is None
    refused = api.post(
        session_url(session, "split/"),
        {"split": "equal", "revision": revision_of(session)},
        format="json",
    )
    assert refused.status_code == 400
    assert refused.json()["error"]["message"] == "Only a pool has a pot to split."
