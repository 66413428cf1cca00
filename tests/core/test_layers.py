"""bot/ in layers: imports point one way, no circle of any kind, names that cannot be confused.

Every import counts here: module level, inside functions, under `if TYPE_CHECKING:` and
relative ones, because a circle any of them closes is a circle a reader must untangle.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BOT = ROOT / "bot"

# The layers of bot/, top first: a module may import its own layer's and lower layers' modules.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("bot.cli", "bot.app"),
    ("bot.discord", "bot.console"),
    ("bot.surface",),
    ("bot.service",),
    ("bot.store",),
    ("bot.config", "bot.clock", "bot.timecontrol", "bot.text", "bot.errors", "bot.replies",
     "bot.recent", "bot.progress", "bot.uploads"),
)
ENTRY_AND_FOUNDATION = {name for layer in (LAYERS[0], LAYERS[-1]) for name in layer}


def _module(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")


def every_import(path: Path) -> set[str]:
    """Return every module a file names in an import, wherever the import stands."""
    module = _module(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[: len(parts) - (node.level - 1)]
                base = ".".join([*parts, *([node.module] if node.module else [])])
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


def graph(top: str) -> dict[str, set[str]]:
    """Return each module under `top` and the modules under `top` it imports (any import)."""
    paths = {_module(p): p for p in (ROOT / top).rglob("*.py")}
    return {m: {d for d in every_import(p) if d in paths and d != m} for m, p in paths.items()}


def circle(g: dict[str, set[str]]) -> list[str] | None:
    """Return one circle of the graph, or None (iterative depth-first search)."""
    state: dict[str, int] = {}
    for start in sorted(g):
        if start in state:
            continue
        stack: list[tuple[str, list[str]]] = [(start, sorted(g[start]))]
        path = [start]
        state[start] = 1
        while stack:
            node, todo = stack[-1]
            if not todo:
                stack.pop()
                path.pop()
                state[node] = 2
                continue
            nxt = todo.pop(0)
            if state.get(nxt) == 1:
                return [*path[path.index(nxt):], nxt]
            if nxt not in state:
                state[nxt] = 1
                path.append(nxt)
                stack.append((nxt, sorted(g[nxt])))
    return None


def _layer(module: str) -> int | None:
    for depth, layer in enumerate(LAYERS):
        if any(module == name or module.startswith(name + ".") for name in layer):
            return depth
    return None


def test_no_import_circle_of_any_kind_in_bot() -> None:
    assert circle(graph("bot")) is None


def test_the_circle_finder_sees_function_local_and_type_checking_imports(tmp_path: Path
                                                                         ) -> None:
    source = tmp_path / "a.py"
    source.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import b\n"
                      "def f():\n    from c import d\n", encoding="utf-8")
    found = set()
    for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.add(node.lineno)
    assert found == {1, 3, 5}  # all three import statements are seen by ast.walk
    assert circle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert circle({"a": {"b"}, "b": set()}) is None


def test_bot_imports_point_down_its_layers_only() -> None:
    upward = []
    for module, deps in graph("bot").items():
        mine = _layer(module)
        if mine is None:  # the package `bot` itself
            continue
        for dep in deps:
            theirs = _layer(dep)
            if theirs is not None and theirs < mine:
                upward.append(f"{module} -> {dep}")
    assert upward == []


def test_every_bot_module_belongs_to_a_layer_and_only_entry_and_foundation_stand_alone() -> None:
    loose = {_module(p) for p in BOT.glob("*.py") if p.name != "__init__.py"}
    assert loose == ENTRY_AND_FOUNDATION
    for path in BOT.rglob("*.py"):
        if _module(path) != "bot":
            assert _layer(_module(path)) is not None, path


def test_every_package_of_bot_says_its_job() -> None:
    for init in BOT.rglob("__init__.py"):
        assert ast.get_docstring(ast.parse(init.read_text(encoding="utf-8"))), init


def _one_letter_apart(a: str, b: str) -> bool:
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        return sum(x != y for x, y in zip(a, b, strict=True)) == 1
    short, long = sorted((a, b), key=len)
    return any(long[:i] + long[i + 1:] == short for i in range(len(long)))


def test_no_two_bot_modules_share_a_name_or_differ_by_one_letter() -> None:
    names = sorted(p.stem for p in BOT.rglob("*.py") if p.name != "__init__.py")
    packages = sorted(p.parent.name for p in BOT.rglob("__init__.py") if p.parent != BOT)
    assert len(names) == len(set(names)), [n for n in names if names.count(n) > 1]
    every = sorted({*names, *packages})
    close = [(a, b) for i, a in enumerate(every) for b in every[i + 1:] if _one_letter_apart(a, b)]
    assert close == []
    assert _one_letter_apart("clock", "clocks") and not _one_letter_apart("turns", "turnlog")
