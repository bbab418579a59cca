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
        text = json.dumps(response, ensure_ascii=False, separators=(",", ":"))
    except Exception:
        # A bug in the engine, not in the request: keep the batch going, keep the evidence.
        err.write(f"rules: line {line_number} raised an unexpected error:\n")
        traceback.print_exc(file=err)
        err.flush()
        text = json.dumps(INTERNAL_ERROR, ensure_ascii=False, separators=(",", ":"))
    return text.encode("utf-8") + b"\n"


def serve(source: BinaryIO, sink: BinaryIO, err: TextIO, evaluate_json: Evaluator) -> int:
    """Answer every non-blank line of `source` in order; the exit status (0: all answered)."""
    # readline, not iteration over a buffered file, so a driver that writes one request
    # and waits for its answer is served at once.
    for line_number, line in enumerate(iter(source.readline, b""), start=1):
        if not line.strip():
            continue
        try:
            sink.write(answer(line, evaluate_json, err, line_number))
            sink.flush()
        except BrokenPipeError:
            # The reader went away; nothing more can be answered.
            return 1
    return 0


def main() -> int:
    """Serve the process's own stdin and stdout with the real engine."""
    from scoring.rules import evaluate_json

    return serve(sys.stdin.buffer, sys.stdout.buffer, sys.stderr, evaluate_json)
