"""Rule references: every cited id exists, every id is tested, statements are our own words."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

from rules.core.references import all_rules, rule
from rules.core.system import bundled

ROOT = Path(__file__).resolve().parents[2]
PREFIXES = "|".join(["core", *bundled()])
ID = re.compile(rf"""["']((?:{PREFIXES})/[a-z][a-z0-9-]*)["']""")
ID_TEXT = re.compile(rf"^(?:{PREFIXES})/[a-z][a-z0-9-]*$")


def _ids_in(folder: str) -> set[str]:
    found: set[str] = set()
    for path in (ROOT / folder).rglob("*.py"):
        found.update(ID.findall(path.read_text(encoding="utf-8")))
    return found


def _tested_ids() -> set[str]:
    """Return the rule ids a test checks: named in an assertion, a comparison, or handed to
    a test kit's call (@checks(...), refused(...), assert_refused(...)), not merely mentioned."""
    found: set[str] = set()
    for path in (ROOT / "tests").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Assert | ast.Compare | ast.Call):
                for inner in ast.walk(node):
                    if isinstance(inner, ast.Constant) and isinstance(inner.value, str):
                        found.update(
                            w.strip("`") for w in inner.value.split()
                            if ID_TEXT.match(w.strip("`"))
                        )
    return found


def test_every_rule_id_cited_in_code_is_in_the_registry() -> None:
    known = set(all_rules())
    cited = _ids_in("rules") | _ids_in("bot")
    assert cited - known == set()


def test_every_registered_rule_is_checked_by_a_test() -> None:
    missing = set(all_rules()) - _tested_ids()
    assert missing == set(), f"rules no test checks: {sorted(missing)}"


def test_registry_entries_are_complete() -> None:
    for ref in all_rules().values():
        assert ref.title and len(ref.statement) > 40, ref.id
        if ref.source == "seed":
            assert ref.origin, f"{ref.id} must name the seed it restates"


def test_lookup() -> None:
    assert rule("core/undo-limit").title
    with pytest.raises(KeyError):
        rule("core/no-such-rule")


def test_no_project_text_repeats_a_seed() -> None:
    tool = ROOT.parent / "shared" / "tools" / "seed_overlap.py"
    if not tool.exists():
        pytest.skip("the shared seed_overlap tool is not beside this checkout")
    done = subprocess.run([sys.executable, str(tool), str(ROOT)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout
