"""Club and player endpoints: thin views over clubs.access, clubs.services and selectors."""

from __future__ import annotations

from django.db.models import QuerySet
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import generics, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.serializers import Serializer

from clubs.api.filters import ClubFilter, PlayerFilter
from clubs.api.permissions import ClubAccessMixin
from clubs.api.serializers import (
    ClubDetailSerializer,
    ClubSerializer,
    GuestSerializer,
    PlayerSerializer,
)
from clubs.models import Club, Player
from clubs.roles import Role
from clubs.selectors import visible_clubs
from clubs.services import add_guest
from common.api.schema import error_responses


@extend_schema_view(
    get=extend_schema(
        tags=["clubs"],
        summary="List clubs",
        description="Public clubs, and when you are logged in, your own clubs too.",
        responses={200: ClubSerializer(many=True), **error_responses(400, 401, 429)},
    )
)
class ClubList(generics.ListAPIView):
    serializer_class = ClubSerializer
    filterset_class = ClubFilter
    search_fields = ["name"]
    ordering_fields = ["name", "created_at"]
    ordering = ["name"]

    def get_queryset(self) -> QuerySet[Club]:
        return visible_clubs(self.request.user)


@extend_schema_view(
    get=extend_schema(
        tags=["clubs"],
        summary="One club, with your role in it",
        responses={200: ClubDetailSerializer, **error_responses(401, 404, 429)},
    )
)
class ClubDetail(ClubAccessMixin, generics.RetrieveAPIView):
    serializer_class = ClubDetailSerializer
    queryset = Club.objects.none()  # the club comes from clubs.access, never a lookup here

    def get_object(self) -> Club:
        return self.access.club


class ClubScopedList(ClubAccessMixin, generics.GenericAPIView):
    def get_serializer_context(self) -> dict:
        context = super().get_serializer_context()
        if not self.is_schema_run:
            context["club"] = self.access.club
        return context


@extend_schema_view(
    get=extend_schema(
        tags=["players"],
        summary="List a club's players",
        description="Members and guests: everyone who can be seated at the club's tables.",
        responses={200: PlayerSerializer(many=True), **error_responses(400, 401, 404, 429)},
    ),
    post=extend_schema(
        tags=["players"],
        summary="Add a guest (organiser or owner)",
        request=GuestSerializer,
        responses={201: PlayerSerializer, **error_responses(400, 401, 403, 404, 429)},
    ),
)
class PlayerList(ClubScopedList, generics.ListCreateAPIView):
    serializer_class = PlayerSerializer
    filterset_class = PlayerFilter
    search_fields = ["name"]
    ordering_fields = ["name", "created_at"]
    ordering = ["name"]
    write_role = Role.ORGANISER

    def get_queryset(self) -> QuerySet[Player]:
        if self.is_schema_run:
            return Player.objects.none()
        return Player.objects.filter(club=self.access.club)

    def get_serializer_class(self) -> type[Serializer]:
        # What a POST takes, for the browsable API's form; answers are always players.
        return GuestSerializer if self.request.method == "POST" else PlayerSerializer

    def create(self, request: Request, *args: object, **kwargs: object) -> Response:
        body = GuestSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        guest = add_guest(club=self.access.club, name=body.validated_data["name"])
        data = PlayerSerializer(guest, context=self.get_serializer_context()).data
        return Response(data, status=status.HTTP_201_CREATED)


@extend_schema_view(
    get=extend_schema(
        tags=["players"],
        summary="One player",
        responses={200: PlayerSerializer, **error_responses(401, 404, 429)},
    )
)
class PlayerDetail(ClubScopedList, generics.RetrieveAPIView):
    serializer_class = PlayerSerializer
    lookup_url_kwarg = "player_id"

    def get_queryset(self) -> QuerySet[Player]:
        if self.is_schema_run:
            return Player.objects.none()
        return Player.objects.filter(club=self.access.club)
