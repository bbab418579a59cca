"""A history no one can quietly change: every hand version is linked into its session's hash
chain as it is saved, and `manage.py verify_history` finds a change made behind the app's
back (an UPDATE or a DELETE straight in the database)."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection
from django.db.models import ProtectedError
from django.test import Client
from django.urls import reverse
from django.utils import translation

from scoring import chain
from scoring.chain_records import first_break
from scoring.models import GameSession, HandVersion
from scoring.services import hands
from tests.api.helpers import seat, session_url, with_token
from tests.factories import (
    correct,
    make_club,
    make_session,
    owner_of,
    record,
    typed_entry,
    undo,
    void,
)

pytestmark = pytest.mark.django_db

CHAIN_MIGRATION = importlib.import_module("scoring.migrations.0008_history_chain")


@pytest.fixture
def evening():
    """Three hands, one corrected, one voided, the last undone: six versions."""
    session = make_session(make_club("Tuesday Club"), names=("Asha", "Bala", "Chitra"))
    for number in range(3):
        winner = number % 3
        record(session, typed_entry(winner, {p: 10 + number for p in range(3) if p != winner}))
    correct(session, 1, typed_entry(0, {1: 25, 2: 5}), reason="Bala's count was wrong")
    void(session, 2, reason="misdeal")
    undo(session)
    session.refresh_from_db()
    return session


def versions(session: GameSession) -> list[HandVersion]:
    return list(HandVersion.objects.filter(hand__session=session).order_by("chain_seq"))


def verify(*args: str) -> tuple[bool, str]:
    try:
        call_command("verify_history", *args, stdout=open("/dev/null", "w"), stderr=None)
    except CommandError as error:
        return False, str(error)
    return True, ""


def test_every_version_is_linked_after_the_one_saved_before_it(evening):
    stored = versions(evening)
    assert [v.chain_seq for v in stored] == [1, 2, 3, 4, 5, 6]
    previous = chain.START
    for version in stored:
        assert version.digest and version.digest != previous
        previous = version.digest
    assert (evening.chain_length, evening.chain_head) == (6, stored[-1].digest)
    assert first_break(evening) is None
    assert verify() == (True, "")


def test_a_replayed_hand_is_not_linked_twice():
    session = make_session(make_club("Replay Club"), names=("Asha", "Bala"))
    first = record(session, typed_entry(0, {1: 20}))
    again = hands.record_hand(
        session_id=session.pk,
        entry=typed_entry(0, {1: 20}),
        client_key=first.client_key,
        revision=None,
        user=session.created_by,
    )
    session.refresh_from_db()
    assert again.replayed and session.chain_length == 1
    assert first_break(session) is None


def _run(sql: str, *params: object) -> None:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)


def test_a_ledger_changed_in_the_database_is_named_by_its_hand_and_version(evening, capsys):
    target = versions(evening)[1]  # hand 2, version 1
    changed = {**target.ledger, "scores": {**target.ledger["scores"], "1": 999}}
    HandVersion.objects.filter(pk=target.pk).update(ledger=changed)  # behind the services
    found = first_break(evening)
    assert found is not None and "hand 2, version 1" in str(found)
    ok, message = verify()
    assert not ok and "1 of 1 session" in message
    assert "hand 2, version 1" in capsys.readouterr().err


def test_an_update_by_plain_sql_of_who_recorded_it_is_caught(evening):
    other = owner_of(make_club("Other Club"))
    _run(
        "UPDATE scoring_handversion SET created_by_id = %s WHERE id = %s",
        other.pk,
        versions(evening)[0].pk,
    )
    found = first_break(evening)
    assert found is not None and "hand 1, version 1" in str(found)


def test_rewriting_a_record_and_its_own_digest_breaks_the_record_after_it(evening):
    stored = versions(evening)
    target = stored[2]
    target.reason = "nothing happened"
    forged = chain.link(stored[1].digest, chain.content_of_version(target))
    HandVersion.objects.filter(pk=target.pk).update(reason=target.reason, digest=forged)
    found = first_break(evening)
    assert found is not None and "version" in str(found)
    assert str(found).startswith(f"session {evening.pk}, hand {stored[3].hand.number}")


def test_a_version_deleted_in_the_middle_of_the_history_is_caught(evening):
    gone = versions(evening)[2]
    _run("DELETE FROM scoring_handversion WHERE id = %s", gone.pk)
    found = first_break(evening)
    assert found is not None and "record 3 of the history is missing" in str(found)
    assert not verify("--session", str(evening.pk))[0]


def test_the_last_version_deleted_is_caught_by_the_sessions_head(evening):
    _run("DELETE FROM scoring_handversion WHERE id = %s", versions(evening)[-1].pk)
    found = first_break(evening)
    assert found is not None and found.record == ""
    assert "says 6 records" in str(found) and "5 are stored" in str(found)


def test_the_command_checks_only_the_club_or_session_asked_for(evening):
    other = make_session(make_club("Clean Club"), names=("Esha", "Farid"))
    record(other, typed_entry(0, {1: 3}))
    HandVersion.objects.filter(pk=versions(evening)[0].pk).update(reason="edited")
    assert verify("--club", "clean-club") == (True, "")
    assert verify("--session", str(other.pk)) == (True, "")
    assert not verify("--club", evening.club.slug)[0]


def test_the_migration_links_versions_stored_before_the_chain_the_same_way(evening):
    digests = [v.digest for v in versions(evening)]
    HandVersion.objects.update(chain_seq=0, digest="")
    GameSession.objects.update(chain_head=chain.START, chain_length=0)
    CHAIN_MIGRATION.link_stored_versions(apps, None)
    evening.refresh_from_db()
    assert [v.digest for v in versions(evening)] == digests
    assert evening.chain_head == digests[-1] and first_break(evening) is None


def test_an_account_that_recorded_hands_cannot_be_deleted(evening):
    with pytest.raises(ProtectedError):
        evening.created_by.delete()


@pytest.mark.parametrize("language", ["en", "hi", "ne", "ta"])
@pytest.mark.parametrize("page", ["session-summary", "session-sheet"])
def test_the_summary_and_the_score_sheet_show_the_history_code(evening, page, language):
    evening.club.is_public = True
    evening.club.save()
    client = Client()
    client.cookies["django_language"] = language
    url = reverse(page, kwargs={"slug": evening.club.slug, "session_id": evening.pk})
    html = client.get(url).content.decode()
    assert evening.history_code == chain.short_code(evening.chain_head)
    assert evening.history_code in html
    with translation.override(language):
        heading = translation.pgettext(
            "the short code that changes if a session's stored hands change", "History code"
        )
    assert heading in html
    if language != "en":
        assert heading != "History code"  # translated


def test_a_session_without_hands_shows_no_code():
    session = make_session(make_club("Quiet Club", is_public=True), names=("Asha", "Bala"))
    assert session.history_code == ""
    url = reverse("session-summary", kwargs={"slug": session.club.slug, "session_id": session.pk})
    assert "history-code" not in Client().get(url).content.decode()


def test_the_api_gives_the_history_code_and_each_versions_digest(evening):
    client = with_token(evening.created_by)
    session = client.get(session_url(evening)).json()
    assert session["history_code"] == evening.history_code != ""
    hand = client.get(session_url(evening, "hands/1/")).json()
    stored = {v.version: v.digest for v in versions(evening) if v.hand.number == 1}
    assert {v["version"]: v["digest"] for v in hand["versions"]} == stored
    created = client.post(
        session_url(evening, "hands/"),
        {"seats": [seat(0, "won"), seat(1, "lost", penalty=4), seat(2, "lost", penalty=9)]},
        format="json",
    ).json()
    evening.refresh_from_db()
    assert created["session"]["history_code"] == evening.history_code
    assert created["hand"]["digest"] == evening.chain_head
