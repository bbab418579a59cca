"""A number past its bound, typed into the API or a web form, is refused with a sentence that
names the field and the bound (a 400 in the API's error shape), and nothing is stored.

Before the bounds these were 500s on PostgreSQL (an integer column overflowed) and were
stored as typed on SQLite. Run them on both (DATABASE_URL=postgres://... for PostgreSQL).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.urls import reverse

from clubs.models import Club
from clubs.roles import Role
from leagues.models import League
from scoring.models import GameSession, Hand
from tab.models import Payment
from tests.api.helpers import club_url, session_url, with_token
from tests.factories import make_club, make_session, member, owner_of
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

HUGE = 99_999_999_999  # past every bound and past PostgreSQL's integer


def text_of(response: Any) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", response.content.decode()).split())


@pytest.fixture
def club() -> Club:
    club = make_club("Bounds Club")
    make_session(club, names=("Asha", "Bala", "Chitra"))
    return club


def ids(club: Club) -> list[int]:
    """Asha's, Bala's and Chitra's ids."""
    names = ("Asha", "Bala", "Chitra")
    return [club.players.get(name=name).pk for name in names]


def refused(response: Any, field: str, sentence: str) -> None:
    assert response.status_code == 400, response.content
    error = response.json()["error"]
    assert error["code"] == "bad_request"
    assert error["message"] == f"{field}: {sentence}"
    assert error["fields"][field] == [sentence]


# -- The API -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "extra", "sentence"),
    [
        ("stake_per_point", {}, "Stake per point can be at most 10000."),
        ("ending_target", {"ending": "hands"}, "Ending target can be at most 100000."),
        ("entry_fee", {"format": "pool"}, "Entry fee can be at most 10000000."),
        ("pool_limit", {"format": "pool"}, "Pool limit can be at most 1000."),
        ("pool_rejoins", {"format": "pool"}, "Pool rejoins can be at most 10."),
        ("chips", {"format": "deals", "ending": "deals", "ending_target": 2}, None),
    ],
)
def test_a_session_started_with_a_number_past_its_bound_is_refused_and_not_started(
    club, field, extra, sentence
):
    body = {"variant": "indian13", "player_ids": ids(club), "first_dealer": 0, **extra}
    before = GameSession.objects.count()
    response = with_token(owner_of(club)).post(
        club_url(club, "sessions/"), {**body, field: HUGE}, format="json"
    )
    refused(response, field, sentence or "Chips can be at most 1000000.")
    assert GameSession.objects.count() == before


@pytest.mark.parametrize("field", ["penalty", "bonus"])
def test_a_hand_with_typed_points_past_the_bound_is_refused_and_not_stored(club, field):
    session = GameSession.objects.get(club=club)
    session.variant = "indian21"  # a game with value-card bonuses, so both fields count
    session.save(update_fields=["variant"])
    seats = [
        {"position": 0, "result": "won"},
        {"position": 1, "result": "lost", "penalty": 20},
        {"position": 2, "result": "lost", "penalty": 5},
    ]
    seats[1][field] = HUGE
    response = with_token(owner_of(club)).post(
        session_url(session, "hands/"), {"seats": seats}, format="json"
    )
    refused(response, f"seats[1].{field}", f"{field.capitalize()} can be at most 10000.")
    assert not Hand.objects.filter(session=session).exists()


def test_a_payment_past_the_bound_is_refused_and_not_recorded(club):
    asha, bala, _ = ids(club)
    body = {"payer_id": bala, "payee_id": asha, "amount": HUGE}
    response = with_token(owner_of(club)).post(club_url(club, "tab/payments/"), body, format="json")
    refused(response, "amount", "Amount can be at most 10000000.")
    assert not Payment.objects.exists()


@pytest.mark.parametrize(
    ("field", "value", "sentence"),
    [
        ("placing_points[0]", {"placing_points": [HUGE]}, "Placing points can be at most 10000."),
        ("min_sessions", {"min_sessions": HUGE}, "Min sessions can be at most 1000."),
    ],
)
def test_a_league_with_a_number_past_its_bound_is_refused_and_not_set_up(
    club, field, value, sentence
):
    body = {
        "name": "Winter league",
        "starts_on": "2026-01-01",
        "ends_on": "2026-03-31",
        "basis": "placing",
        "placing_points": [5, 3, 1],
        **value,
    }
    response = with_token(owner_of(club)).post(club_url(club, "leagues/"), body, format="json")
    refused(response, field, sentence)
    assert not League.objects.exists()


# -- The web forms -----------------------------------------------------------------------------


def test_the_payment_form_shows_the_bound_at_the_amount_and_records_nothing(client, club):
    asha, bala, _ = ids(club)
    client.force_login(owner_of(club))
    body = {"payer": bala, "payee": asha, "amount": str(HUGE), "paid_on": "2026-03-14"}
    response = client.post(reverse("tab-payment-record", args=[club.slug]), body)
    assert response.status_code in (200, 400)
    assert "Amount can be at most 10000000." in text_of(response)
    assert not Payment.objects.exists()


def test_the_start_form_shows_the_bound_at_the_stake_and_starts_nothing(client, club):
    client.force_login(owner_of(club))
    asha, bala, _ = ids(club)
    before = GameSession.objects.count()
    body = {
        "variant": "indian13",
        "first_dealer": "1",
        "ending": "open",
        "ending_target": "",
        "stake_per_point": str(HUGE),
        "opt_joker_mode": "standard",
        "opt_ace_value": "10",
        "opt_scoring": "winner_takes",
        f"seat-{asha}": "1",
        f"seat-{bala}": "2",
    }
    response = client.post(reverse("session-new", kwargs={"slug": club.slug}), body)
    assert "Stake per point can be at most 10000." in text_of(response)
    assert GameSession.objects.count() == before


def test_the_pool_rules_form_shows_the_bound_at_the_entry_fee_and_keeps_the_old_fee(client, club):
    client.force_login(member(club, "olga", Role.ORGANISER))
    url = reverse("club-pool-rules", args=[club.slug])
    response = client.post(url, {"pool_rejoins": "1", "pool_entry_fee": str(HUGE)})
    assert "Entry fee can be at most 10000000." in text_of(response)
    club.refresh_from_db()
    assert club.pool_entry_fee == 0


def test_the_league_form_shows_the_bound_at_the_placing_points(client, club):
    client.force_login(owner_of(club))
    body = {
        "name": "Winter league",
        "starts_on": "2026-01-01",
        "ends_on": "2026-03-31",
        "marked_only": "all",
        "basis": "placing",
        "placing_points": f"{HUGE}, 3, 1",
        "tie_breaker_1": "average",
        "min_sessions": "0",
    }
    response = client.post(reverse("league-new", args=[club.slug]), body)
    assert "Points for each place can be at most 10000." in text_of(response)
    assert not League.objects.exists()


def test_the_tournament_form_shows_the_bound_at_the_table_size(client, club):
    client.force_login(owner_of(club))
    body = {
        "name": "Diwali Cup",
        "starts_on": "2026-11-08",
        "variant": "indian21",
        "min_table_size": "3",
        "max_table_size": str(HUGE),
        "rounds": "3",
        "round_ending": "hands",
        "round_target": "1",
        "scoring": "placing",
        "placing_points": "5, 3, 2, 1",
        "tie_breaker_1": "wins",
        "final_table_size": "0",
        "carry": "half",
    }
    response = client.post(reverse("tournament-new", args=[club.slug]), body)
    assert "Largest table can be at most 12." in text_of(response)
    assert not Tournament.objects.exists()
