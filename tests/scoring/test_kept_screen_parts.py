"""Six phones watch one table: what the session screen shows at a revision is worked out
once for them all (scoring/views/answers.py, screen_parts), and never outlives the revision,
the players' names or the reader's language and role it was worked out for."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from clubs import services as club_services
from tests.factories import make_club, make_session, member, record, typed_entry
from tests.scoring.factories import logged_in, scorer_of, session_url

pytestmark = pytest.mark.django_db

JSON = {"HTTP_ACCEPT": "application/json"}


@pytest.fixture
def table():
    club = make_club("Tuesday Club", is_public=True)
    session = make_session(club, names=("Asha", "Bala", "Chitra"))
    for number in range(3):
        winner = number % 3
        record(session, typed_entry(winner, {p: 5 + number for p in range(3) if p != winner}))
    session.refresh_from_db()
    return session


def news(client, session, since: int):
    with CaptureQueriesContext(connection) as queries:
        response = client.get(session_url("session-live", session), {"revision": since}, **JSON)
    assert response.status_code == 200
    return response.json()["session"], len(queries)


def test_the_second_phone_at_a_revision_reads_only_the_session(table):
    first = logged_in(member(table.club, "dev"))
    second = logged_in(member(table.club, "esha"))
    said, cold = news(first, table, table.revision - 1)
    again, warm = news(second, table, table.revision - 1)
    # Both phones: their login (two queries) and the session with the club and role; the
    # first also read the seats and the hands.
    assert warm == 3 < cold
    assert {k: v for k, v in again.items() if k != "as_of"} == {
        k: v for k, v in said.items() if k != "as_of"
    }


def test_a_new_hand_is_news_at_once(table):
    phone = logged_in(member(table.club, "dev"))
    news(phone, table, table.revision - 1)
    record(table, typed_entry(1, {0: 40, 2: 2}))
    table.refresh_from_db()
    said, _ = news(phone, table, table.revision - 2)
    assert said["hands_dealt"] == 4
    assert [row["shown_number"] for row in said["rows"]] == [3, 4]


def test_a_player_renamed_is_shown_by_the_new_name_at_once(table):
    phone = logged_in(member(table.club, "dev"))
    screen = session_url("session-detail", table)
    assert "Bala" in phone.get(screen).content.decode()
    bala = table.club.players.get(name="Bala")
    club_services.rename_player(club=table.club, player=bala, name="Balaji")
    page = phone.get(screen).content.decode()
    assert "Balaji" in page
    said, _ = news(phone, table, table.revision - 1)
    assert [tile["name"] for tile in said["tiles"]] == ["Asha", "Balaji", "Chitra"]


def test_each_language_gets_the_screen_in_its_own_words(table):
    phone = logged_in(member(table.club, "dev"))
    screen = session_url("session-detail", table)
    english = phone.get(screen, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    phone.cookies["django_language"] = "hi"
    hindi = phone.get(screen, HTTP_ACCEPT_LANGUAGE="hi").content.decode()
    assert 'id="hands-title">Hands<' in english
    assert 'id="hands-title">Hands<' not in hindi


def test_a_watcher_never_gets_the_scorers_edit_links(table):
    scorer = logged_in(scorer_of(table.club))
    watcher = logged_in(member(table.club, "dev"))
    scorers, _ = news(scorer, table, table.revision - 1)
    watchers, _ = news(watcher, table, table.revision - 1)
    assert scorers["rows"][0]["edit_url"]
    assert watchers["rows"][0]["edit_url"] is None
    page = watcher.get(session_url("session-detail", table)).content.decode()
    assert "/edit/" not in page


def test_the_list_of_every_hand_is_worked_out_for_the_one_who_asked(table):
    """The largest thing the screen could keep, and asked for one tap at a time."""
    from scoring.views.answers import kept_parts

    phone = logged_in(member(table.club, "dev"))
    screen = session_url("session-detail", table)
    phone.get(screen)
    kept = len(kept_parts)
    page = phone.get(screen + "?hands=all").content.decode()
    assert len(kept_parts) == kept
    assert "hands-table" in page
