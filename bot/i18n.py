"""The message catalogue: every user-facing sentence, per language (data/locales/*.toml)."""

from __future__ import annotations

import logging
from functools import cache
from typing import Any

from rules.core.data import data_dir, load_toml
from rules.core.references import RuleReference, worded

log = logging.getLogger(__name__)

DEFAULT = "en"


@cache
def languages() -> tuple[str, ...]:
    """Return the languages we have a catalogue for, e.g. ('en', 'pt-BR')."""
    return tuple(
        sorted(p.stem for p in (data_dir() / "locales").glob("*.toml") if "." not in p.stem)
    )


def _flatten(prefix: str, table: dict[str, Any], out: dict[str, str]) -> None:
    for key, value in table.items():
        name = f"{prefix}.{key}" if prefix else key
        if isinstance(value, dict):
            _flatten(name, value, out)
        else:
            out[name] = str(value)


@cache
def catalogue(language: str) -> dict[str, str]:
    """Return one language's messages, flattened to dotted keys.

    A language is its main file (`pt-BR.toml`) plus any fragments beside it
    (`pt-BR.samurai.toml`), so each game system can keep its own texts.
    """
    out: dict[str, str] = {}
    folder = data_dir() / "locales"
    for path in [folder / f"{language}.toml", *sorted(folder.glob(f"{language}.*.toml"))]:
        _flatten("", load_toml(f"locales/{path.name}"), out)
    return out


def pick_language(*candidates: str | None) -> str:
    """Return the first candidate we have a catalogue for ('pt-BR', 'pt' ...), else English."""
    have = languages()
    for candidate in candidates:
        if not candidate:
            continue
        if candidate in have:
            return candidate
        for lang in have:
            if lang.split("-")[0] == candidate.split("-")[0]:
                return lang
    return DEFAULT


def has(language: str, key: str) -> bool:
    """Say whether a message exists in a language or in English."""
    return key in catalogue(pick_language(language)) or key in catalogue(DEFAULT)


def t(language: str, key: str, /, **values: Any) -> str:
    """Return a message in a language, falling back to English, filled with `values`."""
    text = catalogue(pick_language(language)).get(key) or catalogue(DEFAULT).get(key)
    if text is None:
        log.error("missing message %s", key)
        return key
    try:
        return text.format(**values)
    except (KeyError, IndexError):
        log.error("message %s needs values it was not given: %s", key, sorted(values))
        return text


def rule_lines(language: str, ref: RuleReference) -> list[str]:
    """Return the two lines that cite a rule: its id and title, then its statement."""
    title, statement = worded(ref, pick_language(language))
    return [t(language, "rule.rule_line", id=ref.id, title=title), statement]
