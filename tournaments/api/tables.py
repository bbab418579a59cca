"""A round's tables: the list, one table, and what is done to one table: the director ends
it now, or a player at it confirms its result.

The tables are `tournaments.selectors.round_view`'s, serialized by the same
`RoundTableSerializer` as in a round's answer, so a table reads the same wherever it is
read. Access as every tournament endpoint (`tournament_permissions`).
"""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import generics
from rest_framework.request import Request
from rest_framework.response import Response

from common.api.schema import error_responses
from common.http import signed_in_user
from tournaments.api.serializers import RoundTableSerializer
from tournaments.api.views import READERS, TAGS, RoundView
from tournaments.models import Round, RoundTable
from tournaments.selectors import TableState, round_view
from tournaments.services.play import confirm_table, force_finish_table

TABLE_FIELDS = (
    "Each table: its seats in order (player id, name and, once the round has started, running "
    "total), the seat that deals first, and once started its session (`session_url` in this "
    "API), hands counted, whether it has finished, and who confirmed its result and when."
)


class RoundTablesView(RoundView):
    serializer_class = RoundTableSerializer

    def tables_data(self, round_: Round, tables: TableState | list[TableState]) -> Any:
        context = {**self.get_serializer_context(), "round": round_}
        many = isinstance(tables, list)
        return RoundTableSerializer(tables, many=many, context=context).data

    def stored_table(self, round_: Round) -> RoundTable:
        table = get_object_or_404(RoundTable, round=round_, number=self.kwargs["table"])
        table.round = round_  # already loaded: the services must not ask again
        return table

    def table_answer(self, round_: Round) -> Response:
        """The table in the address as it is now."""
        number = self.kwargs["table"]
        table = next((t for t in round_view(round_).tables if t.number == number), None)
        if table is None:
            raise Http404("No such table.")
        return Response(self.tables_data(round_, table))


@extend_schema_view(
    get=extend_schema(
        tags=TAGS,
        summary="A round's tables",
        description=f"Table 1 first. {TABLE_FIELDS} {READERS}",
        responses={
            200: RoundTableSerializer(many=True),
            **error_responses(400, 401, 404, 429),
        },
    )
)
class TableList(RoundTablesView, generics.ListAPIView):
    queryset = RoundTable.objects.none()  # the schema's model; the tables come from round_view
    # In the order of their numbers, unfiltered: a round has a few dozen tables at most.
    filter_backends: list[type] = []

    def list(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        round_ = self.round()
        # Every table of the round is built at once (a fixed number of queries, whatever the
        # number of tables or the page size), then the page is cut from them. DRF pages any
        # sequence (Django's Paginator slices it); the stubs accept only a QuerySet.
        tables = round_view(round_).tables
        page: list[TableState] | None = self.paginate_queryset(tables)  # type: ignore[arg-type]
        assert page is not None  # the API always paginates (DEFAULT_PAGINATION_CLASS)
        return self.get_paginated_response(self.tables_data(round_, page))


@extend_schema_view(
    get=extend_schema(
        tags=TAGS,
        summary="One table of a round",
        description=f"{TABLE_FIELDS} {READERS}",
        responses={200: RoundTableSerializer, **error_responses(401, 404, 429)},
    )
)
class TableDetail(RoundTablesView):
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return self.table_answer(self.round())


@extend_schema_view(
    post=extend_schema(
        tags=TAGS,
        summary="End a table now (organiser or owner)",
        description=(
            "Time is called, or the table cannot go on: its session ends with the hands "
            "recorded so far, which decide its places. Ending a finished table again changes "
            "nothing; a table of a round not started yet answers 400."
        ),
        request=None,
        responses={200: RoundTableSerializer, **error_responses(400, 401, 403, 404, 429)},
    )
)
class TableForceFinish(RoundTablesView):
    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        round_ = self.round()
        force_finish_table(table=self.stored_table(round_))
        return self.table_answer(round_)


@extend_schema_view(
    post=extend_schema(
        tags=TAGS,
        summary="Confirm a finished table's result (a second player at the table)",
        description=(
            "Any logged-in caller who can read the tournament may ask; only a player seated "
            "at the table through their account, and not the one who recorded its hands, is "
            "let through. Anyone else, a table still playing or one already confirmed answers "
            "400 with a sentence."
        ),
        request=None,
        responses={200: RoundTableSerializer, **error_responses(400, 401, 404, 429)},
    )
)
class TableConfirm(RoundTablesView):
    readers_may_post = True

    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        round_ = self.round()
        confirm_table(table=self.stored_table(round_), user=signed_in_user(request))
        return self.table_answer(round_)
