"""Bushido meets the engine contract, and legality is pinned by counting legal actions.

The counts (perft style) were taken from the version-1 engine (commit f2b9c37) and the
version-2 one alike: a rules change that alters what is legal changes a number here.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from rules.bushido.catalogue import scenarios
from rules.bushido.engine import SYSTEM
from rules.bushido.state import BushidoState
from rules.core.hexgrid import Hex, distance
from rules.core.model import Action
from rules.core.text import msg, term
from tests.contract import check_position, playout, replay


@pytest.mark.parametrize("scenario", sorted(scenarios()))
@pytest.mark.parametrize("seed", range(3))
def test_random_games_meet_the_contract_and_replay(scenario: str, seed: int) -> None:
    game = playout(SYSTEM, scenario, f"contract-{seed}", 200, random.Random(seed))
    assert len(game.actions) >= 30
    for state in game.states[::10] + [game.states[-1]]:
        check_position(SYSTEM, state)
    assert replay(game) == game.states[-1]


def _key(action: Action) -> str:
    return json.dumps(action.model_dump(mode="json", exclude={"seat"}), sort_keys=True)


def walk(scenario: str, plies: int) -> BushidoState:
    """Play `plies` actions of a fixed policy (independent of how legal actions are sorted)."""
    state = SYSTEM.new_game(scenario, "perft")
    for ply in range(plies):
        seat = SYSTEM.prompt(state).seat
        assert seat is not None
        legal = sorted(SYSTEM.legal_actions(state, seat), key=_key)
        pool = [a for a in legal if a.type in ("attack", "counter", "flee")] or legal
        state, _ = SYSTEM.apply(state, pool[(ply * 7) % len(pool)])
    return state


@pytest.mark.parametrize(
    ("scenario", "plies", "seat", "counts"),
    [
        ("sekigahara", 0, "east", {"hold": 1, "move": 22}),
        ("sekigahara", 9, "west", {"hold": 1, "move": 18}),
        ("sekigahara", 20, "east", {"hold": 1, "move": 17}),
        ("skirmish", 0, "west", {"hold": 1, "move": 13}),
        ("skirmish", 9, "east", {"hold": 1, "move": 9}),
        ("skirmish", 20, "west", {"hold": 1, "move": 11}),
    ],
)
def test_legal_action_counts_in_fixed_positions(
    scenario: str, plies: int, seat: str, counts: dict[str, int]
) -> None:
    state = walk(scenario, plies)
    assert SYSTEM.prompt(state).seat == seat
    assert Counter(a.type for a in SYSTEM.legal_actions(state, seat)) == counts
    assert SYSTEM.legal_actions(state, state.other(seat)) == []


def charge(scenario: str, seed: str) -> tuple[BushidoState, int, int, int]:
    """Play a whole battle where troops attack whenever they can and else close on the enemy
    camp, and commanders stay home (fleeing on odd plies when attacked there).

    Return the final position, the positions seen, their legal actions added up, and how
    many of them were a camp's answer to an attack.
    """
    state = SYSTEM.new_game(scenario, seed)
    positions = total = answers = 0
    for ply in range(400):
        seat = SYSTEM.prompt(state).seat
        if seat is None:
            break
        legal = sorted(SYSTEM.legal_actions(state, seat), key=_key)
        positions, total = positions + 1, total + len(legal)
        if state.step == "defend":
            answers += 1
            flights = [a for a in legal if a.type == "flee"]
            pick = flights[0] if flights and ply % 2 else legal[0]
        else:
            troops = [a for a in legal if _by_troop(state, a)]
            attacks = [a for a in troops if a.type == "attack"]
            moves = [a for a in troops if a.type == "move"]
            goal = Hex.parse(scenarios()[scenario].side(state.other(seat)).camp[1])
            if attacks:
                pick = attacks[ply % len(attacks)]
            elif moves:
                pick = min(moves, key=lambda a: (_steps(a, goal), _key(a)))
            else:
                pick = legal[0]
        state, _ = SYSTEM.apply(state, pick)
    return state, positions, total, answers


def _steps(move: Action, goal: Hex) -> int:
    return distance(Hex.parse(getattr(move, "to", "")), goal)


def _by_troop(state: BushidoState, action: Action) -> bool:
    piece = state.piece(getattr(action, "piece", ""))
    return piece is not None and not piece.is_commander


def _night(high: int, low: int) -> object:
    if high == low:
        return msg("ending-nightfall-draw", strength=high)
    return msg("ending-nightfall", high=high, low=low)


def _fell(seat: str, troop: str, piece: str, by: str) -> tuple[str, object]:
    return seat, msg("ending-commander-fell", commander=term("troop", troop), piece=piece, by=by)


@pytest.mark.parametrize(
    ("scenario", "seed", "counted", "ending"),
    [
        ("sekigahara", "charge-1", (61, 1213, 1), (None, _night(11, 11))),
        ("sekigahara", "charge-2", (61, 1164, 1), ("west", _night(13, 9))),
        ("skirmish", "charge-1", (31, 344, 1), ("east", _night(3, 0))),
        ("skirmish", "charge-2", (21, 308, 2), _fell("west", "ieyasu", "IEYASU", "W2")),
    ],
)
def test_whole_battles_count_the_same_legal_actions(
    scenario: str, seed: str, counted: tuple[int, int, int], ending: tuple[str | None, object]
) -> None:
    state, *found = charge(scenario, seed)
    assert tuple(found) == counted
    outcome = SYSTEM.outcome(state)
    assert outcome is not None and (outcome.winner, outcome.reason) == ending
