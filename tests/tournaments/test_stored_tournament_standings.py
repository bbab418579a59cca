"""A tournament's standings are stored by the update that applies its tables' hands."""

from __future__ import annotations

import random

import pytest
from django.core.management import call_command

from leagues.models import PendingUpdate
from leagues.services.updates import apply_session
from tests.factories import correct, make_club, owner_of, record, typed_entry
from tests.tournaments.factories import enter, make_tournament, play_round
from tournaments.models import StandingsLine
from tournaments.services.draws import draw_round
from tournaments.services.final import cut_to_final
from tournaments.services.play import start_round
from tournaments.standings import compute_standings, tournament_standings

pytestmark = pytest.mark.django_db

EIGHT = ("Asha", "Bala", "Chitra", "Dev", "Esha", "Farid", "Gita", "Hari")


def _summary(standings):
    """Everything a page shows of the standings, as plain values."""

    def lines(lines):
        return [
            (line.rank, line.player.name, line.score, line.played, line.wins, line.carried)
            for line in lines
        ]

    return {
        "overall": lines(standings.overall),
        "rounds": {n: lines(round_lines) for n, round_lines in standings.rounds.items()},
        "final": lines(standings.final),
    }


def _stored_lines():
    return sorted(
        StandingsLine.objects.values_list(
            "tournament_id", "stage", "round_number", "position", "rank", "entry_id", "carried"
        )
    )


def _played_cup(capture):
    cup = make_tournament(make_club(), rounds=2, final_table_size=4)
    enter(cup, EIGHT)
    rng = random.Random(5)
    for _round in (1, 2):
        play_round(draw_round(tournament=cup, rng=rng), capture, rng)
    return cup


def test_the_stored_standings_are_what_ranking_the_results_afresh_gives(
    django_capture_on_commit_callbacks,
):
    cup = _played_cup(django_capture_on_commit_callbacks)

    stored = tournament_standings(cup)

    assert len(stored.overall) == len(EIGHT)
    assert set(stored.rounds) == {1, 2}
    assert _summary(stored) == _summary(compute_standings(cup))


def test_a_new_entry_and_the_cut_show_in_the_stored_standings_at_once(
    django_capture_on_commit_callbacks,
):
    cup = _played_cup(django_capture_on_commit_callbacks)

    cut_to_final(tournament=cup, rng=random.Random(2))

    final = tournament_standings(cup).final
    assert len(final) == 4
    assert [line.carried for line in final] == [
        line.score for line in compute_standings(cup).overall[:4]
    ]


def test_a_registration_gives_the_player_a_line_before_any_hand():
    cup = make_tournament(make_club())

    enter(cup, ["Asha", "Bala"])

    assert [line.player.name for line in tournament_standings(cup).overall] == ["Asha", "Bala"]


def test_the_standings_say_updating_until_the_hand_is_applied(
    django_capture_on_commit_callbacks,
):
    cup = make_tournament(make_club(), rounds=1, final_table_size=0, round_target=3)
    players = enter(cup, EIGHT[:4])
    round_ = draw_round(tournament=cup, rng=random.Random(1))
    start_round(round_=round_, user=owner_of(cup.club))
    table = round_.tables.get()
    winner = table.seats.index(players[0].pk)
    losers = {pos: 40 for pos in range(4) if pos != winner}

    # The hand is stored, but its update has not run (its commit callbacks are dropped).
    with django_capture_on_commit_callbacks(execute=False):
        record(table.session, typed_entry(winner, losers, wild="7H"))

    pending = tournament_standings(cup)
    assert pending.updating
    assert all(line.played == 0 for line in pending.overall)
    assert PendingUpdate.objects.filter(session=table.session).exists()

    apply_session(table.session_id)

    applied = tournament_standings(cup)
    assert not applied.updating
    leader = applied.overall[0]
    assert (leader.player.name, leader.played) == ("Asha", 1)


def test_the_rebuild_gives_the_tournament_standings_the_updates_gave(
    django_capture_on_commit_callbacks,
):
    cup = _played_cup(django_capture_on_commit_callbacks)
    table = cup.round_set.get(number=1).tables.first()
    seats = len(table.seats)
    # A correction to a finished round: its table's result and the standings move.
    with django_capture_on_commit_callbacks(execute=True):
        correct(
            table.session,
            1,
            typed_entry(seats - 1, {p: 5 * (p + 1) for p in range(seats - 1)}, wild="7H"),
            reason="Wrong winner",
        )
    incremental = _stored_lines()
    assert incremental

    StandingsLine.objects.all().delete()
    call_command("rebuild_standings", verbosity=0)

    assert _stored_lines() == incremental


def test_a_tournament_with_no_stored_lines_is_ranked_afresh(django_capture_on_commit_callbacks):
    """A tournament from before the lines were stored reads right until its next update."""
    cup = _played_cup(django_capture_on_commit_callbacks)
    expected = _summary(tournament_standings(cup))
    StandingsLine.objects.filter(tournament=cup).delete()

    assert _summary(tournament_standings(cup)) == expected
