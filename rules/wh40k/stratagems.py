"""Stratagems: cost, timing, once per phase (or battle), targets, and the one the bot resolves.

Insane Bravery is used just before a unit's Battle-shock test, which it then passes without
a roll; the bot resolves that itself. Command Re-roll never re-rolls a Battle-shock test: it
records the CP and the roll is remade at the table, like every other effect.

Battles under ruleset 1 kept the older answers to a test the unit had just failed in the
current battle-shock step: Insane Bravery overturned it and Command Re-roll rolled it again.
"""

from __future__ import annotations

from rules.core.dice import Dice
from rules.core.errors import RuleViolation, refuse
from rules.core.model import Event
from rules.core.text import items, term
from rules.wh40k import catalogue
from rules.wh40k.actions import (
    BattleShockTestAutoPassed,
    BattleShockTestOverturned,
    StratagemUsed,
    UseStratagem,
)
from rules.wh40k.army import find, in_play, own, sender
from rules.wh40k.catalogue import Stratagem
from rules.wh40k.command_phase import insane_bravery_due, roll_test, settle
from rules.wh40k.state import Seat, Unit, Wh40kState, label, parts, phase_of

INSANE_BRAVERY = "insane-bravery"
COMMAND_RE_ROLL = "command-re-roll"
# Under ruleset 1: Stratagems that may act on the test a unit failed in the current
# battle-shock step.
RESOLVES_TESTS = frozenset({INSANE_BRAVERY, COMMAND_RE_ROLL})
TARGET = "wh40k/stratagem-target"


def stratagem(name: str) -> Stratagem:
    """Return a core Stratagem by id, refusing one we do not know."""
    found = catalogue.stratagems().get(name)
    if found is None:
        known = items(term("stratagem", s) for s in sorted(catalogue.stratagems()))
        refuse("core/bad-input", "refusal-no-stratagem", name=name, known=known)
    return found


def resolving_test(state: Wh40kState, strat: Stratagem, unit: Unit) -> bool:
    """Say whether a Stratagem answers the test `unit` failed in this battle-shock step
    (ruleset 1 only)."""
    return (
        state.ruleset == 1
        and strat.id in RESOLVES_TESTS
        and state.step == "battle-shock"
        and any(p.id in state.failed_tests for p in parts(state, unit))
    )


def passing_test(state: Wh40kState, seat: Seat, strat: Stratagem, unit: Unit) -> bool:
    """Say whether Insane Bravery, used now, passes a test `unit` owes before its dice
    (ruleset 2)."""
    return (strat.id == INSANE_BRAVERY and state.ruleset > 1
            and insane_bravery_due(state, seat, unit))


def check_open(state: Wh40kState, seat: Seat, strat: Stratagem) -> None:
    """Check a Stratagem's timing, its once-per limits and its cost, whatever the target."""
    own_turn = seat == state.active
    right_turn = strat.turn == "either" or (strat.turn == "own") == own_turn
    if (phase_of(state.step) not in strat.phases or not right_turn
            or (strat.step is not None and strat.step != state.step)):
        refuse("wh40k/stratagem-timing", "refusal-stratagem-timing",
               stratagem=term("stratagem", strat.id), turn=strat.turn,
               phases=items((term("phase", p) for p in strat.phases), "or"),
               only=term("step", strat.step) if strat.step else None,
               seat=term("seat", state.active), step=term("step", state.step))
    key = f"{seat}:{strat.id}"
    once = "wh40k/stratagem-once-per-phase"
    if strat.once_per_battle and key in state.used_this_battle:
        refuse(once, "refusal-stratagem-once-per-battle", stratagem=term("stratagem", strat.id))
    if key in state.used_this_phase:
        refuse(once, "refusal-stratagem-once-per-phase", stratagem=term("stratagem", strat.id))
    if state.cp[seat] < strat.cost:
        refuse("wh40k/stratagem-cost", "refusal-stratagem-cost",
               stratagem=term("stratagem", strat.id), cost=strat.cost, cp=state.cp[seat])


def is_open(state: Wh40kState, seat: Seat, strat: Stratagem) -> bool:
    """Say whether a seat may use a Stratagem now (timing, limits and cost)."""
    try:
        check_open(state, seat, strat)
    except RuleViolation:
        return False
    return True


def check_stratagem(state: Wh40kState, action: UseStratagem) -> None:
    """Check timing, limits and cost, then the target the Stratagem needs."""
    seat = sender(action)
    strat = stratagem(action.name)
    check_open(state, seat, strat)
    named = term("stratagem", strat.id)
    if action.unit is None:
        if strat.target == "unit":
            refuse(TARGET, "refusal-stratagem-needs-unit", stratagem=named)
        return
    if strat.target == "none":
        refuse(TARGET, "refusal-stratagem-no-unit", stratagem=named)
    unit = own(state, seat, action.unit)
    in_play(unit)
    group = parts(state, unit)
    if strat.reserves and not unit.reserves:
        refuse(TARGET, "refusal-stratagem-needs-reserves", stratagem=named)
    if unit.reserves and not strat.reserves:
        refuse(TARGET, "refusal-in-reserves", name=unit.name)
    if strat.keyword and not any(strat.keyword in p.keywords for p in group):
        refuse(TARGET, "refusal-stratagem-keyword", stratagem=named, keyword=strat.keyword)
    resolving = resolving_test(state, strat, unit)
    if strat.id == INSANE_BRAVERY and state.ruleset > 1:
        if not passing_test(state, seat, strat, unit):
            refuse("wh40k/insane-bravery", "refusal-no-test-due", name=label(state, unit))
    elif strat.id == INSANE_BRAVERY and not resolving:
        refuse("wh40k/insane-bravery", "refusal-no-failed-test", name=label(state, unit))
    if any(p.shocked for p in group) and not resolving:
        refuse("wh40k/shocked-no-stratagems", "refusal-shocked-no-stratagems", unit=unit.id,
               name=label(state, unit))


def use_stratagem(work: Wh40kState, action: UseStratagem, dice: Dice,
                  events: list[Event]) -> None:
    """Spend the CP; Insane Bravery passes a test before its dice (ruleset 1: answer a
    failed test with Insane Bravery or a re-roll)."""
    seat = sender(action)
    strat = stratagem(action.name)
    unit = find(work, action.unit) if action.unit is not None else None
    resolving = unit is not None and resolving_test(work, strat, unit)
    passing = unit is not None and passing_test(work, seat, strat, unit)
    key = f"{seat}:{strat.id}"
    work.cp[seat] -= strat.cost
    work.used_this_phase.append(key)
    if strat.once_per_battle:
        work.used_this_battle.append(key)
    events.append(StratagemUsed(side=seat, stratagem=strat.id, unit=unit.id if unit else None,
                                cost=strat.cost, cp=work.cp[seat]))
    if unit is not None and passing:
        group = parts(work, unit)
        settle(work, group)
        events.append(BattleShockTestAutoPassed(units=tuple(p.id for p in group),
                                                name=label(work, unit)))
    if unit is None or not resolving:
        return
    group = parts(work, unit)
    if strat.id == INSANE_BRAVERY:
        ids = [p.id for p in group]
        for p in group:
            p.shocked = False
        work.failed_tests = [i for i in work.failed_tests if i not in ids]
        events.append(BattleShockTestOverturned(units=tuple(ids), name=label(work, unit)))
    else:
        roll_test(work, group, "re-roll", dice, events)
