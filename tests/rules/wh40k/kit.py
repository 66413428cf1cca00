"""Build small 40k battles for tests: tiny rosters, one-line actions, refusal checks."""

from __future__ import annotations

from typing import Any

import pytest

from bot.text import Words, event_message
from rules.core.errors import RuleViolation
from rules.core.model import Event
from rules.core.references import all_rules
from rules.core.text import Msg
from rules.wh40k.engine import SYSTEM
from rules.wh40k.state import Step, Wh40kState

SCENARIO = "take-and-hold"
EN = Words.of("en", SYSTEM)


def unit(
    name: str,
    models: int = 10,
    wounds: int = 1,
    leadership: int = 7,
    oc: int = 2,
    keywords: tuple[str, ...] = ("Infantry",),
    key: str = "",
    leads: str = "",
    x: float | None = None,
    y: float | None = None,
    reserves: bool = False,
) -> str:
    """Return one [[unit]] table of a roster file."""
    lines = [
        "[[unit]]",
        f'name = "{name}"',
        f"models = {models}",
        f"wounds = {wounds}",
        f"leadership = {leadership}",
        f"oc = {oc}",
        "keywords = [" + ", ".join(f'"{k}"' for k in keywords) + "]",
        f"reserves = {'true' if reserves else 'false'}",
    ]
    if key:
        lines.append(f'key = "{key}"')
    if leads:
        lines.append(f'leads = "{leads}"')
    if x is not None and y is not None:
        lines += [f"x = {x}", f"y = {y}"]
    return "\n".join(lines) + "\n"


SQUAD = unit("Squad", x=20, y=22)
MOB = unit("Mob", x=40, y=40)


def act_events(state: Wh40kState, seat: str, **data: Any) -> tuple[Wh40kState, list[Event]]:
    """Apply one action (given as its JSON fields) for a seat; every event must have its words."""
    new, events = SYSTEM.apply(state, SYSTEM.parse_action({**data, "seat": seat}))
    for event in events:
        EN.strict(event_message(event))
    return new, events


def act(state: Wh40kState, seat: str, **data: Any) -> Wh40kState:
    """Apply one action and return the new state."""
    return act_events(state, seat, **data)[0]


def battle(
    seed: str = "seed-0",
    attacker: tuple[str, ...] = (SQUAD,),
    defender: tuple[str, ...] = (MOB,),
    start: bool = True,
) -> Wh40kState:
    """Return a battle with the given rosters, in the attacker's command step of round 1."""
    state = SYSTEM.new_game(SCENARIO, seed)
    state = act(state, "attacker", type="roster", text="".join(attacker))
    state = act(state, "defender", type="roster", text="".join(defender))
    if start:
        state = act(state, "attacker", type="start_battle")
    return state


def uid(state: Wh40kState, name: str) -> str:
    """Return the id of the unit with this name."""
    (found,) = [u.id for u in state.units.values() if u.name == name]
    return found


def advance(state: Wh40kState, step: Step, active: str | None = None) -> Wh40kState:
    """Press next_phase until the game reaches a step (of a given player's turn)."""
    for _ in range(200):
        if state.step == step and (active is None or state.active == active):
            return state
        state = act(state, state.active, type="next_phase")
    raise AssertionError(f"never reached {step}")


def refused(state: Wh40kState, seat: str, rule_id: str, **data: Any) -> RuleViolation:
    """Assert an action is refused with a rule id and leaves the state as it was."""
    before = state.model_dump(mode="json")
    with pytest.raises(RuleViolation) as caught:
        act(state, seat, **data)
    assert caught.value.rule_id == rule_id, caught.value
    assert state.model_dump(mode="json") == before
    return caught.value


def worded(value: Any, language: str = "en") -> str:
    """Word a message, term or list strictly (a missing key fails) in a language."""
    words = Words.of(language, SYSTEM)
    if isinstance(value, Msg):
        return words.strict(value)
    return words.word(value)


def of_type(events: list[Event], kind: str) -> list[Any]:
    """Return the events of one type."""
    return [e for e in events if e.type == kind]


def covers(*rule_ids: str) -> None:
    """Name the rules a test checks; each must be in the registry."""
    known = all_rules()
    for rule_id in rule_ids:
        assert rule_id in known, f"{rule_id} is not a registered rule"
