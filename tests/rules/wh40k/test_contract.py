"""The skeleton's contract over random battles, pinned legal-action counts, and the one door.

The counts are perft-style: the number of legal actions (by type) in fixed positions. A
rules change that alters what is legal changes a number here, not a game in progress.
They were taken from the engine of version 1 and are unchanged by version 2; version 3
names the battle-shock step's tests before the dice (one shocktest and Insane Bravery for
the unit that must test).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from rules.wh40k.engine import SYSTEM
from rules.wh40k.state import Wh40kState
from tests.contract import check_position, playout, replay
from tests.rules.wh40k.kit import SCENARIO

SEATS = ("attacker", "defender")


def _play(seed: str, actions: list[dict[str, Any]]) -> Wh40kState:
    state = SYSTEM.new_game(SCENARIO, seed)
    for data in actions:
        state, _ = SYSTEM.apply(state, SYSTEM.parse_action(data))
    return state


def _next(seat: str, times: int = 1) -> list[dict[str, Any]]:
    return [{"type": "next_phase", "seat": seat}] * times


START = [{"type": "start_battle", "seat": "attacker"}]
POSITIONS: dict[str, tuple[str, list[dict[str, Any]]]] = {
    # The sample armies in setup: the Captain already leads, so only detach and deploy.
    "setup": ("perft", []),
    # The attacker's command step of round 1: no unit is short of models, so no shocktest.
    "command": ("perft", START),
    # The step names the Assault Intercessors' test before any dice: Insane Bravery and a
    # shocktest are open for them.
    "battle-shock": ("seed-3", START + [
        {"type": "casualties", "seat": "defender", "unit": "U2", "models": 3},
        {"type": "casualties", "seat": "defender", "unit": "U3", "models": 4},
        *_next("attacker"),
    ]),
    # Round 2, the attacker's Movement phase: Fall Back for its own five units on the table,
    # and the defender's reactive Stratagems (Fire Overwatch, Rapid Ingress) with and
    # without a unit.
    "movement": ("perft", START + _next("attacker", 5) + _next("defender", 5) + [
        *_next("attacker"),
        {"type": "casualties", "seat": "attacker", "unit": "U9", "models": 6},
        {"type": "move", "seat": "attacker", "unit": "U3", "x": 30, "y": 22},
    ]),
}
COUNTS: dict[str, dict[str, dict[str, int]]] = {
    "setup": {
        "attacker": {"detach": 1, "move": 30, "start_battle": 2},
        "defender": {"detach": 1, "move": 30, "start_battle": 2},
    },
    # Take and Hold scores no primary in round 1, nor in the opponent's turn
    # (wh40k/primary-take-and-hold): only the secondary report is offered there.
    "command": {
        "attacker": {"casualties": 21, "gain_cp": 1, "move": 30, "next_phase": 1, "score": 1,
                     "stratagem": 6},
        "defender": {"casualties": 21, "gain_cp": 1, "move": 30, "score": 1, "stratagem": 6},
    },
    "battle-shock": {
        "attacker": {"casualties": 21, "gain_cp": 1, "move": 30, "next_phase": 1, "score": 1,
                     "shock_test": 1, "stratagem": 7},
        "defender": {"casualties": 21, "gain_cp": 1, "move": 30, "score": 1, "stratagem": 6},
    },
    "movement": {
        "attacker": {"casualties": 21, "fall_back": 5, "gain_cp": 1, "move": 30,
                     "next_phase": 1, "score": 2, "stratagem": 6},
        "defender": {"casualties": 21, "gain_cp": 1, "move": 30, "score": 1, "stratagem": 12},
    },
}
TOTALS = {"setup": (33, 33), "command": (60, 59), "battle-shock": (62, 59),
          "movement": (66, 65)}


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_legal_action_counts_in_fixed_positions(name: str) -> None:
    seed, actions = POSITIONS[name]
    state = _play(seed, actions)
    assert state.step == name
    found = {seat: dict(sorted(Counter(a.type for a in SYSTEM.legal_actions(state, seat)).items()))
             for seat in SEATS}
    assert found == COUNTS[name]
    assert tuple(len(SYSTEM.legal_actions(state, seat)) for seat in SEATS) == TOTALS[name]
    check_position(SYSTEM, state, sample=70)


def test_random_battles_meet_the_contract_and_replay_exactly() -> None:
    rng = random.Random(4040)
    for number in range(3):
        game = playout(SYSTEM, SCENARIO, f"contract-{number}", 400, rng)
        for state in game.states[::20]:
            check_position(SYSTEM, state)
        assert replay(game) == game.states[-1]
        # The events of a replay are those of the game, read back from their stored form.
        again = SYSTEM.new_game(SCENARIO, game.seed)
        for action, told in zip(game.actions, game.events, strict=True):
            again, events = SYSTEM.apply(again, SYSTEM.parse_action(action.model_dump(mode="json")))
            stored = [SYSTEM.event_types.validate_python(json.loads(json.dumps(
                e.model_dump(mode="json")))) for e in told]
            assert events == stored


def test_the_position_hides_only_the_dice_and_every_seat_sees_the_same() -> None:
    # Nothing in a 40k battle is secret: no seat has private lines, and the position each
    # seat may know is the whole battle but for the dice seed (and how far it was drawn).
    game = playout(SYSTEM, SCENARIO, "a-secret-seed", 120, random.Random(7))
    for state in game.states[::10]:
        seen = [SYSTEM.view(state, seat) for seat in (*SEATS, None)]
        for view in seen:
            text = json.dumps(view.model_dump(mode="json"))
            assert "a-secret-seed" not in text and "dice" not in view.position
            assert view.private == ()
        assert seen[0].position == seen[1].position == seen[2].position
        assert seen[0].board == seen[1].board == seen[2].board
        public = {k: v for k, v in state.model_dump(mode="json").items() if k != "dice"}
        assert {k: v for k, v in seen[0].position.items() if k != "derived"} == public


def test_only_the_seat_to_act_is_offered_next_phase() -> None:
    state = _play("perft", START)
    offered = [a.seat for seat in SEATS for a in SYSTEM.legal_actions(state, seat)
               if a.type == "next_phase"]
    assert offered == ["attacker"]
