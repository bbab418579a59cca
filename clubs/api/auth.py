"""API tokens: a scorer's app or a club's website logs in once and sends the token.

POST with a username and password gives the account's token (made on first use, the same
one afterwards); DELETE with the token revokes it, and the next POST makes a new one.
"""

from __future__ import annotations

from django.contrib.auth import authenticate
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.authentication import BaseAuthentication, TokenAuthentication
from rest_framework.authtoken.models import Token
from rest_framework.permissions import AllowAny, BasePermission, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from clubs.api.serializers import LoginSerializer, TokenSerializer
from common.api.errors import error_body
from common.api.schema import error_responses
from common.api.throttles import AnonThrottle, ScopedThrottle

WRONG_LOGIN = _("The username or password is not right; check both and try again.")


class AuthTokenView(APIView):
    throttle_classes = [AnonThrottle, ScopedThrottle]
    throttle_scope = "token"

    def get_authenticators(self) -> list[BaseAuthentication]:
        # Logging in reads no credentials but the body's (a stale token in the header must
        # not stop it); revoking is done with the token itself. (The schema generator asks
        # before it has a request: it is told about the token.)
        if getattr(self.request, "method", "DELETE") == "DELETE":
            return [TokenAuthentication()]
        return []

    def get_permissions(self) -> list[BasePermission]:
        if self.request.method == "DELETE":
            return [IsAuthenticated()]
        return [AllowAny()]

    @extend_schema(
        tags=["auth"],
        summary="Get your API token",
        request=LoginSerializer,
        responses={200: TokenSerializer, **error_responses(400, 429)},
        auth=[],
    )
    def post(self, request: Request) -> Response:
        login = LoginSerializer(data=request.data)
        login.is_valid(raise_exception=True)
        user = authenticate(
            request=request._request,
            username=login.validated_data["username"],
            password=login.validated_data["password"],
        )
        if user is None:
            return Response(
                error_body("invalid_login", str(WRONG_LOGIN)), status=status.HTTP_400_BAD_REQUEST
            )
        token, _created = Token.objects.get_or_create(user=user)
        return Response(TokenSerializer({"token": token.key, "username": user.get_username()}).data)

    @extend_schema(
        tags=["auth"],
        summary="Revoke the token you send",
        request=None,
        responses={204: OpenApiResponse(description="Revoked."), **error_responses(401)},
    )
    def delete(self, request: Request) -> Response:
        Token.objects.filter(key=request.auth.key).delete()
        return Response(status=status.HTTP_204_NO_CONTENT)
