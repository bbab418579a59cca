"""One error shape for the whole REST API: {"error": {"code": CODE, "message": SENTENCE}}.

The rules engine answers errors in this shape (shared/rules/CONTRACT.md), so every other
API error uses it too: a client needs one way to read a failure, and the message is a
sentence a club player can act on, never a stack trace.
"""

import logging
import math
from typing import Any

from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler
from rest_framework.views import set_rollback

logger = logging.getLogger(__name__)

INTERNAL_ERROR_MESSAGE = (
    "Something went wrong on our side; try again, and tell the club organiser if it keeps "
    "happening."
)


def error_body(code: str, message: str, **extra: Any) -> dict[str, Any]:
    return {"error": {"code": code, "message": message, **extra}}


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response:
    # DRF's own handler turns Django's Http404 and PermissionDenied into API exceptions
    # and sets the right headers (Retry-After, WWW-Authenticate); only its body is replaced.
    response = drf_exception_handler(exc, context)
    if response is None:
        logger.exception("Unhandled error in API view %s", context.get("view"))
        set_rollback()
        return Response(
            error_body("internal_error", INTERNAL_ERROR_MESSAGE),
            status=status.HTTP_500_INTERNAL_SERVER_ERROR,
        )
    response.data = _body_for(exc, context)
    return response


def _body_for(exc: Exception, context: dict[str, Any]) -> dict[str, Any]:
    if isinstance(exc, exceptions.ValidationError):
        return _validation_body(exc.detail)
    if isinstance(exc, exceptions.ParseError):
        return error_body("bad_request", "The request body is not valid JSON; fix it and retry.")
    if isinstance(exc, exceptions.Throttled):
        wait = math.ceil(exc.wait) if exc.wait is not None else None
        when = f"in {wait} second{'s' if wait != 1 else ''}" if wait else "shortly"
        return error_body("throttled", f"Too many requests; try again {when}.")
    if isinstance(exc, exceptions.MethodNotAllowed):
        view = context.get("view")
        allowed = ", ".join(getattr(view, "allowed_methods", []))
        return error_body(
            "method_not_allowed", f"This address does not accept that method; use {allowed}."
        )
    if isinstance(exc, exceptions.NotFound):
        return error_body("not_found", "Nothing was found at this address.")
    if isinstance(exc, exceptions.NotAuthenticated | exceptions.AuthenticationFailed):
        return error_body(exc.default_code, "Log in first, then try again.")
    if isinstance(exc, exceptions.PermissionDenied):
        return error_body("permission_denied", "Your account is not allowed to do this.")
    if isinstance(exc, exceptions.UnsupportedMediaType):
        return error_body(
            "unsupported_media_type", "Send the body as JSON with Content-Type application/json."
        )
    if isinstance(exc, exceptions.APIException):
        return error_body(exc.default_code, _sentence(str(exc.detail)))
    return error_body("internal_error", INTERNAL_ERROR_MESSAGE)


def _validation_body(detail: Any) -> dict[str, Any]:
    """Name the first problem in the message and keep every field's messages for forms."""
    if isinstance(detail, dict):
        fields = {name: [str(m) for m in _as_list(msgs)] for name, msgs in detail.items()}
        name, messages = next(iter(fields.items()), ("", ["The request is not valid."]))
        first = messages[0] if messages else "is not valid."
        prefix = "" if name == "non_field_errors" else f"{name}: "
        return error_body("bad_request", _sentence(prefix + first), fields=fields)
    messages = [str(m) for m in _as_list(detail)] or ["The request is not valid."]
    return error_body("bad_request", _sentence(messages[0]))


def _as_list(value: Any) -> list[Any]:
    return list(value) if isinstance(value, list | tuple) else [value]


def _sentence(text: str) -> str:
    text = text.strip() or "The request could not be handled."
    return text if text.endswith((".", "!", "?")) else text + "."
