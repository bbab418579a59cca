"""Session endpoints: list and start sessions, read one, undo its last hand, end it.

Every view reaches the club through clubs.access and the session only inside that club
(scoring.access.session_access, with the club and the caller's role in one query), so a
session id from another club is 404 whatever the caller's role elsewhere.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from functools import cached_property
from typing import Any, TypeVar

from django.db.models import Model, QuerySet
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import generics, status
from rest_framework.permissions import SAFE_METHODS
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.serializers import Serializer

from clubs.access import ClubAccess
from clubs.api.permissions import ClubAccessMixin
from clubs.roles import Role
from common.api.idempotency import IDEMPOTENCY_HEADER, change_key
from common.api.schema import error_responses
from common.errors import UserError
from common.http import signed_in_user
from scoring.access import session_access
from scoring.api import changes
from scoring.api.filters import SessionFilter
from scoring.api.serializers import (
    FinishSerializer,
    HandChangeSerializer,
    HandVersionSerializer,
    SeatChangeBodySerializer,
    SessionDetailSerializer,
    SessionListSerializer,
    SessionStateSerializer,
    SplitSerializer,
    StartedSessionSerializer,
    StartSessionSerializer,
    UndoSerializer,
)
from scoring.errors import SessionClosed, StaleSession
from scoring.hand_checks import hand_states
from scoring.models import GameSession, HandVersion
from scoring.selectors import Board, attach_totals, session_board, session_list
from scoring.services import hands
from scoring.services.pots import split_pot
from scoring.services.seats import seat_change
from scoring.services.sessions import finish_session, start_session

CONFLICT = (StaleSession, SessionClosed)

M = TypeVar("M", bound=Model)
S = TypeVar("S", bound=Serializer[Any])


class ClubSessionView(ClubAccessMixin, generics.GenericAPIView[M]):
    """Reads for anyone who may see the club; changes for its scorers and above."""

    write_role = Role.SCORER
    # Each view sets a `queryset` naming its model for the schema; real reads go through
    # access.

    def get_serializer_context(self) -> dict[str, Any]:
        context = super().get_serializer_context()
        if not self.is_schema_run:
            context["club"] = self.access.club
        return context


class SessionView(ClubSessionView[M]):
    @cached_property
    def _reached(self) -> tuple[ClubAccess, GameSession]:
        """The club, the caller's role and the session, in one query (every hand sent)."""
        needs = self.read_role if self.request.method in SAFE_METHODS else self.write_role
        return session_access(
            self.request.user, self.kwargs["slug"], self.kwargs["session_id"], needs=needs
        )

    @cached_property
    def access(self) -> ClubAccess:
        return self._reached[0]

    @cached_property
    def session(self) -> GameSession:
        return self._reached[1]

    def state(self, board: Board | None = None) -> dict[str, Any]:
        """The session as it is now: `board`, when a change's service has just built it."""
        if board is not None:
            return SessionStateSerializer(board, context=self.get_serializer_context()).data
        return changes.session_state(self.session, self.get_serializer_context())

    def conflict(self, error: StaleSession | SessionClosed) -> Response:
        return changes.conflict(error, self.session, self.get_serializer_context())

    def handle_exception(self, exc: Exception) -> Response:
        # A stale revision or an ended session answers 409 with the session as it is now,
        # whichever change ran into it.
        if isinstance(exc, CONFLICT):
            return self.conflict(exc)
        return super().handle_exception(exc)

    def keyed_change(
        self,
        request: Request,
        body_class: type[S],
        change: Callable[[S, uuid.UUID, int], HandVersion],
    ) -> tuple[HandVersion, bool]:
        """Validate the body, read its idempotency key and revision, and run `change(body,
        key, revision)`, the session's current revision when the body has none; returns the
        stored version and whether the key was used before."""
        body, key, revision = self._keyed_body(request, body_class)
        with changes.key_of_this_session():
            version = changes.with_revision(
                self.session, revision, lambda current: change(body, key, current)
            )
        return version, version.replayed

    def keyed_append(
        self,
        request: Request,
        body_class: type[S],
        change: Callable[[S, uuid.UUID, int | None], HandVersion],
    ) -> tuple[HandVersion, bool]:
        """`keyed_change` for an append, which passes a missing revision on as None: the
        service then adds the hand to the session as it is under its lock, so a busy table
        never makes it fail as stale."""
        body, key, revision = self._keyed_body(request, body_class)
        with changes.key_of_this_session():
            version = change(body, key, revision)
        return version, version.replayed

    def _keyed_body(self, request: Request, body_class: type[S]) -> tuple[S, uuid.UUID, int | None]:
        body = body_class(data=request.data)
        body.is_valid(raise_exception=True)
        key = change_key(request, body.validated_data.get("client_key"))
        return body, key, body.validated_data.get("revision")

    def changed(self, version: HandVersion, *, created: bool = False) -> Response:
        context = {**self.get_serializer_context(), "session": self.session}
        hand = HandVersionSerializer(version, context=context).data
        return Response(
            {"hand": hand, "session": self.state(version.board_after)},
            status=status.HTTP_201_CREATED if created else status.HTTP_200_OK,
        )


@extend_schema_view(
    get=extend_schema(
        tags=["sessions"],
        summary="List a club's sessions",
        description=(
            "Newest first, each with its seats and their current totals. The page costs the "
            "same number of queries whatever its size."
        ),
        responses={200: SessionListSerializer(many=True), **error_responses(400, 401, 404, 429)},
    ),
    post=extend_schema(
        tags=["sessions"],
        summary="Start a session (scorer or above)",
        request=StartSessionSerializer,
        responses={201: StartedSessionSerializer, **error_responses(400, 401, 403, 404, 429)},
    ),
)
class SessionList(ClubSessionView[GameSession], generics.ListCreateAPIView[GameSession]):
    queryset = GameSession.objects.none()
    serializer_class = SessionListSerializer
    filterset_class = SessionFilter
    ordering_fields = ["started_at", "finished_at", "id"]
    ordering = ["-started_at", "-id"]

    def get_queryset(self) -> QuerySet[GameSession]:
        if self.is_schema_run:
            return GameSession.objects.none()
        return session_list(self.access.club)

    def get_serializer_class(self) -> type[Serializer[Any]]:
        # What a POST takes, for the browsable API's form; the list answers sessions.
        if self.request.method == "POST":
            return StartSessionSerializer
        return SessionListSerializer

    def list(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        page = self.paginate_queryset(self.filter_queryset(self.get_queryset()))
        assert page is not None  # every list is paged (DEFAULT_PAGINATION_CLASS)
        attach_totals(page)
        data = SessionListSerializer(page, many=True, context=self.get_serializer_context()).data
        return self.get_paginated_response(data)

    def create(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        body = StartSessionSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        try:
            session, draw = start_session(
                club=self.access.club, user=signed_in_user(request), **body.start_arguments()
            )
        except UserError as error:
            # The service names the web form's field; the API's body calls it player_ids.
            if error.field == "players":
                error.field = "player_ids"
            raise
        session.club = self.access.club
        context = {**self.get_serializer_context(), "draw": draw}
        data = StartedSessionSerializer(session_board(session), context=context).data
        return Response(data, status=status.HTTP_201_CREATED, headers={"Location": data["url"]})


@extend_schema_view(
    get=extend_schema(
        tags=["sessions"],
        summary="One session: seats, totals, whose deal, every counted hand",
        responses={200: SessionDetailSerializer, **error_responses(401, 404, 429)},
    )
)
class SessionDetail(SessionView[GameSession]):
    queryset = GameSession.objects.none()
    serializer_class = SessionDetailSerializer

    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        board = session_board(self.session)
        context = {
            **self.get_serializer_context(),
            "states": hand_states(self.session, board.seats),
        }
        return Response(SessionDetailSerializer(board, context=context).data)


@extend_schema_view(
    post=extend_schema(
        tags=["sessions"],
        summary="Undo the last counted hand (scorer or above)",
        description=(
            "The hand is taken back as if never dealt (the deal goes back); its versions stay "
            "in its history. Same idempotency key and revision rules as recording a hand."
        ),
        parameters=[IDEMPOTENCY_HEADER],
        request=UndoSerializer,
        responses={200: HandChangeSerializer, **error_responses(400, 401, 403, 404, 409, 429)},
    )
)
class SessionUndo(SessionView[GameSession]):
    queryset = GameSession.objects.none()
    serializer_class = UndoSerializer

    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        version, _ = self.keyed_change(
            request,
            UndoSerializer,
            lambda body, key, revision: hands.undo_last_hand(
                session_id=self.session.pk,
                client_key=key,
                revision=revision,
                user=signed_in_user(request),
                reason=body.validated_data["reason"],
            ),
        )
        return self.changed(version)


@extend_schema_view(
    post=extend_schema(
        tags=["sessions"],
        summary="End the session now (scorer or above)",
        description=(
            "Ends the session before its target. Ending an ended session changes nothing "
            "and answers 200, so a retried request is safe without a key."
        ),
        request=FinishSerializer,
        responses={200: SessionStateSerializer, **error_responses(400, 401, 403, 404, 409, 429)},
    )
)
class SessionFinish(SessionView[GameSession]):
    queryset = GameSession.objects.none()
    serializer_class = FinishSerializer

    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        body = FinishSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        changes.with_revision(
            self.session,
            body.validated_data.get("revision"),
            lambda revision: finish_session(session_id=self.session.pk, revision=revision),
        )
        return Response(self.state())


@extend_schema_view(
    post=extend_schema(
        tags=["sessions"],
        summary="Stop a pool and split its pot (scorer or above)",
        description=(
            "The players still in agree to stop: the pot is split among them (equal shares, "
            "or the amounts given, adding up to the pot exactly) and the session ends. The "
            "same split sent again answers 200 unchanged; a different split of an ended pool "
            "is refused (400)."
        ),
        request=SplitSerializer,
        responses={200: SessionStateSerializer, **error_responses(400, 401, 403, 404, 409, 429)},
    )
)
class SessionSplit(SessionView[GameSession]):
    queryset = GameSession.objects.none()
    serializer_class = SplitSerializer

    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        body = SplitSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        split_pot(
            session_id=self.session.pk,
            revision=data["revision"],
            kind=data["split"],
            amounts=data["shares"],
        )
        return Response(self.state())


@extend_schema_view(
    post=extend_schema(
        tags=["sessions"],
        summary="Change who is at the table between hands (scorer or above)",
        description=(
            "Seat a player (join), let one leave, put a substitute in a seat, or let a pool "
            "player who went out rejoin at the highest score in play plus one. The change "
            "applies from the next hand; the hands already played keep their players. A "
            "stale revision gets 409 with the session as it is."
        ),
        request=SeatChangeBodySerializer,
        responses={200: SessionStateSerializer, **error_responses(400, 401, 403, 404, 409, 429)},
    )
)
class SessionSeats(SessionView[GameSession]):
    queryset = GameSession.objects.none()
    serializer_class = SeatChangeBodySerializer

    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        body = SeatChangeBodySerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        try:
            seat_change(
                session_id=self.session.pk,
                action=data["action"],
                player_id=data["player_id"],
                position=data["position"],
                revision=data["revision"],
                user=signed_in_user(request),
            )
        except (StaleSession, SessionClosed) as error:
            return self.conflict(error)
        return Response(self.state())
