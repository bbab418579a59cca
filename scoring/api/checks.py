"""The players' answers to each hand and the organisers' decisions on disputed ones, through
the API (scoring/services/checks.py): the same rules as the session screen. An answer is
made by the account whose player sits at the table; a key stores it once."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from clubs.roles import Role
from common.api.idempotency import IDEMPOTENCY_HEADER, change_key
from common.api.schema import error_responses
from common.errors import UserError
from common.http import signed_in_user
from scoring.api.serializers import (
    AnswerBodySerializer,
    AnswerChangeSerializer,
    AnswerSerializer,
    DecideBodySerializer,
    DecisionChangeSerializer,
    DecisionSerializer,
    DisputeBodySerializer,
)
from scoring.api.sessions import SessionView
from scoring.models import HandCheck, Verdict
from scoring.selectors import seat_of, session_board
from scoring.services import checks

ANSWER_DESCRIPTION = """{what} (the player whose account sits at the table, for their own
seat; the player who saved the hand is not asked). Name the `version` you read: a hand
corrected since gets 409 `hand_changed`. 201 with the answer and the session after it; the
same Idempotency-Key again answers 200 with the answer stored the first time."""


class CheckView(SessionView[HandCheck]):
    queryset = HandCheck.objects.none()  # the schema's model; real reads go through access
    write_role = Role.MEMBER  # a player answers for their own seat; checked by the service

    def answered(self, check: HandCheck) -> Response:
        self.session.refresh_from_db()
        body = {
            "answer": AnswerSerializer(check).data,
            "session": self.state(session_board(self.session)),
        }
        return Response(body, status=status.HTTP_200_OK if check.replayed else 201)

    def answer(self, request: Request, verdict: str, reason: str = "") -> Response:
        body_class = DisputeBodySerializer if verdict == Verdict.DISPUTED else AnswerBodySerializer
        body = body_class(data=request.data)
        body.is_valid(raise_exception=True)
        position = seat_of(self.session, request.user)
        if position is None:
            raise UserError(_("You have no seat at this table, so no hand waits for your answer."))
        check = checks.answer_hand(
            session_id=self.session.pk,
            number=self.kwargs["number"],
            version=body.validated_data["version"],
            position=position,
            verdict=verdict,
            reason=body.validated_data.get("reason", ""),
            client_key=change_key(request, body.validated_data.get("client_key")),
            user=signed_in_user(request),
            phone=f"account {request.user.pk}",
        )
        return self.answered(check)


@extend_schema_view(
    post=extend_schema(
        tags=["hands"],
        summary="Confirm a hand (a player at the table)",
        description=ANSWER_DESCRIPTION.format(what="Confirm the hand as entered"),
        parameters=[IDEMPOTENCY_HEADER],
        request=AnswerBodySerializer,
        responses={201: AnswerChangeSerializer, **error_responses(400, 401, 403, 404, 409, 429)},
    )
)
class HandConfirm(CheckView):
    serializer_class = AnswerBodySerializer

    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return self.answer(request, Verdict.CONFIRMED)


@extend_schema_view(
    post=extend_schema(
        tags=["hands"],
        summary="Dispute a hand (a player at the table)",
        description=ANSWER_DESCRIPTION.format(what="Say the hand was entered wrong, and why")
        + " While a hand is disputed its session cannot end.",
        parameters=[IDEMPOTENCY_HEADER],
        request=DisputeBodySerializer,
        responses={201: AnswerChangeSerializer, **error_responses(400, 401, 403, 404, 409, 429)},
    )
)
class HandDispute(CheckView):
    serializer_class = DisputeBodySerializer

    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return self.answer(request, Verdict.DISPUTED)


@extend_schema_view(
    post=extend_schema(
        tags=["hands"],
        summary="Decide a disputed hand (organiser or above)",
        description=(
            "Keep the disputed `version` as entered, or send a `correction` (a hand, as when "
            "recording one) that replaces it; either way with a `reason`. A decided hand asks "
            "no one again. 201 with the decision and the session after it; the same "
            "Idempotency-Key again answers 200 with the decision stored the first time."
        ),
        parameters=[IDEMPOTENCY_HEADER],
        request=DecideBodySerializer,
        responses={
            201: DecisionChangeSerializer,
            **error_responses(400, 401, 403, 404, 409, 429),
        },
    )
)
class HandDecide(SessionView[HandCheck]):
    queryset = HandCheck.objects.none()
    serializer_class = DecideBodySerializer
    write_role = Role.ORGANISER

    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        body = DecideBodySerializer(data=request.data)
        body.is_valid(raise_exception=True)
        decision = checks.decide_hand(
            session_id=self.session.pk,
            number=self.kwargs["number"],
            version=body.validated_data["version"],
            reason=body.validated_data["reason"],
            client_key=change_key(request, body.validated_data.get("client_key")),
            user=signed_in_user(request),
            entry=body.correction_entry(),
        )
        self.session.refresh_from_db()
        data = {
            "decision": DecisionSerializer(decision).data,
            "session": self.state(session_board(self.session)),
        }
        return Response(data, status=status.HTTP_200_OK if decision.replayed else 201)
