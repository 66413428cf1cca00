"""Sealed battle plans: nothing a seat can see tells it the other side's orders before both seal.

Two positions differ only in what South wrote on its plan. Everything North (or a spectator)
may see must be the same in both: the board, the secrets, the position as data, the prompt,
and what happens to any action North tries (its events or its refusal). Once both plans are
sealed, the orders are read out and the same views differ.
"""

from __future__ import annotations

from typing import Any

from rules.core.errors import RuleViolation
from rules.fantasy_warriors.engine import SYSTEM
from rules.fantasy_warriors.state import FantasyWarriorsState
from tests.rules.fantasy_warriors.fuzz import bad_actions
from tests.rules.fantasy_warriors.kit import act, checks, planned, said

NORTH_PLAN = {"C1": {"order": "storm", "objective": "O1"},
              "C2": {"order": "take and hold", "objective": "O3"},
              "C3": {"order": "destroy", "target": "C6"}}
SOUTH_A = {"C4": {"order": "storm", "objective": "O3"},
           "C5": {"order": "take and hold", "objective": "O4", "approach": "contact"},
           "C6": {"order": "intercept", "target": "N6"}}
SOUTH_B = {"C4": {"order": "hold"},
           "C5": {"order": "attack"},
           "C6": {"order": "breakout", "target": "C4"}}


def _plans(south: dict[str, dict[str, str]], south_ready: bool) -> FantasyWarriorsState:
    state = planned(orders={**NORTH_PLAN, **south})
    return act(state, "south", type="ready") if south_ready else state


def _seen(state: FantasyWarriorsState, seat: str | None) -> dict[str, Any]:
    """Return everything `seat` may see of a position, as comparable data."""
    view = SYSTEM.view(state, seat)
    return {"view": view.model_dump(mode="json"), "prompt": SYSTEM.prompt(state).model_dump(),
            "outcome": SYSTEM.outcome(state)}


def _tried(state: FantasyWarriorsState, data: dict[str, Any]) -> Any:
    """Return what comes of an action: its events, or its refusal (rule and message)."""
    try:
        action = SYSTEM.parse_action(data)
        _, events = SYSTEM.apply(state, action)
    except RuleViolation as refusal:
        return ("refused", refusal.rule_id, refusal.reason)
    except ValueError as unreadable:  # pydantic's ValidationError
        return ("unreadable", str(unreadable))
    return [e.model_dump(mode="json") for e in events]


@checks("fantasy_warriors/battle-plan")
def test_the_other_sides_plan_cannot_be_seen_before_both_are_sealed() -> None:
    for south_ready in (False, True):
        a, b = _plans(SOUTH_A, south_ready), _plans(SOUTH_B, south_ready)
        assert a.commands["C6"].orders != b.commands["C6"].orders
        for seat in ("north", None):
            assert _seen(a, seat) == _seen(b, seat)
        # Every action North could try comes out the same.
        tried = 0
        for data in bad_actions(a, "north"):
            if south_ready and data["type"] == "ready":
                continue  # sealing the second plan opens both: see the test below
            assert _tried(a, data) == _tried(b, data), data
            tried += 1
        assert tried > 300
        # South's own view shows its own plan, so the two differ for South.
        assert _seen(a, "south") != _seen(b, "south")


@checks("fantasy_warriors/battle-plan")
def test_a_seat_reads_only_its_own_plan() -> None:
    state = _plans(SOUTH_A, south_ready=False)
    north = [said(line) for line in SYSTEM.secrets(state, "north")]
    south = [said(line) for line in SYSTEM.secrets(state, "south")]
    assert north == [
        "C1 Hearth Guard: STORM (ATTACK), flag counter red and green → "
        "O1 The Crossroads (stand over)",
        "C2 Crossbows: TAKE AND HOLD (OPPOSE), flag counter yellow and green → "
        "O3 The Old Stockade (contact)",
        "C3 Thane's Riders: DESTROY (ATTACK), flag counter red and black → C6 Wolf Pack",
        "Plan not sealed yet: `/fw ready` seals it.",
    ]
    assert south[-1] == "Plan not sealed yet: `/fw ready` seals it."
    assert not any("C1" in line or "C3" in line for line in south)
    assert SYSTEM.secrets(state, "referee") == ()
    # Writing an order tells the other side only which command got orders.
    _, events = SYSTEM.apply(state, SYSTEM.parse_action(
        {"type": "order", "seat": "south", "command": "C6", "order": "storm", "objective": "O2",
         "approach": "contact"}))
    assert [e.model_dump(mode="json") for e in events] == [
        {"type": "OrdersWritten", "side": "south", "command": "C6", "name": "Wolf Pack"}]
    # The order action itself is the one private action type.
    assert SYSTEM.private_actions == frozenset({"order"})


def test_sealed_plans_are_read_out_when_both_are_ready() -> None:
    a = act(_plans(SOUTH_A, south_ready=True), "north", type="ready")
    b = act(_plans(SOUTH_B, south_ready=True), "north", type="ready")
    assert a.step == "battle"
    assert _seen(a, "north") != _seen(b, "north")
    assert SYSTEM.view(a, "north").position["commands"]["C6"]["orders"]["order"] == \
        "intercept-reinforce"
