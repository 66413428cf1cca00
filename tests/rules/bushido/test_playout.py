"""Random legal games: no errors, every listed action is legal, the log replays exactly."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.bushido.actions import EVENTS, MovementRevealed
from rules.bushido.catalogue import scenarios
from rules.bushido.engine import SYSTEM
from rules.bushido.state import BushidoState
from rules.core.text import Msg
from tests.rules.bushido.kit import choose, said

SCENARIOS = sorted(scenarios())
# Night ends every battle: at most two actions a turn (an attack on a camp and its answer).
MAX_ACTIONS = 2 * max(s.turn_limit for s in scenarios().values()) + 2


def hidden_faces_stay_hidden(state: BushidoState) -> None:
    """Check the public picture and each seat's position show only faces that were turned up."""
    revealed = {p.id for p in state.pieces if p.revealed}
    for marker in SYSTEM.board(state, None).markers:
        if not marker.faded:  # a face-down piece shows no pointers, a turned-up one its arrows
            assert bool(marker.pointers) == (marker.label in revealed)
    for seat in state.seats:
        for raw in SYSTEM.position(state, seat)["pieces"]:
            if raw["movement"] is not None:
                assert raw["side"] == seat or raw["id"] in revealed


def play(
    scenario: str, seed: int, eager: bool, check_all: float
) -> tuple[BushidoState, list[dict[str, object]]]:
    """Play one random game to its end; return the final state and the action log as JSON."""
    rng = random.Random(seed)
    state = SYSTEM.new_game(scenario, f"playout-{seed}")
    log: list[dict[str, object]] = []
    for _ in range(MAX_ACTIONS):
        if SYSTEM.outcome(state) is not None:
            break
        prompt = SYSTEM.prompt(state)
        assert prompt.seat is not None and prompt.hint is not None
        options = SYSTEM.legal_actions(state, prompt.seat)
        assert options, f"no legal action in step {state.step}"
        assert [a.type for a in options] == sorted(a.type for a in options)
        assert SYSTEM.legal_actions(state, prompt.seat) == options
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
            if isinstance(event, MovementRevealed):
                assert event.irreversible
        log.append(action.model_dump(mode="json"))
        hidden_faces_stay_hidden(state)
    return state, log


@settings(deadline=None)
@given(
    scenario=st.sampled_from(SCENARIOS),
    seed=st.integers(min_value=0, max_value=2**32),
    eager=st.booleans(),
)
def test_random_games_end_and_replay_exactly(scenario: str, seed: int, eager: bool) -> None:
    state, log = play(scenario, seed, eager, check_all=0.1)
    assert SYSTEM.outcome(state) is not None, "every battle ends by nightfall at the latest"
    replay = SYSTEM.new_game(scenario, f"playout-{seed}")
    for raw in json.loads(json.dumps(log)):
        replay, _ = SYSTEM.apply(replay, SYSTEM.parse_action(raw))
    assert replay.model_dump() == state.model_dump()
    assert SYSTEM.load_state(json.loads(json.dumps(state.model_dump(mode="json")))) == state


def test_eager_games_reach_every_ending() -> None:
    """Whole games are played out: a commander falls in some, flights and counters happen."""
    reasons: set[str] = set()
    types: set[str] = set()
    for seed in range(12):
        for scenario in SCENARIOS:
            state, log = play(scenario, seed, eager=True, check_all=0.0)
            outcome = SYSTEM.outcome(state)
            assert outcome is not None
            assert isinstance(outcome.reason, Msg)
            fell = outcome.reason.key == "ending-commander-fell"
            reasons.add("commander" if fell else "nightfall")
            types |= {str(a["type"]) for a in log}
    assert reasons == {"commander", "nightfall"}
    assert {"move", "attack", "counter", "flee"} <= types
