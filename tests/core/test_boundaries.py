"""Import boundaries: rules/ is pure; renderers/ knows no Discord, store or bot."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

from tests.importgraph import PACKAGES, find_cycle, module_graph

ROOT = Path(__file__).resolve().parents[2]
STDLIB = set(sys.stdlib_module_names)


def _imports(folder: str) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for path in (ROOT / folder).rglob("*.py"):
        names: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names.update(a.name.split(".")[0] for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module.split(".")[0])
        out[str(path.relative_to(ROOT))] = names
    return out


def test_rules_import_only_pydantic_and_the_standard_library() -> None:
    for path, names in _imports("rules").items():
        allowed = {"pydantic", "pydantic_core", "rules"}
        foreign = {n for n in names if n not in STDLIB and n not in allowed}
        assert not foreign, f"{path} imports {foreign}"
        assert "random" not in names, f"{path} uses global randomness"


def test_renderers_never_import_discord_the_store_or_the_bot() -> None:
    for path, names in _imports("renderers").items():
        assert not names & {"discord", "sqlite_utils", "sqlite3", "bot"}, path


def test_transports_reach_rules_only_through_the_service() -> None:
    transports = {**_imports("bot/discord"), **_imports("bot/console/terminal.py")}
    assert transports
    for path, names in transports.items():
        assert "rules" not in names and "sqlite_utils" not in names, path


# The packages with no import circle of any kind.
CIRCLE_FREE = ("rules", "renderers", "bench", "tools", "fakediscord", "bot")


def test_no_import_circles() -> None:
    for package in CIRCLE_FREE:
        graph = module_graph(package)
        assert len(graph) > 1, package
        assert find_cycle(graph) is None, package


def test_the_circle_finder_finds_circles() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def _graph_of(tmp_path: Path, files: dict[str, str]) -> dict[str, set[str]]:
    """Return the import graph of a throwaway package `pkg` made of `files`."""
    for name, text in files.items():
        path = tmp_path / "pkg" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    PACKAGES["pkg"] = tmp_path / "pkg"
    try:
        return module_graph("pkg")
    finally:
        del PACKAGES["pkg"]


def test_a_function_local_import_closes_a_circle(tmp_path: Path) -> None:
    graph = _graph_of(tmp_path, {
        "__init__.py": "",
        "a.py": "from pkg.b import thing\n",
        "b.py": "thing = 1\n\n\ndef late() -> None:\n    from pkg import a\n",
    })
    assert graph["pkg.b"] == {"pkg", "pkg.a"}
    assert find_cycle(graph) == ["pkg.a", "pkg.b", "pkg.a"]


def test_a_type_checking_import_closes_a_circle(tmp_path: Path) -> None:
    graph = _graph_of(tmp_path, {
        "__init__.py": "",
        "a.py": "from .b import thing\n",
        "sub/__init__.py": "from ..a import x\n",
        "b.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .sub import y\n",
    })
    assert graph["pkg.a"] == {"pkg.b"} and graph["pkg.sub"] == {"pkg.a"}
    assert find_cycle(graph) == ["pkg.a", "pkg.b", "pkg.sub", "pkg.a"]



def test_benchmarks_import_nothing_from_the_tests() -> None:
    for path, names in _imports("bench").items():
        assert "tests" not in names, path


def test_the_bot_reaches_game_systems_only_through_the_registry() -> None:
    systems = {p.parent.name for p in (ROOT / "rules").glob("*/engine.py")} - {"core"}
    assert systems
    for path, names in _full_imports("bot").items():
        inside = {n for n in names if n.split(".")[0] == "rules" and len(n.split(".")) > 1
                  and n.split(".")[1] in systems}
        assert not inside, f"{path} imports {sorted(inside)}"


def _full_imports(folder: str) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for path in (ROOT / folder).rglob("*.py"):
        names: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module)
        out[str(path.relative_to(ROOT))] = names
    return out


LONG_REASON = "It is long because"


def test_no_long_function_and_no_long_module_without_a_reason() -> None:
    long: list[str] = []
    for folder in ("bot", "rules", "renderers", "tools"):
        for path in (ROOT / folder).rglob("*.py"):
            text = path.read_text(encoding="utf-8")
            if folder in ("bot", "rules") and len(text.splitlines()) > 700:
                long.append(f"{path.relative_to(ROOT)}: {len(text.splitlines())} lines")
            for node in ast.walk(ast.parse(text)):
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                    size = (node.end_lineno or node.lineno) - node.lineno + 1
                    if size > 60 and LONG_REASON not in (ast.get_docstring(node) or ""):
                        long.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name} {size}")
    assert long == []
