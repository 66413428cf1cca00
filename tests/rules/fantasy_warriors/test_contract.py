"""The skeleton's contract over random battles, and legal-action counts pinned in fixed positions.

The pinned counts work like chess perft: a change to the rules that alters what is legal in
one of these positions changes a number here (they were the same before the move onto the
engine skeleton).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from rules.fantasy_warriors.engine import SYSTEM
from rules.fantasy_warriors.state import FantasyWarriorsState
from tests.contract import check_position, playout, replay
from tests.rules.fantasy_warriors.kit import SCENARIO, act, battle, checks, planned


# Seeds whose random battles get through both plans and to the end (a uniform pick among ~90
# orders seals a plan only now and then).
@pytest.mark.parametrize("seed", ["contract-2", "c3", "c4"])
def test_random_positions_meet_the_contract_and_replay(seed: str) -> None:
    game = playout(SYSTEM, SCENARIO, seed, 600, random.Random(seed))
    steps = [s.step for s in game.states]
    assert (steps[0], steps[-1]) == ("plan", "over") and "battle" in steps
    for state in game.states[::10]:
        check_position(SYSTEM, state, sample=6)
    assert replay(game) == game.states[-1]


ORDERS = {"C1": {"order": "storm", "objective": "O1"},
          "C2": {"order": "take and hold", "objective": "O3"},
          "C3": {"order": "intercept", "target": "C6"},
          "C4": {"order": "attack"}}
AT = {"N1": (36, 20), "S1": (36, 17.6), "N5": (50, 20), "S5": (50, 17.2)}


def _positions() -> dict[str, FantasyWarriorsState]:
    fighting = battle(orders=ORDERS, at=AT)
    return {
        "fresh": SYSTEM.new_game(SCENARIO, "perft"),
        "north sealed": act(planned(), "north", type="ready"),
        "battle": fighting,
        "contact": act(fighting, "north", type="contact", unit="N1", enemy="S1"),
    }


PINNED = {
    ("fresh", "north"): {"order": 93},
    ("fresh", "south"): {"order": 93},
    ("north sealed", "north"): {},
    ("north sealed", "south"): {"order": 93, "ready": 1},
    # C1's N2 and C3's N6 still have ground to gain, so North may not end its turn yet.
    ("battle", "north"): {"contact": 2, "move": 15},
    ("battle", "south"): {},
    ("contact", "north"): {"combat": 1, "contact": 1, "destroyed": 2, "disengaged": 1,
                           "move": 12},
    ("contact", "south"): {"combat": 1, "destroyed": 2, "disengaged": 1},
}


@checks("fantasy_warriors/battle-plan", "fantasy_warriors/storm-direct-route",
        "fantasy_warriors/contact-distance")
def test_legal_action_counts_are_pinned() -> None:
    positions = _positions()
    found = {
        (name, seat): dict(Counter(a.type for a in SYSTEM.legal_actions(state, seat)))
        for name, state in positions.items() for seat in ("north", "south")
    }
    assert found == PINNED
