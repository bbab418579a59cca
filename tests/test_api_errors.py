"""Every REST API error is {"error": {"code": ..., "message": SENTENCE}}."""

from rest_framework import exceptions

from common.api.errors import exception_handler


class FakeView:
    allowed_methods = ["POST", "OPTIONS"]


def handle(exc: Exception) -> tuple[int, dict]:
    response = exception_handler(exc, {"view": FakeView()})
    return response.status_code, response.data


def test_a_validation_error_names_the_field_and_keeps_all_messages() -> None:
    status, body = handle(exceptions.ValidationError({"name": ["This field is required."]}))
    assert status == 400
    assert body["error"]["code"] == "bad_request"
    assert body["error"]["message"] == "name: This field is required."
    assert body["error"]["fields"] == {"name": ["This field is required."]}


def test_throttling_says_when_to_try_again() -> None:
    status, body = handle(exceptions.Throttled(wait=2.2))
    assert status == 429
    assert body == {
        "error": {"code": "throttled", "message": "Too many requests; try again in 3 seconds."}
    }


def test_a_wrong_method_names_the_right_ones() -> None:
    status, body = handle(exceptions.MethodNotAllowed("GET"))
    assert status == 405
    assert body["error"]["code"] == "method_not_allowed"
    assert "POST, OPTIONS" in body["error"]["message"]


def test_an_unexpected_error_is_a_500_sentence_not_a_trace() -> None:
    status, body = handle(ZeroDivisionError("boom"))
    assert status == 500
    assert body["error"]["code"] == "internal_error"
    assert "boom" not in body["error"]["message"]


def test_the_rules_endpoint_refuses_get_with_the_error_shape(client) -> None:
    response = client.get("/api/v1/rules/evaluate/", HTTP_ACCEPT="application/json")
    assert response.status_code == 405
    assert response.json()["error"]["code"] == "method_not_allowed"
