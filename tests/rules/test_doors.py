"""Every worked example of the rules contract through each of the engine's doors.

The three doors (Python, `manage.py rules`, REST) share one implementation, so each must
give the answer the example expects. The examples are the project's own copies,
`tests/rules/data/examples.jsonl` (ids `local-lineN`) and `examples-marriage-nepal.jsonl`
(`local-nepal-lineN`), its own worked examples (`house-lineN`, `nepal-lineN`) and, where the
team's shared folder sits beside the project as in CI, every line of the two files in
`../shared/rules/` too (`shared-lineN`, `shared-nepal-lineN`);
`test_local_examples_match_the_shared_ones` fails if a copy disagrees with its original. The
fields are described in `docs/rules.md`.
"""

import difflib
import json
import os
import select
import subprocess
import sys
from types import ModuleType
from typing import Any

import pytest

from tests.rules.examples import (
    COPIED,
    DATA,
    LOCAL_EXAMPLES,
    PROJECT_ROOT,
    SHARED_RULES,
    Example,
    house_examples,
    local_examples,
    nepal_examples,
    require_shared,
    shared_examples,
)

EVALUATE_URL = "/api/v1/rules/evaluate/"

LOCAL = local_examples()
# Each copied file's lines here and in ../shared (None where the folder is missing).
COPIES = {copy: local_examples(copy) for copy in COPIED}
SHARED = {copy: shared_examples(copy) for copy in COPIED}
OWN = house_examples() + nepal_examples()
# Every example the doors answer, local lines first: the command-line batch sends them all.
PRESENT: list[Example] = [
    *(example for lines in COPIES.values() for example in lines),
    *OWN,
    *(example for lines in SHARED.values() for example in lines or []),
]


def _params() -> list[Any]:
    params = [pytest.param(example, id=example.id) for example in PRESENT]
    if any(lines is None for lines in SHARED.values()):
        # One visible stand-in per door: skipped in a clone alone, a failure in CI.
        params.append(pytest.param(None, id="shared-missing"))
    return params


EXAMPLES = _params()


def _require(example: Example | None) -> Example:
    if example is None:
        for copy, lines in SHARED.items():
            if lines is None:
                require_shared(copy)
        raise AssertionError("unreachable: require_shared() skips or fails")
    return example


# --- the two copies ----------------------------------------------------------------------


def test_the_local_copy_holds_the_worked_examples() -> None:
    assert len(LOCAL) >= 8, f"{LOCAL_EXAMPLES} holds only {len(LOCAL)} examples"
    ops = {example.request.get("op") for example in LOCAL}
    assert ops >= {"wilds", "show", "penalty", "bonus", "score_hand"}, ops


def _canonical(example: Example) -> str:
    return json.dumps(
        {"about": example.about, "request": example.request, "expect": example.expect},
        sort_keys=True,
        ensure_ascii=False,
    )


def _disagreements(local: list[Example], shared: list[Example]) -> list[str]:
    """In words, where the two copies differ: lines changed, missing or extra."""
    a = [_canonical(example) for example in local]
    b = [_canonical(example) for example in shared]
    found = []
    matcher = difflib.SequenceMatcher(a=a, b=b, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        for offset in range(max(i2 - i1, j2 - j1)):
            mine = local[i1 + offset] if i1 + offset < i2 else None
            theirs = shared[j1 + offset] if j1 + offset < j2 else None
            if mine and theirs:
                found.append(
                    f"local line {mine.line} differs from shared line {theirs.line}:\n"
                    f"  local:  {_canonical(mine)}\n  shared: {_canonical(theirs)}"
                )
            elif theirs:
                found.append(
                    f"shared line {theirs.line} is not in the local copy: {_canonical(theirs)}"
                )
            elif mine:
                found.append(
                    f"local line {mine.line} is not in the shared file: {_canonical(mine)}"
                )
    return found


@pytest.mark.parametrize("copy", list(COPIED), ids=lambda copy: copy or "main")
def test_local_examples_match_the_shared_ones(copy: str) -> None:
    require_shared(copy)
    shared = SHARED[copy]
    assert shared is not None
    found = _disagreements(COPIES[copy], shared)
    if found:
        local, original = DATA / COPIED[copy], SHARED_RULES / COPIED[copy]
        pytest.fail(
            f"{local.relative_to(PROJECT_ROOT)} and {original} disagree "
            f"(copy the shared file over the local one once the change is understood):\n"
            + "\n".join(found),
            pytrace=False,
        )


def test_a_disagreement_is_reported_line_by_line() -> None:
    """The comparison itself, on copies made to differ (no ../shared needed)."""
    changed = Example("shared", 2, "changed", {"op": "wilds"}, {"wild_cards": {}})
    extra = Example("shared", 9, "extra", {"op": "bonus"}, {"points": 0})
    shared = [LOCAL[0], changed, *LOCAL[2:], extra]
    found = _disagreements(LOCAL, shared)
    assert found[0].startswith(f"local line {LOCAL[1].line} differs from shared line 2:")
    assert found[1].startswith("shared line 9 is not in the local copy:")
    assert len(found) == 2
    assert _disagreements(LOCAL, LOCAL) == []


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
def test_python_door_answers_each_example(engine: ModuleType, example: Example | None) -> None:
    example = _require(example)
    response = engine.evaluate(example.request)
    assert_contains_expect(response, example.expect, example.about)
    assert engine.is_error(response) == ("error" in response)


# --- command line ------------------------------------------------------------------------

BAD_JSON_LINE = '{"op": "wilds", "variant": '


def _cli_batch(examples: list[Example]) -> str:
    """Each example's request on its own line, with a blank line, a whitespace-only line
    and a line of broken JSON mixed in, which must not stop the batch."""
    lines = [json.dumps(example.request, ensure_ascii=False) for example in examples]
    middle = len(lines) // 2
    lines[middle:middle] = ["", "   \t", BAD_JSON_LINE]
    return "\n".join(lines) + "\n"


@pytest.fixture(scope="module")
def cli_run() -> dict[str, Any]:
    examples = PRESENT
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
def test_cli_door_answers_each_example(cli_run: dict[str, Any], example: Example | None) -> None:
    example = _require(example)
    # Answers come back in request order: an example's place in the batch is its answer's.
    index = PRESENT.index(example)
    assert index < len(cli_run["answers"]), f"no answer for this line: {cli_run['stderr']}"
    assert_contains_expect(cli_run["answers"][index], example.expect, example.about)


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
    examples = PRESENT[:3]
    completed = subprocess.run(
        [sys.executable, "manage.py", "rules", "--verbosity", "1"],
        cwd=PROJECT_ROOT,
        input="\n".join(json.dumps(e.request) for e in examples).encode(),
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
def test_rest_door_answers_each_example(api_client: Any, example: Example | None) -> None:
    example = _require(example)
    response = _post(api_client, json.dumps(example.request))
    body = response.json()
    assert_contains_expect(body, example.expect, example.about)
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
