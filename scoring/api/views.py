from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import AnonRateThrottle
from rest_framework.views import APIView

from config.api_schema import ErrorSerializer
from scoring.rules import evaluate_json, is_error


class EvaluateRulesView(APIView):
    """POST a rules-engine request as the JSON body; 200 with the answer, 400 with an error.

    The raw body goes to the engine unparsed, so a body that is not JSON gets the contract's
    bad_request error object rather than DRF's parse error.
    """

    permission_classes = [AllowAny]
    # No session authentication: the endpoint is public and stateless, so a logged-in
    # browser needs no CSRF token to call it. Everyone is throttled as anonymous.
    authentication_classes = []
    throttle_classes = [AnonRateThrottle]

    @extend_schema(
        tags=["rules"],
        summary="Ask the rules engine (docs/rules.md)",
        description=(
            'The body is a rules-engine request ({"op": ..., "variant": ...}) as '
            "shared/rules/CONTRACT.md describes; the answer is the engine's, unchanged."
        ),
        request=OpenApiTypes.OBJECT,
        responses={
            200: OpenApiResponse(OpenApiTypes.OBJECT, description="The engine's answer."),
            400: OpenApiResponse(ErrorSerializer, description="The engine's error object."),
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
        response = evaluate_json(request.body)
        return Response(response, status=400 if is_error(response) else 200)
