"""The idempotency key every keyed change of the API reads: a hand, a correction, a payment.

The `Idempotency-Key` header or the body's `client_key` names one change: the services keep
the key with what they stored, and a repeat of the key gets the stored result back instead
of a second one (docs/api.md, "Nothing doubled"). This module only reads the key.
"""

from __future__ import annotations

import uuid

from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter
from rest_framework import serializers
from rest_framework.request import Request

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
