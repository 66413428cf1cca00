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
        foreign = {n for n in names if n not in STDLIB and n not in {"pydantic", "rules"}}
        assert not foreign, f"{path} imports {foreign}"
        assert "random" not in names, f"{path} uses global randomness"


def test_renderers_never_import_discord_the_store_or_the_bot() -> None:
    for path, names in _imports("renderers").items():
        assert not names & {"discord", "sqlite_utils", "sqlite3", "bot"}, path


def test_transports_reach_rules_only_through_the_service() -> None:
    for path, names in _imports("bot/exts").items():
        assert "rules" not in names and "sqlite_utils" not in names, path
