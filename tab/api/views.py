"""The tab's endpoints: the balances and who owes whom, the payments, recording one and
removing one (softly: it stays on record, marked removed).

Members only, even in a public club, as on the web page; tab.services decides who may
record or remove (an organiser, or one of the two players), so a member who may not gets
its sentence with 403.
"""

from __future__ import annotations

import uuid
from functools import cached_property
from typing import Any

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import generics, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.serializers import Serializer

from clubs.api.permissions import ClubAccessMixin
from clubs.roles import Role
from common.api.idempotency import IDEMPOTENCY_HEADER, change_key
from common.api.schema import ErrorSerializer, error_responses
from common.http import signed_in_user
from tab import selectors, services
from tab.api.serializers import (
    PaymentBodySerializer,
    PaymentDetailSerializer,
    PaymentSerializer,
    TabSerializer,
)
from tab.errors import KeyReused
from tab.models import Payment

GONE = {
    409: OpenApiResponse(
        response=ErrorSerializer, description="Someone removed the payment already."
    )
}


class TabView(ClubAccessMixin, generics.GenericAPIView):
    read_role = Role.MEMBER
    write_role = Role.MEMBER  # the service narrows it to organisers and the two players
    queryset = Payment.objects.none()  # the schema's model; real reads go through access

    def get_serializer_context(self) -> dict[str, Any]:
        context = super().get_serializer_context()
        if not self.is_schema_run:
            context["club"] = self.access.club
        return context


class TabDetail(TabView):
    serializer_class = TabSerializer

    @extend_schema(
        tags=["tab"],
        summary="A club's tab: balances and who owes whom (members)",
        description=(
            "Each player's money from finished sessions with a stake (one balance over every "
            "stake, with the breakdown), less the payments recorded, and the fewest payments "
            "that square everyone. The same number of queries however many sessions."
        ),
        responses={200: TabSerializer, **error_responses(401, 403, 404, 429)},
    )
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        tab = selectors.club_tab(self.access.club)
        return Response(TabSerializer(tab, context=self.get_serializer_context()).data)


class PaymentList(TabView, generics.ListAPIView):
    serializer_class = PaymentSerializer

    def get_queryset(self) -> QuerySet[Payment]:
        if self.is_schema_run:
            return Payment.objects.none()
        kept = selectors.payments(self.access.club)
        if self.request.query_params.get("removed") != "true":
            kept = kept.filter(removed_at__isnull=True)
        return kept

    def get_serializer_class(self) -> type[Serializer[Any]]:
        if self.request.method == "POST":
            return PaymentBodySerializer
        return PaymentSerializer

    @extend_schema(
        tags=["tab"],
        summary="List a club's payments (members)",
        description="Latest first. Removed payments only with ?removed=true.",
        parameters=[
            OpenApiParameter(
                "removed",
                OpenApiTypes.BOOL,
                description="true: removed payments too, each with removed_by and removed_at.",
            )
        ],
        responses={200: PaymentSerializer(many=True), **error_responses(400, 401, 403, 404, 429)},
    )
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return self.list(request, *args, **kwargs)

    @extend_schema(
        tags=["tab"],
        summary="Record a payment (an organiser, the payer or the payee)",
        description=(
            "201 with the stored payment. Sending it again with the same Idempotency-Key (or "
            "body client_key) stores nothing new and answers 200 with the payment stored the "
            "first time; the same key for a different payment is refused with 400. Without a "
            "key the server makes one: a retried request may then be stored twice."
        ),
        parameters=[IDEMPOTENCY_HEADER],
        request=PaymentBodySerializer,
        responses={
            201: PaymentDetailSerializer,
            200: OpenApiResponse(PaymentDetailSerializer, description="A repeat of a stored key."),
            **error_responses(400, 401, 403, 404, 429),
        },
    )
    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        body = PaymentBodySerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        key = change_key(request, data.get("client_key"))
        try:
            payment = self._record(request, data, key)
        except KeyReused:
            # The service words it for the page's form; an API client made the key itself.
            raise KeyReused(
                _(
                    "This idempotency key was already used for another payment; make a new "
                    "key for each payment."
                ),
                field="client_key",
            ) from None
        answer = detail(payment, self.get_serializer_context())
        if payment.replayed:
            return Response(answer, headers={"Location": answer["url"]})
        return Response(answer, status=status.HTTP_201_CREATED, headers={"Location": answer["url"]})

    def _record(self, request: Request, data: dict[str, Any], key: uuid.UUID) -> Payment:
        club = self.access.club
        return services.record_payment(
            club=club,
            by=signed_in_user(request),
            payer_id=data["payer_id"],
            payee_id=data["payee_id"],
            amount=data["amount"],
            paid_on=data.get("paid_on") or services.club_today(club),
            note=data["note"],
            client_key=key,
        )


class PaymentDetail(TabView):
    serializer_class = PaymentDetailSerializer

    @cached_property
    def payment(self) -> Payment:
        return get_object_or_404(selectors.payments(self.access.club), pk=self.kwargs["payment_id"])

    @extend_schema(
        tags=["tab"],
        summary="One payment with its history (members)",
        responses={200: PaymentDetailSerializer, **error_responses(401, 403, 404, 429)},
    )
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return Response(detail(self.payment, self.get_serializer_context()))

    @extend_schema(
        tags=["tab"],
        summary="Remove a payment (an organiser, the payer or the payee)",
        description=(
            "Nothing is deleted: the payment stays, marked removed with who and when, and "
            "the tab no longer counts it. Removing it again answers 409."
        ),
        request=None,
        responses={
            200: PaymentDetailSerializer,
            **error_responses(401, 403, 404, 429),
            **GONE,
        },
    )
    def delete(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        payment = services.remove_payment(
            club=self.access.club, by=signed_in_user(request), payment_id=self.payment.pk
        )
        return Response(detail(payment, self.get_serializer_context()))


def detail(payment: Payment, context: dict[str, Any]) -> dict[str, Any]:
    history = list(selectors.payment_history(payment))
    return dict(PaymentDetailSerializer(payment, context={**context, "history": history}).data)
