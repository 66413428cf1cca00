"""Rule translations (data/rules/<system>.pt-BR.toml): complete, consistent with the English."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from rules.core.references import all_rules, rule, translations, worded
from rules.core.system import bundled

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "data" / "rules"
LANGUAGE = "pt-BR"
SYSTEMS = ("core", *bundled())

BACKTICKED = re.compile(r"`[^`]+`")
NUMBER = re.compile(r"\d+")
# Order names, keywords and other capitalised terms the translation keeps as they are.
CAPS = re.compile(r"\b[A-Z][A-Z]+\b")
# Capitalised English abbreviations that Portuguese replaces with its own.
CAPS_TRANSLATED = {"CP": "PC", "VP": "PV"}


def _entries(system: str) -> list[dict[str, object]]:
    with (RULES / f"{system}.{LANGUAGE}.toml").open("rb") as f:
        return list(tomllib.load(f).get("rule", []))


def test_each_system_has_a_translation_file() -> None:
    systems = {ref.system for ref in all_rules().values()}
    assert systems == set(SYSTEMS)
    for system in SYSTEMS:
        assert (RULES / f"{system}.{LANGUAGE}.toml").is_file(), system


@pytest.mark.parametrize("system", SYSTEMS)
def test_translation_entries_are_well_formed(system: str) -> None:
    seen: set[str] = set()
    for raw in _entries(system):
        assert set(raw) == {"id", "title", "statement"}, raw
        rule_id = str(raw["id"])
        assert rule_id.startswith(f"{system}/"), f"{rule_id} is in the {system} file"
        assert rule_id not in seen, f"{rule_id} is translated twice"
        seen.add(rule_id)


def test_every_translated_id_is_a_rule() -> None:
    assert set(translations(LANGUAGE)) - set(all_rules()) == set()


def test_every_rule_has_a_translation() -> None:
    missing = set(all_rules()) - set(translations(LANGUAGE))
    assert missing == set(), f"rules without a {LANGUAGE} translation: {sorted(missing)}"


def test_translations_are_non_empty_and_differ_from_the_english() -> None:
    for rule_id, (title, statement) in translations(LANGUAGE).items():
        ref = rule(rule_id)
        assert title.strip() and statement.strip(), rule_id
        assert title.strip() != ref.title.strip(), f"{rule_id}: title left in English"
        assert statement.strip() != ref.statement.strip(), f"{rule_id}: statement left in English"
        assert len(statement) > 40, rule_id


def test_no_placeholders_leak() -> None:
    for rule_id, (title, statement) in translations(LANGUAGE).items():
        for text in (title, statement):
            assert "{" not in text and "}" not in text, rule_id


def test_backticked_command_names_are_kept() -> None:
    for rule_id, (_, statement) in translations(LANGUAGE).items():
        english = BACKTICKED.findall(rule(rule_id).statement)
        translated = BACKTICKED.findall(statement)
        for name in english:
            assert translated.count(name) >= english.count(name), f"{rule_id} lost {name}"


def test_numbers_and_capitalised_terms_are_kept() -> None:
    for rule_id, (_, statement) in translations(LANGUAGE).items():
        english = rule(rule_id).statement
        lost_numbers = set(NUMBER.findall(english)) - set(NUMBER.findall(statement))
        assert not lost_numbers, f"{rule_id} lost the numbers {sorted(lost_numbers)}"
        caps = {CAPS_TRANSLATED.get(word, word) for word in CAPS.findall(english)}
        lost_caps = caps - set(CAPS.findall(statement))
        assert not lost_caps, f"{rule_id} lost the terms {sorted(lost_caps)}"


def test_worded_picks_the_translation_and_falls_back_to_english() -> None:
    ref = rule("core/undo-limit")
    assert worded(ref, LANGUAGE) == translations(LANGUAGE)["core/undo-limit"]
    assert worded(ref, "en") == (ref.title, ref.statement)
    assert worded(ref, "xx-XX") == (ref.title, ref.statement)
