"""Hand endpoints: list and record hands, read one with its history, correct it, void it.

Changes follow the web screens' rules through the same services: a key stores a change
once, a stale revision is refused with the session as it is now, and every correction is a
new version with who, when and why.
"""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.http import Http404
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_view
from rest_framework import generics
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.serializers import Serializer

from common.api.idempotency import IDEMPOTENCY_HEADER
from common.api.schema import error_responses
from common.http import signed_in_user
from scoring.api.filters import HandFilter
from scoring.api.serializers import (
    CorrectHandSerializer,
    HandChangeSerializer,
    HandEntrySerializer,
    HandHistorySerializer,
    HandRowSerializer,
    VoidHandSerializer,
)
from scoring.api.sessions import SessionView
from scoring.hand_checks import hand_states
from scoring.models import HandStatus, HandVersion
from scoring.selectors import counted_hands, hand_history, session_board
from scoring.services import hands

RECORD_DESCRIPTION = """Record the next hand (scorer or above).

201 with the stored hand and the session after it. Sending the same change again with the
same Idempotency-Key (or body client_key) stores nothing new and answers 200 with the hand
stored the first time. Without a key the server makes one: a retried request may then be
stored twice. With `revision`, a session that changed since is refused with 409 and the
session as it is now; without it, the hand is added to the session as it is."""


class HandView(SessionView[HandVersion]):
    queryset = HandVersion.objects.none()  # the schema's model; real reads go through access

    def get_serializer_context(self) -> dict[str, Any]:
        context = super().get_serializer_context()
        if not self.is_schema_run:
            context["session"] = self.session
        return context


@extend_schema_view(
    get=extend_schema(
        tags=["hands"],
        summary="List a session's counted hands",
        description="Each with its scores and the running totals after it; undone hands are "
        "left out, void ones are listed.",
        responses={200: HandRowSerializer(many=True), **error_responses(400, 401, 404, 429)},
    ),
    post=extend_schema(
        tags=["hands"],
        summary="Record a hand",
        description=RECORD_DESCRIPTION,
        parameters=[IDEMPOTENCY_HEADER],
        request=HandEntrySerializer,
        responses={
            201: HandChangeSerializer,
            200: OpenApiResponse(HandChangeSerializer, description="A repeat of a stored key."),
            **error_responses(400, 401, 403, 404, 409, 429),
        },
    ),
)
class HandList(HandView, generics.ListCreateAPIView[HandVersion]):
    serializer_class = HandRowSerializer
    filterset_class = HandFilter
    ordering_fields = ["number"]
    ordering = ["number"]

    def get_queryset(self) -> QuerySet[HandVersion]:
        if self.is_schema_run:
            return HandVersion.objects.none()
        return counted_hands(self.session)

    def get_serializer_class(self) -> type[Serializer[Any]]:
        # What a POST takes, for the browsable API's form; the list answers hand rows.
        return HandEntrySerializer if self.request.method == "POST" else HandRowSerializer

    def list(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        page = self.paginate_queryset(self.filter_queryset(self.get_queryset()))
        assert page is not None  # every list is paged (DEFAULT_PAGINATION_CLASS)
        # The running totals need every earlier hand: the board has them in two queries.
        rows = {row.number: row for row in session_board(self.session).rows}
        # The page's versions come with their hand (counted_hands selects it).
        numbers = [version.hand.number for version in page]
        page_rows = [rows[number] for number in numbers if number in rows]
        context = {**self.get_serializer_context(), "states": hand_states(self.session)}
        data = HandRowSerializer(page_rows, many=True, context=context).data
        return self.get_paginated_response(data)

    def create(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        version, repeat = self.keyed_append(
            request,
            HandEntrySerializer,
            lambda body, key, revision: hands.record_hand(
                session_id=self.session.pk,
                entry=body.hand_entry(),
                client_key=key,
                revision=revision,
                user=signed_in_user(request),
            ),
        )
        return self.changed(version, created=not repeat)


@extend_schema_view(
    get=extend_schema(
        tags=["hands"],
        summary="One hand: its current version and every version before it",
        responses={200: HandHistorySerializer, **error_responses(401, 404, 429)},
    ),
    put=extend_schema(
        tags=["hands"],
        summary="Correct a hand (scorer or above)",
        description=(
            "Replaces what was entered for the hand; a reason is required. The old version "
            "stays in the hand's history and the totals follow at once. Same idempotency key "
            "and revision rules as recording."
        ),
        parameters=[IDEMPOTENCY_HEADER],
        request=CorrectHandSerializer,
        responses={200: HandChangeSerializer, **error_responses(400, 401, 403, 404, 409, 429)},
    ),
)
class HandDetail(HandView):
    def get_serializer_class(self) -> type[Serializer[Any]]:
        # What a PUT takes, for the browsable API's form; a GET answers the hand's history.
        return CorrectHandSerializer if self.request.method == "PUT" else HandHistorySerializer

    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        number = self.kwargs["number"]
        versions = list(hand_history(self.session, number))
        if not versions:
            raise Http404("No such hand in this session.")
        hand = versions[0].hand
        for version in versions:
            version.hand = hand  # one hand: read once, not once a version
        current = next((v for v in versions if v.is_current), versions[0])
        shown = None
        if current.status != HandStatus.REMOVED:
            rows = session_board(self.session).rows
            shown = next((row.shown_number for row in rows if row.number == number), None)
        history = {
            "number": number,
            "shown_number": shown,
            "dealer": hand.dealer,
            "current": current,
            "versions": versions,
        }
        data = HandHistorySerializer(history, context=self.get_serializer_context()).data
        # A plain dict: the browsable API then draws an empty correction form instead of
        # trying to fill one from the history.
        return Response(dict(data))

    def put(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        version, _ = self.keyed_change(
            request,
            CorrectHandSerializer,
            lambda body, key, revision: hands.correct_hand(
                session_id=self.session.pk,
                number=self.kwargs["number"],
                entry=body.hand_entry(),
                client_key=key,
                revision=revision,
                user=signed_in_user(request),
                reason=body.validated_data["reason"],
            ),
        )
        return self.changed(version)


@extend_schema_view(
    post=extend_schema(
        tags=["hands"],
        summary="Void a hand (scorer or above)",
        description=(
            "The hand stays dealt (the deal moves on) but scores nothing; a reason is required. "
            "Same idempotency key and revision rules as recording."
        ),
        parameters=[IDEMPOTENCY_HEADER],
        request=VoidHandSerializer,
        responses={200: HandChangeSerializer, **error_responses(400, 401, 403, 404, 409, 429)},
    )
)
class HandVoid(HandView):
    serializer_class = VoidHandSerializer

    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        version, _ = self.keyed_change(
            request,
            VoidHandSerializer,
            lambda body, key, revision: hands.void_hand(
                session_id=self.session.pk,
                number=self.kwargs["number"],
                client_key=key,
                revision=revision,
                user=signed_in_user(request),
                reason=body.validated_data["reason"],
            ),
        )
        return self.changed(version)
