"""A tournament table's scoring screen leads back to its round; an ordinary session's does not,
and the link costs the screen no query."""

from __future__ import annotations

import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from clubs.models import Club
from tests.factories import make_club, make_session, member, owner_of
from tests.tournaments.factories import NAMES, enter, make_tournament
from tests.tournaments.page_helpers import text_of, url
from tournaments.models import RoundTable, Tournament
from tournaments.services.draws import draw_round
from tournaments.services.play import start_round
from tournaments.services.setup import set_published

pytestmark = pytest.mark.django_db


@pytest.fixture
def club() -> Club:
    return make_club("Hill Club", is_public=True)


def _started(club: Club, **options) -> tuple[Tournament, RoundTable]:
    """Round 1 of the Diwali Cup in play on two tables; its table 2."""
    cup = make_tournament(club, **options)
    enter(cup, NAMES[:8])
    round_ = draw_round(tournament=cup, rng=random.Random(1))
    start_round(round_=round_, user=owner_of(club))
    return cup, round_.tables.get(number=2)


def _screen(session) -> str:
    return reverse("session-detail", args=[session.club.slug, session.pk])


def _queries(client, address: str) -> int:
    with CaptureQueriesContext(connection) as queries:
        response = client.get(address)
    assert response.status_code == 200
    return len(queries)


def test_a_tournament_tables_session_screen_links_back_to_its_table_on_the_round_page(client, club):
    cup, table = _started(club)
    client.force_login(member(club, "meena"))

    response = client.get(_screen(table.session))

    assert "Hill Club · Diwali Cup · Round 1 · Table 2 ·" in text_of(response)
    assert f'href="{url("tournament-round", cup, 1)}#table-2"' in response.content.decode()
    # The anchor the link points at is on the round page.
    assert 'id="table-2"' in client.get(url("tournament-round", cup, 1)).content.decode()


def test_an_ordinary_session_screen_has_no_link_to_a_tournament(client, club):
    make_tournament(club)
    session = make_session(club, names=("Ravi", "Sita", "Tara"))
    client.force_login(owner_of(club))

    response = client.get(_screen(session))

    assert "Diwali Cup" not in text_of(response)
    assert "tournament-table-link" not in response.content.decode()


def test_a_visitor_of_a_public_club_gets_no_link_to_a_tournament_not_released(client, club):
    cup, table = _started(club)
    assert not cup.published

    hidden = client.get(_screen(table.session))
    set_published(tournament=cup, published=True)
    shown = client.get(_screen(table.session))

    assert "Diwali Cup" not in text_of(hidden)
    assert "Diwali Cup · Round 1 · Table 2" in text_of(shown)


def test_the_link_back_costs_a_table_one_query_and_an_ordinary_session_none(client, club):
    """The table, its round and tournament are read in one query, for a table only: joining
    them to every session cost every session screen more than that query."""
    _, table = _started(club)
    ordinary = make_session(club, names=("Ravi", "Sita", "Tara"))
    client.force_login(owner_of(club))
    alone = make_session(club, names=("Uma", "Vani", "Wasim"))

    assert _queries(client, _screen(table.session)) == _queries(client, _screen(ordinary)) + 1
    assert _queries(client, _screen(alone)) == _queries(client, _screen(ordinary))
