"""Pages of a table that the Celery updates keep current: the page says when it is behind.

A standings or leaderboard page carries `updating` next to `results`: true while recorded
hands wait to be applied, so a scoreboard knows to ask again in a few seconds.
"""

from __future__ import annotations

from typing import Any

from rest_framework.generics import GenericAPIView
from rest_framework.response import Response

from common.api.pagination import PageNumberPagination

UPDATING_HELP = (
    "True while recorded hands are still being applied to the table: ask again in a few "
    "seconds for the up-to-date one."
)


class TablePagination(PageNumberPagination):
    # Set by the view from the selector's answer before the page is answered.
    updating = False

    def get_paginated_response(self, data: Any) -> Response:
        response = super().get_paginated_response(data)
        results = response.data.pop("results")
        response.data = {**response.data, "updating": self.updating, "results": results}
        return response

    def get_paginated_response_schema(self, schema: dict[str, Any]) -> dict[str, Any]:
        paginated = super().get_paginated_response_schema(schema)
        properties = paginated["properties"]
        results = properties.pop("results")
        properties["updating"] = {"type": "boolean", "description": UPDATING_HELP}
        properties["results"] = results
        paginated["required"] = [*paginated.get("required", []), "updating"]
        return paginated


def ranked_page(view: GenericAPIView[Any], rows: list[Any], *, updating: bool) -> Response:
    """Filter, page and answer a table ranked in Python, with its `updating`.

    The rows are a list, not a queryset: DRF's filter backends (here `leagues.api.filters`)
    and paginator take any sequence, though the stubs take only a QuerySet.
    """
    page = view.paginate_queryset(view.filter_queryset(rows))  # type: ignore[arg-type]
    paginator = view.paginator
    assert isinstance(paginator, TablePagination)  # the view's pagination_class
    paginator.updating = updating
    return view.get_paginated_response(view.get_serializer(page, many=True).data)
