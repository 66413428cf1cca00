"""The contract every game system meets, and the registry of systems by id."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from functools import cache
from typing import Any, Protocol, runtime_checkable

from pydantic import BaseModel

from rules.core.board import HexBoardView, TabletopView
from rules.core.engine import Outcome, Prompt, ScenarioInfo
from rules.core.model import Action, Event


@runtime_checkable
class GameSystem(Protocol):
    """A rules engine: pure functions over a pydantic state."""

    id: str
    title: str
    # Action types only a referee (creator or moderator) may use, such as adjustments.
    referee_actions: frozenset[str]
    # Optional, read with getattr by the service:
    #   out_of_turn_actions: frozenset[str]  types a seat may use when it is not its turn
    #   private_actions: frozenset[str]      types whose choices reveal hidden information
    #   private_lines(state, seat) -> list[str]  what only that seat may see, as text
    #   board_for(state, seat) -> board view   the public board seen from that seat's edge

    def scenarios(self) -> list[ScenarioInfo]:
        """List the bundled scenarios, sorted by id."""
        ...

    def new_game(self, scenario_id: str, seed: str) -> BaseModel:
        """Set up a scenario; the seed drives every die and shuffle."""
        ...

    def load_state(self, data: dict[str, Any]) -> BaseModel:
        """Rebuild a state from its JSON form."""
        ...

    def parse_action(self, data: dict[str, Any]) -> Action:
        """Validate an action from its JSON or command-option form (pydantic errors if bad)."""
        ...

    def apply(self, state: Any, action: Any) -> tuple[BaseModel, list[Event]]:
        """Apply one action, checking every rule; on RuleViolation nothing changes."""
        ...

    def prompt(self, state: Any) -> Prompt:
        """Say who must act next and what is open to them."""
        ...

    def legal_actions(self, state: Any, seat: str) -> list[Action]:
        """List legal actions for a seat, sorted, for menus and random playouts."""
        ...

    def view(self, state: Any, seat: str | None) -> dict[str, Any]:
        """Return what a seat may see (None: a spectator) as JSON-ready data."""
        ...

    def board(self, state: Any) -> HexBoardView | TabletopView:
        """Return the public board picture."""
        ...

    def outcome(self, state: Any) -> Outcome | None:
        """Return how the game ended, or None while it goes on."""
        ...

    def suggest(
        self,
        state: Any,
        seat: str | None,
        field: str,
        text: str,
        context: Mapping[str, Any] | None = None,
    ) -> list[tuple[str, str]]:
        """Offer (name, value) completions for an option, best first, at most 25.

        `context` holds the other options already typed (e.g. the piece whose
        destination is being chosen).
        """
        ...

    def describe(self, event: Any) -> str:
        """Say in one English line what an event means (fallback when no catalogue text exists)."""
        ...


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
    found: GameSystem = module.SYSTEM
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
