"""Random legal battles: each reaches the end, every event reads, and the log replays exactly."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from rules.core.model import Action
from rules.wh40k.actions import EVENTS
from rules.wh40k.engine import SYSTEM
from rules.wh40k.state import Wh40kState, other
from tests.rules.wh40k.kit import SCENARIO, said

# Enough for 5 rounds of phases plus the odd report in between; a playout that needs more is stuck.
MAX_ACTIONS = 600


def _pick(state: Wh40kState, rnd: random.Random) -> Action:
    """Pick a random legal action, often from the seat not prompted, often moving the game on."""
    prompted = SYSTEM.prompt(state).seat
    assert prompted is not None
    seat = prompted if rnd.random() < 0.75 else other(prompted)
    options = SYSTEM.legal_actions(state, seat) or SYSTEM.legal_actions(state, prompted)
    onward = [a for a in options if a.type in ("next_phase", "start_battle")]
    if onward and rnd.random() < 0.5:
        return rnd.choice(onward)
    return rnd.choice(options)


@given(seed=st.text(min_size=1, max_size=12), rnd=st.randoms(use_true_random=False))
def test_random_legal_playout_reaches_the_end_and_replays_identically(
    seed: str, rnd: random.Random
) -> None:
    state = SYSTEM.new_game(SCENARIO, seed)
    log: list[dict[str, Any]] = []
    told: list[dict[str, Any]] = []
    for _ in range(MAX_ACTIONS):
        if SYSTEM.outcome(state) is not None:
            break
        action = _pick(state, rnd)
        state, events = SYSTEM.apply(state, action)
        for event in events:
            said(event)
            told.append(event.model_dump(mode="json"))
        log.append(action.model_dump(mode="json"))
    outcome = SYSTEM.outcome(state)
    assert outcome is not None, "the playout never finished"
    assert state.round == 5 or state.conceded is not None
    assert "dice" not in SYSTEM.view(state, None).position

    again = SYSTEM.new_game(SCENARIO, seed)
    retold: list[dict[str, Any]] = []
    for data in log:
        again, events = SYSTEM.apply(again, SYSTEM.parse_action(json.loads(json.dumps(data))))
        retold += [
            EVENTS.validate_python(e.model_dump(mode="json")).model_dump(mode="json")
            for e in events
        ]
    assert again.model_dump(mode="json") == state.model_dump(mode="json")
    assert retold == told
