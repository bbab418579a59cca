"""The command-line door of the rules engine: JSON lines in, JSON lines out.

Kept free of Django: the engine needs neither settings nor a database, so `manage.py rules`
runs this without starting Django at all (see manage.py), and tests drive it with
in-memory streams.
"""

import json
import sys
import traceback
from collections.abc import Callable
from typing import BinaryIO, TextIO

from scoring.rules import MAX_REQUEST_BYTES, too_large

Evaluator = Callable[[bytes], dict]

INTERNAL_ERROR = {
    "error": {
        "code": "internal_error",
        "message": "The rules engine failed on this request; report it with the request.",
    }
}


def answer(line: bytes, evaluate_json: Evaluator, err: TextIO, line_number: int) -> bytes:
    """The encoded response line for one request line. Never raises for a bad request."""
    try:
        response = evaluate_json(line)
        return _encode(response)
    except Exception:
        # A bug in the engine, not in the request: keep the batch going, keep the evidence.
        err.write(f"rules: line {line_number} raised an unexpected error:\n")
        traceback.print_exc(file=err)
        err.flush()
        return _encode(INTERNAL_ERROR)


def serve(
    source: BinaryIO,
    sink: BinaryIO,
    err: TextIO,
    evaluate_json: Evaluator,
    max_line: int = MAX_REQUEST_BYTES,
) -> int:
    """Answer every non-blank line of `source` in order; the exit status (0: all answered).

    A line longer than `max_line` is not held in memory whole: it is read to its end and
    answered with the engine's "too large" error, and the batch goes on.
    """
    # readline, not iteration over a buffered file, so a driver that writes one request
    # and waits for its answer is served at once.
    line_number = 0
    while line := source.readline(max_line + 1):
        line_number += 1
        if len(line) > max_line and not line.endswith(b"\n"):
            while (rest := source.readline(64 * 1024)) and not rest.endswith(b"\n"):
                pass
            reply = _encode(too_large().as_response())
        elif not line.strip():
            continue
        else:
            reply = answer(line, evaluate_json, err, line_number)
        try:
            sink.write(reply)
            sink.flush()
        except BrokenPipeError:
            # The reader went away; nothing more can be answered.
            return 1
    return 0


def _encode(response: dict) -> bytes:
    text = json.dumps(response, ensure_ascii=False, separators=(",", ":"))
    # Never fails: text that cannot be UTF-8 (half a character) is escaped, not lost.
    return text.encode("utf-8", "backslashreplace") + b"\n"


def main() -> int:
    """Serve the process's own stdin and stdout with the real engine."""
    from scoring.rules import evaluate_json

    return serve(sys.stdin.buffer, sys.stdout.buffer, sys.stderr, evaluate_json)
