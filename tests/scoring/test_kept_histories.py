"""A process keeps the history of the sessions it read last (scoring/history_store.py): a
board read again at the same revision asks the database for its seats alone, and never
shows a history other than the one the database holds now."""

from __future__ import annotations

import json
import uuid

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring import selectors
from scoring.history_store import HistoryStore
from scoring.models import GameSession, HandVersion
from scoring.selectors import kept_histories, session_board, stamp_of
from scoring.services import hands
from tests.scoring.factories import (
    logged_in,
    make_club,
    make_session,
    record,
    scorer_of,
    session_url,
    typed_entry,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def game():
    session = make_session(make_club("Tuesday Club"), names=("Asha", "Bala", "Chitra"))
    for number in range(4):
        winner = number % 3
        record(session, typed_entry(winner, {p: 7 + number for p in range(3) if p != winner}))
    session.refresh_from_db()
    return session


def queries_of(session: GameSession) -> tuple[int, selectors.Board]:
    with CaptureQueriesContext(connection) as queries:
        board = session_board(session)
    return len(queries), board


def test_a_board_read_again_at_its_revision_reads_the_seats_alone_and_says_the_same(game):
    kept_histories.clear()
    first_count, first = queries_of(game)
    again_count, again = queries_of(game)
    assert (first_count, again_count) == (3, 1)  # seats, seat changes, hands / seats
    assert again.rows == first.rows and again.totals == first.totals
    assert again.next_dealer == first.next_dealer


def test_a_board_read_after_a_change_has_the_change_even_from_a_session_read_before_it(game):
    before = session_board(game)
    record(game, typed_entry(1, {0: 40, 2: 2}))
    # `game` is still at the old revision: the board is the database's, not the kept one.
    after = session_board(game)
    assert len(after.rows) == len(before.rows) + 1
    assert after.totals[1] == before.totals[1] + 42


def test_a_renamed_player_is_shown_by_the_new_name_at_the_same_revision(game):
    session_board(game)
    seat = game.seats.get(position=1)
    seat.player.name = "Balaji"
    seat.player.save()
    assert session_board(game).names[1] == "Balaji"


def test_a_committed_change_leaves_its_history_kept_at_the_new_revision(
    game, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        version = record(game, typed_entry(2, {0: 3, 1: 4}))
    game.refresh_from_db()
    kept = kept_histories.get(game.pk, stamp_of(game))
    assert kept is not None and kept.rows == version.board_after.rows
    assert kept.rows == session_board(game, fresh=True).rows


def test_a_change_rolled_back_leaves_no_copy_behind(game, django_capture_on_commit_callbacks):
    kept_histories.clear()

    class Abandoned(Exception):
        pass

    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        with pytest.raises(Abandoned), transaction.atomic():
            version = record(game, typed_entry(2, {0: 3, 1: 4}))
            raise Abandoned
    assert callbacks == []
    assert kept_histories.get(game.pk, stamp_of(version.board_after.session)) is None
    game.refresh_from_db()
    # The write read the history at the revision it started from, and may keep that one.
    kept = kept_histories.get(game.pk, stamp_of(game))
    assert kept is None or len(kept.rows) == 4
    assert len(session_board(game).rows) == 4


def test_a_history_read_while_a_change_commits_is_not_kept(game, monkeypatch):
    """The revision moved between the seats' read and the hands': what was read may mix
    two revisions, so it is used once and not kept."""
    kept_histories.clear()
    real = selectors._current_versions

    def racing(**where):
        GameSession.objects.filter(pk=game.pk).update(revision=game.revision + 1)
        return real(**where)

    monkeypatch.setattr(selectors, "_current_versions", racing)
    session_board(game)
    assert len(kept_histories) == 0


def test_a_fresh_read_neither_uses_nor_keeps_a_copy(game):
    kept_histories.clear()
    session_board(game, fresh=True)
    assert len(kept_histories) == 0


def test_every_screen_leaves_the_kept_history_as_stored(game):
    """What is kept is shared by every request of the process: no reader may change it."""
    club = game.club
    client = logged_in(scorer_of(club))
    hands.correct_hand(
        session_id=game.pk,
        number=2,
        entry=typed_entry(0, {1: 9, 2: 9}),
        client_key=uuid.uuid4(),
        revision=GameSession.objects.get(pk=game.pk).revision,
        user=game.created_by,
        reason="A mistake",
    )
    game.refresh_from_db()
    addresses = [
        session_url("session-detail", game),
        session_url("session-detail", game) + "?hands=all",
        session_url("session-live", game) + "?revision=0",
        session_url("session-summary", game),
        session_url("session-sheet", game),
        session_url("session-csv", game),
        session_url("hand-history", game, number=2),
        reverse("api-hand-detail", kwargs={"slug": club.slug, "session_id": game.pk, "number": 2}),
        session_url("hand-edit", game, number=2),
        reverse("api-session-detail", kwargs={"slug": club.slug, "session_id": game.pk}),
        reverse("api-hand-list", kwargs={"slug": club.slug, "session_id": game.pk}),
    ]
    for address in addresses:
        assert client.get(address, HTTP_ACCEPT="application/json").status_code == 200, address
        kept = kept_histories.get(game.pk, stamp_of(game))
        assert kept is not None
        stored = HandVersion.objects.filter(hand__session=game, is_current=True).order_by(
            "hand__number"
        )
        as_stored = [json.loads(json.dumps([v.ledger, v.entry])) for v in stored]
        kept_now = [json.loads(json.dumps([r.ledger, r.entry.as_json()])) for r in kept.rows]
        assert kept_now == as_stored, address


def test_the_store_keeps_a_sessions_latest_history_and_drops_the_least_recently_read():
    store: HistoryStore[str] = HistoryStore(limit=10)
    store.put(1, (1, None), "one at 1", size=4)  # type: ignore[arg-type]
    store.put(1, (2, None), "one at 2", size=4)  # type: ignore[arg-type]
    assert store.get(1, (1, None)) is None  # type: ignore[arg-type]
    store.put(2, (1, None), "two", size=4)  # type: ignore[arg-type]
    assert store.get(1, (2, None)) == "one at 2"  # type: ignore[arg-type]
    store.put(3, (1, None), "three", size=4)  # type: ignore[arg-type]
    # Session 2 was read longest ago: it went to make room.
    assert store.get(2, (1, None)) is None  # type: ignore[arg-type]
    assert store.get(1, (2, None)) == "one at 2"  # type: ignore[arg-type]
    store.put(4, (1, None), "too big", size=11)  # type: ignore[arg-type]
    assert store.get(4, (1, None)) is None and len(store) == 2  # type: ignore[arg-type]


def test_no_history_is_kept_when_the_setting_keeps_none(game, settings):
    settings.KEPT_HISTORY_HANDS = 0
    kept_histories.clear()
    session_board(game)
    assert len(kept_histories) == 0
