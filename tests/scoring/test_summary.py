"""Ending a session and its summary: the winner, the totals, the chart and who pays whom."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from clubs.roles import Role
from scoring.display.summary import session_summary
from scoring.models import SessionStatus
from scoring.selectors import session_board
from tests.scoring import summary_factories as make

pytestmark = pytest.mark.django_db


def summary_url(game) -> str:
    return reverse("session-summary", kwargs={"slug": game.club.slug, "session_id": game.pk})


def finish_url(game) -> str:
    return reverse("session-finish", kwargs={"slug": game.club.slug, "session_id": game.pk})


def text_of(response) -> str:
    """The page's words, tags dropped and spaces squeezed, as a reader sees them."""
    html = response.content.decode()
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


@pytest.fixture
def club():
    return make.club()


@pytest.fixture
def owner(club):
    return make.owner_of(club)


@pytest.fixture
def played(club):
    """Asha wins both hands: Bala pays 20 + 10, Chitra pays 30 + 40; stake 2 per point."""
    game = make.session(club, stake=2)
    make.record(game, make.won_by(0, {1: 20}, drops={2: "first"}))
    make.record(game, make.won_by(0, {1: 10, 2: 40}))
    return game


def test_the_summary_announces_the_winner_with_the_totals_in_order(client, owner, played) -> None:
    client.force_login(owner)
    played.refresh_from_db()
    client.post(finish_url(played), {"revision": played.revision})
    response = client.get(summary_url(played))
    assert response.status_code == 200
    text = text_of(response)
    assert "Asha wins with 100 points." in text
    assert "Final totals" in text
    # Highest first: Asha +100, Bala -30, Chitra -70.
    assert re.search(r"1 Asha \+100 2 Bala \u221230 3 Chitra \u221270", text)
    assert "2 hands played" in text


def test_the_settlement_lists_who_pays_whom_in_money_and_each_net(client, owner, played) -> None:
    client.force_login(owner)
    text = text_of(client.get(summary_url(played)))
    assert "Stake: 2 per point." in text
    assert "Bala pays Asha 60" in text
    assert "Chitra pays Asha 140" in text
    assert "2 payments settle everything." in text
    assert "Asha +200" in text and "Bala \u221260" in text and "Chitra \u2212140" in text


def test_without_a_stake_the_settlement_counts_points(client, club, owner) -> None:
    game = make.session(club, stake=0)
    make.record(game, make.won_by(1, {0: 25, 2: 15}))
    client.force_login(owner)
    text = text_of(client.get(summary_url(game)))
    assert "No stake was set, so these are points to settle." in text
    assert "Asha pays Bala 25 points" in text
    assert "Chitra pays Bala 15 points" in text


def test_an_active_session_shows_the_score_so_far(client, club, owner) -> None:
    game = make.session(club)
    make.record(game, make.won_by(2, {0: 5, 1: 5}))
    client.force_login(owner)
    text = text_of(client.get(summary_url(game)))
    assert "the score so far" in text
    assert "Chitra leads so far with 10 points." in text
    assert "Totals so far" in text
    assert "End the session" in text


def test_tied_leaders_are_named_together(client, club, owner) -> None:
    game = make.session(club, ending="hands", ending_target=2)
    make.record(game, make.won_by(0, {1: 20, 2: 10}))
    make.record(game, make.won_by(1, {0: 20, 2: 10}))
    game.refresh_from_db()
    assert game.status == SessionStatus.FINISHED  # the target of 2 hands ends it by itself
    client.force_login(owner)
    text = text_of(client.get(summary_url(game)))
    assert "Asha and Bala tie for the win with 10 points." in text


def test_vazhushal_is_won_and_settled_on_game_points(client, club, owner) -> None:
    game = make.session(club, variant="vazhushal", stake=5)
    for winner in (0, 0, 1):
        make.record(game, make.game_point_to(winner, 3))
    client.force_login(owner)
    text = text_of(client.get(summary_url(game)))
    assert "Asha leads so far with 2 game points." in text
    # Asha 2, Bala 1, Chitra 0 game points: balances +3, 0, -3, times the stake of 5.
    assert "Chitra pays Asha 15" in text
    assert "1 payment settles everything." in text
    assert "Each player settles the difference in game points" in text


def test_the_summary_draws_the_chart_inline_without_any_script_or_cdn(
    client, owner, played
) -> None:
    client.force_login(owner)
    html = client.get(summary_url(played)).content.decode()
    assert html.count("<polyline") == 3
    assert '<svg class="chart"' in html
    assert '<desc id="chart-desc">Running totals over 2 hands.' in html
    assert "https://" not in html and "http://cdn" not in html
    assert "/static/css/summary.css" in html


def test_player_names_are_escaped_in_the_chart_and_everywhere_else(client, club, owner) -> None:
    game = make.session(club, names=("<b>Asha</b>", "Bala & Co"))
    make.record(game, make.won_by(0, {1: 10}))
    client.force_login(owner)
    html = client.get(summary_url(game)).content.decode()
    assert "<b>Asha</b>" not in html
    assert "&lt;b&gt;Asha&lt;/b&gt;" in html
    assert "Bala &amp; Co" in html


def test_a_session_with_no_hands_says_so_instead_of_a_chart(client, club, owner) -> None:
    game = make.session(club)
    client.force_login(owner)
    text = text_of(client.get(summary_url(game)))
    assert "No hands have been played yet." in text
    assert "The chart appears after the first hand." in text
    assert "Nobody owes anyone anything." in text


def test_a_late_correction_changes_the_summary(client, owner, played) -> None:
    make.correct(played, 2, make.won_by(1, {0: 10, 2: 40}), reason="Bala won, not Asha")
    client.force_login(owner)
    text = text_of(client.get(summary_url(played)))
    # Asha +50 -10, Bala -20 +50, Chitra -30 -40: Bala no longer pays, he is paid.
    assert "Asha leads so far with 40 points." in text
    assert "Bala pays Asha" not in text
    assert "Chitra pays Asha 80" in text and "Chitra pays Bala 60" in text


def test_the_finish_page_asks_first_and_shows_who_leads(client, owner, played) -> None:
    client.force_login(owner)
    response = client.get(finish_url(played))
    assert response.status_code == 200
    text = text_of(response)
    assert "End the session now?" in text
    assert "2 hands played." in text
    assert "Asha leads with 100 points." in text
    played.refresh_from_db()
    assert f'name="revision" value="{played.revision}"' in response.content.decode()
    assert played.status == SessionStatus.ACTIVE


def test_confirming_ends_the_session_and_a_second_post_is_harmless(client, owner, played) -> None:
    client.force_login(owner)
    played.refresh_from_db()
    revision = played.revision
    response = client.post(finish_url(played), {"revision": revision})
    assert response.status_code == 302 and response.url == summary_url(played)
    played.refresh_from_db()
    assert played.status == SessionStatus.FINISHED and played.ended_early
    finished_at = played.finished_at

    again = client.post(finish_url(played), {"revision": revision})
    assert again.status_code == 302 and again.url == summary_url(played)
    played.refresh_from_db()
    assert played.finished_at == finished_at
    # Asking to end a finished session just shows its summary.
    assert client.get(finish_url(played)).url == summary_url(played)
    assert "Asha wins with 100 points." in text_of(client.get(summary_url(played)))


def test_a_stale_revision_is_refused_with_a_sentence_and_fresh_figures(
    client, owner, played
) -> None:
    client.force_login(owner)
    played.refresh_from_db()
    stale = played.revision
    # Meanwhile the other scorer records a hand Bala wins.
    make.record(played, make.won_by(1, {0: 5, 2: 5}))
    response = client.post(finish_url(played), {"revision": stale})
    assert response.status_code == 409
    text = text_of(response)
    assert "Someone else changed this session a moment ago" in text
    assert "3 hands played." in text
    played.refresh_from_db()
    assert played.status == SessionStatus.ACTIVE
    assert f'name="revision" value="{played.revision}"' in response.content.decode()


def test_a_garbled_revision_is_refused_like_a_stale_one(client, owner, played) -> None:
    client.force_login(owner)
    response = client.post(finish_url(played), {"revision": "soon"})
    assert response.status_code == 409
    played.refresh_from_db()
    assert played.is_active


def test_a_member_who_is_not_a_scorer_cannot_end_a_session(client, club, played) -> None:
    reader = make.member(club, "devi", Role.MEMBER)
    client.force_login(reader)
    assert client.get(finish_url(played)).status_code == 403
    played.refresh_from_db()
    assert client.post(finish_url(played), {"revision": played.revision}).status_code == 403
    played.refresh_from_db()
    assert played.is_active
    # ...but reads the summary, without the button to end it.
    response = client.get(summary_url(played))
    assert response.status_code == 200
    assert finish_url(played) not in response.content.decode()


def test_a_scorer_can_end_a_session(client, club, played) -> None:
    scorer = make.member(club, "esha", Role.SCORER)
    client.force_login(scorer)
    played.refresh_from_db()
    client.post(finish_url(played), {"revision": played.revision})
    played.refresh_from_db()
    assert played.status == SessionStatus.FINISHED


def test_someone_outside_a_private_club_gets_not_found(client, played) -> None:
    client.force_login(make.user("stranger"))
    assert client.get(summary_url(played)).status_code == 404
    assert client.get(finish_url(played)).status_code == 404
    client.logout()
    assert client.get(summary_url(played)).status_code == 404


def test_anyone_may_read_a_public_clubs_summary_but_not_end_its_sessions(client) -> None:
    public = make.club("Open Table", is_public=True)
    game = make.session(public)
    make.record(game, make.won_by(0, {1: 10, 2: 10}))
    assert client.get(summary_url(game)).status_code == 200
    assert client.get(finish_url(game)).status_code == 403


def test_a_session_of_another_club_cannot_be_reached_through_this_clubs_address(
    client, club, owner
) -> None:
    other = make.club("Friday Club")
    theirs = make.session(other, names=("Farah", "Gopal"))
    client.force_login(owner)  # owner of the first club only
    for name in ("session-summary", "session-finish"):
        url = reverse(name, kwargs={"slug": club.slug, "session_id": theirs.pk})
        assert client.get(url).status_code == 404
    theirs.refresh_from_db()
    response = client.post(
        reverse("session-finish", kwargs={"slug": club.slug, "session_id": theirs.pk}),
        {"revision": theirs.revision},
    )
    assert response.status_code == 404
    theirs.refresh_from_db()
    assert theirs.is_active


def test_the_summary_selector_orders_standings_and_shares_places_on_ties(club) -> None:
    game = make.session(club, names=("Asha", "Bala", "Chitra", "Devi"))
    make.record(game, make.won_by(3, {0: 10, 1: 10, 2: 30}))
    summary = session_summary(session_board(game))
    assert [(s.name, s.place) for s in summary.standings] == [
        ("Devi", 1),
        ("Asha", 2),
        ("Bala", 2),
        ("Chitra", 4),
    ]
    assert sum(summary.settlement.nets.values()) == 0


def test_one_game_point_is_said_in_the_singular(club) -> None:
    game = make.session(club, variant="vazhushal", names=("Asha", "Bala"))
    make.record(game, make.game_point_to(1, 2))
    summary = session_summary(session_board(game))
    assert summary.winners == ("Bala",)
    assert summary.winning_total_shown == "1 game point"


def test_the_summary_offers_the_hand_log_as_csv(client):
    club = make.club()
    game = make.session(club)
    make.record(game, make.won_by(0, {1: 20, 2: 30}))
    client.force_login(make.owner_of(club))

    html = client.get(summary_url(game)).content.decode()

    assert f'href="/clubs/{club.slug}/sessions/{game.pk}/hands.csv"' in html
