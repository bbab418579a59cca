"""The tab keeps the code's layout rules: no import loop through it (the architecture
test walks the other apps; this adds the tab to the same walk)."""

from __future__ import annotations

import grimp

from tests.test_architecture import PACKAGES, _cycles


def test_no_module_imports_itself_back_through_the_tab():
    graph = grimp.build_graph(*PACKAGES, "tab")
    assert _cycles(graph) == []
