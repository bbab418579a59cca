"""Joining a table through the API, by the code the table shows (scoring/services/joins.py):
the same rules as the join page. Anyone with the code reads the table's seats; a member
whose player sits there is told so, anyone else gets the address of that seat's own page."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.urls import reverse
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from common import bounds
from common.api.idempotency import IDEMPOTENCY_HEADER, change_key
from common.api.schema import error_responses
from common.bounds import WholeNumber
from common.join_codes import normal_code
from scoring.models import GameSession, Seat, SeatLink
from scoring.selectors import seat_of
from scoring.services import joins


class JoinSeatSerializer(serializers.Serializer):
    position = serializers.IntegerField(help_text="Whose seat.")
    name = serializers.CharField(help_text="The player at it.")
    joined = serializers.BooleanField(help_text="A phone without an account holds it.")


class JoinTableSerializer(serializers.Serializer):
    session_url = serializers.CharField(help_text="The session in the API.")
    club = serializers.CharField(help_text="The club's name.")
    game = serializers.CharField()
    seats = JoinSeatSerializer(many=True)


class JoinBodySerializer(serializers.Serializer):
    position = WholeNumber(max_value=bounds.POSITION, help_text="The seat that is yours.")
    client_key = serializers.UUIDField(
        required=False, help_text="The join's idempotency key (or the Idempotency-Key header)."
    )


class JoinedSerializer(serializers.Serializer):
    position = serializers.IntegerField()
    joined_as = serializers.ChoiceField(
        choices=["member", "guest"],
        help_text="member: the token's account plays there, and answers as itself; guest: "
        "`player_url` is the seat's own page, valid until the scorer frees the seat.",
    )
    session_url = serializers.CharField()
    player_url = serializers.CharField(allow_null=True)


@extend_schema_view(
    get=extend_schema(
        tags=["sessions"],
        summary="A table to join, by its code",
        responses={200: JoinTableSerializer, **error_responses(404, 429)},
    ),
    post=extend_schema(
        tags=["sessions"],
        summary="Join a table's seat, by its code",
        description=(
            "A member whose player sits at `position` is answered 200 `member`; anyone else "
            "gets 201 `guest` and the seat's own page, refused (400) while another phone "
            "holds the seat. The same Idempotency-Key again answers 200 with the same page."
        ),
        parameters=[IDEMPOTENCY_HEADER],
        request=JoinBodySerializer,
        responses={200: JoinedSerializer, 201: JoinedSerializer, **error_responses(400, 404, 429)},
    ),
)
class JoinTable(APIView):
    permission_classes = [AllowAny]

    def _session(self) -> GameSession:
        code = normal_code(self.kwargs["code"])
        session = GameSession.objects.filter(join_code=code).select_related("club").first()
        if session is None:
            raise Http404("No table has this code.")
        return session

    def _session_url(self, session: GameSession) -> str:
        path = reverse("api-session-detail", args=(session.club.slug, session.pk))
        return self.request.build_absolute_uri(path)

    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        session = self._session()
        taken = set(
            SeatLink.objects.filter(session=session, revoked_at=None).values_list(
                "position", flat=True
            )
        )
        seats = Seat.objects.filter(session=session, seated=True).select_related("player")
        data = {
            "session_url": self._session_url(session),
            "club": session.club.name,
            "game": session.get_variant_display(),
            "seats": [
                {"position": s.position, "name": s.player.name, "joined": s.position in taken}
                for s in sorted(seats, key=lambda seat: seat.place)
            ],
        }
        return Response(JoinTableSerializer(data).data)

    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        session = self._session()
        body = JoinBodySerializer(data=request.data)
        body.is_valid(raise_exception=True)
        position = body.validated_data["position"]
        answer = {"position": position, "session_url": self._session_url(session)}
        if seat_of(session, request.user) == position:
            return Response(
                JoinedSerializer(answer | {"joined_as": "member", "player_url": None}).data
            )
        link = joins.join_seat(
            session_id=session.pk,
            position=position,
            client_key=change_key(request, body.validated_data.get("client_key")),
        )
        page = request.build_absolute_uri(reverse("player-view", args=(joins.signed(link),)))
        data = JoinedSerializer(answer | {"joined_as": "guest", "player_url": page}).data
        return Response(data, status=status.HTTP_200_OK if link.replayed else 201)
