"""bot/ in layers: imports point one way and names cannot be confused.

Every import counts (tests/importgraph.py): module level, inside functions, under
`if TYPE_CHECKING:` and relative ones. No circle of any kind: tests/core/test_boundaries.py.
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.importgraph import module_graph

ROOT = Path(__file__).resolve().parents[2]
BOT = ROOT / "bot"

# The layers of bot/, top first: a module may import its own layer's and lower layers' modules.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("bot.cli", "bot.app"),
    ("bot.discord", "bot.console", "bot.web"),
    ("bot.surface",),
    ("bot.service",),
    ("bot.store",),
    ("bot.config", "bot.clock", "bot.timecontrol", "bot.text", "bot.errors", "bot.replies",
     "bot.recent", "bot.progress", "bot.uploads", "bot.paging", "bot.weblinks"),
)
ENTRY_AND_FOUNDATION = {name for layer in (LAYERS[0], LAYERS[-1]) for name in layer}


def _module(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")


def _layer(module: str) -> int | None:
    for depth, layer in enumerate(LAYERS):
        if any(module == name or module.startswith(name + ".") for name in layer):
            return depth
    return None


def test_bot_imports_point_down_its_layers_only() -> None:
    upward = []
    for module, deps in module_graph("bot").items():
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
