"""Tournament endpoints: the list, one tournament, its entries, rounds with their tables,
and its standings; and for directors, entering players, checking them in, drawing and
starting rounds through the same services as the directors' screens. A round's tables are
in `tournament_table_views`, the directors' other steps in `tournament_director_views`.

Who may read what is in `tournaments.api.permissions`. A service's refusal is
a `UserError`, which common/api/errors.py answers as a 400 with its sentence.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict, cast

from django.db.models import Count, F, QuerySet
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_view
from rest_framework import generics, serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.serializers import Serializer

from clubs.api.permissions import ClubAccessMixin
from clubs.models import Player
from common.api.schema import error_responses
from common.http import signed_in_user
from tournaments.api.filters import EntryFilter, RoundFilter, TournamentFilter
from tournaments.api.permissions import TournamentAccessMixin
from tournaments.api.serializers import (
    CheckInSerializer,
    DrawSerializer,
    EntrySerializer,
    RegisterSerializer,
    RoundSerializer,
    StandingsSerializer,
    TournamentDetailSerializer,
    TournamentSerializer,
    round_data,
)
from tournaments.models import Entry, Round, Tournament
from tournaments.selectors import EntryCounts, entry_counts, round_tables, round_view
from tournaments.services.draws import draw_round
from tournaments.services.entries import check_in, register
from tournaments.services.play import start_round
from tournaments.standings import tournament_standings

if TYPE_CHECKING:
    from django_stubs_ext import WithAnnotations

TAGS = ["tournaments"]
READERS = (
    "Members of the club read every tournament; anyone else only a released one (even in "
    "a private club)."
)


@extend_schema_view(
    get=extend_schema(
        tags=TAGS,
        summary="List a club's tournaments",
        description=(
            "Newest first unless ordered otherwise. Members of the club see every "
            "tournament; anyone else only the released ones (and a private club's list only "
            "to its members)."
        ),
        responses={200: TournamentSerializer(many=True), **error_responses(400, 401, 404, 429)},
    )
)
class TournamentList(ClubAccessMixin, generics.ListAPIView):
    serializer_class = TournamentSerializer
    filterset_class = TournamentFilter
    search_fields = ["name"]
    ordering_fields = ["starts_on", "name"]
    ordering = ["-starts_on", "name"]

    def get_queryset(self) -> QuerySet[Tournament]:
        if self.is_schema_run:
            return Tournament.objects.none()
        tournaments = Tournament.objects.filter(club=self.access.club).annotate(
            entry_count=Count("entries")
        )
        if not self.access.is_member:
            tournaments = tournaments.filter(published=True)
        return tournaments

    def get_serializer_context(self) -> dict[str, Any]:
        context = super().get_serializer_context()
        if not self.is_schema_run:
            context["club"] = self.access.club
        return context


class DetailExtras(TypedDict):
    """What `TournamentDetail` sets on the tournament for `TournamentDetailSerializer`."""

    counts: EntryCounts
    entry_count: int
    round_summaries: list[Round]


class TournamentView(TournamentAccessMixin, generics.GenericAPIView):
    # The schema's model; real reads go through access. Subclasses name their own model.
    queryset: QuerySet[Any] = Tournament.objects.none()

    def get_serializer_context(self) -> dict[str, Any]:
        context = super().get_serializer_context()
        if not self.is_schema_run:
            context["club"] = self.tournament.club
            context["tournament"] = self.tournament
        return context

    def round_answer(self, round_: Round, *, code: int = status.HTTP_200_OK) -> Response:
        """The round with its tables as they are now; a new one (201) with its address."""
        # A service hands back its own copy of the round: this tournament is loaded already.
        round_.tournament = self.tournament
        data = round_data(round_view(round_), self.get_serializer_context())
        headers = {"Location": data["url"]} if code == status.HTTP_201_CREATED else None
        return Response(data, status=code, headers=headers)


@extend_schema_view(
    get=extend_schema(
        tags=TAGS,
        summary="One tournament: its set-up, where it stands, its rounds so far",
        description=READERS,
        responses={200: TournamentDetailSerializer, **error_responses(401, 404, 429)},
    )
)
class TournamentDetail(TournamentView):
    serializer_class = TournamentDetailSerializer

    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        # The serializer reads three values set on the instance, beside its fields.
        tournament = cast("WithAnnotations[Tournament, DetailExtras]", self.tournament)
        counts = entry_counts(tournament)
        tournament.counts = counts
        tournament.entry_count = counts.entered
        tournament.round_summaries = list(
            Round.objects.filter(tournament=tournament)
            .annotate(table_count=Count("tables"))
            .order_by("number")
        )
        return Response(self.get_serializer(tournament).data)


@extend_schema_view(
    get=extend_schema(
        tags=TAGS,
        summary="The players entered",
        description=f"In the order they entered unless ordered otherwise. {READERS}",
        responses={200: EntrySerializer(many=True), **error_responses(400, 401, 404, 429)},
    ),
    post=extend_schema(
        tags=TAGS,
        summary="Enter a player or a new guest (organiser or owner)",
        description=(
            'Send {"player": id} for one of the club\'s players, or {"guest_name": "..."} to '
            "add a guest and enter them. Between rounds this is a late entry, checked in at "
            "once and drawn from the next round; entries close at the final table."
        ),
        request=RegisterSerializer,
        responses={201: EntrySerializer, **error_responses(400, 401, 403, 404, 429)},
    ),
)
class EntryList(TournamentView, generics.ListCreateAPIView):
    queryset = Entry.objects.none()  # the schema's model
    serializer_class = EntrySerializer
    filterset_class = EntryFilter
    search_fields = ["name"]
    ordering_fields = ["created_at", "name"]
    ordering = ["created_at", "pk"]

    def get_queryset(self) -> QuerySet[Entry]:
        if self.is_schema_run:
            return Entry.objects.none()
        return (
            Entry.objects.filter(tournament=self.tournament)
            .select_related("player")
            .annotate(name=F("player__name"))
        )

    def get_serializer_class(self) -> type[Serializer]:
        # What a POST takes, for the browsable API's form; the list answers entries.
        return RegisterSerializer if self.request.method == "POST" else EntrySerializer

    def create(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        tournament = self.tournament  # checks the role first: a member's POST is 403, not 400
        body = RegisterSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        player = None
        if body.validated_data.get("player") is not None:
            player = Player.objects.filter(
                pk=body.validated_data["player"], club=tournament.club
            ).first()
            if player is None:
                raise serializers.ValidationError(
                    {"player": [_("There is no such player at the club; check the id.")]}
                )
        entry = register(
            tournament=tournament,
            player=player,
            guest_name=body.validated_data.get("guest_name", ""),
        )
        return Response(EntrySerializer(entry).data, status=status.HTTP_201_CREATED)


@extend_schema_view(
    post=extend_schema(
        tags=TAGS,
        summary="Check an entered player in, or undo it (organiser or owner)",
        description="Only players checked in are drawn into the next round.",
        request=CheckInSerializer,
        responses={200: EntrySerializer, **error_responses(400, 401, 403, 404, 429)},
    )
)
class EntryCheckIn(TournamentView):
    serializer_class = CheckInSerializer

    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        tournament = self.tournament
        entry = get_object_or_404(
            Entry.objects.select_related("player"),
            tournament=tournament,
            player_id=self.kwargs["player_id"],
        )
        body = CheckInSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        entry = check_in(
            tournament=tournament, player=entry.player, present=body.validated_data["present"]
        )
        return Response(EntrySerializer(entry).data)


@extend_schema_view(
    get=extend_schema(
        tags=TAGS,
        summary="The rounds drawn so far, each with its tables",
        description=(
            "Round 1 first, the final table last. Each table lists its seats in order "
            "(player id and name), the seat that deals first and, once the round has "
            f"started, its session and each seat's running total. {READERS}"
        ),
        responses={200: RoundSerializer(many=True), **error_responses(400, 401, 404, 429)},
    ),
    post=extend_schema(
        tags=TAGS,
        summary="Draw the next round (organiser or owner)",
        description=(
            "Seats the players checked in at tables: at random with as few repeat "
            'opponents as can be found, or by the standings with {"swiss": true}. The '
            "previous round must have finished."
        ),
        request=DrawSerializer,
        responses={201: RoundSerializer, **error_responses(400, 401, 403, 404, 429)},
    ),
)
class RoundList(TournamentView, generics.ListCreateAPIView):
    queryset = Round.objects.none()  # the schema's model
    serializer_class = RoundSerializer
    filterset_class = RoundFilter
    ordering_fields = ["number"]
    ordering = ["number"]

    def get_queryset(self) -> QuerySet[Round]:
        if self.is_schema_run:
            return Round.objects.none()
        return Round.objects.filter(tournament=self.tournament)

    def get_serializer_class(self) -> type[Serializer]:
        return DrawSerializer if self.request.method == "POST" else RoundSerializer

    def list(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        page = self.paginate_queryset(self.filter_queryset(self.get_queryset()))
        assert page is not None  # the API always paginates (DEFAULT_PAGINATION_CLASS)
        context = {**self.get_serializer_context(), "tables": round_tables(page)}
        data = RoundSerializer(page, many=True, context=context).data
        return self.get_paginated_response(data)

    def create(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        tournament = self.tournament
        body = DrawSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        round_ = draw_round(tournament=tournament, swiss=body.validated_data["swiss"])
        return self.round_answer(round_, code=status.HTTP_201_CREATED)


class RoundView(TournamentView):
    # Subclasses answer tables, or take a swap or a re-draw.
    serializer_class: type[Serializer[Any]] = RoundSerializer

    def round(self) -> Round:
        round_ = get_object_or_404(Round, tournament=self.tournament, number=self.kwargs["number"])
        round_.tournament = self.tournament
        return round_


@extend_schema_view(
    get=extend_schema(
        tags=TAGS,
        summary="One round and its tables",
        description=(
            "Each table: its seats in order (player id and name), the seat that deals first, "
            "and once the round has started its session, hands counted, running totals, "
            f"whether it has finished and whether its result is confirmed. {READERS}"
        ),
        responses={200: RoundSerializer, **error_responses(401, 404, 429)},
    )
)
class RoundDetail(RoundView):
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return self.round_answer(self.round())


@extend_schema_view(
    post=extend_schema(
        tags=TAGS,
        summary="Start a drawn round (organiser or owner)",
        description=(
            "Opens each table's scoring session, seated and dealt as drawn; from then on its "
            "seats cannot change. Starting a round that has started answers 400."
        ),
        request=None,
        responses={200: RoundSerializer, **error_responses(400, 401, 403, 404, 429)},
    )
)
class RoundStart(RoundView):
    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return self.round_answer(start_round(round_=self.round(), user=signed_in_user(request)))


@extend_schema_view(
    get=extend_schema(
        tags=TAGS,
        summary="The standings: overall, each round's, the final table and the winner",
        description=(
            "Live: tables still in play count with their current totals. `updating` is true "
            "while recorded hands are still being applied. The whole table in one answer (a "
            f"tournament's field is small), in rank order; players level share a rank. {READERS}"
        ),
        responses={
            200: OpenApiResponse(response=StandingsSerializer),
            **error_responses(401, 404, 429),
        },
    )
)
class TournamentStandingsView(TournamentView):
    serializer_class = StandingsSerializer

    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        standings = tournament_standings(self.tournament)
        winners = standings.winners
        data = {
            "status": self.tournament.status,
            "updating": standings.updating,
            "winner": winners[0] if len(winners) == 1 else None,
            "winners": winners,
            "overall": standings.overall,
            "rounds": [
                {"number": number, "lines": lines} for number, lines in standings.rounds.items()
            ],
            "final": standings.final,
        }
        return Response(self.get_serializer(data).data)
