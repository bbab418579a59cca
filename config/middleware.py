"""Middleware of the project's own."""

import logging
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string

from common.api.errors import error_body
from common.outage import DATABASE_DOWN, RETRY_AFTER_SECONDS, database_down_message

logger = logging.getLogger(__name__)


class DatabaseOutageMiddleware:
    """A request that meets a database outage answers 503 with a sentence, not a 500.

    Only exceptions raised by the view (templates included) reach process_exception; the
    REST API's views catch their own first, and common.api.errors answers those the same way.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, DATABASE_DOWN):
            return None
        # The traceback stays in the log: on SQLite a missing table is an OperationalError too.
        logger.warning(
            "The database failed during %s %s", request.method, request.path, exc_info=exception
        )
        message = database_down_message(request.method)
        response: HttpResponse
        if request.path_info.startswith("/api/"):
            response = JsonResponse(error_body("unavailable", message), status=503)
        else:
            retry_url = request.get_full_path() if request.method == "GET" else None
            # Rendered without the request: its context processors would read the session and
            # the user, and both live in the database that is down.
            html = render_to_string("503.html", {"message": message, "retry_url": retry_url})
            response = HttpResponse(html, status=503)
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
        return response
