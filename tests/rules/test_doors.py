"""Every worked example of shared/rules/examples.jsonl through each of the engine's doors.

The three doors (Python, `manage.py rules`, REST) share one implementation, so each must
give the answer the example expects.
"""

import json
import os
import select
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

PROJECT_ROOT = Path(__file__).resolve().parents[2]
EXAMPLES_PATH = PROJECT_ROOT.parent / "shared" / "rules" / "examples.jsonl"
EVALUATE_URL = "/api/v1/rules/evaluate/"


def _load_examples() -> list[Any]:
    if not EXAMPLES_PATH.is_file():
        # A stand-in case that fails, so a missing file is a red test, never a skip.
        return [pytest.param(None, id="examples.jsonl-missing")]
    lines = EXAMPLES_PATH.read_text(encoding="utf-8").splitlines()
    return [
        pytest.param(json.loads(line), id=f"line{number}")
        for number, line in enumerate(lines, start=1)
        if line.strip()
    ]


def _present(examples: list[Any]) -> list[dict]:
    return [param.values[0] for param in examples if param.values[0] is not None]


EXAMPLES = _load_examples()


def _require(example: dict | None) -> dict:
    if example is None:
        pytest.fail(
            f"{EXAMPLES_PATH} is missing: the door tests read the worked examples from "
            "shared/rules/examples.jsonl beside the project directory."
        )
    return example


def assert_contains_expect(response: dict, expect: dict, about: str) -> None:
    """{"error": CODE} means that error code; otherwise each expected key, equal."""
    if set(expect) == {"error"} and isinstance(expect["error"], str):
        assert "error" in response, f"{about}: expected error {expect['error']}, got {response}"
        assert response["error"]["code"] == expect["error"], about
        assert isinstance(response["error"].get("message"), str), about
        return
    for key, value in expect.items():
        assert key in response, f"{about}: response has no {key!r}: {response}"
        assert response[key] == value, f"{about}: {key!r} is {response[key]!r}, not {value!r}"


@pytest.fixture(scope="module")
def engine() -> ModuleType:
    # Imported here, not at the top, so a missing engine fails these tests only.
    import scoring.rules

    return scoring.rules


@pytest.mark.parametrize("example", EXAMPLES)
def test_python_door_answers_each_example(engine: ModuleType, example: dict | None) -> None:
    example = _require(example)
    response = engine.evaluate(example["request"])
    assert_contains_expect(response, example["expect"], example["about"])
    assert engine.is_error(response) == ("error" in response)


# --- command line ------------------------------------------------------------------------

BAD_JSON_LINE = '{"op": "wilds", "variant": '


def _cli_batch(examples: list[dict]) -> str:
    """Each example's request on its own line, with a blank line, a whitespace-only line
    and a line of broken JSON mixed in, which must not stop the batch."""
    lines = [json.dumps(example["request"], ensure_ascii=False) for example in examples]
    middle = len(lines) // 2
    lines[middle:middle] = ["", "   \t", BAD_JSON_LINE]
    return "\n".join(lines) + "\n"


@pytest.fixture(scope="module")
def cli_run() -> dict[str, Any]:
    examples = _present(EXAMPLES)
    env = dict(os.environ)
    # An unreachable database: the command must answer without ever opening it.
    env["DATABASE_URL"] = "postgres://nobody@127.0.0.1:9/no_such_database"
    completed = subprocess.run(
        [sys.executable, "manage.py", "rules"],
        cwd=PROJECT_ROOT,
        input=_cli_batch(examples).encode("utf-8"),
        capture_output=True,
        env=env,
        timeout=120,
        check=False,
    )
    answers = completed.stdout.decode("utf-8").splitlines()
    middle = len(examples) // 2
    bad_json_answer = answers.pop(middle) if len(answers) > middle else None
    return {
        "returncode": completed.returncode,
        "stderr": completed.stderr.decode("utf-8", "replace"),
        "answers": [json.loads(a) for a in answers],
        "bad_json_answer": bad_json_answer,
        "count": len(examples),
    }


def test_cli_answers_every_line_and_exits_zero(cli_run: dict[str, Any]) -> None:
    assert cli_run["returncode"] == 0, cli_run["stderr"]
    # One answer per request plus the broken line; blank lines get none.
    assert len(cli_run["answers"]) == cli_run["count"], cli_run["stderr"]


def test_cli_answers_broken_json_with_bad_request_and_goes_on(cli_run: dict[str, Any]) -> None:
    assert cli_run["bad_json_answer"] is not None, cli_run["stderr"]
    response = json.loads(cli_run["bad_json_answer"])
    assert response["error"]["code"] == "bad_request"


@pytest.mark.parametrize("example", EXAMPLES)
def test_cli_door_answers_each_example(cli_run: dict[str, Any], example: dict | None) -> None:
    example = _require(example)
    # Answers come back in request order; the same object is the same line.
    index = next(i for i, other in enumerate(_present(EXAMPLES)) if other is example)
    assert index < len(cli_run["answers"]), f"no answer for this line: {cli_run['stderr']}"
    assert_contains_expect(cli_run["answers"][index], example["expect"], example["about"])


def test_cli_answers_each_line_before_the_next_arrives(engine: ModuleType) -> None:
    """A driver may write one request and wait for its answer: nothing is held back."""
    process = subprocess.Popen(
        [sys.executable, "manage.py", "rules"],
        cwd=PROJECT_ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        for variant in ("indian21", "rummy27"):
            request = {"op": "wilds", "variant": variant, "wild": "5H"}
            process.stdin.write(json.dumps(request).encode() + b"\n")
            process.stdin.flush()
            ready, _, _ = select.select([process.stdout], [], [], 30)
            assert ready, f"no answer to a {variant} request within 30 s"
            assert "wild_cards" in json.loads(process.stdout.readline())
        process.stdin.close()
        assert process.wait(timeout=30) == 0
    finally:
        process.kill()
        process.wait()


def test_cli_through_django_answers_like_the_fast_path(cli_run: dict[str, Any]) -> None:
    """With any option, `manage.py rules` runs as a Django command; the answers match."""
    examples = _present(EXAMPLES)[:3]
    completed = subprocess.run(
        [sys.executable, "manage.py", "rules", "--verbosity", "1"],
        cwd=PROJECT_ROOT,
        input="\n".join(json.dumps(e["request"]) for e in examples).encode(),
        capture_output=True,
        timeout=120,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr.decode()
    answers = [json.loads(line) for line in completed.stdout.decode().splitlines()]
    assert answers == cli_run["answers"][: len(examples)]


# --- REST --------------------------------------------------------------------------------


@pytest.fixture
def api_client() -> Any:
    from rest_framework.test import APIClient

    return APIClient()


def _post(api_client: Any, body: str | bytes) -> Any:
    return api_client.post(EVALUATE_URL, data=body, content_type="application/json")


@pytest.mark.parametrize("example", EXAMPLES)
def test_rest_door_answers_each_example(api_client: Any, example: dict | None) -> None:
    example = _require(example)
    response = _post(api_client, json.dumps(example["request"]))
    body = response.json()
    assert_contains_expect(body, example["expect"], example["about"])
    assert response.status_code == (400 if "error" in body else 200)


def test_rest_door_rejects_broken_json_with_the_contract_error(api_client: Any) -> None:
    response = _post(api_client, BAD_JSON_LINE)
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "bad_request"
    assert isinstance(response.json()["error"]["message"], str)


def test_rest_door_answers_an_error_request_with_400(api_client: Any) -> None:
    response = _post(api_client, json.dumps({"op": "wilds", "variant": "no_such_game"}))
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "unknown_variant"


def test_rest_door_answers_a_good_request_with_200(api_client: Any) -> None:
    request = {"op": "wilds", "variant": "indian21", "wild": "10S"}
    response = _post(api_client, json.dumps(request))
    assert response.status_code == 200
    assert response.json()["wild_cards"]["JS"] == "upper"
