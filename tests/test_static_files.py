"""The app's own style sheets are whole: a brace left open swallows every rule after it,
which no browser reports and which once hid the hand list's layout behind a merge."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

CSS = sorted((Path(__file__).resolve().parents[1] / "static" / "css").glob("*.css"))


@pytest.mark.parametrize("sheet", CSS, ids=lambda path: path.name)
def test_every_rule_of_a_style_sheet_is_closed(sheet: Path) -> None:
    text = re.sub(r"/\*.*?\*/", "", sheet.read_text(), flags=re.S)  # comments aside
    depth = 0
    for line_number, line in enumerate(text.splitlines(), start=1):
        for char in line:
            depth += char == "{"
            depth -= char == "}"
            assert depth >= 0, f"{sheet.name}: a stray }} on line {line_number}"
        assert depth <= 2, f"{sheet.name}: rules nest too deep by line {line_number}"
    assert depth == 0, f"{sheet.name}: {depth} rule(s) left open"
