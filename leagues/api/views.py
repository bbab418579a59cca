"""League endpoints: list and set up leagues, read and change one, its table, its marks.

Every view reaches the club through clubs.access and the league only inside that club, so
a league slug of another club is 404 whatever the caller's role elsewhere. Setting up,
changing and marking take the organiser role, as on the web screens.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_view
from rest_framework import generics, status
from rest_framework.filters import BaseFilterBackend
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.serializers import Serializer

from clubs.api.permissions import ClubAccessMixin
from common.api.schema import error_responses
from leagues.api.filters import LeagueFilter, RankOrdering, StandingFilter
from leagues.api.pagination import TablePagination, ranked_page
from leagues.api.serializers import (
    LeagueBodySerializer,
    LeagueDetailSerializer,
    LeagueSerializer,
    MarkSerializer,
    StandingRowSerializer,
    league_rules,
)
from leagues.models import League, LeagueSession, Standing
from leagues.selectors import is_updating, league_table
from leagues.services.setup import create_league, mark_session, update_league
from scoring.access import load_session


class ClubView(ClubAccessMixin, generics.GenericAPIView):
    """Reads for anyone who may see the club; changes for its organisers and owner."""

    def get_serializer_context(self) -> dict[str, Any]:
        context = super().get_serializer_context()
        if not self.is_schema_run:
            context["club"] = self.access.club
        return context


class LeagueView(ClubView):
    queryset = League.objects.none()  # the schema's model; real reads go through access

    @cached_property
    def league(self) -> League:
        league = get_object_or_404(League, club=self.access.club, slug=self.kwargs["league_slug"])
        league.club = self.access.club  # already loaded: nothing below asks for it again
        return league

    def league_answer(self, league: League, *, code: int = status.HTTP_200_OK) -> Response:
        context = {**self.get_serializer_context(), "updating": is_updating(league.club)}
        data = LeagueDetailSerializer(league, context=context).data
        headers = {"Location": data["url"]} if code == status.HTTP_201_CREATED else None
        return Response(data, status=code, headers=headers)


@extend_schema_view(
    get=extend_schema(
        tags=["leagues"],
        summary="List a club's leagues",
        description="Each with its rules; newest season first unless ordered otherwise.",
        responses={200: LeagueSerializer(many=True), **error_responses(400, 401, 404, 429)},
    ),
    post=extend_schema(
        tags=["leagues"],
        summary="Set up a league (organiser or owner)",
        description=(
            "Sessions already played in its dates count at once: the answer's table is complete."
        ),
        request=LeagueBodySerializer,
        responses={201: LeagueDetailSerializer, **error_responses(400, 401, 403, 404, 429)},
    ),
)
class LeagueList(LeagueView, generics.ListCreateAPIView):
    serializer_class = LeagueSerializer
    filterset_class = LeagueFilter
    search_fields = ["name"]
    ordering_fields = ["starts_on", "name"]
    ordering = ["-starts_on", "name"]

    def get_queryset(self) -> QuerySet[League]:
        if self.is_schema_run:
            return League.objects.none()
        return League.objects.filter(club=self.access.club)

    def get_serializer_class(self) -> type[Serializer]:
        # What a POST takes, for the browsable API's form; answers are always leagues.
        return LeagueBodySerializer if self.request.method == "POST" else LeagueSerializer

    def create(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        club = self.access.club  # checks the role first: a member's POST is 403, not 400
        body = LeagueBodySerializer(data=request.data)
        body.is_valid(raise_exception=True)
        league = create_league(club=club, **body.validated_data)
        league.club = club
        return self.league_answer(league, code=status.HTTP_201_CREATED)


@extend_schema_view(
    get=extend_schema(
        tags=["leagues"],
        summary="One league: its dates, games and how its table is ranked",
        responses={200: LeagueDetailSerializer, **error_responses(401, 404, 429)},
    ),
    put=extend_schema(
        tags=["leagues"],
        summary="Change a league's rules (organiser or owner)",
        description=(
            "The whole set of rules: optional fields left out go back to their defaults. "
            "The slug stays, so links keep working; the table is worked out again at once."
        ),
        request=LeagueBodySerializer,
        responses={200: LeagueDetailSerializer, **error_responses(400, 401, 403, 404, 429)},
    ),
    patch=extend_schema(
        tags=["leagues"],
        summary="Change some of a league's rules (organiser or owner)",
        description="Fields left out keep their current values; the table follows at once.",
        request=LeagueBodySerializer(partial=True),
        responses={200: LeagueDetailSerializer, **error_responses(400, 401, 403, 404, 429)},
    ),
)
class LeagueDetail(LeagueView):
    def get_serializer_class(self) -> type[Serializer]:
        # What a change takes, for the browsable API's form; a GET answers the league.
        if self.request.method in ("PUT", "PATCH"):
            return LeagueBodySerializer
        return LeagueDetailSerializer

    def get_object(self) -> League:
        return self.league

    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return self.league_answer(self.league)

    def put(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return self.change(request, partial=False)

    def patch(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return self.change(request, partial=True)

    def change(self, request: Request, *, partial: bool) -> Response:
        league = self.league  # checks the role first: a member's change is 403, not 400
        body = LeagueBodySerializer(data=request.data, partial=partial)
        body.is_valid(raise_exception=True)
        rules = {**league_rules(league), **body.validated_data} if partial else body.validated_data
        return self.league_answer(update_league(league=league, **rules))


@extend_schema_view(
    get=extend_schema(
        tags=["leagues"],
        summary="The league table",
        description=(
            "Ranked players first, in rank order (the league's basis, then its tie-breakers; "
            "players still level share a rank), then players with too few sessions for a "
            "rank (rank null). `updating` is true while recorded hands are still being "
            "applied. Filters keep each row's rank in the whole table; the only ordering is "
            "the table's own."
        ),
        responses={
            200: StandingRowSerializer(many=True),
            **error_responses(400, 401, 404, 429),
        },
    )
)
class LeagueStandings(LeagueView, generics.ListAPIView):
    serializer_class = StandingRowSerializer
    pagination_class = TablePagination
    filter_backends: list[type[BaseFilterBackend]] = [StandingFilter, RankOrdering]

    def get_queryset(self) -> QuerySet[Standing]:
        # The rows come from league_table (ranked in Python); this names the model for the
        # schema and the browsable API only.
        return Standing.objects.none()

    def list(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        table = league_table(self.league)
        return ranked_page(self, table.rows, updating=table.updating)


@extend_schema_view(
    get=extend_schema(
        tags=["leagues"],
        summary="Whether a session is marked to count for the league",
        responses={200: MarkSerializer, **error_responses(401, 404, 429)},
    ),
    put=extend_schema(
        tags=["leagues"],
        summary="Count a session for a league of marked sessions (organiser or owner)",
        description="Marking a marked session again changes nothing. The table follows at once.",
        request=None,
        responses={200: MarkSerializer, **error_responses(400, 401, 403, 404, 429)},
    ),
    delete=extend_schema(
        tags=["leagues"],
        summary="Stop counting a session for the league (organiser or owner)",
        description=(
            "Nothing is lost: the session and its hands stay, and marking it again counts it "
            "again. Unmarking an unmarked session changes nothing."
        ),
        request=None,
        responses={
            204: OpenApiResponse(description="The session no longer counts."),
            **error_responses(400, 401, 403, 404, 429),
        },
    ),
)
class LeagueSessionMark(LeagueView):
    serializer_class = MarkSerializer

    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        session = load_session(self.access, self.kwargs["session_id"])
        counts = LeagueSession.objects.filter(league=self.league, session=session).exists()
        return self.answer(session.pk, counts)

    def put(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        session_id = self.mark(counts=True)
        return self.answer(session_id, True)

    def delete(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        self.mark(counts=False)
        return Response(status=status.HTTP_204_NO_CONTENT)

    def mark(self, *, counts: bool) -> int:
        league = self.league
        session = load_session(self.access, self.kwargs["session_id"])
        mark_session(league=league, session=session, counts=counts)
        return session.pk

    def answer(self, session_id: int, counts: bool) -> Response:
        mark = {"session_id": session_id, "counts": counts}
        return Response(self.get_serializer(mark).data)
