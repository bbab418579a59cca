"""A club's leaderboard per game, and one player's statistics: read-only, like the pages."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import exceptions, generics, status
from rest_framework.filters import BaseFilterBackend
from rest_framework.request import Request
from rest_framework.response import Response

from clubs.models import Player
from common.api.schema import error_responses
from leagues.api.filters import LeaderboardFilter, RankOrdering
from leagues.api.pagination import TablePagination, ranked_page
from leagues.api.serializers import LeaderboardRowSerializer, PlayerStatsSerializer
from leagues.api.views import ClubView
from leagues.models import Rating
from leagues.rating_scale import POINTS_PER_UNIT, START
from leagues.selectors import is_updating, leaderboard, player_stats
from leagues.services.ratings import PROVISIONAL_GAMES
from scoring.models import Variant

GAMES = ", ".join(Variant.values)

VARIANT_IN_PATH = OpenApiParameter(
    name="variant",
    type=OpenApiTypes.STR,
    location=OpenApiParameter.PATH,
    enum=Variant.values,
    description="The game.",
)


class UnknownGame(exceptions.APIException):
    # Not a NotFound: common/api/errors.py words every NotFound the same way, while a
    # mistyped game deserves the list of the right names.
    status_code = status.HTTP_404_NOT_FOUND
    default_code = "not_found"


@extend_schema_view(
    get=extend_schema(
        tags=["leaderboards"],
        summary="A club's leaderboard for one game",
        description=(
            "Every rated player of the game at the club, by conservative rating (mu less three "
            f"sigma), highest first; `rating` is the same on the scale people read ({START} "
            f"for a new player, {START} + {POINTS_PER_UNIT} x ordinal). A player with no rated "
            "session of the game within the club's window (90 days unless the club chose "
            "otherwise) is left out until they play one. A rating with fewer than "
            f"{PROVISIONAL_GAMES} rated sessions is provisional. A game nobody has finished "
            "a session of yet has an empty board. `updating` is true while recorded hands "
            "are still being applied. Filters keep each row's rank on the whole board; the "
            "only ordering is the board's own."
        ),
        parameters=[VARIANT_IN_PATH],
        responses={
            200: LeaderboardRowSerializer(many=True),
            **error_responses(400, 401, 404, 429),
        },
    )
)
class Leaderboard(ClubView, generics.ListAPIView):
    serializer_class = LeaderboardRowSerializer
    pagination_class = TablePagination
    filter_backends: list[type[BaseFilterBackend]] = [LeaderboardFilter, RankOrdering]

    def get_queryset(self) -> QuerySet[Rating]:
        # The rows come from the leaderboard selector (ranked there); this names the model
        # for the schema and the browsable API only.
        return Rating.objects.none()

    def list(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        club = self.access.club  # first: a private club is 404 whatever game is asked for
        variant = self.kwargs["variant"]
        if variant not in Variant.values:
            raise UnknownGame(
                # Translators: %(games)s lists the game codes to send, kept as they are.
                _("There is no game called %(name)s; use one of %(games)s.")
                % {"name": repr(variant), "games": GAMES}
            )
        rows = leaderboard(club, variant)
        return ranked_page(self, rows, updating=is_updating(club))


@extend_schema_view(
    get=extend_schema(
        tags=["players"],
        summary="A player's statistics: games, best hands, ratings and their history",
        description=(
            "`by_variant` sums every session the player sat in at the club, per game; "
            "`best_hands` are the sessions with the player's best single hands (five at "
            "most); `ratings` one per rated game; `rating_history` the rating after every "
            "rated session, by game, oldest first."
        ),
        responses={200: PlayerStatsSerializer, **error_responses(401, 404, 429)},
    )
)
class PlayerStatsView(ClubView):
    serializer_class = PlayerStatsSerializer
    queryset = Player.objects.none()  # the schema's model; real reads go through access

    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        club = self.access.club
        player = get_object_or_404(Player, pk=self.kwargs["player_id"], club=club)
        player.club = club
        stats = player_stats(player)
        data = {
            "player": player,
            "updating": is_updating(club),
            "provisional_games": PROVISIONAL_GAMES,
            "by_variant": stats.by_variant,
            "best_hands": stats.best_hands,
            "ratings": stats.ratings,
            "history": stats.history,
        }
        # Whether each rating is on its game's leaderboard: the ratings' serializer reads it.
        context = {**self.get_serializer_context(), "listed": stats.listed}
        return Response(self.get_serializer_class()(data, context=context).data)
