"""A hand's history: every version, newest first, with who changed it, when and why."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest
from django.urls import reverse

from clubs.roles import Role
from scoring.models import HandVersion
from tests.scoring import summary_factories as make

pytestmark = pytest.mark.django_db


def history_url(game, number: int, slug: str | None = None) -> str:
    return reverse(
        "hand-history",
        kwargs={"slug": slug or game.club.slug, "session_id": game.pk, "number": number},
    )


def text_of(response) -> str:
    html = response.content.decode()
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


@pytest.fixture
def club():
    return make.club(timezone_name="Asia/Kolkata")


@pytest.fixture
def owner(club):
    return make.owner_of(club)


@pytest.fixture
def corrected(club):
    """Hand 1 recorded by the owner, then corrected by a scorer who gives a reason."""
    game = make.session(club)
    make.record(game, make.won_by(0, {1: 20, 2: 30}))
    scorer = make.member(club, "esha", Role.SCORER)
    make.correct(game, 1, make.won_by(0, {1: 25, 2: 30}), reason="Bala had 25, not 20", user=scorer)
    return game


def test_every_version_is_listed_newest_first_with_who_and_why(client, owner, corrected) -> None:
    client.force_login(owner)
    response = client.get(history_url(corrected, 1))
    assert response.status_code == 200
    text = text_of(response)
    assert "Hand 1: its history" in text
    assert text.index("Version 2") < text.index("Version 1")
    assert "Changed by esha" in text
    assert "Why: Bala had 25, not 20" in text
    assert f"Recorded by {owner.username}" in text
    assert text.count("Current") == 1


def test_each_version_shows_what_every_player_scored_in_it(client, owner, corrected) -> None:
    client.force_login(owner)
    text = text_of(client.get(history_url(corrected, 1)))
    newest, oldest = text.split("Version 1")
    assert "Asha won +55 Bala lost 25 \u221225 Chitra lost 30 \u221230" in newest
    assert "Asha won +50 Bala lost 20 \u221220 Chitra lost 30 \u221230" in oldest


def test_times_are_shown_in_the_clubs_timezone(client, owner, corrected) -> None:
    # 18:45 UTC is a quarter past midnight the next day in India (UTC+05:30).
    HandVersion.objects.filter(hand__session=corrected, version=1).update(
        created_at=datetime(2024, 3, 1, 18, 45, tzinfo=UTC)
    )
    client.force_login(owner)
    text = text_of(client.get(history_url(corrected, 1)))
    assert "2 Mar 2024, 00:15" in text
    assert "Times are Asia/Kolkata time." in text


def test_a_voided_hand_keeps_what_it_scored_before(client, club, owner) -> None:
    game = make.session(club)
    make.record(game, make.won_by(0, {1: 20, 2: 30}))
    make.void(game, 1, reason="Misdeal: Chitra had 22 cards")
    client.force_login(owner)
    text = text_of(client.get(history_url(game, 1)))
    newest, oldest = text.split("Version 1")
    assert "Void" in newest and "Why: Misdeal: Chitra had 22 cards" in newest
    assert "Asha 0 Bala 0 Chitra 0" in newest
    assert "Asha won +50" in oldest


def test_an_undone_hand_still_has_its_history(client, club, owner) -> None:
    game = make.session(club)
    make.record(game, make.won_by(0, {1: 20, 2: 30}))
    make.record(game, make.won_by(1, {0: 10, 2: 10}))
    make.undo(game)
    client.force_login(owner)
    text = text_of(client.get(history_url(game, 2)))
    assert "An undone hand: its history" in text
    assert "Undone" in text and "Why: Undone" in text
    assert "Asha \u2014 Bala \u2014 Chitra \u2014" in text
    assert "Bala won +20" in text


def test_hands_are_numbered_as_the_table_counts_them(client, club, owner) -> None:
    game = make.session(club)
    make.record(game, make.won_by(0, {1: 20, 2: 30}))
    make.undo(game)
    make.record(game, make.won_by(1, {0: 10, 2: 10}))  # stored as hand 2, the first that counts
    client.force_login(owner)
    assert "Hand 1: its history" in text_of(client.get(history_url(game, 2)))


def test_a_member_who_is_not_a_scorer_can_read_the_history(client, club, corrected) -> None:
    client.force_login(make.member(club, "devi"))
    assert client.get(history_url(corrected, 1)).status_code == 200


def test_a_hand_that_does_not_exist_is_not_found(client, owner, corrected) -> None:
    client.force_login(owner)
    assert client.get(history_url(corrected, 9)).status_code == 404


def test_someone_outside_a_private_club_gets_not_found(client, corrected) -> None:
    client.force_login(make.user("stranger"))
    assert client.get(history_url(corrected, 1)).status_code == 404


def test_a_hand_of_another_clubs_session_is_not_reachable_through_this_club(
    client, club, owner
) -> None:
    other = make.club("Friday Club")
    theirs = make.session(other, names=("Farah", "Gopal"))
    make.record(theirs, make.won_by(0, {1: 10}))
    client.force_login(owner)
    assert client.get(history_url(theirs, 1, slug=club.slug)).status_code == 404
