from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from common.api.errors import error_body
from common.api.parsers import refuse_declared_charset
from common.api.schema import ErrorSerializer
from common.api.throttles import ScopedThrottle
from scoring.rules import MAX_REQUEST_BYTES, evaluate_json, is_error, too_large
from scoring.rules_limits import EngineBusy, door_slot, time_limit


class EvaluateRulesView(APIView):
    """POST a rules-engine request as the JSON body; 200 with the answer, 400 with an error.

    The raw body goes to the engine unparsed, so a body that is not UTF-8 JSON gets the
    contract's bad_request error object rather than DRF's parse error; a charset other than
    UTF-8 declared is refused as on every endpoint. A body over the engine's size limit is
    refused before it is read, and the engine answers `too_complex` rather than think past
    the door's time limit. While RULES_CONCURRENCY requests of the public doors are being
    thought about, another is answered 503 `busy` at once, with Retry-After.
    """

    permission_classes = [AllowAny]
    # No session authentication: the endpoint is public and stateless, so a logged-in
    # browser needs no CSRF token to call it. Everyone is limited per client address.
    authentication_classes = []
    throttle_classes = [ScopedThrottle]
    throttle_scope = "rules"

    @extend_schema(
        tags=["rules"],
        summary="Ask the rules engine (docs/rules.md)",
        description=(
            'The body is a rules-engine request ({"op": ..., "variant": ...}) as '
            "docs/rules.md describes; the answer is the engine's, unchanged."
        ),
        request=OpenApiTypes.OBJECT,
        responses={
            200: OpenApiResponse(OpenApiTypes.OBJECT, description="The engine's answer."),
            400: OpenApiResponse(ErrorSerializer, description="The engine's error object."),
            503: OpenApiResponse(
                ErrorSerializer,
                description="busy: the engine is checking as many requests as the server "
                "allows; send it again after Retry-After seconds.",
            ),
        },
        examples=[
            OpenApiExample(
                "Wild cards",
                request_only=True,
                value={"op": "wilds", "variant": "indian13", "wild": "7H"},
            )
        ],
        auth=[],
    )
    def post(self, request: Request) -> Response:
        if _declared_length(request) > MAX_REQUEST_BYTES:
            return Response(too_large().as_response(), status=400)
        # The engine reads UTF-8 only, as every endpoint does (common/api/parsers.py).
        refuse_declared_charset(request.content_type)
        try:
            with door_slot():
                response = evaluate_json(request.body, time_limit=time_limit())
        except EngineBusy as busy:
            # 503, not 429: the server is full, whoever asks; this client sent nothing wrong.
            return Response(
                error_body("busy", str(busy)),
                status=503,
                headers={"Retry-After": str(busy.retry_after)},
            )
        return Response(response, status=400 if is_error(response) else 200)


def _declared_length(request: Request) -> int:
    try:
        return int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return 0
