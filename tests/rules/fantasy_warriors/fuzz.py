"""A fuzzed set of actions for a Fantasy Warriors position: mostly wrong, some right.

For a seat, `bad_actions` names every unit and command (and some that do not exist) in every
report, order and correction, with positions on and off the table, goals of every kind and
flags in every combination, so that a position's refusals are all provoked.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rules.fantasy_warriors.state import FantasyWarriorsState

PLACES = ((10.0, 10.0), (99.0, 10.0), (36.0, 13.0))
OBJECTIVES = ("O1", "O4", "O9", "Raven Hill", "the moon", "80,10", "36,18")
TARGETS = ("S3", "N6", "C5", "C1", "archers", "hero", "dragons", "personality:S3", "unit:N3")


def _unit_reports(state: FantasyWarriorsState, unit: str) -> Iterator[dict[str, Any]]:
    for x, y in PLACES:
        yield {"type": "move", "unit": unit, "x": x, "y": y}
        yield {"type": "move", "unit": unit, "x": x, "y": y, "forced": True}
        yield {"type": "move", "unit": unit, "x": x, "y": y, "make_room": True}
    known = state.units.get(unit)
    if known is not None:
        # A step toward the middle of the table and a step away from it.
        for dy in (-2.0, 2.0):
            y = min(48.0, max(0.0, known.position.y + dy))
            yield {"type": "move", "unit": unit, "x": known.position.x, "y": y}
            yield {"type": "move", "unit": unit, "x": known.position.x, "y": y,
                   "make_room": True}
    yield {"type": "move", "unit": unit, "x": 5, "y": 5, "forced": True, "make_room": True}
    for kind in ("engaged", "disengaged", "destroyed", "left"):
        yield {"type": kind, "unit": unit}
    for visible in (True, False):
        yield {"type": "sight", "unit": unit, "visible": visible}
    for roll in (True, False):
        yield {"type": "combat", "unit": unit, "dice": 10, "roll": roll}
    for enemy in (*state.units, "X9"):
        yield {"type": "contact", "unit": unit, "enemy": enemy}


def _orders(command: str, tests: tuple[bool, ...]) -> Iterator[dict[str, Any]]:
    base = {"type": "order", "command": command}
    for passed in tests:
        for order in ("hold", "attack"):
            yield {**base, "order": order, "passed_test": passed}
        yield {**base, "order": "hold", "objective": "O1", "passed_test": passed}
        for order in ("storm", "take and hold"):
            yield {**base, "order": order, "passed_test": passed}
            yield {**base, "order": order, "target": "C4", "passed_test": passed}
            for objective in OBJECTIVES:
                yield {**base, "order": order, "objective": objective, "passed_test": passed}
        for order in ("intercept", "destroy"):
            yield {**base, "order": order, "passed_test": passed}
            yield {**base, "order": order, "objective": "O1", "passed_test": passed}
            for target in TARGETS:
                for side in (None, "friendly", "enemy"):
                    yield {**base, "order": order, "target": target, "target_side": side,
                           "passed_test": passed}


def _adjustments(state: FantasyWarriorsState) -> Iterator[dict[str, Any]]:
    yield {"type": "adjust"}
    for unit in ("N1", "S1", "X9"):
        yield {"type": "adjust", "unit": unit}
        yield {"type": "adjust", "unit": unit, "x": 99, "y": 1}
        yield {"type": "adjust", "unit": unit, "x": 10}
        yield {"type": "adjust", "unit": unit, "status": "in-play", "engaged": False,
               "visible": True}
        yield {"type": "adjust", "unit": unit, "status": "destroyed"}
    for command in ("C1", "C4", "C9"):
        yield {"type": "adjust", "command": command}
        yield {"type": "adjust", "command": command, "stage": "second"}
        yield {"type": "adjust", "command": command, "order": "storm", "objective": "O2"}
        yield {"type": "adjust", "command": command, "order": "intercept", "target": "S6"}


def bad_actions(state: FantasyWarriorsState, seat: str) -> Iterator[dict[str, Any]]:
    """Yield actions (as JSON data) for `seat` to try in this position.

    A side names every unit and its own commands (and a few others); anyone else (a referee)
    tries one of each kind, and the corrections.
    """
    out: list[dict[str, Any]] = [{"type": t} for t in ("ready", "end_turn", "concede")]
    if seat in ("north", "south"):
        for unit in (*state.units, "X9", "Hearthguard"):
            out += _unit_reports(state, unit)
        own = [c.id for c in state.commands.values() if c.side == seat]
        tests = (False, True) if state.step == "battle" else (False,)
        for command in (*own, "C9", "Wolf Pack", "C1" if seat == "south" else "C4"):
            out += _orders(command, tests)
    else:
        out += list(_unit_reports(state, "N1"))[:1] + list(_orders("C1", (False,)))[:1]
    out += _adjustments(state)
    for data in out:
        yield {**{k: v for k, v in data.items() if v is not None}, "seat": seat}
