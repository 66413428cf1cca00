"""The registry of game systems by id: every system is an `Engine` (rules/core/engine.py).

Registering a bundled system is one line in `_KNOWN`; a system that lives elsewhere
(a plugin, or the toy system of the tests) is registered with `register()`.
"""

from __future__ import annotations

import importlib
from functools import cache
from typing import Any

from rules.core.engine import Engine, Outcome, Prompt, ScenarioInfo

GameSystem = Engine[Any]

# Registering a system is one line here; modules load on first use.
_KNOWN: dict[str, str] = {
    "samurai": "rules.samurai.engine",
    "wh40k": "rules.wh40k.engine",
    "bushido": "rules.bushido.engine",
    "fantasy_warriors": "rules.fantasy_warriors.engine",
}


_EXTRA: dict[str, GameSystem] = {}


def register(game_system: GameSystem) -> None:
    """Add a system that does not live in rules/ (a plugin, or a test double)."""
    _EXTRA[game_system.id] = game_system
    system.cache_clear()


@cache
def system(system_id: str) -> GameSystem:
    """Return the game system with this id; KeyError if there is none."""
    if system_id in _EXTRA:
        return _EXTRA[system_id]
    if system_id not in _KNOWN:
        raise KeyError(system_id)
    module = importlib.import_module(_KNOWN[system_id])
    found = module.SYSTEM
    if not isinstance(found, Engine):
        raise TypeError(f"{_KNOWN[system_id]}.SYSTEM is not an Engine")
    return found


def bundled() -> list[str]:
    """Return the ids of the systems that ship with Banneret (registered here), sorted."""
    return sorted(_KNOWN)


def available() -> list[str]:
    """Return the ids of every system that can be played, sorted.

    Every registered engine is imported: one that fails to import is an error here,
    at start-up and in the tests, never a system that silently disappears.
    """
    ids = sorted({*_KNOWN, *_EXTRA})
    for system_id in ids:
        system(system_id)
    return ids


__all__ = [
    "GameSystem",
    "Outcome",
    "Prompt",
    "ScenarioInfo",
    "available",
    "bundled",
    "register",
    "system",
]
