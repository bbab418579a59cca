"""A seated player confirms or disputes each hand from the session screen on their own phone
(scoring/views/checks.py): the page shows their own line, the table shows each hand's state,
and a watching phone hears of every answer."""

from __future__ import annotations

import json
import uuid

import pytest
from django.urls import reverse

from clubs.models import Confirmation
from clubs.roles import Role
from scoring.models import HandCheck, HandDecision, HandVersion
from tests.factories import join, make_club, make_session, make_user, record, typed_entry
from tests.scoring.factories import logged_in, panel_post, session_url

pytestmark = pytest.mark.django_db


@pytest.fixture
def table():
    """Asha, Bala and Chitra, each a member playing as themselves; the owner scores."""
    club = make_club("Answer Club")
    session = make_session(club, names=("Asha", "Bala", "Chitra"), confirmation=Confirmation.EVERY)
    for seat in session.seats.select_related("player"):
        user = make_user(seat.player.name.lower())
        join(club, user, Role.MEMBER)
        seat.player.user = user
        seat.player.save()
    record(session, typed_entry(0, {1: 20, 2: 7}))
    session.refresh_from_db()
    return session


def phone_of(session, name):
    return logged_in(session.seats.get(player__name=name).player.user)


def answer_post(session, verdict="confirmed", *, version=1, reason="", key=None):
    return {
        "verdict": verdict,
        "version": str(version),
        "reason": reason,
        "client_key": str(key or uuid.uuid4()),
    }


def answer_url(session, number=1):
    return session_url("hand-answer", session, number=number)


def test_a_seated_player_sees_their_own_line_and_confirms_with_one_tap(table):
    bala = phone_of(table, "Bala")
    page = bala.get(session_url("session-detail", table)).content.decode()
    assert "data-answers" in page and "Hand 1: you" in page
    assert 'class="tag tag--entered"' in page
    answered = bala.post(answer_url(table), answer_post(table), follow=True)
    assert "Thank you: hand confirmed." in answered.content.decode()
    check = HandCheck.objects.get()
    assert (check.position, check.verdict, check.by.username) == (1, "confirmed", "bala")
    assert check.phone == f"account {check.by.pk}"
    again = bala.get(session_url("session-detail", table)).content.decode()
    assert "Hand 1: you" not in again  # answered: no longer asked


def test_a_dispute_without_a_reason_is_refused_with_a_sentence_and_nothing_is_stored(table):
    chitra = phone_of(table, "Chitra")
    answered = chitra.post(answer_url(table), answer_post(table, "disputed"), follow=True)
    assert "Say what is wrong with the hand." in answered.content.decode()
    assert not HandCheck.objects.exists()
    chitra.post(answer_url(table), answer_post(table, "disputed", reason="I had 5, not 7"))
    page = chitra.get(session_url("session-detail", table)).content.decode()
    assert 'class="tag tag--disputed"' in page


def test_someone_without_a_seat_is_not_asked_and_cannot_answer(table):
    watcher = make_user("watcher")
    join(table.club, watcher, Role.MEMBER)
    phone = logged_in(watcher)
    page = phone.get(session_url("session-detail", table)).content.decode()
    assert "data-answers" not in page
    answered = phone.post(answer_url(table), answer_post(table), follow=True)
    assert "You have no seat at this table" in answered.content.decode()
    assert not HandCheck.objects.exists()


def test_a_script_gets_the_session_as_data_with_the_hands_state(table):
    bala = phone_of(table, "Bala")
    answered = bala.post(answer_url(table), answer_post(table), HTTP_ACCEPT="application/json")
    assert answered.status_code == 200
    row = answered.json()["session"]["rows"][0]
    assert row["check"] == "entered" and row["waiting"] == [0, 2] and row["version"] == 1
    stale = bala.post(
        answer_url(table), answer_post(table, version=7), HTTP_ACCEPT="application/json"
    )
    assert stale.status_code == 409 and stale.json()["code"] == "hand_changed"


def test_a_watching_phone_hears_of_an_answer_as_a_change_to_that_hand(table):
    table.refresh_from_db()
    before = table.revision
    phone_of(table, "Asha").post(answer_url(table), answer_post(table))
    phone_of(table, "Bala").post(answer_url(table), answer_post(table))
    live = session_url("session-live", table) + f"?revision={before}"
    news = phone_of(table, "Chitra").get(live, HTTP_ACCEPT="application/json").json()["session"]
    assert news["since"] == before and news["revision"] == before + 2
    assert [(row["number"], row["waiting"]) for row in news["rows"]] == [(1, [2])]


def test_a_session_that_asks_no_one_shows_no_states_and_no_answers():
    club = make_club("Plain Club")
    session = make_session(club, names=("Asha", "Bala"))
    record(session, typed_entry(0, {1: 20}))
    page = logged_in(club.memberships.first().user).get(session_url("session-detail", session))
    html = page.content.decode()
    assert not any(f'"tag tag--{state}"' in html for state in ("entered", "confirmed", "disputed"))
    assert "data-answers" not in html
    state = json.loads(html.split('id="session-state"')[1].split(">", 1)[1].split("</script>")[0])
    assert state["rows"][0]["check"] == "" and state["rows"][0]["answer_url"] is None


def dispute(session, name="Chitra", reason="I had 5, not 7"):
    body = answer_post(session, "disputed", reason=reason)
    phone_of(session, name).post(answer_url(session), body)


def test_the_hands_history_shows_each_answer_with_its_reason(table):
    phone_of(table, "Bala").post(answer_url(table), answer_post(table))
    dispute(table)
    page = phone_of(table, "Asha").get(session_url("hand-history", table, number=1))
    html = page.content.decode()
    assert "<strong>Bala</strong>: Confirmed" in html
    assert "<strong>Chitra</strong>: Disputed" in html and "I had 5, not 7" in html


def test_an_organiser_sees_the_clubs_disputed_hands_and_keeps_one_as_entered(table):
    dispute(table)
    owner = logged_in(table.club.memberships.get(role=Role.OWNER).user)
    page = owner.get(reverse("club-disputes", args=[table.club.slug]))
    html = page.content.decode()
    assert "<strong>Chitra</strong>: I had 5, not 7" in html
    keep = {"version": "1", "client_key": str(uuid.uuid4()), "reason": "Counted again: 7"}
    decided = owner.post(session_url("hand-decide", table, number=1), keep, follow=True)
    assert "Hand decided: kept as entered." in decided.content.decode()
    assert "No hand is disputed." in decided.content.decode()
    table.refresh_from_db()
    assert table.disputed_hands == 0


def test_an_organiser_may_decide_a_dispute_by_correcting_the_hand(table):
    dispute(table)
    owner = logged_in(table.club.memberships.get(role=Role.OWNER).user)
    edit = session_url("hand-edit", table, number=1) + "?decide=1"
    assert "Deciding a disputed hand" in owner.get(edit).content.decode()
    data = panel_post(
        table,
        {0: {"how": "won"}, 1: {"points": "20"}, 2: {"points": "5"}},
        reason="Chitra had 5",
    )
    answered = owner.post(edit, data, follow=True)
    assert "Hand 1 decided: corrected." in answered.content.decode()
    current = HandVersion.objects.get(hand__session=table, is_current=True)
    assert current.version == 2 and current.reason == "Chitra had 5"
    assert HandDecision.objects.get().result == current


def test_only_organisers_reach_the_disputes_page(table):
    dispute(table)
    member = phone_of(table, "Bala")
    assert member.get(reverse("club-disputes", args=[table.club.slug])).status_code == 403
    keep = {"version": "1", "client_key": str(uuid.uuid4()), "reason": "mine"}
    assert member.post(session_url("hand-decide", table, number=1), keep).status_code == 403
    assert not HandDecision.objects.exists()


def test_every_phone_reads_who_confirmed_who_disputed_and_why(table):
    phone_of(table, "Bala").post(answer_url(table), answer_post(table))
    dispute(table)
    page = phone_of(table, "Asha").get(session_url("session-detail", table)).content.decode()
    said = "disputed by Chitra: I had 5, not 7; confirmed by Bala; waiting for Asha"
    assert said in page
    state = (
        phone_of(table, "Asha")
        .get(session_url("session-live", table) + "?revision=0", HTTP_ACCEPT="application/json")
        .json()["session"]
    )
    note = "".join(piece["text"] for piece in state["rows"][0]["check_note"])
    assert note == "Hand 1 · " + said
    history = phone_of(table, "Asha").get(session_url("hand-history", table, number=1))
    assert "from the player&#x27;s own account" in history.content.decode()
