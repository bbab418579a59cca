"""The worked examples of the rules contract, as the rules tests read them.

Each example is one JSON object a line: `about` (what it shows, in words), `request` (sent to
the engine) and `expect` (part of the answer, or `{"error": CODE}`); `docs/rules.md` explains
every field. The project keeps its own copy of each of the contract's example files
(`examples.jsonl`, and `examples-marriage-nepal.jsonl` for "Marriage as Nepal plays it") in
`tests/rules/data/`, so a clone of the project alone runs every example. Where the team's
shared folder sits beside the project (`../shared/rules/`, as in CI) the door tests run its
lines as well and fail if the two copies disagree; without it those tests are skipped,
except in CI (`CI` set), which always has it, so there a missing folder fails.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

PROJECT_ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).resolve().parent / "data"
SHARED_RULES = PROJECT_ROOT.parent / "shared" / "rules"
# The contract's example files, each kept here too under the same name: the main one, and
# those of "Marriage as Nepal plays it" (the ids of its lines say "nepal").
COPIED = {"": "examples.jsonl", "nepal": "examples-marriage-nepal.jsonl"}
LOCAL_EXAMPLES = DATA / COPIED[""]
SHARED_EXAMPLES = SHARED_RULES / COPIED[""]
# Worked by hand for the contract's House rules section (every option, the wrong show) and
# its two alignments (JKR is no card; `bonus` needs the designator): the project's own.
HOUSE_EXAMPLES = DATA / "house_examples.jsonl"
# Worked by hand for "Marriage as Nepal plays it": each option, together and with murder
# and kidnap, and every refusal the section names: the project's own.
NEPAL_EXAMPLES = DATA / "nepal_examples.jsonl"


@dataclass(frozen=True)
class Example:
    """One line of an examples file: where it comes from, and what it holds."""

    source: str  # "local" or "shared"
    line: int  # its line number in the file, counting from 1
    about: str
    request: dict[str, Any]
    expect: dict[str, Any]

    @property
    def id(self) -> str:
        """The test id: which copy, which line ("local-line3", "shared-line3")."""
        return f"{self.source}-line{self.line}"


def load_examples(path: Path, source: str) -> list[Example]:
    """Every example of `path` in file order; blank lines are skipped, a broken line fails."""
    examples = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
            examples.append(Example(source, number, data["about"], data["request"], data["expect"]))
        except (ValueError, KeyError, TypeError) as exc:
            raise ValueError(f"{path}, line {number}: not a worked example ({exc})") from exc
    return examples


def _source(where: str, copy: str) -> str:
    return f"{where}-{copy}" if copy else where


def local_examples(copy: str = "") -> list[Example]:
    return load_examples(DATA / COPIED[copy], _source("local", copy))


def house_examples() -> list[Example]:
    return load_examples(HOUSE_EXAMPLES, "house")


def nepal_examples() -> list[Example]:
    return load_examples(NEPAL_EXAMPLES, "nepal")


def shared_examples(copy: str = "") -> list[Example] | None:
    """The shared folder's examples, or None when there is no ../shared beside the project."""
    path = SHARED_RULES / COPIED[copy]
    if not path.is_file():
        return None
    return load_examples(path, _source("shared", copy))


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def require_shared(copy: str = "") -> None:
    """Skip a test that needs ../shared when it is missing; in CI, where it always is, fail."""
    path = SHARED_RULES / COPIED[copy]
    if path.is_file():
        return
    if in_ci():
        pytest.fail(
            f"{path} is missing, but CI always has the shared folder beside the "
            "project: the local copy of the examples cannot be checked against it."
        )
    pytest.skip(
        f"{path} not found: no ../shared beside this clone; the local copy "
        f"({(DATA / COPIED[copy]).relative_to(PROJECT_ROOT)}) is used"
    )
