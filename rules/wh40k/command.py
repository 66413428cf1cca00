"""The Command phase: CP for both players, the CP cap, and Battle-shock tests.

The command step gives CP and ends the active player's Battle-shock; the battle-shock
step rolls the tests their units owe (Below Half-strength, or below Starting Strength
when a rule demanded it with shock_test).
"""

from __future__ import annotations

from rules.core.dice import Dice
from rules.core.model import Event
from rules.core.text import refuse, term
from rules.wh40k.actions import (
    AdjustCp,
    BattleShockEnded,
    BattleShockTestRequired,
    BattleShockTestRolled,
    CommandPointsGained,
    CommandPointsSet,
    GainCp,
    PhaseBegan,
    ShockTest,
    TestCause,
)
from rules.wh40k.army import find, in_play, sender
from rules.wh40k.state import (
    SEATS,
    Unit,
    Wh40kState,
    below_half_strength,
    below_starting_strength,
    best_leadership,
    groups,
    label,
    parts,
)

EXTRA_CP_PER_ROUND = 1
FORCED_TEST = "wh40k/below-starting-strength-test"


def begin_command_phase(work: Wh40kState, events: list[Event]) -> None:
    """Open the active player's command step: their units shake off Battle-shock, CP for both."""
    work.step = "command"
    events.append(PhaseBegan(round=work.round, seat=work.active, step="command"))
    for group in groups(work, work.active):
        if any(p.shocked for p in group):
            for p in group:
                p.shocked = False
            events.append(BattleShockEnded(unit=group[-1].id, name=label(work, group[-1])))
    for seat in SEATS:
        work.cp[seat] += 1
        events.append(CommandPointsGained(side=seat, amount=1,
                                          source=term("cp-source", "command-phase"),
                                          cp=work.cp[seat]))


def roll_test(work: Wh40kState, group: list[Unit], cause: TestCause, dice: Dice,
              events: list[Event]) -> None:
    """Roll a Battle-shock test (2D6 against the best Leadership) for every part of a unit."""
    unit = group[-1]
    leadership = best_leadership(work, unit)
    rolled = (dice.roll(), dice.roll())
    passed = sum(rolled) >= leadership
    ids = [p.id for p in group]
    for p in group:
        p.shocked = not passed
    work.failed_tests = [i for i in work.failed_tests if i not in ids]
    if not passed:
        work.failed_tests.extend(ids)
    events.append(BattleShockTestRolled(
        units=tuple(ids), name=label(work, unit), cause=cause, dice=rolled, total=sum(rolled),
        leadership=leadership, passed=passed,
    ))


def battle_shock_step(work: Wh40kState, dice: Dice, events: list[Event]) -> None:
    """Roll the tests the active player's units on the battlefield owe."""
    for group in groups(work, work.active):
        unit = group[-1]
        if unit.reserves:
            continue
        forced = any(p.id in work.forced_tests for p in group)
        # A unit tested for being under Starting Strength is not tested again for Below Half.
        if forced and below_starting_strength(work, unit):
            roll_test(work, group, "below-starting-strength", dice, events)
        elif below_half_strength(work, unit):
            roll_test(work, group, "below-half-strength", dice, events)


def check_shock_test(state: Wh40kState, action: ShockTest) -> None:
    """A test a rule demands: a unit of the active player, on the battlefield, short of models."""
    sender(action)
    unit = find(state, action.unit)
    in_play(unit)
    if unit.side != state.active:
        refuse(FORCED_TEST, "refusal-test-not-active", side=term("seat", state.active))
    if unit.reserves:
        refuse(FORCED_TEST, "refusal-in-reserves", name=unit.name)
    if not below_starting_strength(state, unit):
        refuse(FORCED_TEST, "refusal-no-models-lost", name=label(state, unit))
    if any(p.id in state.forced_tests for p in parts(state, unit)):
        refuse(FORCED_TEST, "refusal-test-already-called", name=label(state, unit))


def shock_test(work: Wh40kState, action: ShockTest, dice: Dice, events: list[Event]) -> None:
    """Call on a unit to test in the coming battle-shock step."""
    unit = find(work, action.unit)
    work.forced_tests.append(unit.id)
    events.append(BattleShockTestRequired(unit=unit.id, name=label(work, unit)))


def check_gain_cp(state: Wh40kState, action: GainCp) -> None:
    """Beyond each Command phase's 1 CP, a player gains at most 1 CP a battle round."""
    seat = sender(action)
    gained = state.extra_cp[seat]
    if gained + action.amount > EXTRA_CP_PER_ROUND:
        refuse("wh40k/cp-cap", "refusal-cp-cap", gained=gained, limit=EXTRA_CP_PER_ROUND,
               amount=action.amount)


def gain_cp(work: Wh40kState, action: GainCp, dice: Dice, events: list[Event]) -> None:
    """Gain CP from another rule; the player's own name for it is kept as they wrote it."""
    seat = sender(action)
    work.cp[seat] += action.amount
    work.extra_cp[seat] += action.amount
    source = action.source or term("cp-source", "other-rule")
    events.append(CommandPointsGained(side=seat, amount=action.amount, source=source,
                                      cp=work.cp[seat]))


def adjust_cp(work: Wh40kState, action: AdjustCp, dice: Dice, events: list[Event]) -> None:
    """Set a side's CP outright (a referee's correction, with no further conditions)."""
    work.cp[action.side] = action.cp
    events.append(CommandPointsSet(side=action.side, cp=action.cp))
