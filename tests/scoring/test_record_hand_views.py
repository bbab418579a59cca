"""The session screen and recording, previewing and correcting hands through it."""

from __future__ import annotations

import uuid

import pytest
from django.urls import reverse

from clubs.roles import Role
from clubs.services import add_guest
from scoring.models import HandStatus, HandVersion, SessionStatus
from scoring.selectors import session_board
from scoring.services import seats, sessions
from tests.scoring.factories import (
    join,
    logged_in,
    make_club,
    make_session,
    make_user,
    panel_post,
    record,
    scorer_of,
    session_url,
    typed_entry,
)

pytestmark = pytest.mark.django_db

# A 13 card indian13 hand with three pure sequences; 9C KD AS QC are left over (39 points).
INDIAN13_LOSER = "2H 3H 4H 6D 7D 8D 5S 6S 7S 9C KD AS QC"
# 27 cards for rummy27: with 9S exposed, three pure sequences and sets leave 4D 4C (8 points);
# 10S and 8S are value cards (one_up and one_down, 10 each).
RUMMY27_LOSER = (
    "2H 4H 6H 8H 10H QH 2S 4S 6S 8S 10S QS 2D 4D 6D 8D 10D QD 2C 4C 6C 8C 10C QC 3H 5S 7D"
)


@pytest.fixture
def club():
    return make_club("Tuesday Club")


@pytest.fixture
def scorer(club):
    return scorer_of(club)


@pytest.fixture
def session(club):
    return make_session(club)  # Asha, Bala, Chitra; indian13; Asha deals first


def hands_of(session):
    return HandVersion.objects.filter(hand__session=session)


def totals(session):
    session.refresh_from_db()
    return session_board(session).totals


# -- The session screen -------------------------------------------------------------------------


def test_the_session_screen_shows_the_dealer_who_plays_first_and_the_totals(club, session, scorer):
    record(session, typed_entry(1, {0: 20, 2: 5}))
    page = logged_in(scorer).get(session_url("session-detail", session))
    assert page.status_code == 200
    text = page.content.decode()
    # Indian Rummy deals counter-clockwise: after Asha (seat 1) comes Chitra (seat 3).
    assert page.context["turn"].dealer_name == "Chitra"
    assert page.context["turn"].first_name == "Bala"
    assert "Hand 2" in text
    assert [t.total for t in page.context["totals"]] == [0, 25, 0]
    assert [t.name for t in page.context["totals"] if t.leader] == ["Bala"]
    assert 'name="client_key"' in text
    session.refresh_from_db()
    assert f'name="revision" value="{session.revision}"' in text


def test_a_finished_session_shows_the_result_and_no_record_panel(club, session, scorer):
    record(session, typed_entry(0, {1: 20, 2: 5}))
    session.refresh_from_db()
    sessions.finish_session(session_id=session.pk, revision=session.revision)
    page = logged_in(scorer).get(session_url("session-detail", session))
    assert page.context["panel"] is None
    assert "Session finished" in page.content.decode()
    assert session_url("session-summary", session) in page.content.decode()


def test_a_member_sees_the_session_but_not_the_record_panel(club, session):
    member = make_user("member")
    join(club, member, Role.MEMBER)
    page = logged_in(member).get(session_url("session-detail", session))
    assert page.status_code == 200
    assert page.context["panel"] is None


def test_anyone_may_watch_a_public_clubs_session():
    club = make_club("Open Club", is_public=True)
    session = make_session(club)
    from django.test import Client

    assert Client().get(session_url("session-detail", session)).status_code == 200


def test_a_visitor_who_is_not_logged_in_is_asked_to_log_in_to_see_a_private_session(session):
    from django.test import Client

    response = Client().get(session_url("session-detail", session))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_an_outsider_of_a_private_club_gets_not_found(session):
    outsider = logged_in(make_user("outsider"))
    assert outsider.get(session_url("session-detail", session)).status_code == 404
    post = panel_post(session, {0: {"how": "won"}, 1: {"points": "5"}, 2: {"points": "5"}})
    assert outsider.post(session_url("hand-record", session), post).status_code == 404
    assert not hands_of(session).exists()


# -- Recording a hand ---------------------------------------------------------------------------


def test_a_scorer_records_a_hand_with_typed_points(session, scorer):
    client = logged_in(scorer)
    data = panel_post(
        session, {0: {"how": "won"}, 1: {"points": "20"}, 2: {"points": "35"}}, wild="5H"
    )
    response = client.post(session_url("hand-record", session), data)
    assert response.status_code == 302
    assert response["Location"] == session_url("session-detail", session)
    assert totals(session) == {0: 55, 1: 0, 2: 0}
    version = hands_of(session).get()
    assert version.created_by == scorer
    assert version.entry["wild"] == "5H"


def test_picked_cards_in_indian13_are_counted_by_the_engine(session, scorer):
    data = panel_post(
        session,
        {0: {"how": "won"}, 1: {"how": "cards", "cards": INDIAN13_LOSER}, 2: {"how": "first"}},
        wild="10C",
    )
    logged_in(scorer).post(session_url("hand-record", session), data)
    ledger = hands_of(session).get().ledger
    assert ledger["details"]["1"]["penalty"] == 39  # 9C KD AS QC outside the melds
    assert ledger["details"]["1"]["rule"] == "deadwood"
    assert totals(session)[0] == 39 + 10  # the penalty and a first pack


def test_picked_cards_in_rummy27_are_counted_with_their_bonus(club, scorer):
    session = make_session(club, variant="rummy27")
    data = panel_post(
        session,
        {
            0: {"how": "won", "bonus": "0"},
            1: {"how": "cards", "cards": RUMMY27_LOSER},
            2: {"how": "later"},
        },
        wild="9S",
    )
    response = logged_in(scorer).post(session_url("hand-record", session), data)
    assert response.status_code == 302
    details = hands_of(session).get().ledger["details"]
    assert details["1"] == {"penalty": 8, "rule": "deadwood", "bonus": 20}
    assert details["2"]["penalty"] == 70  # packed later
    # The winner collects 8 and the pack, and pays the loser's value cards; a packed player
    # is out of the bonus.
    assert totals(session) == {0: 8 + 70 - 20, 1: -8 + 20, 2: -70}


def test_a_packed_player_pays_the_drop(session, scorer):
    data = panel_post(session, {0: {"how": "won"}, 1: {"how": "first"}, 2: {"how": "later"}})
    logged_in(scorer).post(session_url("hand-record", session), data)
    assert totals(session)[0] == 10 + 40


def test_a_marriage_hand_is_recorded_with_seen_players(club, scorer):
    session = make_session(club, variant="marriage")
    data = panel_post(
        session,
        {0: {"how": "won", "seen": "1"}, 1: {"how": "points", "seen": "1"}, 2: {}},
        wild="7D",
    )
    logged_in(scorer).post(session_url("hand-record", session), data)
    assert totals(session) == {0: 13, 1: -3, 2: -10}


def test_a_vazhushal_hand_with_a_depleted_stock_scores_by_card_score(club, scorer):
    session = make_session(club, variant="vazhushal")
    data = panel_post(
        session,
        {
            0: {"melds": "2H 3H 4H", "cards": "KS"},
            1: {"melds": "", "cards": "2C QS"},
            2: {"melds": "9S 9D 9C", "cards": ""},
        },
        depleted="1",
        wild="5D",
    )
    response = logged_in(scorer).post(session_url("hand-record", session), data)
    assert response.status_code == 302
    assert totals(session) == {0: 0, 1: 0, 2: 1}


def test_the_same_hand_sent_twice_is_stored_once(session, scorer):
    client = logged_in(scorer)
    data = panel_post(session, {0: {"how": "won"}, 1: {"points": "20"}, 2: {"points": "5"}})
    first = client.post(session_url("hand-record", session), data)
    again = client.post(session_url("hand-record", session), data)
    assert first.status_code == again.status_code == 302
    assert hands_of(session).count() == 1
    assert totals(session)[0] == 25


def test_a_hand_from_a_stale_screen_is_refused_and_the_current_state_shown(session, scorer):
    client = logged_in(scorer)
    stale = panel_post(session, {0: {"how": "won"}, 1: {"points": "17"}, 2: {"points": "5"}})
    record(session, typed_entry(1, {0: 40, 2: 10}))  # another scorer got there first
    response = client.post(session_url("hand-record", session), stale)
    assert response.status_code == 409
    text = response.content.decode()
    assert "Someone else changed this session a moment ago" in text
    assert hands_of(session).count() == 1
    # The current state: the other scorer's hand is in the table and the totals.
    assert [t.total for t in response.context["totals"]] == [0, 50, 0]
    # What this scorer typed is still there, drawn at the current revision.
    assert 'value="17"' in text
    session.refresh_from_db()
    assert response.context["panel"].revision == str(session.revision)
    # Marked "not saved", and saved again only after a deliberate tick: never by one tap.
    assert "Not saved." in text
    assert "it now has 1 hand (the list below)" in text
    assert '<input type="checkbox" name="confirm_stale" value="1" required>' in text


def test_a_finished_session_refuses_a_new_hand(session, scorer):
    session.refresh_from_db()
    data = panel_post(session, {0: {"how": "won"}, 1: {"points": "20"}, 2: {"points": "5"}})
    sessions.finish_session(session_id=session.pk, revision=session.revision)
    session.refresh_from_db()
    data["revision"] = str(session.revision)
    response = logged_in(scorer).post(session_url("hand-record", session), data)
    assert response.status_code == 409
    assert "This session has ended" in response.content.decode()
    assert not hands_of(session).exists()
    assert session.status == SessionStatus.FINISHED


def test_two_winners_are_refused_with_a_sentence(session, scorer):
    data = panel_post(session, {0: {"how": "won"}, 1: {"how": "won"}, 2: {"points": "5"}})
    response = logged_in(scorer).post(session_url("hand-record", session), data)
    assert response.status_code == 400
    assert "Only one player can win a hand" in response.content.decode()
    assert not hands_of(session).exists()


def test_a_penalty_below_zero_is_refused_with_a_sentence(session, scorer):
    data = panel_post(session, {0: {"how": "won"}, 1: {"points": "-4"}, 2: {"points": "5"}})
    response = logged_in(scorer).post(session_url("hand-record", session), data)
    assert response.status_code == 400
    assert "Bala&#x27;s points cannot be below zero." in response.content.decode()
    assert not hands_of(session).exists()


def test_cards_the_decks_cannot_hold_get_a_sentence_next_to_the_player(session, scorer):
    # Three players play with one deck: a second 5S cannot be there.
    cards = "5S 5S 2H 3H 4H 6D 7D 8D 9C KD AS QC JC"
    data = panel_post(
        session,
        {0: {"how": "won"}, 1: {"how": "cards", "cards": cards}, 2: {"points": "5"}},
        wild="10C",
    )
    response = logged_in(scorer).post(session_url("hand-record", session), data)
    assert response.status_code == 400
    panel = response.context["panel"]
    assert "5S" in panel.seats[1].error
    assert "Traceback" not in response.content.decode()
    assert not hands_of(session).exists()


def test_the_entered_values_stay_in_the_form_after_an_error(session, scorer):
    data = panel_post(
        session, {0: {"how": "won"}, 1: {"points": "23"}, 2: {"points": "x"}}, wild="QH"
    )
    response = logged_in(scorer).post(session_url("hand-record", session), data)
    text = response.content.decode()
    assert 'value="23"' in text
    assert '<option value="QH" selected>' in text
    assert 'id="s0-how-won" name="s0-how" value="won" checked' in text


# -- Preview ------------------------------------------------------------------------------------


def test_the_preview_shows_the_ledger_and_stores_nothing(session, scorer):
    data = panel_post(session, {0: {"how": "won"}, 1: {"points": "30"}, 2: {"how": "first"}})
    response = logged_in(scorer).post(
        session_url("hand-preview", session), data, headers={"HX-Request": "true"}
    )
    assert response.status_code == 200
    text = response.content.decode()
    assert "Bala pays Asha 30 (penalty)" in text
    assert "Chitra pays Asha 10 (packed)" in text
    assert "+40" in text
    assert not hands_of(session).exists()


def test_without_javascript_the_preview_is_the_whole_screen_with_the_ledger(session, scorer):
    data = panel_post(session, {0: {"how": "won"}, 1: {"points": "30"}, 2: {"points": "2"}})
    response = logged_in(scorer).post(session_url("hand-preview", session), data)
    assert response.status_code == 200
    text = response.content.decode()
    assert "<html" in text
    assert "Bala pays Asha 30 (penalty)" in text
    assert 'value="30"' in text  # the panel keeps what was entered, ready to save
    assert not hands_of(session).exists()


def test_the_preview_says_what_is_missing_in_its_own_box_and_moves_nothing_else(session, scorer):
    data = panel_post(session, {0: {"how": "won"}, 1: {"points": "-1"}, 2: {"points": "5"}})
    response = logged_in(scorer).post(
        session_url("hand-preview", session), data, headers={"HX-Request": "true"}
    )
    text = response.content.decode()
    assert "Bala: Bala&#x27;s points cannot be below zero." in text
    # No sentence is sent out of band to a slot beside a field: those fill only on Save,
    # so the form does not jump while a hand is typed.
    assert "hx-swap-oob" not in text


def test_the_preview_explains_the_penalty_of_picked_cards(session, scorer):
    data = panel_post(
        session,
        {0: {"how": "won"}, 1: {"how": "cards", "cards": INDIAN13_LOSER}, 2: {"points": "0"}},
        wild="10C",
    )
    response = logged_in(scorer).post(
        session_url("hand-preview", session), data, headers={"HX-Request": "true"}
    )
    text = response.content.decode()
    assert "<html" not in text
    assert "Bala: 39 points (only the cards outside melds count)" in text


# -- Permissions --------------------------------------------------------------------------------


def test_a_member_cannot_record_a_hand(club, session):
    member = make_user("member")
    join(club, member, Role.MEMBER)
    data = panel_post(session, {0: {"how": "won"}, 1: {"points": "5"}, 2: {"points": "5"}})
    client = logged_in(member)
    assert client.post(session_url("hand-record", session), data).status_code == 403
    assert client.post(session_url("hand-preview", session), data).status_code == 403
    assert client.get(session_url("hand-undo", session)).status_code == 403
    assert not hands_of(session).exists()


def test_a_scorer_of_one_club_cannot_record_in_another_club(club, scorer):
    other = make_club("Other Club")
    join(other, make_user("bystander"), Role.SCORER)
    theirs = make_session(other)
    data = panel_post(theirs, {0: {"how": "won"}, 1: {"points": "5"}, 2: {"points": "5"}})
    # Club A's slug (where the scorer has the role) with club B's session id.
    url = reverse("hand-record", kwargs={"slug": club.slug, "session_id": theirs.pk})
    assert logged_in(scorer).post(url, data).status_code == 404
    detail = reverse("session-detail", kwargs={"slug": club.slug, "session_id": theirs.pk})
    assert logged_in(scorer).get(detail).status_code == 404
    assert not hands_of(theirs).exists()


def test_a_visitor_who_is_not_logged_in_is_sent_to_log_in_to_record(session):
    from django.test import Client

    response = Client().post(session_url("hand-record", session), {})
    assert response.status_code == 302
    assert reverse("login") in response["Location"]


# -- Corrections --------------------------------------------------------------------------------


def test_editing_a_hand_with_a_reason_changes_the_totals_and_keeps_the_old_version(session, scorer):
    record(session, typed_entry(0, {1: 4, 2: 5}))
    client = logged_in(scorer)
    url = session_url("hand-edit", session, number=1)
    page = client.get(url)
    assert page.status_code == 200
    assert 'value="4"' in page.content.decode()  # prefilled from what was entered
    assert "Bala pays Asha 4 (penalty)" in page.content.decode()  # the ledger as it stands

    data = panel_post(
        session,
        {0: {"how": "won"}, 1: {"points": "40"}, 2: {"points": "5"}},
        reason="Bala's points were 40, not 4",
    )
    response = client.post(url, data)
    assert response.status_code == 302
    assert totals(session)[0] == 45
    versions = list(hands_of(session).order_by("version"))
    assert [(v.version, v.is_current) for v in versions] == [(1, False), (2, True)]
    assert versions[1].reason == "Bala's points were 40, not 4"
    assert versions[1].created_by == scorer
    assert versions[0].entry["seats"][1]["penalty"] == 4
    screen = client.get(session_url("session-detail", session))
    assert screen.context["rows"][0].edited


def test_an_edit_without_a_reason_is_refused_with_a_sentence(session, scorer):
    record(session, typed_entry(0, {1: 4, 2: 5}))
    data = panel_post(session, {0: {"how": "won"}, 1: {"points": "40"}, 2: {"points": "5"}})
    response = logged_in(scorer).post(session_url("hand-edit", session, number=1), data)
    assert response.status_code == 400
    assert "Say why the hand is being changed." in response.content.decode()
    assert hands_of(session).count() == 1


def test_editing_a_hand_that_does_not_exist_is_not_found(session, scorer):
    assert logged_in(scorer).get(session_url("hand-edit", session, number=9)).status_code == 404


def test_voiding_a_hand_asks_first_then_zeroes_it(session, scorer):
    record(session, typed_entry(0, {1: 20, 2: 5}))
    client = logged_in(scorer)
    url = session_url("hand-void", session, number=1)
    confirm = client.get(url)
    assert confirm.status_code == 200
    assert "Void hand 1?" in confirm.content.decode()
    assert totals(session)[0] == 25  # nothing changed by looking

    session.refresh_from_db()
    data = {"client_key": str(uuid.uuid4()), "revision": session.revision, "reason": "Misdeal"}
    assert client.post(url, data).status_code == 302
    assert totals(session)[0] == 0
    current = hands_of(session).get(is_current=True)
    assert (current.status, current.reason) == (HandStatus.VOID, "Misdeal")


def test_voiding_without_a_reason_is_refused_with_a_sentence(session, scorer):
    record(session, typed_entry(0, {1: 20, 2: 5}))
    session.refresh_from_db()
    data = {"client_key": str(uuid.uuid4()), "revision": session.revision, "reason": " "}
    response = logged_in(scorer).post(session_url("hand-void", session, number=1), data)
    assert response.status_code == 400
    assert "Say why the hand is being changed." in response.content.decode()
    assert totals(session)[0] == 25


def test_undoing_the_last_hand_asks_first_and_the_deal_goes_back(session, scorer):
    record(session, typed_entry(0, {1: 20, 2: 5}))
    record(session, typed_entry(1, {0: 3, 2: 3}))
    client = logged_in(scorer)
    url = session_url("hand-undo", session)
    confirm = client.get(url)
    assert "Undo hand 2?" in confirm.content.decode()

    session.refresh_from_db()
    data = {"client_key": str(uuid.uuid4()), "revision": session.revision}
    assert client.post(url, data).status_code == 302
    assert totals(session) == {0: 25, 1: 0, 2: 0}
    screen = client.get(session_url("session-detail", session))
    assert screen.context["turn"].dealer_name == "Chitra"  # hand 2's dealer deals again
    assert hands_of(session).count() == 3  # both versions of hand 2 are kept


def test_an_undo_from_a_stale_screen_changes_nothing_and_says_so(session, scorer):
    record(session, typed_entry(0, {1: 20, 2: 5}))
    session.refresh_from_db()
    data = {"client_key": str(uuid.uuid4()), "revision": session.revision}
    record(session, typed_entry(1, {0: 3, 2: 3}))
    client = logged_in(scorer)
    response = client.post(session_url("hand-undo", session), data, follow=True)
    assert "Someone else changed this session" in response.content.decode()
    assert totals(session) == {0: 25, 1: 6, 2: 0}


def _marriage_preview(club, scorer, maal):
    """Asha wins; Bala has not seen and typed 12 value points; Chitra has seen, 4 points."""
    session = make_session(club, variant="marriage", options={"unseen_maal": maal})
    data = panel_post(
        session,
        {
            0: {"how": "won", "seen": "1"},
            1: {"how": "points", "bonus": "12"},
            2: {"how": "points", "seen": "1", "bonus": "4"},
        },
        wild="7D",
    )
    response = logged_in(scorer).post(
        session_url("hand-preview", session), data, headers={"HX-Request": "true"}
    )
    assert response.status_code == 200
    return response.content.decode()


def test_the_preview_says_whose_value_points_a_kidnap_took(club, scorer):
    text = _marriage_preview(club, scorer, "kidnap")
    assert "Bala&#x27;s 12 value points kidnapped by Asha" in text
    # The winner collects the kidnapped 12 from each player; Bala collects nothing.
    assert "Asha&#x27;s value cards: 12 from each player" in text
    assert "Bala&#x27;s value cards" not in text


def test_the_preview_says_whose_value_points_a_murder_voided(club, scorer):
    text = _marriage_preview(club, scorer, "murder")
    assert "Bala&#x27;s 12 value points murdered: Bala had not seen" in text
    assert "kidnapped" not in text
    assert "Asha&#x27;s value cards" not in text
    assert "Chitra&#x27;s value cards: 4 from each player" in text


def test_when_unseen_value_cards_count_the_preview_says_nothing_of_murder_or_kidnap(club, scorer):
    text = _marriage_preview(club, scorer, "counts")
    assert "Bala&#x27;s value cards: 12 from each player" in text
    assert "murdered" not in text and "kidnapped" not in text


def test_a_correction_s_ledger_lists_only_the_players_dealt_into_the_hand(session, scorer):
    record(session, typed_entry(0, {1: 20, 2: 5}))
    dev = add_guest(club=session.club, name="Dev")
    session.refresh_from_db()
    seats.seat_player(
        session_id=session.pk, player_id=dev.pk, revision=session.revision, user=scorer
    )
    text = logged_in(scorer).get(session_url("hand-edit", session, number=1)).content.decode()
    changes = text.split('class="changes"')[1].split("</ul>")[0]
    assert "Bala" in changes
    assert "Dev" not in changes
