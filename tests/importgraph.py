"""The import graph of a package, every import counted, and a circle finder."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# Where each package checked for circles lives (its import name: its folder).
PACKAGES = {
    "rules": ROOT / "rules",
    "renderers": ROOT / "renderers",
    "bench": ROOT / "bench",
    "tools": ROOT / "tools",
    "fakediscord": ROOT / "fakediscord" / "src" / "fakediscord",
    "bot": ROOT / "bot",
}


def module_graph(package: str) -> dict[str, set[str]]:
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


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
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
