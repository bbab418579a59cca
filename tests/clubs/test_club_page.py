"""The club's own page: tables in play, recent results, players, and who sees which buttons."""

from datetime import UTC, datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from clubs import services
from clubs.roles import Role
from scoring.models import GameSession
from tests.clubs.factories import add_member, finish, make_club, owner_of, player_of, start

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    return make_club(name="Hill Club", timezone_name="Asia/Kolkata")


def test_the_club_page_lists_tables_in_play_and_recent_results(client, club) -> None:
    meena = add_member(club, "meena", name="Meena")
    guest = services.add_guest(club=club, name="Ravi")
    live = start(club, [player_of(club, meena), guest])
    done = finish(start(club, [guest, player_of(club, meena)], variant="vazhushal"))
    client.force_login(meena)
    response = client.get(reverse("club-detail", args=[club.slug]))
    html = response.content.decode()
    assert response.status_code == 200
    assert reverse("session-detail", args=[club.slug, live.pk]) in html
    assert reverse("session-summary", args=[club.slug, done.pk]) in html
    assert "Indian Rummy" in html
    assert "Vazhushal" in html
    assert "Meena, Ravi" in html
    assert "0 hands" in html


def test_start_times_are_shown_in_the_clubs_time_zone(client, club) -> None:
    meena = add_member(club, "meena")
    session = start(club, [player_of(club, meena), player_of(club, owner_of(club))])
    # 14:00 UTC is 19:30 in Kolkata.
    GameSession.objects.filter(pk=session.pk).update(
        started_at=datetime(2025, 3, 7, 14, 0, tzinfo=UTC)
    )
    client.force_login(meena)
    html = client.get(reverse("club-detail", args=[club.slug])).content.decode()
    assert "Fri 7 Mar, 19:30" in html


def test_players_are_marked_guest_member_or_former_member(client, club) -> None:
    meena = add_member(club, "meena", name="Meena")
    gone = add_member(club, "gone", name="Gopal")
    services.add_guest(club=club, name="Ravi")
    services.remove_member(
        club=club, membership_id=club.memberships.get(user=gone).pk, by_role=Role.OWNER
    )
    client.force_login(meena)
    response = client.get(reverse("club-detail", args=[club.slug]))
    rows = {row.player.name: row for row in response.context["players"]}
    assert rows["Ravi"].is_guest
    assert rows["Gopal"].is_former_member
    assert rows["Meena"].membership.role == Role.MEMBER
    html = response.content.decode()
    assert "guest" in html
    assert "former member" in html


def test_only_scorers_and_above_see_the_start_a_session_button(client, club) -> None:
    new_session = reverse("session-new", args=[club.slug])
    client.force_login(add_member(club, "member", Role.MEMBER))
    assert new_session not in client.get(reverse("club-detail", args=[club.slug])).content.decode()
    client.force_login(add_member(club, "scorer", Role.SCORER))
    assert new_session in client.get(reverse("club-detail", args=[club.slug])).content.decode()


def test_only_organisers_see_the_links_to_manage_the_club(client, club) -> None:
    invitations = reverse("club-invitations", args=[club.slug])
    client.force_login(add_member(club, "scorer", Role.SCORER))
    assert invitations not in client.get(reverse("club-detail", args=[club.slug])).content.decode()
    client.force_login(add_member(club, "organiser", Role.ORGANISER))
    html = client.get(reverse("club-detail", args=[club.slug])).content.decode()
    assert invitations in html
    assert reverse("club-players", args=[club.slug]) in html
    assert reverse("club-rules", args=[club.slug]) in html


def test_anyone_can_read_a_public_clubs_page_but_not_start_a_table(client) -> None:
    club = make_club(name="Open Table", is_public=True)
    services.add_guest(club=club, name="Ravi")
    response = client.get(reverse("club-detail", args=[club.slug]))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Ravi" in html
    assert reverse("session-new", args=[club.slug]) not in html


def test_the_club_page_costs_the_same_queries_however_many_sessions(client, club) -> None:
    meena = add_member(club, "meena")
    client.force_login(meena)
    url = reverse("club-detail", args=[club.slug])

    def queries_with(sessions: int) -> int:
        for _ in range(sessions):
            guest = services.add_guest(club=club, name=f"Guest {club.players.count()}")
            finish(start(club, [player_of(club, meena), guest]))
            start(club, [player_of(club, meena), guest])
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url).status_code == 200
        return len(queries)

    assert queries_with(1) == queries_with(4)
