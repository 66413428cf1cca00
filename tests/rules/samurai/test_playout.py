"""Random legal games: no errors, every listed action is legal, and the log replays exactly."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.core.hexgrid import Hex, distance
from rules.core.model import Action
from rules.samurai.actions import EVENTS
from rules.samurai.engine import SYSTEM
from rules.samurai.state import SamuraiState
from tests.rules.samurai.kit import said

SCENARIOS = sorted(info.id for info in SYSTEM.scenarios())
# An eager player finishes every bundled scenario well within this; a uniform one may not.
MAX_ACTIONS = 600  # 400 before the end-of-turn reward and the answers to close combats


def choose(rng: random.Random, options: list[Action], state: SamuraiState, eager: bool) -> Action:
    """Pick a legal action: uniformly, or eagerly (fight, take ground, close in, order most)."""
    if eager:
        battles = [a for a in options if a.type == "battle"]
        if battles and rng.random() < 0.8:
            return rng.choice(battles)
        gains = [a for a in options if a.type == "gain"]
        if gains and rng.random() < 0.8:
            return gains[0]
        moves = [a for a in options if a.type == "move"]
        enemies = [Hex.parse(p.hex) for p in state.pieces if p.side != state.active]
        if moves and enemies and rng.random() < 0.7:

            def gap(a: Action) -> int:
                return min(distance(Hex.parse(a.to), e) for e in enemies)  # type: ignore[attr-defined]

            best = min(gap(a) for a in moves)
            return rng.choice([a for a in moves if gap(a) == best])
        orders = [a for a in options if a.type == "order"]
        if orders and rng.random() < 0.7:
            most = max(len(a.pieces.split()) for a in orders)  # type: ignore[attr-defined]
            return rng.choice([a for a in orders if len(a.pieces.split()) == most])  # type: ignore[attr-defined]
    return rng.choice(options)


def play(
    scenario: str, seed: int, eager: bool, check_all: float
) -> tuple[SamuraiState, list[dict[str, object]]]:
    """Play one random game; return the final state and the action log as JSON."""
    rng = random.Random(seed)
    state = SYSTEM.new_game(scenario, f"playout-{seed}")
    log: list[dict[str, object]] = []
    for _ in range(MAX_ACTIONS):
        if SYSTEM.outcome(state) is not None:
            break
        prompt = SYSTEM.prompt(state)
        assert prompt.seat is not None and prompt.hint
        options = SYSTEM.legal_actions(state, prompt.seat)
        assert options, f"no legal action in step {state.step}"
        assert {a.type for a in options} <= set(prompt.actions)
        assert SYSTEM.legal_actions(state, state.other(prompt.seat)) == []
        if rng.random() < check_all:
            before = state.model_dump(mode="json")
            for option in options:
                SYSTEM.apply(state, option)
            assert state.model_dump(mode="json") == before
        action = choose(rng, options, state, eager)
        state, events = SYSTEM.apply(state, action)
        for event in events:
            assert said(event)
            assert EVENTS.validate_python(event.model_dump(mode="json")) == event
        log.append(action.model_dump(mode="json"))
        SYSTEM.board(state, None)
    return state, log


@settings(deadline=None)
@given(
    scenario=st.sampled_from(SCENARIOS),
    seed=st.integers(min_value=0, max_value=2**32),
    eager=st.booleans(),
)
def test_random_games_replay_exactly(scenario: str, seed: int, eager: bool) -> None:
    state, log = play(scenario, seed, eager, check_all=0.05)
    replay = SYSTEM.new_game(scenario, f"playout-{seed}")
    for raw in json.loads(json.dumps(log)):
        replay, _ = SYSTEM.apply(replay, SYSTEM.parse_action(raw))
    assert replay.model_dump() == state.model_dump()
    assert SYSTEM.load_state(json.loads(json.dumps(state.model_dump(mode="json")))) == state


def test_eager_games_reach_a_winner() -> None:
    """Whole games end by banners: the game-over path is played, not only unit-tested."""
    for scenario in SCENARIOS:
        state, _ = play(scenario, 7, eager=True, check_all=0.0)
        outcome = SYSTEM.outcome(state)
        assert outcome is not None and outcome.winner in state.seats, scenario
        target = max(state.banners.values())
        assert state.banners[outcome.winner] == target
