"""Build small 40k battles for tests: tiny rosters, one-line actions, refusal checks."""

from __future__ import annotations

from rules.wh40k.engine import SYSTEM
from rules.wh40k.state import RULESET, Step, Wh40kState
from tests.kit import Kit
from tests.kit import checks as checks  # the shared helpers, under the names every kit uses
from tests.kit import of_type as of_type

KIT = Kit(SYSTEM)
act, act_events, refused, said = KIT.act, KIT.act_events, KIT.refused, KIT.said

SCENARIO = "take-and-hold"


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
    leaders: int = 1,
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
    if leaders != 1:
        lines.append(f"leaders = {leaders}")
    if x is not None and y is not None:
        lines += [f"x = {x}", f"y = {y}"]
    return "\n".join(lines) + "\n"


SQUAD = unit("Squad", x=20, y=22)
MOB = unit("Mob", x=40, y=40)


def battle(
    seed: str = "seed-0",
    attacker: tuple[str, ...] = (SQUAD,),
    defender: tuple[str, ...] = (MOB,),
    start: bool = True,
    ruleset: int = RULESET,
) -> Wh40kState:
    """Return a battle with the given rosters, in the attacker's command step of round 1
    (`ruleset=1`: as a battle begun before the rules changed is played)."""
    state = SYSTEM.new_game(SCENARIO, seed)
    state.ruleset = ruleset
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
