"""Build small Fantasy Warriors battles for tests: plans, positions, one-line actions, refusals.

The Stockade Ford places its Objectives at: O1 the crossroads (36, 13), a point holding 1 unit;
O2 the top of Raven Hill (57, 30); O3 the Old Stockade, the square 8-18 x 30-38 (centre 13, 34);
O4 the Greywater, a river line through (0, 21) (18, 23) (36, 20) (54, 19) (72, 22); O5 the Dark
Wood. North's commands are C1 (N1, N2 foot), C2 (N3, N4 missile, short range 12) and C3 (N5
mounted, N6 the personality Thane Borin); South's C4 (S1, S2 foot), C5 (S3, S4 missile) and C6
(S5 mounted, S6 the personality Warlord Grishnak).
"""

from __future__ import annotations

from typing import Any

from rules.core.board import StatusTag, TabletopView
from rules.core.model import Event
from rules.fantasy_warriors.engine import SYSTEM, deploy
from rules.fantasy_warriors.state import FantasyWarriorsState
from tests.kit import Kit
from tests.kit import checks as checks  # the shared helpers, under the names every kit uses
from tests.kit import of_type as of_type

KIT = Kit(SYSTEM)
act, act_events, refused, said = KIT.act, KIT.act_events, KIT.refused, KIT.said

SCENARIO = "the-stockade-ford"
NORTH_COMMANDS = ("C1", "C2", "C3")
SOUTH_COMMANDS = ("C4", "C5", "C6")

# Positions far from every Objective and from each other, for units a test does not use.
PARKED = {
    "N1": (2, 46), "N2": (6, 46), "N3": (10, 46), "N4": (14, 46), "N5": (19, 46), "N6": (23, 46),
    "S1": (70, 2), "S2": (66, 2), "S3": (62, 2), "S4": (58, 2), "S5": (53, 2), "S6": (49, 2),
}


# The same under rules 2, where units are blocks (N1, N2 6" wide; N3, N4 5"; N5 6"; S1 8"...):
# a row along each back edge, clear of one another.
PARKED_BLOCKS = {
    "N1": (4, 46), "N2": (11, 46), "N3": (18, 46), "N4": (24, 46), "N5": (31, 46),
    "N6": (36, 46),
    "S1": (67, 2), "S2": (58, 2), "S3": (51, 2), "S4": (45, 2), "S5": (38, 2), "S6": (33, 2),
}


def tags(board: TabletopView) -> dict[str, tuple[str, ...]]:
    """Return the status tags under each unit, in English, by unit id."""
    return {
        str(u.label).split()[0]: tuple(said(t.text) if isinstance(t, StatusTag) else t
                                       for t in u.status)
        for u in board.units
    }


def planned(
    seed: str = "seed-0",
    orders: dict[str, dict[str, Any]] | None = None,
    at: dict[str, tuple[float, float]] | None = None,
    parked: bool = True,
    ruleset: int = 1,
) -> FantasyWarriorsState:
    """Return a game in the plan step: units placed (unused ones parked), orders written.

    Commands not named in `orders` get HOLD, so they never need to move. `ruleset` 1 is the
    round bases of games begun before rules 2 (most tests of the orders were written for it);
    under rules 2 units are placed by a referee's correction, which no deployment zone binds.
    """
    state = deploy(SCENARIO, seed, ruleset)
    places = {**(PARKED if parked else {}), **(at or {})}
    if ruleset >= 2:
        places = {**(PARKED_BLOCKS if parked else {}), **(at or {})}
    for uid, (x, y) in places.items():
        if ruleset >= 2:
            state = act(state, "referee", type="adjust", unit=uid, x=x, y=y)
        else:
            state = act(state, state.units[uid].side, type="move", unit=uid, x=x, y=y)
    for cid in (*NORTH_COMMANDS, *SOUTH_COMMANDS):
        spec = (orders or {}).get(cid, {"order": "hold"})
        state = act(state, state.commands[cid].side, type="order", command=cid, **spec)
    return state


def battle(
    seed: str = "seed-0",
    orders: dict[str, dict[str, Any]] | None = None,
    at: dict[str, tuple[float, float]] | None = None,
    parked: bool = True,
    ruleset: int = 1,
) -> FantasyWarriorsState:
    """Return a battle just begun (North's turn 1) with the given orders and positions."""
    return started(planned(seed, orders, at, parked, ruleset))[0]


def started(state: FantasyWarriorsState) -> tuple[FantasyWarriorsState, list[Event]]:
    """Seal both plans; return the battle and the events of the second seal."""
    state = act(state, "north", type="ready")
    return act_events(state, "south", type="ready")


def stage(state: FantasyWarriorsState, command: str) -> str:
    """Return the stage a command's orders have reached."""
    orders = state.commands[command].orders
    assert orders is not None
    return orders.stage
