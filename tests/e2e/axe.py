"""axe-core in the browser tests: what a screen reader, a keyboard or weak eyes would meet.

axe-core is the npm package (package.json, installed into node_modules/ by `make test`'s
set-up); nothing comes from a CDN. Its script is run in the page through Playwright's
`page.evaluate`, which goes over the DevTools protocol and so is not subject to the page's
Content-Security-Policy: the page keeps its real policy (no `bypass_csp`), and nothing is
added to the app for the tests' sake. `add_script_tag` would be an inline <script> that
the policy rightly refuses.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
# What the issue asks to be free of; "moderate" and "minor" findings are not failures.
BLOCKING = ("serious", "critical")


@cache
def _axe_source() -> str:
    if not AXE.is_file():
        pytest.fail(
            f"axe-core is missing ({AXE}): `make test` installs it (npm ci from "
            "package-lock.json), or run `make node_modules`.",
            pytrace=False,
        )
    return AXE.read_text(encoding="utf-8")


def violations(page: Page) -> list[dict[str, Any]]:
    """axe-core's serious and critical violations on the page as it is now (WCAG 2.x A
    and AA rules and axe's best practices)."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(_axe_source())
    found: list[dict[str, Any]] = page.evaluate(
        """() => axe.run(document, {resultTypes: ["violations"]}).then((r) => r.violations)"""
    )
    return [v for v in found if v.get("impact") in BLOCKING]


def describe(where: str, found: list[dict[str, Any]]) -> str:
    """The violations as a person reads them: the rule, why, and the elements (a few)."""
    lines = []
    for violation in found:
        lines.append(
            f"{where}: [{violation['impact']}] {violation['id']}: {violation['help']} "
            f"({violation['helpUrl'].split('?')[0]})"
        )
        for node in violation["nodes"][:5]:
            target = " ".join(str(part) for part in node["target"])
            summary = " ".join(node.get("failureSummary", "").split())
            lines.append(f"    {target}: {summary[:300]}")
        if len(violation["nodes"]) > 5:
            lines.append(f"    ... and {len(violation['nodes']) - 5} more")
    return "\n".join(lines)
