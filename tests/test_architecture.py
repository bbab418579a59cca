"""The code's layout keeps its rules: no module imports itself back through others.

The import contracts (pyproject.toml, `make lint`) say which app may import which; this
test adds what they cannot say: that no two modules import each other, directly or round
a loop, so each can be read (and loaded) on its own.
"""

from __future__ import annotations

import ast
from pathlib import Path

import grimp
import pytest

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


# The rooms every module of the floor must not import (the rules engine aside: it imports
# nothing of the app, so it sits beneath the floor too).
APPS = ("config", "clubs", "scoring", "leagues", "tournaments", "tab", "languages", "demo")


def test_the_floor_imports_no_app_and_not_config():
    graph = grimp.build_graph(*PACKAGES)
    reached = {
        f"{module} -> {imported}"
        for module in graph.find_descendants("common") | {"common"}
        for imported in graph.find_modules_directly_imported_by(module)
        if imported.split(".")[0] in APPS
        and not (imported == "scoring.rules" or imported.startswith("scoring.rules."))
    }
    assert reached == set()


def test_no_app_imports_config_the_root():
    graph = grimp.build_graph(*PACKAGES)
    apps = [p for p in PACKAGES if p not in ("config", "common")]
    reached = {
        f"{module} -> {imported}"
        for app in apps
        for module in graph.find_descendants(app) | {app}
        for imported in graph.find_modules_directly_imported_by(module)
        if imported.split(".")[0] == "config"
    }
    # The demo command reads DEMO_PASSWORD as the settings read the environment.
    assert reached == {"demo.management.commands.seed_demo -> config.env"}


# The presenters: stored values turned into what a screen shows, from what a selector read.
DISPLAY_MODULES = sorted(
    [*Path("scoring/display").glob("*.py"), *Path(".").glob("*/display.py")]
    + [Path("leagues/views/display.py"), Path("leagues/views/player_display.py")]
)
# What a presenter may take from a selectors module: types, and helpers that read nothing.
PURE_FROM_SELECTORS = {"Board", "HandRow", "HandRead", "ListedSession", "LeagueTable"} | {
    "BASIS_FIELD",
    "pool_rules",  # the session's own pool fields as a PoolRules
    "position_of",  # a seat's position among seats already read
}


def _reads_in(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Attribute) and node.attr in ("objects", "_default_manager"):
            found.append(f"{path}:{node.lineno} .{node.attr}")
        if isinstance(node, ast.ImportFrom) and (node.module or "").endswith("selectors"):
            found += [
                f"{path}:{node.lineno} {alias.name}"
                for alias in node.names
                if alias.name not in PURE_FROM_SELECTORS
            ]
    return found


def test_the_presenters_use_no_manager_and_call_no_selector():
    assert len(DISPLAY_MODULES) > 10  # the glob sees the presenters
    assert [read for path in DISPLAY_MODULES for read in _reads_in(path)] == []


def test_the_presenter_check_sees_a_query(tmp_path):
    """The check above could pass by seeing nothing: it must find a planted query."""
    planted = tmp_path / "display.py"
    planted.write_text(
        "from scoring.models import Seat\nfrom scoring.selectors import session_board\n"
        "seats = Seat.objects.all()\n"
    )
    assert _reads_in(planted) == [f"{planted}:2 session_board", f"{planted}:3 .objects"]


@pytest.mark.django_db
def test_a_summary_and_a_hands_history_are_built_from_what_the_selectors_read_alone(
    django_assert_num_queries,
):
    from scoring.display.summary import hand_versions, session_summary
    from scoring.selectors import hand_read, session_board
    from tests.factories import correct, make_club, make_session, record, typed_entry
    from tests.scoring.pot_factories import asha_takes_the_pot, four_player_pool

    points = make_session(make_club("Tuesday Club"), stake=2)
    record(points, typed_entry(0, {1: 20, 2: 5}))
    record(points, typed_entry(1, {0: 12, 2: 30}))
    correct(points, 1, typed_entry(2, {0: 10, 1: 40}), reason="Chitra won, not Asha")
    pool = asha_takes_the_pot(four_player_pool())
    boards = [session_board(points), session_board(pool)]
    read = hand_read(points, 1)
    assert read is not None
    with django_assert_num_queries(0):
        for board in boards:
            summary = session_summary(board)
            assert summary.standings and summary.settlement.nets
            assert summary.chart is not None
        assert summary.format_lines  # the pool's lines: its limit, its pot, who went out
        history = hand_versions(read)
        assert [entry.version for entry in history.versions] == [2, 1]
        assert all(score.name for entry in history.versions for score in entry.scores)
