"""A watching page asks every few seconds whether the session changed: the answer costs
one small query while nothing did, and is the session as it is now once something has."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.factories import make_club, make_session, member, record, typed_entry
from tests.scoring.factories import logged_in, session_url

pytestmark = pytest.mark.django_db


def live(client: Client, session, revision: int):
    return client.get(session_url("session-live", session), {"revision": revision})


def test_nothing_changed_is_an_empty_answer_from_a_few_queries(django_assert_max_num_queries):
    club = make_club()
    session = make_session(club)
    client = logged_in(member(club, "dev"))
    with django_assert_max_num_queries(4):  # the user, the club, the membership, the revision
        response = live(client, session, session.revision)
    assert response.status_code == 204
    assert response.content == b""


def test_a_new_hand_is_answered_with_the_session_as_it_is_now():
    club = make_club()
    session = make_session(club)
    client = logged_in(member(club, "dev"))
    seen = session.revision
    record(session, typed_entry(1, {0: 20, 2: 30}))

    response = live(client, session, seen)
    assert response.status_code == 200
    page = response.content.decode()
    assert "hands-table" in page
    session.refresh_from_db()
    assert f'data-revision="{session.revision}"' in page
    # Asked again with the new revision: nothing more to draw.
    assert live(client, session, session.revision).status_code == 204


def test_the_public_watch_a_public_clubs_session_and_no_one_else_a_private_one():
    public = make_session(make_club("Open Club", is_public=True))
    private = make_session(make_club("Closed Club"))
    assert live(Client(), public, public.revision + 1).status_code == 200
    assert live(Client(), private, private.revision).status_code == 404
    outsider = logged_in(member(make_club("Other Club"), "eve"))
    assert live(outsider, private, private.revision).status_code == 404
