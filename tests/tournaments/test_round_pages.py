"""A round's page: the tables as drawn, swaps and a new draw before the start, the start,
each table's scoring screen, force-finish, confirmation, and finishing the round."""

from __future__ import annotations

import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from clubs.services import add_guest, link_guest
from scoring.selectors import kept_histories
from tests.factories import make_club, member, owner_of, record, typed_entry
from tests.tournaments.factories import (
    NAMES,
    enter,
    make_tournament,
    play_in_order,
    seated,
)
from tests.tournaments.page_helpers import messages_of, text_of, url
from tournaments.models import Round, RoundStatus, RoundTable
from tournaments.services.draws import draw_round
from tournaments.services.entries import check_in, register
from tournaments.services.play import start_round

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    return make_club("Hill Club")


@pytest.fixture
def owner(club):
    return owner_of(club)


def _drawn(club, players: int = 8, seed: int = 1, **options):
    cup = make_tournament(club, **options)
    enter(cup, NAMES[:players])
    return cup, draw_round(tournament=cup, rng=random.Random(seed))


def _names(table: RoundTable) -> list[str]:
    by_id = {e.player_id: e.player.name for e in table.round.tournament.entries.all()}
    return [by_id[pid] for pid in table.seats]


def test_the_round_page_shows_each_table_in_seat_order_with_the_first_dealer_marked(
    client, club, owner
):
    cup, round_ = _drawn(club)
    client.force_login(owner)

    response = client.get(url("tournament-round", cup, 1))

    assert response.status_code == 200
    text = text_of(response)
    for table in round_.tables.order_by("number"):
        names = _names(table)
        seats = " ".join(
            f"{n} {name}" + (" deals first" if n - 1 == table.first_dealer else "")
            for n, name in enumerate(names, 1)
        )
        assert f"Table {table.number} drawn {seats}" in text
    assert "Swap two players" in text and "Start round 1" in text and "Draw it again…" in text


def test_a_member_reads_the_round_without_the_directors_controls(client, club):
    cup, _ = _drawn(club)
    client.force_login(member(club, "meena"))

    response = client.get(url("tournament-round", cup, 1))

    text = text_of(response)
    assert response.status_code == 200
    assert "Table 1" in text
    for control in ("Swap two players", "Start round 1", "Draw it again"):
        assert control not in text
    assert client.post(url("tournament-start", cup, 1)).status_code == 403
    assert Round.objects.get().status == RoundStatus.DRAWN


def test_a_round_that_was_not_drawn_is_not_found(client, club, owner):
    cup, _ = _drawn(club)
    client.force_login(owner)

    assert client.get(url("tournament-round", cup, 2)).status_code == 404


def test_two_players_swap_seats_before_the_round_starts(client, club, owner):
    cup, round_ = _drawn(club)
    first, second = round_.tables.order_by("number")
    a, b = first.seats[0], second.seats[2]
    client.force_login(owner)

    response = client.post(url("tournament-swap", cup, 1), {"first": a, "second": b}, follow=True)

    first.refresh_from_db()
    second.refresh_from_db()
    assert (first.seats[0], second.seats[2]) == (b, a)
    (said,) = messages_of(response)
    assert said.endswith("have changed seats.")


def test_a_swap_of_one_player_with_themselves_is_refused_next_to_the_form(client, club, owner):
    cup, round_ = _drawn(club)
    before = seated(round_)
    player = before[0][0]
    client.force_login(owner)

    response = client.post(url("tournament-swap", cup, 1), {"first": player, "second": player})

    assert response.status_code == 400
    assert "Choose two different players to swap." in text_of(response)
    assert seated(round_) == before


def test_once_the_round_has_started_a_swap_is_refused_with_the_services_sentence(
    client, club, owner
):
    cup, round_ = _drawn(club)
    start_round(round_=round_, user=owner)
    before = seated(round_)
    a, b = before[0][0], before[1][0]
    client.force_login(owner)

    response = client.post(url("tournament-swap", cup, 1), {"first": a, "second": b})

    assert response.status_code == 400
    assert "Round 1 has started; its seats can no longer change." in text_of(response)
    assert seated(round_) == before


def test_a_new_draw_asks_first_and_then_draws_the_round_again(client, club, owner):
    cup, round_ = _drawn(club)
    client.force_login(owner)
    old_tables = set(round_.tables.values_list("pk", flat=True))

    asked = client.get(url("tournament-redraw", cup, 1))
    assert asked.status_code == 200
    assert "Draw round 1 again?" in text_of(asked)
    assert set(round_.tables.values_list("pk", flat=True)) == old_tables

    done = client.post(url("tournament-redraw", cup, 1), follow=True)

    assert "Round 1 is drawn again." in messages_of(done)
    assert not old_tables & set(round_.tables.values_list("pk", flat=True))
    assert sorted(len(t) for t in seated(round_)) == [4, 4]


def test_starting_the_round_opens_each_tables_session_and_links_its_scoring_screen(
    client, club, owner
):
    cup, round_ = _drawn(club)
    client.force_login(owner)

    response = client.post(url("tournament-start", cup, 1), follow=True)

    round_.refresh_from_db()
    assert round_.status == RoundStatus.STARTED
    assert "Round 1 has started" in messages_of(response)[0]
    html = response.content.decode()
    for table in round_.tables.select_related("session"):
        assert table.session is not None and table.session.is_active
        assert [s.player_id for s in table.session.seats.order_by("position")] == table.seats
        assert f'href="/clubs/{club.slug}/sessions/{table.session_id}/"' in html
    text = text_of(response)
    assert text.count("in play · 0 hands") == 2
    assert "Force-finish…" in text
    assert "Tables 1, 2 still playing" in text
    assert "Swap two players" not in text


def test_force_finish_asks_first_then_ends_the_tables_session_now(client, club, owner):
    cup, round_ = _drawn(club)
    start_round(round_=round_, user=owner)
    table = round_.tables.get(number=1)
    client.force_login(owner)

    asked = client.get(url("tournament-force-finish", cup, 1, 1))
    table.session.refresh_from_db()
    assert asked.status_code == 200
    assert "End table 1 now?" in text_of(asked)
    assert table.session.is_active

    done = client.post(url("tournament-force-finish", cup, 1, 1), follow=True)

    table.session.refresh_from_db()
    assert not table.session.is_active and table.session.ended_early
    assert "Table 1 is finished with the hands recorded so far." in messages_of(done)
    assert "Table 2 still playing" in text_of(done)


def test_finishing_a_round_with_a_table_still_playing_is_refused_with_a_sentence(
    client, club, owner, django_capture_on_commit_callbacks
):
    cup, round_ = _drawn(club)
    start_round(round_=round_, user=owner)
    first = round_.tables.get(number=1)
    play_in_order(first, list(first.seats), django_capture_on_commit_callbacks)
    client.force_login(owner)

    response = client.post(url("tournament-finish", cup, 1), follow=True)

    assert messages_of(response) == [
        "Table 2 is still playing; finish it (or end it as director) first."
    ]
    round_.refresh_from_db()
    assert round_.status == RoundStatus.STARTED


def test_when_every_table_has_finished_the_round_is_finished_from_its_page(
    client, club, owner, django_capture_on_commit_callbacks
):
    cup, round_ = _drawn(club)
    start_round(round_=round_, user=owner)
    for table in round_.tables.all():
        play_in_order(table, list(table.seats), django_capture_on_commit_callbacks)
    client.force_login(owner)
    page = client.get(url("tournament-round", cup, 1))
    assert "Finish round 1" in text_of(page)
    assert text_of(page).count("Correct a hand") == 2

    response = client.post(url("tournament-finish", cup, 1), follow=True)

    round_.refresh_from_db()
    assert round_.status == RoundStatus.FINISHED
    assert "Round 1 is finished." in messages_of(response)
    assert response.redirect_chain[-1][0] == url("tournament-detail", cup)
    assert "Draw round 2" in text_of(response)


def test_a_second_player_at_a_finished_table_confirms_its_result_from_the_round_page(
    client, club, owner, django_capture_on_commit_callbacks
):
    cup = make_tournament(club, min_table_size=3, max_table_size=3, final_table_size=0)
    meena_user = member(club, "meena")
    meena = link_guest(club=club, guest_id=add_guest(club=club, name="Meena").pk, user=meena_user)
    register(tournament=cup, player=meena)
    check_in(tournament=cup, player=meena)
    enter(cup, ["Ravi", "Sita"])
    round_ = draw_round(tournament=cup, rng=random.Random(2))
    start_round(round_=round_, user=owner)
    table = round_.tables.get()
    client.force_login(meena_user)
    assert "Confirm the result" not in text_of(client.get(url("tournament-round", cup, 1)))
    seat = {pid: pos for pos, pid in enumerate(table.seats)}
    others = [pid for pid in table.seats if pid != meena.pk]
    with django_capture_on_commit_callbacks(execute=True):
        record(
            table.session,
            typed_entry(seat[others[0]], {seat[meena.pk]: 10, seat[others[1]]: 20}, wild="7H"),
        )

    page = client.get(url("tournament-round", cup, 1))
    assert "Confirm the result" in text_of(page) and "not confirmed yet" in text_of(page)
    response = client.post(url("tournament-confirm", cup, 1, 1), follow=True)

    table.refresh_from_db()
    assert table.confirmed_by == meena_user
    assert "Table 1's result is confirmed. Thank you." in messages_of(response)
    assert "confirmed by Meena" in text_of(response)
    assert "Confirm the result" not in text_of(response)


def test_a_confirmation_the_service_refuses_is_shown_as_its_sentence(
    client, club, owner, django_capture_on_commit_callbacks
):
    cup, round_ = _drawn(club)
    start_round(round_=round_, user=owner)
    table = round_.tables.get(number=1)
    play_in_order(table, list(table.seats), django_capture_on_commit_callbacks)
    client.force_login(member(club, "meena"))

    response = client.post(url("tournament-confirm", cup, 1, 1), follow=True)

    assert messages_of(response) == ["Only a player at this table can confirm its result."]
    table.refresh_from_db()
    assert table.confirmed_by is None


def test_the_round_page_reads_a_fixed_number_of_queries_whatever_the_field(
    client, django_assert_max_num_queries, django_capture_on_commit_callbacks
):
    small_club, big_club = make_club("Small Club"), make_club("Big Club")
    counts = []
    for club, players in ((small_club, 8), (big_club, 16)):
        owner = owner_of(club)
        client.force_login(owner)
        cup, round_ = _drawn(club, players=players, seed=players)
        start_round(round_=round_, user=owner)
        for table in round_.tables.order_by("number")[:2]:
            play_in_order(table, list(table.seats), django_capture_on_commit_callbacks)
        with django_assert_max_num_queries(9):
            response = client.get(url("tournament-round", cup, 1))
        assert text_of(response).count("Scoring screen") == players // 4
        # Read cold: the tables' histories kept by their scorers' saves would spare some.
        kept_histories.clear()
        with CaptureQueriesContext(connection) as queries:
            client.get(url("tournament-round", cup, 1))
        counts.append(len(queries))

    assert counts[0] == counts[1]


def _poll(client, cup):
    """What htmx gets when the round page asks for its tables again."""
    return client.get(url("tournament-round", cup, 1), headers={"HX-Request": "true"})


def test_while_a_table_plays_the_round_page_asks_for_its_tables_again_by_itself(
    client, club, owner, django_capture_on_commit_callbacks
):
    cup, round_ = _drawn(club)
    start_round(round_=round_, user=owner)
    first = round_.tables.get(number=1)
    play_in_order(first, list(first.seats), django_capture_on_commit_callbacks)
    client.force_login(owner)

    page = client.get(url("tournament-round", cup, 1)).content.decode()
    polled = _poll(client, cup)

    trigger = 'hx-trigger="every 10s"'
    assert trigger in page and page.count("hx-get=") == 1
    body = polled.content.decode()
    assert "<html" not in body and "<h1" not in body  # the tables only, not the page
    assert body.count('id="round-tables"') == 1 and trigger in body
    assert f'hx-get="{url("tournament-round", cup, 1)}"' in body
    text = text_of(polled)
    assert "Table 1 finished · 1 hand" in text and "Table 2 in play · 0 hands" in text
    assert "Table 2 still playing" in text
    assert "HX-Request" in polled["Vary"]


def test_once_every_table_has_finished_the_polled_tables_stop_asking(
    client, club, owner, django_capture_on_commit_callbacks
):
    cup, round_ = _drawn(club)
    start_round(round_=round_, user=owner)
    for table in round_.tables.all():
        play_in_order(table, list(table.seats), django_capture_on_commit_callbacks)
    client.force_login(owner)

    polled = _poll(client, cup)

    body = polled.content.decode()
    assert 'id="round-tables"' in body
    assert "hx-trigger" not in body and "hx-get" not in body
    assert "Finish round 1" in text_of(polled)


def test_a_round_not_started_yet_does_not_poll_so_the_swap_form_keeps_what_is_typed(
    client, club, owner
):
    cup, _ = _drawn(club)
    client.force_login(owner)

    page = client.get(url("tournament-round", cup, 1))

    assert "Swap two players" in text_of(page)
    assert "hx-trigger" not in page.content.decode()
