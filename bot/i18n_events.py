"""Words for what the engines report: event lines and turn prompts, per language.

Engines describe events and prompts in English (`describe`, `Prompt.hint`). A
catalogue entry `event.<system>.<EventType>` or `prompt.<system>.<step>` replaces
that English in a language that has one; its {fields} are the event's fields.
"""

from __future__ import annotations

from typing import Any

from bot.i18n import DEFAULT, catalogue, pick_language, t
from rules.core.system import Prompt


def _has_own(language: str, key: str) -> bool:
    lang = pick_language(language)
    return lang != DEFAULT and key in catalogue(lang)


def event_text(language: str, system_id: str, event: dict[str, Any]) -> str:
    """Return one stored event as a line of text in a language."""
    key = f"event.{system_id}.{event.get('type')}"
    if _has_own(language, key):
        values = {k: v for k, v in event.items() if not k.startswith("_")}
        return t(language, key, **values)
    return str(event.get("_text") or event.get("type"))


def prompt_hint(language: str, system_id: str, prompt: Prompt) -> str:
    """Return what the seat to act should do now, in a language."""
    key = f"prompt.{system_id}.{prompt.step}"
    if _has_own(language, key):
        return t(language, key, seat=(prompt.seat or "").capitalize())
    return prompt.hint
