"""The full rebuild as one Celery task per club: the same tables as the one-process rebuild,
each club on its own, and safe to run twice. (A real worker: tests/integration.)"""

from __future__ import annotations

from datetime import timedelta
from io import StringIO

import pytest
from celery.exceptions import TimeoutError as ResultTimeout
from django.core.management import CommandError, call_command
from django.utils import timezone

from leagues import fanout
from leagues.models import PendingUpdate, Rating, SessionResult, Standing
from leagues.services import rebuild, updates
from leagues.tasks import rebuild_club_task
from tests.factories import record, typed_entry
from tests.leagues.clubs import play_clubs, tournament_lines
from tests.leagues.helpers import derived_state
from tournaments.models import StandingsLine

pytestmark = pytest.mark.django_db


@pytest.fixture
def clubs(django_capture_on_commit_callbacks):
    return play_clubs(3, applied=lambda: django_capture_on_commit_callbacks(execute=True))


def _everything() -> tuple[dict, list]:
    return derived_state(), tournament_lines()


def _spoil_everything() -> None:
    """What a rebuild must put right: lost results, wrong lines and ratings."""
    SessionResult.objects.filter(pk__in=SessionResult.objects.values("pk")[:5]).delete()
    Standing.objects.update(points=999)
    Rating.objects.update(mu=1.0)
    StandingsLine.objects.update(rank=99)


def _rebuild(*args: str) -> str:
    out = StringIO()
    call_command("rebuild_standings", *args, stdout=out)
    return out.getvalue()


def test_the_fanned_out_rebuild_gives_what_the_one_process_rebuild_gave(clubs, monkeypatch):
    applied = _everything()
    updates.rebuild_everything()
    assert _everything() == applied
    queued = []
    task = rebuild_club_task.apply_async

    def spy(*args, **kwargs):
        queued.append(kwargs["args"])
        return task(*args, **kwargs)

    monkeypatch.setattr(rebuild_club_task, "apply_async", spy)
    _spoil_everything()

    report = _rebuild()

    assert sorted(queued) == sorted((club.pk,) for club in clubs)  # one task per club
    assert _everything() == applied
    assert "Rebuilt 14 sessions, 6 leagues, 6 rating pools and 1 tournaments of 3 clubs" in report


def test_a_clubs_rebuild_touches_no_other_club(clubs):
    applied = derived_state()
    first, second, third = clubs
    _spoil_everything()

    rebuild_club_task.apply(args=(second.pk,))

    def lines(club) -> list[tuple]:
        return [line for line in derived_state()["standings"] if line[0] in leagues[club.pk]]

    leagues = {club.pk: {league.pk for league in club.leagues.all()} for club in clubs}
    assert lines(second) == [line for line in applied["standings"] if line[0] in leagues[second.pk]]
    assert {points for _, _, _, points, *_ in lines(first) + lines(third)} == {999}


def test_running_a_clubs_task_twice_changes_nothing(clubs):
    applied = _everything()
    _spoil_everything()

    for _ in range(2):
        for club in clubs:
            assert rebuild_club_task.apply(args=(club.pk,)).successful()
        assert _everything() == applied


def test_a_hand_recorded_during_a_clubs_rebuild_keeps_its_update(clubs, monkeypatch):
    """The rebuild clears the marks it read at its start; one made while it runs (a hand it
    may not have seen) stays for the hand's own update."""
    club = clubs[1]
    seen_before, recorded_during = club.sessions.order_by("pk")[:2]
    with_pending = [seen_before]
    PendingUpdate.objects.create(session=seen_before, club=club)
    PendingUpdate.objects.create(session=recorded_during, club=club)
    reading = rebuild.session_boards

    def boards_while_a_hand_arrives(*args, **kwargs):
        PendingUpdate.objects.filter(session=recorded_during).update(
            marked_at=timezone.now() + timedelta(seconds=1)
        )
        return reading(*args, **kwargs)

    monkeypatch.setattr(rebuild, "session_boards", boards_while_a_hand_arrives)

    rebuild.rebuild_club(club.pk)

    assert not PendingUpdate.objects.filter(session__in=with_pending).exists()
    assert PendingUpdate.objects.filter(session=recorded_during).exists()


def test_the_rebuild_applies_every_pending_update_of_its_clubs(clubs):
    session = clubs[2].sessions.get(ending="open")
    record(session, typed_entry(0, {1: 5, 2: 5, 3: 5}, wild="7H"))  # its update never ran
    assert PendingUpdate.objects.filter(session=session).exists()

    _rebuild()

    assert not PendingUpdate.objects.exists()
    assert {r.hands_played for r in SessionResult.objects.filter(session=session)} == {2}


def test_one_club_can_be_rebuilt_by_its_address_name(clubs):
    applied = derived_state()
    Standing.objects.update(points=999)

    report = _rebuild("--club", clubs[0].slug)

    assert "of 1 clubs" in report
    rebuilt = {league.pk for league in clubs[0].leagues.all()}
    assert [s for s in derived_state()["standings"] if s[0] in rebuilt] == [
        s for s in applied["standings"] if s[0] in rebuilt
    ]
    assert Standing.objects.exclude(league__in=rebuilt).filter(points=999).exists()


def test_an_unknown_club_is_named(clubs):
    with pytest.raises(CommandError, match="No club with the address name nowhere"):
        _rebuild("--club", "nowhere")


class _Never:
    """A club's task no worker ever took."""

    def ready(self) -> bool:
        return False

    def get(self, **kwargs):
        raise ResultTimeout("not yet")


class _Failed:
    def ready(self) -> bool:
        return True

    def get(self, **kwargs):
        return ValueError("the database went away")

    def successful(self) -> bool:
        return False


def test_without_a_worker_the_command_says_which_clubs_are_not_done(clubs, monkeypatch):
    first, second, third = clubs
    results = {first.pk: rebuild_club_task.apply(args=(first.pk,))}
    results |= {second.pk: _Failed(), third.pk: _Never()}
    monkeypatch.setattr(fanout, "queue_rebuild", lambda ids: results)
    err = StringIO()

    with pytest.raises(CommandError, match="not complete"):
        call_command("rebuild_standings", "--timeout", "0.1", stdout=StringIO(), stderr=err)

    assert f"Club {second.pk} was not rebuilt: ValueError: the database went away" in err.getvalue()
    assert "1 clubs were not rebuilt within 0.1 s: is a worker running" in err.getvalue()
    assert f"Not done: {third.pk}." in err.getvalue()


def test_no_wait_only_queues(clubs, monkeypatch):
    queued = []
    monkeypatch.setattr(fanout, "queue_rebuild", lambda ids: queued.extend(ids) or {})

    assert "Queued the rebuild of 3 clubs, one task each." in _rebuild("--no-wait")
    assert queued == [club.pk for club in clubs]


def test_a_game_the_club_no_longer_has_sessions_of_leaves_no_ratings(clubs):
    club = clubs[1]
    games = set(club.sessions.values_list("variant", flat=True))
    assert Rating.objects.filter(club=club).values("variant").distinct().count() == len(games)
    gone = sorted(games)[0]
    club.sessions.filter(variant=gone).delete()

    rebuild_club_task.apply(args=(club.pk,))

    assert not Rating.objects.filter(club=club, variant=gone).exists()
    assert Rating.objects.filter(club=club).exclude(variant=gone).exists()
