"""The contract every game system built on the engine skeleton meets, as reusable checks.

`playout` plays random legal games; `check_position` checks one position: the
state round-trips through JSON, legal actions come sorted and are each accepted,
`apply` never changes its input, and the view hides what the system says is
hidden. tests/core/test_contract.py runs these over every registered system.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from rules.core.engine import Engine, GameState, sort_key
from rules.core.errors import RuleViolation
from rules.core.model import Action, Event


@dataclass
class Playout:
    """A random game: every position, the action taken in it and the events it gave."""

    system: Engine[Any]
    scenario: str
    seed: str
    states: list[GameState] = field(default_factory=list)
    actions: list[Action] = field(default_factory=list)
    events: list[list[Event]] = field(default_factory=list)


def playout(
    system: Engine[Any], scenario: str, seed: str, steps: int, rng: random.Random
) -> Playout:
    """Play up to `steps` random legal actions (the seat to act, else anyone with a choice)."""
    game = Playout(system, scenario, seed)
    state = system.new_game(scenario, seed)
    game.states.append(state)
    seats = next(s.seats for s in system.scenarios() if s.id == scenario)
    for _ in range(steps):
        if system.outcome(state) is not None:
            break
        seat = system.prompt(state).seat
        options = system.legal_actions(state, seat) if seat else []
        if not options:
            options = [a for s in seats for a in system.legal_actions(state, s)]
        if not options:
            break
        action = rng.choice(options)
        state, events = system.apply(state, action)
        game.actions.append(action)
        game.events.append(events)
        game.states.append(state)
    return game


def replay(game: Playout) -> GameState:
    """Replay a playout's actions from its JSON form; return the final state."""
    system = game.system
    state = system.new_game(game.scenario, game.seed)
    for action in game.actions:
        state, _ = system.apply(state, system.parse_action(action.model_dump(mode="json")))
    return state


def check_position(system: Engine[Any], state: GameState, sample: int = 12) -> None:
    """Check one position against the contract (see the module docstring)."""
    data = state.model_dump(mode="json")
    assert system.load_state(data) == state, "state does not round-trip through JSON"
    seats = next(s.seats for s in system.scenarios() if s.id == state.scenario)
    for seat in seats:
        legal = system.legal_actions(state, seat)
        assert legal == sorted(legal, key=sort_key), f"legal actions of {seat} not sorted"
        for action in legal[:sample]:
            before = state.model_dump(mode="json")
            try:
                system.apply(state, action)
            except RuleViolation as refused:  # pragma: no cover - reported as a failure
                raise AssertionError(f"legal {action!r} refused: {refused}") from refused
            assert state.model_dump(mode="json") == before, f"{action!r} changed its input"


def each_position(game: Playout) -> Iterator[GameState]:
    """Yield every position of a playout."""
    yield from game.states
