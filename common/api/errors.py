"""One error shape for the whole REST API: {"error": {"code": CODE, "message": SENTENCE}}.

The rules engine answers errors in this shape (docs/rules.md), so every other
API error uses it too: a client needs one way to read a failure, and the message is a
sentence a club player can act on, never a stack trace.
"""

import logging
import math
from typing import Any

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import RequestDataTooBig
from django.http import Http404, HttpRequest, JsonResponse
from django.urls import Resolver404, resolve
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.csrf import csrf_exempt
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler
from rest_framework.views import set_rollback

from common.api.parsers import HalfACharacter, NotUtf8
from common.errors import UserError
from common.outage import DATABASE_DOWN, RETRY_AFTER_SECONDS, database_down_message

logger = logging.getLogger(__name__)

INTERNAL_ERROR_MESSAGE = gettext_lazy(
    "Something went wrong on our side; try again, and tell the club organiser if it keeps "
    "happening."
)


def error_body(code: str, message: str, **extra: Any) -> dict[str, Any]:
    return {"error": {"code": code, "message": message, **extra}}


class RoleNeeded(exceptions.PermissionDenied):
    """clubs.access refused: its sentence names the role the change needs."""


class BodyTooLarge(exceptions.APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_code = "too_large"
    default_detail = gettext_lazy(
        "The request body is too large for this address; send less at a time."
    )


class ServiceRefused(exceptions.APIException):
    """A service's UserError: its sentence, and the field (and seat) it is about."""

    status_code: int = status.HTTP_400_BAD_REQUEST
    default_code = "bad_request"

    def __init__(self, error: UserError) -> None:
        super().__init__(error.message)
        self.error = error
        self.status_code = error.status_code


def user_error_body(error: UserError, **extra: Any) -> dict[str, Any]:
    """The body for a service's UserError; API views add what the client needs to go on."""
    return error_body(
        error.code,
        _sentence(error.message),
        field=error.field,
        seat=getattr(error, "seat", None),
        **extra,
    )


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response:
    if isinstance(exc, DATABASE_DOWN):
        # Not a bug to answer 500 for: the client may send the same request again later.
        logger.warning("The database failed in API view %s", context.get("view"), exc_info=exc)
        set_rollback()
        request = context.get("request")
        return Response(
            error_body("unavailable", database_down_message(getattr(request, "method", None))),
            status=status.HTTP_503_SERVICE_UNAVAILABLE,
            headers={"Retry-After": str(RETRY_AFTER_SECONDS)},
        )
    exc = _as_api_exception(exc)
    # DRF's own handler sets the right headers (Retry-After, WWW-Authenticate); only its
    # body is replaced.
    response = drf_exception_handler(exc, context)
    if response is None:
        logger.exception("Unhandled error in API view %s", context.get("view"))
        set_rollback()
        return Response(
            error_body("internal_error", str(INTERNAL_ERROR_MESSAGE)),
            status=status.HTTP_500_INTERNAL_SERVER_ERROR,
        )
    response.data = _body_for(exc, context)
    return response


def _as_api_exception(exc: Exception) -> Exception:
    # Django's own exceptions become API exceptions here, before the body is chosen, so a
    # 404 or 403 raised by clubs.access gets its sentence rather than the 500 one.
    if isinstance(exc, Http404):
        # Never the exception's own text: "not found" reads the same for a private club and
        # for one that does not exist.
        return exceptions.NotFound()
    if isinstance(exc, DjangoPermissionDenied):
        return RoleNeeded(exc.args[0]) if exc.args else exceptions.PermissionDenied()
    if isinstance(exc, UserError):
        return ServiceRefused(exc)
    if isinstance(exc, RequestDataTooBig):
        return BodyTooLarge()
    return exc


def _body_for(exc: Exception, context: dict[str, Any]) -> dict[str, Any]:
    if isinstance(exc, ServiceRefused):
        return user_error_body(exc.error)
    if isinstance(exc, exceptions.ValidationError):
        return _validation_body(exc.detail)
    if isinstance(exc, NotUtf8):
        return error_body(
            "bad_request",
            _("Send the body as JSON in UTF-8: declare charset=utf-8 or no charset at all."),
        )
    if isinstance(exc, HalfACharacter):
        return error_body(
            "bad_request",
            _(
                "The request body holds half of a character (a lone surrogate escape); send "
                "whole characters."
            ),
        )
    if isinstance(exc, exceptions.ParseError):
        return error_body("bad_request", _("The request body is not valid JSON; fix it and retry."))
    if isinstance(exc, exceptions.Throttled):
        # DRF sets `wait` (whole seconds, or None) in Throttled.__init__; the stubs omit it.
        wait = math.ceil(exc.wait) if exc.wait is not None else None  # type: ignore[attr-defined]
        if not wait:
            return error_body("throttled", _("Too many requests; try again shortly."))
        message = ngettext(
            "Too many requests; try again in %(count)s second.",
            "Too many requests; try again in %(count)s seconds.",
            wait,
        )
        return error_body("throttled", message % {"count": wait})
    if isinstance(exc, exceptions.MethodNotAllowed):
        view = context.get("view")
        allowed = ", ".join(getattr(view, "allowed_methods", []))
        # Translators: %(methods)s lists the HTTP methods to use instead, such as "GET, POST".
        message = _("This address does not accept that method; use %(methods)s.")
        return error_body("method_not_allowed", message % {"methods": allowed})
    if isinstance(exc, exceptions.NotFound):
        return error_body("not_found", _("Nothing was found at this address."))
    if isinstance(exc, exceptions.AuthenticationFailed):
        return error_body(
            exc.default_code,
            _(
                "That token is not valid (it may have been revoked); get a new one with "
                "POST /api/v1/auth/token/."
            ),
        )
    if isinstance(exc, exceptions.NotAuthenticated):
        return error_body(exc.default_code, _("Log in first, then try again."))
    if isinstance(exc, RoleNeeded):
        return error_body("permission_denied", _sentence(str(exc.detail)))
    if isinstance(exc, exceptions.PermissionDenied):
        if str(exc.detail).startswith("CSRF Failed"):
            return error_body(
                "permission_denied",
                _(
                    "A browser session must send its CSRF token (X-CSRFToken header); scripts "
                    "should send Authorization: Token instead."
                ),
            )
        return error_body("permission_denied", _("Your account is not allowed to do this."))
    if isinstance(exc, exceptions.UnsupportedMediaType):
        return error_body(
            "unsupported_media_type",
            _("Send the body as JSON with Content-Type application/json."),
        )
    if isinstance(exc, exceptions.APIException):
        return error_body(exc.default_code, _sentence(str(exc.detail)))
    return error_body("internal_error", str(INTERNAL_ERROR_MESSAGE))


def _validation_body(detail: Any) -> dict[str, Any]:
    """Name the first problem in the message and keep every field's messages for forms.

    Nested bodies (a hand's seats) are flattened to paths such as "seats[1].penalty", so the
    message names the exact place to fix.
    """
    if isinstance(detail, dict):
        fields: dict[str, list[str]] = {}
        _flatten(detail, "", fields)
        name, messages = next(iter(fields.items()), ("", [_("The request is not valid.")]))
        # Translators: follows the name of a field of the request: "seats[1].penalty: is not valid."
        first = messages[0] if messages else _("is not valid.")
        prefix = "" if name in ("", "non_field_errors") else f"{name}: "
        return error_body("bad_request", _sentence(prefix + first), fields=fields)
    messages = [str(m) for m in _as_list(detail)] or [_("The request is not valid.")]
    return error_body("bad_request", _sentence(messages[0]))


def _flatten(detail: Any, path: str, into: dict[str, list[str]]) -> None:
    if isinstance(detail, dict):
        for name, value in detail.items():
            # A ListField's errors are keyed by the item's index.
            if isinstance(name, int):
                _flatten(value, f"{path}[{name}]", into)
            else:
                _flatten(value, f"{path}.{name}" if path else str(name), into)
    elif isinstance(detail, list | tuple) and any(isinstance(v, dict | list) for v in detail):
        # A list of per-item errors: items without a problem are empty and are skipped.
        for index, value in enumerate(detail):
            if value:
                _flatten(value, f"{path}[{index}]", into)
    else:
        into.setdefault(path, []).extend(str(m) for m in _as_list(detail))


def _as_list(value: Any) -> list[Any]:
    return list(value) if isinstance(value, list | tuple) else [value]


@csrf_exempt  # it changes nothing: a POST there gets the same 404, not a CSRF page
def api_not_found(request: HttpRequest, *args: Any, **kwargs: Any) -> JsonResponse:
    """Any /api/ address that matches no endpoint: the same JSON error, never an HTML page."""
    message = _("Nothing was found at this address; the endpoints are listed at /api/docs/.")
    if not request.path.endswith("/") and _is_endpoint(request.path + "/"):
        message = _("API addresses end with a slash: use %(address)s instead.") % {
            "address": request.path + "/"
        }
    return JsonResponse(error_body("not_found", message), status=404)


def _sentence(text: str) -> str:
    text = text.strip() or _("The request could not be handled.")
    # A sentence translated into Hindi or Nepali may end with the danda (।).
    return text if text.endswith((".", "!", "?", "\u0964")) else text + "."


def _is_endpoint(path: str) -> bool:
    try:
        return resolve(path).func is not api_not_found
    except Resolver404:
        return False
