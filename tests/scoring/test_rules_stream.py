"""The line loop behind `manage.py rules`, driven with a stand-in engine and in-memory streams."""

import io
import json

from scoring.rules_stream import serve


def echo_engine(line: bytes) -> dict:
    request = json.loads(line)
    if request.get("boom"):
        raise RuntimeError("engine bug")
    return {"echo": request}


def run(text: str, engine=echo_engine) -> tuple[int, list[dict], str]:
    out = io.BytesIO()
    err = io.StringIO()
    status = serve(io.BytesIO(text.encode("utf-8")), out, err, engine)
    answers = [json.loads(line) for line in out.getvalue().decode("utf-8").splitlines()]
    return status, answers, err.getvalue()


def test_it_answers_each_line_in_order() -> None:
    status, answers, _ = run('{"n": 1}\n{"n": 2}\n')
    assert status == 0
    assert answers == [{"echo": {"n": 1}}, {"echo": {"n": 2}}]


def test_it_skips_blank_and_whitespace_only_lines() -> None:
    status, answers, _ = run('\n   \t\n{"n": 1}\n\r\n')
    assert status == 0
    assert answers == [{"echo": {"n": 1}}]


def test_it_answers_a_last_line_without_a_newline() -> None:
    _, answers, _ = run('{"n": 1}')
    assert answers == [{"echo": {"n": 1}}]


def test_an_engine_bug_gets_internal_error_and_the_batch_goes_on() -> None:
    status, answers, err = run('{"n": 1}\n{"boom": true}\n{"n": 3}\n')
    assert status == 0
    assert answers[0] == {"echo": {"n": 1}}
    assert answers[1]["error"]["code"] == "internal_error"
    assert answers[1]["error"]["message"]
    assert answers[2] == {"echo": {"n": 3}}
    assert "line 2" in err
    assert "RuntimeError: engine bug" in err


def test_it_writes_utf8_without_escaping() -> None:
    out = io.BytesIO()
    serve(io.BytesIO(b'{"s": "\xe2\x99\xa0"}\n'), out, io.StringIO(), echo_engine)
    assert out.getvalue() == '{"echo":{"s":"♠"}}\n'.encode()


def test_it_flushes_after_every_answer() -> None:
    class CountingSink(io.BytesIO):
        flushes = 0

        def flush(self) -> None:
            self.flushes += 1

    sink = CountingSink()
    serve(io.BytesIO(b'{"n": 1}\n{"n": 2}\n'), sink, io.StringIO(), echo_engine)
    assert sink.flushes == 2


def test_it_stops_quietly_when_the_reader_goes_away() -> None:
    class ClosedPipe(io.BytesIO):
        def write(self, data: bytes) -> int:
            raise BrokenPipeError

    status = serve(io.BytesIO(b'{"n": 1}\n'), ClosedPipe(), io.StringIO(), echo_engine)
    assert status == 1


def run_real(lines: list[bytes]) -> tuple[int, list[dict]]:
    """The real engine behind the loop, on raw request bytes."""
    from scoring.rules import evaluate_json

    out = io.BytesIO()
    status = serve(io.BytesIO(b"".join(lines)), out, io.StringIO(), evaluate_json)
    return status, [json.loads(line) for line in out.getvalue().splitlines()]


WILDS = b'{"op":"wilds","variant":"indian13","wild":"7H"}\n'


def test_half_a_character_is_answered_and_the_batch_goes_on() -> None:
    status, answers = run_real([b'{"op":"\\ud800"}\n', WILDS])
    assert status == 0
    assert answers[0]["error"]["code"] == "bad_request"
    assert "lone surrogate" in answers[0]["error"]["message"]
    assert "wild_cards" in answers[1]


def test_the_raw_bytes_of_half_a_character_are_not_json_and_the_batch_goes_on() -> None:
    line = b'{"op":"wilds","variant":"indian13","wild":"\xed\xa0\x80"}\n'
    status, answers = run_real([line, WILDS])
    assert status == 0
    assert answers[0]["error"] == {
        "code": "bad_request",
        "message": "The request is not valid JSON.",
    }
    assert "wild_cards" in answers[1]


def test_deep_nesting_is_answered_and_the_batch_goes_on() -> None:
    status, answers = run_real([b"[" * 50_000 + b"]" * 50_000 + b"\n", WILDS])
    assert status == 0
    assert answers[0]["error"]["code"] == "bad_request"
    assert "wild_cards" in answers[1]


def test_a_line_over_the_size_limit_is_answered_without_being_read_whole() -> None:
    from scoring.rules import MAX_REQUEST_BYTES

    huge = b'{"op":"show","hand":"' + b"AS " * MAX_REQUEST_BYTES + b'"}\n'
    status, answers = run_real([huge, WILDS])
    assert status == 0
    assert answers[0]["error"]["code"] == "bad_request"
    assert "larger than 64 KiB" in answers[0]["error"]["message"]
    assert "wild_cards" in answers[1]


def test_an_answer_that_cannot_be_utf8_is_still_written() -> None:
    status, answers, _ = run('{"n": 1}\n', engine=lambda line: {"text": "\ud800"})
    assert status == 0
    # Written as a JSON escape, so the line reads back as exactly what the engine said.
    assert answers == [{"text": "\ud800"}]
