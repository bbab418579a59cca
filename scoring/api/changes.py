"""What every change to a session does in the API: its idempotency key, its revision, and
the answers to a conflict.

The services already store a key once and refuse a stale revision; this module words the
answers for an API client. Reading the key is common/api/idempotency.py's (payments share it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

from django.utils.translation import gettext as _
from rest_framework import status
from rest_framework.response import Response

from common.api.errors import user_error_body
from common.errors import UserError
from scoring.api.serializers import SessionStateSerializer
from scoring.errors import KeyUsedElsewhere
from scoring.models import GameSession
from scoring.selectors import session_board

T = TypeVar("T")


@contextmanager
def key_of_this_session() -> Iterator[None]:
    """A key already used for a change in another session is the client's mistake: the
    service finds it under its lock (`KeyUsedElsewhere`); the API says it in its words."""
    try:
        yield
    except KeyUsedElsewhere as error:
        raise UserError(
            _(
                "This idempotency key was already used for a change in another session; make a "
                "new key for each change."
            ),
            field="client_key",
        ) from error


def with_revision(session: GameSession, revision: int | None, change: Callable[[int], T]) -> T:
    """Run `change(revision)`; without a revision from the client, the session's current one.

    (Not for an append: one without a revision passes None on, see SessionView.keyed_append.)
    """
    return change(session.revision if revision is None else revision)


def session_state(session: GameSession, context: dict[str, Any]) -> dict[str, Any]:
    """The session as it is now (someone may have changed it a moment ago)."""
    session.refresh_from_db()
    return SessionStateSerializer(session_board(session), context=context).data


def conflict(error: UserError, session: GameSession, context: dict[str, Any]) -> Response:
    """409 for a stale revision or an ended session: the sentence and the session now."""
    body = user_error_body(error, session=session_state(session, context))
    return Response(body, status=status.HTTP_409_CONFLICT)
