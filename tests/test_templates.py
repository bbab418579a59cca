"""Template mistakes that render as text on a page instead of failing anywhere."""

from __future__ import annotations

import re
from pathlib import Path

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"


def test_no_template_has_a_comment_over_several_lines():
    # Django's {# #} comment ends at the line's end: over two lines it shows on the page.
    broken = [
        f"{path.relative_to(TEMPLATES)}:{text[: match.start()].count(chr(10)) + 1}"
        for path in sorted(TEMPLATES.rglob("*.html"))
        for text in [path.read_text()]
        for match in re.finditer(r"\{#(?:(?!#\}).)*\n", text, re.S)
    ]
    assert broken == []
