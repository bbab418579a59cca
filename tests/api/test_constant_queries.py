"""Every list costs the same number of queries whatever the page size: a club's website can
ask for 100 rows without the server asking the database 100 more times."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from clubs.models import Player
from scoring.selectors import kept_histories
from tests.api.helpers import API, club_url, session_url, with_token
from tests.factories import correct, make_club, make_session, owner_of, record, typed_entry, void

pytestmark = pytest.mark.django_db

ROWS = 7  # more than the small page, fewer than the large one


def queries(client, url: str, page_size: int) -> int:
    kept_histories.clear()  # each read cold, as the first one was
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url, {"page_size": page_size})
    assert response.status_code == 200, response.content
    rows = len(response.json()["results"])
    assert rows == min(page_size, ROWS), f"{url} gave {rows} rows"
    return len(captured)


def assert_constant(client, url: str) -> None:
    assert queries(client, url, 2) == queries(client, url, 20)


@pytest.fixture
def club():
    club = make_club("Quiet Club")
    for n in range(ROWS - 1):  # the owner's own player is the seventh
        Player.objects.create(club=club, name=f"Guest {n}")
    return club


def test_the_club_list_costs_the_same_for_any_page_size(club):
    owner = owner_of(club)
    for n in range(ROWS - 1):
        make_club(f"Club {n}", owner=owner)
    assert_constant(with_token(owner), API + "clubs/")


def test_the_player_list_costs_the_same_for_any_page_size(club):
    assert_constant(with_token(owner_of(club)), club_url(club, "players/"))


def test_the_session_list_with_seats_and_totals_costs_the_same_for_any_page_size(club):
    for n in range(ROWS):
        names = [f"Guest {(n + k) % (ROWS - 1)}" for k in range(2 + n % 4)]
        session = make_session(club, names=names)
        for _ in range(n):
            record(session, typed_entry(0, dict.fromkeys(range(1, len(names)), 5)))
    assert_constant(with_token(owner_of(club)), club_url(club, "sessions/"))


def test_the_hand_list_costs_the_same_for_any_page_size(club):
    session = make_session(club, names=("Guest 0", "Guest 1", "Guest 2"))
    for n in range(ROWS):
        record(session, typed_entry(n % 3, {p: 10 + n for p in range(3) if p != n % 3}))
    # Corrected and void hands have several versions: they add no queries either.
    correct(session, 2, typed_entry(1, {0: 9, 2: 9}), reason="A mistake")
    void(session, 3, reason="Misdeal")
    assert_constant(with_token(owner_of(club)), session_url(session, "hands/"))


def test_the_session_detail_costs_the_same_however_many_hands(club):
    short = make_session(club, names=("Guest 0", "Guest 1", "Guest 2"))
    long = make_session(club, names=("Guest 3", "Guest 4", "Guest 5"))
    record(short, typed_entry(0, {1: 20, 2: 5}))
    for n in range(20):
        record(long, typed_entry(n % 3, {p: 7 for p in range(3) if p != n % 3}))
    client = with_token(owner_of(club))

    def detail(session) -> int:
        with CaptureQueriesContext(connection) as captured:
            assert client.get(session_url(session)).status_code == 200
        return len(captured)

    assert detail(short) == detail(long)
