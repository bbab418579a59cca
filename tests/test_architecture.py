"""The code's layout keeps its rules: no module imports itself back through others.

The import contracts (pyproject.toml, `make lint`) say which app may import which; this
test adds what they cannot say: that no two modules import each other, directly or round
a loop, so each can be read (and loaded) on its own.
"""

from __future__ import annotations

import grimp

PACKAGES = (
    "config",
    "clubs",
    "scoring",
    "leagues",
    "tournaments",
    "tab",
    "languages",
    "demo",
    "backups",
    "common",
)


def _cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """The strongly connected groups of two or more modules (Tarjan), migrations aside."""
    modules = sorted(m for m in graph.modules if ".migrations" not in m)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for imported in sorted(graph.find_modules_directly_imported_by(module)):
            if ".migrations" in imported or imported not in graph.modules:
                continue
            if imported not in index:
                visit(imported)
                low[module] = min(low[module], low[imported])
            elif imported in on_stack:
                low[module] = min(low[module], index[imported])
        if low[module] == index[module]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == module:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for module in modules:
        if module not in index:
            visit(module)
    return found


def test_no_module_imports_itself_back_through_others():
    graph = grimp.build_graph(*PACKAGES)
    assert _cycles(graph) == []


def test_the_cycle_finder_sees_a_loop(tmp_path, monkeypatch):
    """The check above could pass by seeing nothing: it must find a planted loop."""
    package = tmp_path / "loopy"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from loopy import b\n")
    (package / "b.py").write_text("from loopy import a\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert _cycles(grimp.build_graph("loopy")) == [["loopy.a", "loopy.b"]]
