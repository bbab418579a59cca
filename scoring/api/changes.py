"""What every change to a session does in the API: its idempotency key, its revision, and
the answers to a conflict.

The services already store a key once and refuse a stale revision; this module only reads
the key and the revision from the request and words the answers for an API client.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any, TypeVar

from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from clubs.errors import UserError
from config.api_errors import user_error_body
from scoring.api.serializers import SessionStateSerializer
from scoring.models import GameSession, HandVersion
from scoring.selectors import session_board

T = TypeVar("T")

IDEMPOTENCY_HEADER = OpenApiParameter(
    name="Idempotency-Key",
    type=OpenApiTypes.UUID,
    location=OpenApiParameter.HEADER,
    required=False,
    description=(
        "A UUID the client makes for this change. Sending the same change again with the same "
        "key returns what was stored the first time instead of storing it twice. The body's "
        "client_key does the same; without either the server makes a key (no protection)."
    ),
)


def change_key(request: Request, body_key: uuid.UUID | None) -> uuid.UUID:
    """The change's key: the Idempotency-Key header or the body's client_key, else a new one."""
    header = request.headers.get("Idempotency-Key", "").strip()
    if not header:
        return body_key or uuid.uuid4()
    try:
        key = uuid.UUID(header)
    except ValueError:
        raise serializers.ValidationError(
            {
                "Idempotency-Key": [
                    _("Send a UUID, such as %(example)s.")
                    % {"example": "0b7f8d52-2b1e-4c1f-9a4e-7d7f1f0e8c11"}
                ]
            }
        ) from None
    if body_key is not None and body_key != key:
        raise serializers.ValidationError(
            {"client_key": [_("It differs from the Idempotency-Key header; send one of them.")]}
        )
    return key


def refuse_foreign_key(session: GameSession, key: uuid.UUID) -> None:
    """A key already used for a change in another session is the client's mistake."""
    used_in = (
        HandVersion.objects.filter(client_key=key)
        .values_list("hand__session_id", flat=True)
        .first()
    )
    if used_in is not None and used_in != session.pk:
        raise UserError(
            _(
                "This idempotency key was already used for a change in another session; make a "
                "new key for each change."
            ),
            field="client_key",
        )


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
