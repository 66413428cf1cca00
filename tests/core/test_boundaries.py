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


def _module_graph(package: str) -> dict[str, set[str]]:
    """Return each module of a package and the package's modules it imports at load time."""
    graph: dict[str, set[str]] = {}
    for path in (ROOT / package).rglob("*.py"):
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        found: set[str] = set()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:  # module level only: imports inside functions load later
            if isinstance(node, ast.If):  # `if TYPE_CHECKING:` imports never load
                continue
            if isinstance(node, ast.Import):
                found.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                found.add(node.module)
                found.update(f"{node.module}.{a.name}" for a in node.names)
        graph[module] = {m for m in found if m.split(".")[0] == package}
    return {m: {d for d in deps if d in graph and d != m} for m, deps in graph.items()}


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
    for package in ("bot", "rules", "renderers", "bench"):
        assert _cycle(_module_graph(package)) is None, package


def test_the_circle_finder_finds_circles() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None



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
