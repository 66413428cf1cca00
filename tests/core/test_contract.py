"""The contract, checked for every registered system built on the engine skeleton.

Random playouts per scenario: each position round-trips through JSON, legal actions
come sorted and are each accepted without touching their input, a replay of the
actions from their JSON gives the same final state, and everything the system said
has words in every language (no English in the others).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.core.engine import Engine
from rules.core.system import available, register, system
from tests.contract import check_position, playout, replay
from tests.race.engine import SYSTEM as RACE
from tests.words_check import WORD, Speech

register(RACE)


def _skeleton_systems() -> list[Engine[Any]]:
    found: list[Engine[Any]] = []
    for system_id in available():
        sys = system(system_id)
        if isinstance(sys, Engine):
            found.append(sys)
    return found


CASES = [(s, info.id) for s in _skeleton_systems() for info in s.scenarios()]


@pytest.mark.parametrize(("sys", "scenario"), CASES, ids=[f"{s.id}-{c}" for s, c in CASES])
@settings(max_examples=3)
@given(seed=st.integers(min_value=0, max_value=10**6))
def test_random_games_keep_the_contract(sys: Engine[Any], scenario: str, seed: int) -> None:
    game = playout(sys, scenario, f"contract-{seed}", steps=120, rng=random.Random(seed))
    for state in game.states[:: max(1, len(game.states) // 8)]:
        check_position(sys, state)
    assert replay(game) == game.states[-1]
    speech = Speech(sys)
    for state in game.states[:: max(1, len(game.states) // 6)]:
        speech.add(sys.prompt(state).hint, sys.board(state, None), sys.outcome(state))
    for events in game.events:
        speech.add(events)
    # Names the game's own data gives (units, commands, features) are not template words.
    names = {w for state in game.states for w in _strings(state.model_dump(mode="json"))}
    speech.check(allowed=names)


def _strings(value: Any) -> set[str]:
    """Return the words of every string in a JSON value."""
    if isinstance(value, str):
        return set(WORD.findall(value))
    if isinstance(value, dict):
        return {w for v in value.values() for w in _strings(v)}
    if isinstance(value, list):
        return {w for v in value for w in _strings(v)}
    return set()


def test_the_toy_system_is_among_them() -> None:
    assert RACE in _skeleton_systems()


@pytest.mark.parametrize("sys", _skeleton_systems(), ids=lambda s: s.id)
def test_one_name_per_concept(sys: Engine[Any]) -> None:
    """Every system names its engine `<System>Engine` and its position `<System>State`."""
    stem = type(sys).__name__.removesuffix("Engine")
    assert type(sys).__name__ == f"{stem}Engine"
    assert sys.state_type.__name__ == f"{stem}State"
    assert stem.lower() == sys.id.replace("_", "")
