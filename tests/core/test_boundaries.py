"""Import boundaries: rules/ is pure; renderers/ knows no Discord, store or bot."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

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


# Where each package checked for circles lives (its import name: its folder).
PACKAGES = {
    "rules": ROOT / "rules",
    "renderers": ROOT / "renderers",
    "bench": ROOT / "bench",
    "tools": ROOT / "tools",
    "fakediscord": ROOT / "fakediscord" / "src" / "fakediscord",
    "bot": ROOT / "bot",
}
# The packages with no import circle of any kind (bot/ joins once it is in packages).
CIRCLE_FREE = ("rules", "renderers", "bench", "tools", "fakediscord")


def _module_graph(package: str) -> dict[str, set[str]]:
    """Return each module of a package and the package's modules it imports, counting every import.

    Module level, inside functions and under `if TYPE_CHECKING:` alike (ast.walk over the
    whole module), relative imports resolved: a circle that only a late import keeps from
    failing at load time is still a circle in the design.
    """
    folder = PACKAGES[package]
    sources: dict[str, tuple[str, bool]] = {}  # module: (source, is a package's __init__)
    for path in folder.rglob("*.py"):
        name = ".".join((package, *path.relative_to(folder).with_suffix("").parts))
        sources[name.removesuffix(".__init__")] = (
            path.read_text(encoding="utf-8"), path.name == "__init__.py"
        )
    graph: dict[str, set[str]] = {}
    for module, (source, is_package) in sources.items():
        found: set[str] = set()
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Import):
                found.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = _imported_from(module, node, is_package)
                found.add(base)
                found.update(f"{base}.{a.name}" for a in node.names)
        graph[module] = {m for m in found if m in sources and m != module}
    return graph


def _imported_from(module: str, node: ast.ImportFrom, is_package: bool) -> str:
    """Return the absolute name of the module an import takes from (`from ..x import y`: a.x)."""
    if not node.level:
        return node.module or ""
    parts = module.split(".") if is_package else module.split(".")[:-1]
    parts = parts[: len(parts) - node.level + 1]
    return ".".join([*parts, node.module] if node.module else parts)


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for dep in sorted(graph[node]):
            if state.get(dep) == 1:
                return [*stack[stack.index(dep):], dep]
            if dep not in state:
                found = visit(dep)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def test_no_import_circles() -> None:
    for package in CIRCLE_FREE:
        graph = _module_graph(package)
        assert len(graph) > 1, package
        assert _cycle(graph) is None, package


def test_the_circle_finder_finds_circles() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


def _graph_of(tmp_path: Path, files: dict[str, str]) -> dict[str, set[str]]:
    """Return the import graph of a throwaway package `pkg` made of `files`."""
    for name, text in files.items():
        path = tmp_path / "pkg" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    PACKAGES["pkg"] = tmp_path / "pkg"
    try:
        return _module_graph("pkg")
    finally:
        del PACKAGES["pkg"]


def test_a_function_local_import_closes_a_circle(tmp_path: Path) -> None:
    graph = _graph_of(tmp_path, {
        "__init__.py": "",
        "a.py": "from pkg.b import thing\n",
        "b.py": "thing = 1\n\n\ndef late() -> None:\n    from pkg import a\n",
    })
    assert graph["pkg.b"] == {"pkg", "pkg.a"}
    assert _cycle(graph) == ["pkg.a", "pkg.b", "pkg.a"]


def test_a_type_checking_import_closes_a_circle(tmp_path: Path) -> None:
    graph = _graph_of(tmp_path, {
        "__init__.py": "",
        "a.py": "from .b import thing\n",
        "sub/__init__.py": "from ..a import x\n",
        "b.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .sub import y\n",
    })
    assert graph["pkg.a"] == {"pkg.b"} and graph["pkg.sub"] == {"pkg.a"}
    assert _cycle(graph) == ["pkg.a", "pkg.b", "pkg.sub", "pkg.a"]



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
