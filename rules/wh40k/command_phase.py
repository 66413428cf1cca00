"""The Command phase: CP for both players, the CP cap, and Battle-shock tests.

The command step gives CP and ends the active player's Battle-shock; the battle-shock
step settles the tests their units owe (Below Half-strength, or below Starting Strength
when a rule demanded it with shock_test). Under ruleset 2 the step first names those
units and rolls nothing, so Insane Bravery can be used before the dice; next_phase (or
shock_test, one unit at a time) rolls them. A test a rule demands in any other step is
rolled at once.
"""

from __future__ import annotations

from rules.core.dice import Dice
from rules.core.errors import refuse
from rules.core.model import Event
from rules.core.text import term
from rules.wh40k.actions import (
    AdjustCp,
    AdjustShock,
    BattleShockEnded,
    BattleShockSet,
    BattleShockTestRequired,
    BattleShockTestRolled,
    BattleShockTestsDue,
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
    Seat,
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
DEMANDED_TEST = "wh40k/demanded-test"


def begin_command_phase(work: Wh40kState, events: list[Event]) -> None:
    """Open the active player's command step: CP for both, then their Battle-shock ends.

    Battles under ruleset 1 ended Battle-shock first, and replay that way.
    """
    work.step = "command"
    events.append(PhaseBegan(round=work.round, seat=work.active, step="command"))
    if work.ruleset == 1:
        _end_battle_shock(work, events)
        _gain_command_cp(work, events)
    else:
        _gain_command_cp(work, events)
        _end_battle_shock(work, events)


def _gain_command_cp(work: Wh40kState, events: list[Event]) -> None:
    for seat in SEATS:
        work.cp[seat] += 1
        events.append(CommandPointsGained(side=seat, amount=1,
                                          source=term("cp-source", "command-phase"),
                                          cp=work.cp[seat]))


def _end_battle_shock(work: Wh40kState, events: list[Event]) -> None:
    for group in groups(work, work.active):
        if any(p.shocked for p in group):
            for p in group:
                p.shocked = False
            events.append(BattleShockEnded(unit=group[-1].id, name=label(work, group[-1])))


def roll_test(work: Wh40kState, group: list[Unit], cause: TestCause, dice: Dice,
              events: list[Event], reason: str | None = None) -> None:
    """Roll a Battle-shock test (2D6 against the best Leadership) for every part of a unit.

    A failure leaves the unit Battle-shocked. Under ruleset 2 a pass changes nothing (a
    unit already Battle-shocked stays so); ruleset 1 let a passed re-roll clear it.
    """
    unit = group[-1]
    leadership = best_leadership(work, unit)
    rolled = (dice.roll(), dice.roll())
    passed = sum(rolled) >= leadership
    ids = [p.id for p in group]
    for p in group:
        p.shocked = not passed if work.ruleset == 1 else p.shocked or not passed
    work.failed_tests = [i for i in work.failed_tests if i not in ids]
    if not passed:
        work.failed_tests.extend(ids)
    events.append(BattleShockTestRolled(
        units=tuple(ids), name=label(work, unit), cause=cause, dice=rolled, total=sum(rolled),
        leadership=leadership, passed=passed, reason=reason,
    ))


def owed_test(work: Wh40kState, group: list[Unit]) -> TestCause | None:
    """Return why a unit of the active player owes a test in the battle-shock step, if it does."""
    unit = group[-1]
    if unit.reserves or unit.side != work.active:
        return None
    forced = any(p.id in work.forced_tests for p in group)
    # A unit tested for being under Starting Strength is not tested again for Below Half.
    if forced and below_starting_strength(work, unit):
        return "below-starting-strength"
    if below_half_strength(work, unit):
        return "below-half-strength"
    return None


def tests_due(work: Wh40kState) -> list[tuple[list[Unit], TestCause]]:
    """Return the active player's units that still owe a test in this battle-shock step."""
    out: list[tuple[list[Unit], TestCause]] = []
    for group in groups(work, work.active):
        cause = owed_test(work, group)
        if cause is not None and not any(p.id in work.tested for p in group):
            out.append((group, cause))
    return out


def settle(work: Wh40kState, group: list[Unit]) -> None:
    """Mark a unit's test in this battle-shock step as taken."""
    work.tested.extend(p.id for p in group if p.id not in work.tested)


def battle_shock_step(work: Wh40kState, dice: Dice, events: list[Event]) -> None:
    """Roll the tests the active player's units on the battlefield still owe."""
    for group, cause in tests_due(work):
        if work.ruleset > 1:  # ruleset 1 kept no record of tests taken
            settle(work, group)
        roll_test(work, group, cause, dice, events)


def announce_tests(work: Wh40kState, events: list[Event]) -> bool:
    """Name the units that must test before any die is rolled; say whether there are any."""
    due = tests_due(work)
    if due:
        events.append(BattleShockTestsDue(units=tuple(g[-1].id for g, _ in due),
                                          names=tuple(label(work, g[-1]) for g, _ in due)))
    return bool(due)


def due_cause(state: Wh40kState, unit: Unit) -> TestCause | None:
    """Return why `unit` owes a test right now in this battle-shock step (ruleset 2)."""
    if state.step != "battle-shock" or state.ruleset == 1:
        return None
    group = parts(state, unit)
    return next((cause for g, cause in tests_due(state) if g[-1].id == group[-1].id), None)


def check_shock_test(state: Wh40kState, action: ShockTest) -> None:
    """In the command step, call a unit of the active player short of models to test in the
    battle-shock step; in any other step, a test a rule demands of a unit on the battlefield."""
    sender(action)
    unit = find(state, action.unit)
    in_play(unit)
    if state.step != "command":
        if unit.reserves:
            refuse(DEMANDED_TEST, "refusal-in-reserves", name=unit.name)
        return
    if unit.side != state.active:
        refuse(FORCED_TEST, "refusal-test-not-active", side=term("seat", state.active))
    if unit.reserves:
        refuse(FORCED_TEST, "refusal-in-reserves", name=unit.name)
    if not below_starting_strength(state, unit):
        refuse(FORCED_TEST, "refusal-no-models-lost", name=label(state, unit))
    if any(p.id in state.forced_tests for p in parts(state, unit)):
        refuse(FORCED_TEST, "refusal-test-already-called", name=label(state, unit))


def shock_test(work: Wh40kState, action: ShockTest, dice: Dice, events: list[Event]) -> None:
    """Call a unit to test in the coming battle-shock step, take the test the step names for
    it, or roll a test a rule demands now."""
    unit = find(work, action.unit)
    reason = action.reason.strip() or None
    if work.step == "command":
        work.forced_tests.append(unit.id)
        events.append(BattleShockTestRequired(unit=unit.id, name=label(work, unit),
                                              reason=reason))
        return
    group = parts(work, unit)
    cause = due_cause(work, unit)
    if cause is not None:
        settle(work, group)
        roll_test(work, group, cause, dice, events)
    else:
        roll_test(work, group, "demanded", dice, events, reason)


def check_adjust_shock(state: Wh40kState, action: AdjustShock) -> None:
    """The referee names a unit still in play."""
    in_play(find(state, action.unit))


def adjust_shock(work: Wh40kState, action: AdjustShock, dice: Dice,
                 events: list[Event]) -> None:
    """Set or clear Battle-shock on every part of a unit (a referee's correction)."""
    unit = find(work, action.unit)
    group = parts(work, unit)
    ids = [p.id for p in group]
    for p in group:
        p.shocked = action.shocked
    if not action.shocked:
        work.failed_tests = [i for i in work.failed_tests if i not in ids]
    events.append(BattleShockSet(units=tuple(ids), name=label(work, unit),
                                 shocked=action.shocked))


def insane_bravery_due(state: Wh40kState, seat: Seat, unit: Unit) -> bool:
    """Say whether `unit` (of `seat`) owes a test Insane Bravery may pass before the dice."""
    return seat == state.active and due_cause(state, unit) is not None


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
