"""A pool's money on the screens: the summary, the score sheet and the CSV show the pot and
nothing else; the finish page of a pool in play splits the pot, after a confirmation."""

from __future__ import annotations

import csv
import io
import re

import pytest
from django.urls import reverse

from scoring.models import SessionStatus
from tests.scoring.factories import logged_in, scorer_of
from tests.scoring.pot_factories import all_four_still_in, asha_takes_the_pot, four_player_pool

pytestmark = pytest.mark.django_db


def url(name: str, session) -> str:
    return reverse(name, kwargs={"slug": session.club.slug, "session_id": session.pk})


def text_of(response) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", response.content.decode()).split())


def test_the_summary_and_the_sheet_show_the_pot_and_no_points_settlement():
    session = asha_takes_the_pot(four_player_pool(stake=5))
    client = logged_in(scorer_of(session.club))
    for name in ("session-summary", "session-sheet"):
        page = text_of(client.get(url(name, session)))
        assert "The pot is 250: an entry fee of 50 for every entry and every rejoin." in page
        assert "Bala pays Asha 100" in page
        assert "Fees paid" in page and "Share of the pot" in page
        assert "points to settle" not in page and "per point" not in page
        assert "pays Asha 120" not in page
    assert "Stake: 5" not in text_of(client.get(url("session-summary", session)))


def test_the_hand_log_ends_with_the_fees_the_shares_and_the_money():
    session = asha_takes_the_pot(four_player_pool())
    response = logged_in(scorer_of(session.club)).get(url("session-csv", session))
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[-3][:8] == ["fees paid", "", "", "", "50", "100", "50", "50"]
    assert rows[-2][:8] == ["share of the pot", "", "", "winner", "250", "0", "0", "0"]
    assert rows[-1][:8] == ["money", "", "", "", "200", "-100", "-50", "-50"]


def test_a_points_session_keeps_its_hand_log_and_settlement():
    from tests.factories import make_club, make_session, record, typed_entry

    session = make_session(make_club("Points Club"), stake=2)
    record(session, typed_entry(0, {1: 20, 2: 5}))
    client = logged_in(scorer_of(session.club))
    rows = list(
        csv.reader(io.StringIO(client.get(url("session-csv", session)).content.decode("utf-8-sig")))
    )
    assert rows[-1][0] == "total"
    page = text_of(client.get(url("session-summary", session)))
    assert "Stake: 2 per point." in page and "Fees paid" not in page


def test_the_scorer_stops_a_pool_reads_the_split_back_then_confirms_it():
    session = all_four_still_in(four_player_pool())
    client = logged_in(scorer_of(session.club))
    finish = url("session-finish", session)
    page = text_of(client.get(finish))
    assert "Stop and split the pot?" in page and "Left to share: 250" in page

    typed = {"split": "amounts", "share-0": "100", "share-2": "100", "revision": session.revision}
    short = client.post(finish, {**typed, "step": "review"})
    assert "The shares add up to 200; they must add up to the pot, 250." in text_of(short)

    typed["share-3"] = "50"
    review = text_of(client.post(finish, {**typed, "step": "review"}))
    assert "Asha takes 100" in review and "Dev takes 50" in review
    assert "Bala pays Asha 50" in review and "Bala pays Chitra 50" in review
    session.refresh_from_db()
    assert session.status == SessionStatus.ACTIVE

    done = client.post(finish, {**typed, "step": "confirm"})
    assert done.status_code == 302
    session.refresh_from_db()
    assert session.status == SessionStatus.FINISHED
    assert session.pot_shares == {"0": 100, "1": 0, "2": 100, "3": 50}
    summary = text_of(client.get(url("session-summary", session)))
    assert "Asha , Dev , Chitra and Bala stopped and split the pot." in summary
