"""Shapes every endpoint shares in the OpenAPI schema: the error body and its responses.

common/api/errors.py writes these bodies; this module only describes them, so generated
clients know that every failure reads the same way.
"""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse
from rest_framework import serializers


class ErrorDetailSerializer(serializers.Serializer):
    code = serializers.CharField(help_text="A stable word to branch on, e.g. bad_request.")
    message = serializers.CharField(help_text="A sentence to show the person using the app.")
    field = serializers.CharField(
        required=False,
        allow_null=True,
        help_text="The request field the problem is about, when there is one.",
    )
    seat = serializers.IntegerField(
        required=False,
        allow_null=True,
        help_text="The seat position (0 first) a rejected hand's problem is about.",
    )

    def get_fields(self) -> dict[str, serializers.Field]:
        # "fields" cannot be declared as an attribute: a serializer's own `fields` is taken.
        fields = super().get_fields()
        fields["fields"] = serializers.DictField(
            child=serializers.ListField(child=serializers.CharField()),
            required=False,
            help_text='Every invalid field\'s messages, by path (e.g. "seats[1].penalty").',
        )
        return fields


class ErrorSerializer(serializers.Serializer):
    error = ErrorDetailSerializer()


DESCRIPTIONS = {
    400: "The request cannot be done as sent; the message says what to change.",
    401: "No valid token or session was sent.",
    403: "Your role in the club does not allow this.",
    404: "No such club, or a private club you are not a member of, or nothing at the address.",
    409: "The session changed or has ended; nothing was saved.",
    429: "Too many requests; the Retry-After header says when to try again.",
}


def error_responses(*codes: int) -> dict[int, OpenApiResponse]:
    """The error responses of an endpoint, each with the one error body."""
    return {
        code: OpenApiResponse(response=ErrorSerializer, description=DESCRIPTIONS[code])
        for code in codes
    }
