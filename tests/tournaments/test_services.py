"""Running a tournament through its services: entries, draws, tables, the final table."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from clubs.services import add_guest, link_guest
from common.errors import UserError
from tests.factories import join, make_club, make_user, owner_of, record, typed_entry
from tests.tournaments.factories import (
    NAMES,
    enter,
    make_tournament,
    play_in_order,
    play_round,
    seated,
)
from tournaments.models import (
    Entry,
    Round,
    RoundStatus,
    RoundTable,
    TournamentStatus,
)
from tournaments.services.draws import draw_round, redraw_round, swap_players
from tournaments.services.entries import check_in, register, withdraw
from tournaments.services.final import carried_score, cut_to_final
from tournaments.services.play import confirm_table, finish_round, force_finish_table, start_round
from tournaments.services.setup import set_published
from tournaments.standings import tournament_standings

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    return make_club("Hill Club")


def _pairs(tables):
    return {frozenset(pair) for table in tables for pair in combinations(table, 2)}


@pytest.mark.parametrize(
    ("options", "field", "sentence"),
    [
        ({"name": " "}, "name", "Give the tournament a name"),
        ({"variant": "indian21", "max_table_size": 7}, "max_table_size", "2 to 6 players"),
        ({"min_table_size": 5, "max_table_size": 4}, "min_table_size", "smallest"),
        ({"placing_points": []}, "placing_points", "points for 1st, 2nd"),
        ({"round_target": 0}, "round_target", "from 1 to 500"),
        ({"tie_breakers": ["wins", "wins"]}, "tie_breakers", "each once"),
        ({"final_table_size": 1}, "final_table_size", "final table"),
        ({"options": {"no_such_option": 1}}, "options", "."),
    ],
)
def test_a_tournament_that_cannot_be_run_is_refused_with_a_sentence(club, options, field, sentence):
    with pytest.raises(UserError, match=sentence) as caught:
        make_tournament(club, **options)
    assert caught.value.field == field


def test_a_twelve_player_tournament_runs_from_registration_to_the_winner(
    club, django_capture_on_commit_callbacks
):
    rng = random.Random(5)
    cup = make_tournament(club)
    players = enter(cup, NAMES[:12])
    no_show = enter(cup, ["Zoya"], check_in=False)[0]

    # Round 1: the twelve checked-in players at three tables of four; the no-show is not drawn.
    first = draw_round(tournament=cup, rng=rng)
    assert sorted(len(t) for t in seated(first)) == [4, 4, 4]
    assert no_show.pk not in {p for t in seated(first) for p in t}
    cup.refresh_from_db()
    assert cup.status == TournamentStatus.RUNNING
    play_round(first, django_capture_on_commit_callbacks, rng)

    # Between rounds: one withdraws, one enters late (checked in at once).
    withdraw(tournament=cup, player=players[0])
    late = register(tournament=cup, guest_name="Mani")
    assert (late.entered_round, late.checked_in) == (2, True)

    second = draw_round(tournament=cup, rng=rng)
    drawn = {p for t in seated(second) for p in t}
    assert players[0].pk not in drawn and late.player_id in drawn
    assert len(drawn) == 12
    # Three tables of four cannot split a table of four three ways without one pair meeting
    # again: the fewest repeats are one for each first-round table still four strong.
    still_four = sum(1 for t in seated(first) if len(set(t) & drawn) == 4)
    assert len(_pairs(seated(first)) & _pairs(seated(second))) == still_four
    play_round(second, django_capture_on_commit_callbacks, rng)

    # Round 3 by standings: the top table holds the four best of those still playing.
    ranking = [line.pk for line in tournament_standings(cup).overall if not line.withdrawn]
    third = draw_round(tournament=cup, swiss=True, rng=rng)
    assert third.swiss
    assert set(seated(third)[0]) == set(ranking[:4])
    play_round(third, django_capture_on_commit_callbacks, rng)

    with pytest.raises(UserError, match="All 3 rounds"):
        draw_round(tournament=cup, rng=rng)

    standings = tournament_standings(cup)
    top = [line for line in standings.overall if not line.withdrawn][:4]
    final = cut_to_final(tournament=cup, rng=rng)
    assert set(seated(final)[0]) == {line.pk for line in top}
    carried = dict(
        Entry.objects.filter(tournament=cup, carried__isnull=False).values_list(
            "player_id", "carried"
        )
    )
    assert carried == {line.pk: line.score for line in top}

    start_round(round_=final, user=owner_of(club))
    table = final.tables.get()
    play_in_order(table, list(reversed(seated(final)[0])), django_capture_on_commit_callbacks)
    finish_round(round_=final)

    cup.refresh_from_db()
    assert cup.status == TournamentStatus.FINISHED
    result = tournament_standings(cup)
    scores = [line.score for line in result.final]
    assert scores == sorted(scores, reverse=True)
    assert result.winner == result.final[0].player
    with pytest.raises(UserError, match="Entries are closed"):
        register(tournament=cup, guest_name="Nila")


def test_an_impossible_draw_is_refused_with_the_sentence_and_changes_nothing(club):
    cup = make_tournament(club, min_table_size=4, max_table_size=4)
    enter(cup, NAMES[:5])

    with pytest.raises(UserError, match=r"5 players") as caught:
        draw_round(tournament=cup, rng=random.Random(1))

    assert caught.value.field == "players"
    assert not Round.objects.exists() and not RoundTable.objects.exists()
    cup.refresh_from_db()
    assert cup.status == TournamentStatus.REGISTRATION


def test_two_players_can_be_swapped_before_the_round_starts_but_not_after(club):
    cup = make_tournament(club)
    asha, bala, *_ = enter(cup, NAMES[:8])
    round_ = draw_round(tournament=cup, rng=random.Random(2))
    before = seated(round_)
    table_of = {p: i for i, t in enumerate(before) for p in t}
    if table_of[asha.pk] == table_of[bala.pk]:
        bala = next(
            e.player
            for e in Entry.objects.select_related("player")
            if table_of[e.player_id] != table_of[asha.pk]
        )

    swap_players(round_=round_, first=asha, second=bala)

    after = seated(round_)
    assert asha.pk in after[table_of[bala.pk]] and bala.pk in after[table_of[asha.pk]]
    with pytest.raises(UserError, match="themself"):
        swap_players(round_=round_, first=asha, second=asha)

    start_round(round_=round_, user=owner_of(club))
    with pytest.raises(UserError, match="has started"):
        swap_players(round_=round_, first=asha, second=bala)
    with pytest.raises(UserError, match="has started"):
        redraw_round(round_=round_)


def test_each_table_starts_as_drawn_with_the_rounds_ending(club):
    cup = make_tournament(club, round_ending="deals", round_target=2)
    enter(cup, NAMES[:7])
    round_ = draw_round(tournament=cup, rng=random.Random(3))

    start_round(round_=round_, user=owner_of(club))

    for table in round_.tables.select_related("session"):
        session = table.session
        assert [s.player_id for s in session.seats.order_by("position")] == table.seats
        assert session.first_dealer == table.first_dealer
        assert (session.ending, session.ending_target) == ("deals", 2)
        assert session.variant == "indian21" and session.is_active


def test_a_round_that_has_not_started_can_be_drawn_again_with_a_late_check_in(club):
    cup = make_tournament(club)
    enter(cup, NAMES[:7])
    late = enter(cup, ["Zoya"], check_in=False)[0]
    round_ = draw_round(tournament=cup, rng=random.Random(4))
    assert sum(len(t) for t in seated(round_)) == 7

    check_in(tournament=cup, player=late)
    redraw_round(round_=round_, rng=random.Random(4))

    assert sorted(len(t) for t in seated(round_)) == [4, 4]
    assert late.pk in {p for t in seated(round_) for p in t}


def test_entries_and_withdrawals_wait_until_the_round_in_play_has_finished(club):
    cup = make_tournament(club)
    asha, *_ = enter(cup, NAMES[:6])
    draw_round(tournament=cup, rng=random.Random(5))

    with pytest.raises(UserError, match="Round 1 is drawn; enter the player once"):
        register(tournament=cup, guest_name="Zoya")
    with pytest.raises(UserError, match="withdraw the player once it has finished"):
        withdraw(tournament=cup, player=asha)
    with pytest.raises(UserError, match="already entered"):
        Round.objects.all().delete()
        register(tournament=cup, player=asha)


def test_a_round_with_a_table_still_playing_cannot_be_finished(
    club, django_capture_on_commit_callbacks
):
    cup = make_tournament(club, round_ending="minutes", round_target=45)
    enter(cup, NAMES[:8])
    round_ = draw_round(tournament=cup, rng=random.Random(6))
    start_round(round_=round_, user=owner_of(club))
    first, second = round_.tables.order_by("number")
    play_in_order(first, first.seats, django_capture_on_commit_callbacks)

    with pytest.raises(UserError, match="Tables 1, 2 are still playing"):
        finish_round(round_=round_)

    # Time is called: the director ends both tables.
    with django_capture_on_commit_callbacks(execute=True):
        force_finish_table(table=first)
        force_finish_table(table=second)
    finish_round(round_=round_)

    round_.refresh_from_db()
    assert round_.status == RoundStatus.FINISHED
    first.session.refresh_from_db()
    assert not first.session.is_active and first.session.ended_early


def test_only_another_player_at_the_table_confirms_its_finished_result(
    club, django_capture_on_commit_callbacks
):
    cup = make_tournament(club, min_table_size=3, max_table_size=3, final_table_size=0)
    players = enter(cup, NAMES[:3])
    scorer, checker, stranger = make_user("scorer"), make_user("checker"), make_user("stranger")
    players[0].user, players[1].user = scorer, checker
    players[0].save()
    players[1].save()
    round_ = draw_round(tournament=cup, rng=random.Random(7))
    start_round(round_=round_, user=owner_of(club))
    table = round_.tables.get()

    with pytest.raises(UserError, match="once its session has finished"):
        confirm_table(table=table, user=checker)
    seat = {p: pos for pos, p in enumerate(table.seats)}
    with django_capture_on_commit_callbacks(execute=True):
        record(
            table.session,
            typed_entry(
                seat[players[0].pk], {seat[players[1].pk]: 10, seat[players[2].pk]: 20}, wild="7H"
            ),
            user=scorer,
        )
    with pytest.raises(UserError, match="Only a player at this table"):
        confirm_table(table=table, user=stranger)
    with pytest.raises(UserError, match="another player at the table"):
        confirm_table(table=table, user=scorer)

    confirm_table(table=table, user=checker)

    table.refresh_from_db()
    assert table.confirmed_by == checker and table.confirmed_at is not None
    with pytest.raises(UserError, match="already confirmed"):
        confirm_table(table=table, user=checker)


@pytest.mark.parametrize(
    ("carry", "expected"),
    [("full", [5, 5, 3, 3]), ("half", [3, 3, 2, 2]), ("reset", [0, 0, 0, 0])],
)
def test_the_final_table_carries_the_top_scores_in_full_halved_or_reset(
    club, django_capture_on_commit_callbacks, carry, expected
):
    cup = make_tournament(
        club, rounds=1, min_table_size=4, max_table_size=4, carry=carry, tie_breakers=[]
    )
    enter(cup, NAMES[:8])
    round_ = draw_round(tournament=cup, rng=random.Random(8))
    with pytest.raises(UserError, match="cut to the final table once it has finished"):
        cut_to_final(tournament=cup)
    play_round(round_, django_capture_on_commit_callbacks, random.Random(8))

    final = cut_to_final(tournament=cup, rng=random.Random(8))

    finalists = Entry.objects.filter(tournament=cup, carried__isnull=False)
    assert sorted(finalists.values_list("carried", flat=True), reverse=True) == expected
    # The winners and runners-up of both tables: 5 and 3 placing points each.
    assert len(seated(final)[0]) == 4
    cup.refresh_from_db()
    assert cup.status == TournamentStatus.FINAL
    with pytest.raises(UserError, match="once, after the last round"):
        cut_to_final(tournament=cup)


def test_halving_a_score_rounds_half_up():
    assert [carried_score(s, "half") for s in (7, 6, 1, 0, -7)] == [4, 3, 1, 0, -3]


def test_a_tournament_is_hidden_until_the_organiser_releases_it(club):
    cup = make_tournament(club)
    assert not cup.published

    set_published(tournament=cup, published=True)

    cup.refresh_from_db()
    assert cup.published


def test_a_guest_is_not_linked_over_an_account_with_a_tournament_entry_of_its_own():
    club = make_club("Link Club")
    tournament = make_tournament(club)
    guest = add_guest(club=club, name="Guest Gita")
    gita = make_user("gita", "Gita")
    join(club, gita)
    own = club.players.create(name="Gita", user=gita)
    register(tournament=tournament, player=own)

    with pytest.raises(UserError, match="already plays as Gita"):
        link_guest(club=club, guest_id=guest.pk, user=gita)
    guest.refresh_from_db()
    assert guest.user is None
