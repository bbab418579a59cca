"""Middleware of the project's own."""

import logging
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, HttpResponseBase, JsonResponse
from django.middleware.gzip import GZipMiddleware
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


# The pages whose HTML shows a secret that stays the same from one answer to the next: the
# club's invitation links (whoever has one can join the club in its role). These go out
# uncompressed; see CompressedAnswers.
SECRET_PAGES = frozenset({"club-invitations"})


class CompressedAnswers(GZipMiddleware):
    """Pages and JSON answers go out gzipped (static files are WhiteNoise's, compressed by
    `collectstatic`): the session screen's 25-hand HTML is 108 KB, 10 KB gzipped, which on a
    club room's slow Wi-Fi is most of its first load.

    Compression of a page that carries a secret beside text an attacker can put in the
    request (the switcher's `next`, a search) opens it to BREACH: an attacker who can see
    the answers' sizes on the network and make the victim's browser ask again and again
    learns the secret a letter at a time. Django's documentation warns of it. What is left
    to guess here, and why it is not:
    - the CSRF token: Django writes it into each answer masked with a new random mask, so
      there is nothing constant to guess;
    - the session cookie: never in a body;
    - the thousands of requests the attack needs: the session cookie is SameSite=Lax
      (Django's default), so what another site's page asks for (images, scripts, frames,
      fetch) carries no cookie and gets the anonymous page; only whole-window navigations
      carry it, each one in plain sight. And Django's GZipMiddleware adds up to 100 random
      bytes to each answer's length (Heal the Breach), which multiplies the requests needed;
    - the invitation links, a constant secret on an organiser's page: SECRET_PAGES, never
      compressed.
    docs/operations.md ("Compressed answers and the first load") says the same for whoever
    adds a page with a secret.
    """

    def process_response(
        self, request: HttpRequest, response: HttpResponseBase
    ) -> HttpResponseBase:
        match = getattr(request, "resolver_match", None)
        if match is not None and match.view_name in SECRET_PAGES:
            return response
        return super().process_response(request, response)
