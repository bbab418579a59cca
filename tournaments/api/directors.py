"""The directors' steps between entering players and the winner: withdraw a player, swap
two players or draw a round again before it starts, finish a round, cut to the final table.

Each is one POST that calls the service the directors' screens call and answers what it
changed. Organisers and the owner only (`tournament_permissions`); a service's refusal is a
400 with its sentence, and nothing is written.
"""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from clubs.models import Player
from common.api.schema import error_responses
from tournaments.api.serializers import EntrySerializer, RoundSerializer, SwapSerializer
from tournaments.api.views import TAGS, RoundView, TournamentView
from tournaments.models import Entry
from tournaments.services.draws import redraw_round, swap_players
from tournaments.services.entries import withdraw
from tournaments.services.final import cut_to_final
from tournaments.services.play import finish_round

DIRECTORS = "Organisers and the owner; a refusal answers 400 with a sentence and changes nothing."


@extend_schema_view(
    post=extend_schema(
        tags=TAGS,
        summary="Withdraw an entered player (organiser or owner)",
        description=(
            "The player is left out of the draws to come; their results so far stay in the "
            "standings. Only between rounds (not while one is drawn or in play), and not once "
            f"the tournament has finished. {DIRECTORS}"
        ),
        request=None,
        responses={200: EntrySerializer, **error_responses(400, 401, 403, 404, 429)},
    )
)
class EntryWithdraw(TournamentView):
    serializer_class = EntrySerializer

    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        tournament = self.tournament
        entry = get_object_or_404(
            Entry.objects.select_related("player"),
            tournament=tournament,
            player_id=self.kwargs["player_id"],
        )
        withdrawn = withdraw(tournament=tournament, player=entry.player)
        withdrawn.player = entry.player
        return Response(EntrySerializer(withdrawn).data)


@extend_schema_view(
    post=extend_schema(
        tags=TAGS,
        summary="Swap two players' seats before the round starts (organiser or owner)",
        description=(
            'Send {"first": player_id, "second": player_id}: each takes the other\'s seat, at '
            "the same table or another. Both must be seated in the round, and the round not "
            f"started. {DIRECTORS}"
        ),
        request=SwapSerializer,
        responses={200: RoundSerializer, **error_responses(400, 401, 403, 404, 429)},
    )
)
class RoundSwap(RoundView):
    serializer_class = SwapSerializer  # what a POST takes, for the browsable API's form

    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        round_ = self.round()  # the role first: a member's swap is 403, whatever the body
        body = SwapSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        ids = {body.validated_data["first"], body.validated_data["second"]}
        players = Player.objects.filter(club=self.tournament.club, pk__in=ids).in_bulk()
        unknown = {
            field: [_("There is no such player at the club; check the id.")]
            for field in ("first", "second")
            if body.validated_data[field] not in players
        }
        if unknown:
            raise serializers.ValidationError(unknown)
        swapped = swap_players(
            round_=round_,
            first=players[body.validated_data["first"]],
            second=players[body.validated_data["second"]],
        )
        return self.round_answer(swapped)


@extend_schema_view(
    post=extend_schema(
        tags=TAGS,
        summary="Draw a round again before it starts (organiser or owner)",
        description=(
            "Throws the round's draw away and draws it again, the same way (at random, by "
            "the standings, or the final table's finalists), from the players checked in now. "
            f"A round that has started keeps its seats. {DIRECTORS}"
        ),
        request=None,
        responses={200: RoundSerializer, **error_responses(400, 401, 403, 404, 429)},
    )
)
class RoundRedraw(RoundView):
    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return self.round_answer(redraw_round(round_=self.round()))


@extend_schema_view(
    post=extend_schema(
        tags=TAGS,
        summary="Finish a round whose tables have all finished (organiser or owner)",
        description=(
            "Then the next round can be drawn, or after the last round the final table. "
            "Finishing the final table (or the last round, without a final table) finishes "
            f"the tournament. A table still playing answers 400 with its number. {DIRECTORS}"
        ),
        request=None,
        responses={200: RoundSerializer, **error_responses(400, 401, 403, 404, 429)},
    )
)
class RoundFinish(RoundView):
    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return self.round_answer(finish_round(round_=self.round()))


@extend_schema_view(
    post=extend_schema(
        tags=TAGS,
        summary="Cut to the final table (organiser or owner)",
        description=(
            "Once every round has been played: the top of the overall standings (withdrawn "
            "players passed over) sit at one final table, each carrying their score as the "
            "tournament's set-up says. Answers the final table's round, the last one. "
            f"{DIRECTORS}"
        ),
        request=None,
        responses={201: RoundSerializer, **error_responses(400, 401, 403, 404, 429)},
    )
)
class TournamentFinal(TournamentView):
    serializer_class = RoundSerializer

    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        final = cut_to_final(tournament=self.tournament)
        return self.round_answer(final, code=status.HTTP_201_CREATED)
