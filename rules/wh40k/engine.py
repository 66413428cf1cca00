"""The Warhammer 40,000 battle tracker: rosters, CP, phases, Battle-shock, objectives, VP.

The battle is played on a real table (or by post); players report moves, casualties and
scores, and the bot keeps the books, rolls the Command-phase tests and enforces the rules.

Every action goes through one checked path: `_check_common` and the action's check read the
input state and raise `RuleViolation` before anything changes; only then is the state copied
and the action's effect applied to the copy.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any, NoReturn

from pydantic import BaseModel, ValidationError

from rules.core.board import (
    Panel,
    PanelLine,
    TableFeature,
    TableObjective,
    TabletopView,
    TableUnit,
)
from rules.core.dice import Dice, DiceState, seed_hash
from rules.core.errors import RuleViolation
from rules.core.inches import Point, Table
from rules.core.model import Action, Event
from rules.core.system import Outcome, Prompt, ScenarioInfo
from rules.wh40k import catalogue
from rules.wh40k.actions import (
    ACTIONS,
    TYPE_ALIASES,
    AddUnit,
    AdjustCp,
    Attach,
    BattleEnded,
    BattleShockEnded,
    BattleShockTestOverturned,
    BattleShockTestRequired,
    BattleShockTestRolled,
    BattleStarted,
    BelowHalfStrengthChanged,
    Casualties,
    CommandPointsGained,
    CommandPointsSet,
    Concede,
    Conceded,
    DesperateEscapeRolled,
    Detach,
    EditUnit,
    FallBack,
    FellBack,
    GainCp,
    LoadRoster,
    ModelsDestroyed,
    ModelsRestored,
    Move,
    NextPhase,
    ObjectiveControlChanged,
    PhaseBegan,
    RemoveUnit,
    Restore,
    RollOff,
    RosterLoaded,
    Score,
    ShockTest,
    StartBattle,
    StartingStrengthChanged,
    StratagemUsed,
    TestCause,
    UnitAdded,
    UnitAttached,
    UnitDestroyed,
    UnitDetached,
    UnitEdited,
    UnitMoved,
    UnitRemoved,
    UseStratagem,
    VictoryPointsScored,
    WoundsLost,
)
from rules.wh40k.catalogue import Roster, Scenario, Stratagem
from rules.wh40k.state import (
    CHARACTER,
    ENGINE,
    LAST_ROUND,
    SEATS,
    TURN_STEPS,
    Control,
    GameState,
    RoundScore,
    Seat,
    Unit,
    below_half_strength,
    below_starting_strength,
    best_leadership,
    control_of,
    groups,
    label,
    leader_of,
    objective_totals,
    other,
    parts,
    phase_of,
    starting_strength,
    vp_total,
)

INSANE_BRAVERY = "insane-bravery"
COMMAND_RE_ROLL = "command-re-roll"
# Stratagems that may act on the test a unit failed in the current battle-shock step.
RESOLVES_TESTS = frozenset({INSANE_BRAVERY, COMMAND_RE_ROLL})
EXTRA_CP_PER_ROUND = 1
PRIMARY_CAP = 50
SECONDARY_CAP = 40

SETUP_ACTIONS = frozenset(
    {"start_battle", "add_unit", "edit_unit", "remove_unit", "roster", "attach", "detach"}
)
BATTLE_ACTIONS = frozenset(
    {"next_phase", "fall_back", "casualties", "restore", "shock_test", "stratagem", "gain_cp",
     "score"}
)
# Only the player whose turn it is may send these.
TURN_ACTIONS = frozenset({"next_phase", "fall_back"})
# Reports about one unit. Losses and demanded tests of an enemy unit, and models given
# back to one's own, are claims the other side must agree to.
REPORTS = frozenset({"casualties", "restore", "shock_test"})

_OPEN_IN_BATTLE = ("casualties", "concede", "gain_cp", "move", "next_phase", "restore", "score",
                   "stratagem")
OPEN_TYPES: dict[str, tuple[str, ...]] = {
    "setup": ("add_unit", "attach", "detach", "edit_unit", "move", "remove_unit", "roster",
              "start_battle"),
    "command": tuple(sorted((*_OPEN_IN_BATTLE, "shock_test"))),
    "battle-shock": _OPEN_IN_BATTLE,
    "movement": tuple(sorted((*_OPEN_IN_BATTLE, "fall_back"))),
    "shooting": _OPEN_IN_BATTLE,
    "charge": _OPEN_IN_BATTLE,
    "fight": _OPEN_IN_BATTLE,
    "over": (),
}

HINTS = {
    "setup": "Enter both armies (roster, add_unit, attach), deploy with move, then start_battle.",
    "command": "Command step: resolve other Command-phase rules (gain_cp, shock_test), then "
    "next_phase to roll Battle-shock tests.",
    "battle-shock": "Battle-shock step: Insane Bravery or Command Re-roll may answer a failed "
    "test; next_phase goes on to the Movement phase.",
    "movement": "Movement phase: report moves (move, fall_back), then next_phase.",
    "shooting": "Shooting phase: report casualties, then next_phase.",
    "charge": "Charge phase: report charge moves and casualties, then next_phase.",
    "fight": "Fight phase: report casualties and scores, then next_phase ends the turn.",
    "over": "The battle is over.",
}


def _refuse(rule_id: str, message: str, **details: Any) -> NoReturn:
    raise RuleViolation(rule_id, message, details)


def _seat(action: Action) -> Seat:
    """Return the sender's seat, refusing anyone who holds no seat in this game."""
    if action.seat == "attacker":
        return "attacker"
    if action.seat == "defender":
        return "defender"
    _refuse("core/not-your-turn", "Only the attacker and the defender can act in this battle.")


def _scenario(state: GameState) -> Scenario:
    return catalogue.scenarios()[state.scenario]


def _find(state: GameState, ref: str) -> Unit:
    """Return the unit an id or a (unique) name refers to."""
    found = state.units.get(ref)
    if found is not None:
        return found
    named = [u for u in state.units.values() if u.name.lower() == ref.lower()]
    pick = [u for u in named if not u.destroyed] or named
    if len(pick) == 1:
        return pick[0]
    if not pick:
        _refuse("core/bad-input", f"There is no unit {ref!r}; use a unit id such as U3.", unit=ref)
    ids = ", ".join(u.id for u in pick)
    _refuse("core/bad-input", f"More than one unit is called {ref!r}; use its id ({ids}).")


def _own(state: GameState, seat: Seat, ref: str) -> Unit:
    unit = _find(state, ref)
    if unit.side != seat:
        _refuse("wh40k/own-units", f"{unit.id} {unit.name} belongs to the {unit.side}.",
                unit=unit.id)
    return unit


def _in_play(unit: Unit) -> None:
    if unit.destroyed:
        _refuse("wh40k/destroyed", f"{unit.id} {unit.name} has been destroyed.", unit=unit.id)


def _point(state: GameState, x: float | None, y: float | None) -> Point | None:
    """Return a reported position (None when neither coordinate was given), checked on the table."""
    if x is None and y is None:
        return None
    if x is None or y is None:
        _refuse("core/bad-input", "Give both x and y (inches from the bottom-left corner).")
    sc = _scenario(state)
    point = Point(x=x, y=y)
    if not Table(width=sc.width, height=sc.height).contains(point):
        _refuse("wh40k/on-the-table",
                f"{point} is off the {sc.width:g}\" x {sc.height:g}\" table.", x=x, y=y)
    return point


# --- checks: read the state, raise before anything changes ---------------------------------


def _check_common(state: GameState, action: Action) -> None:
    if state.step == "over":
        _refuse("core/game-over", "The battle is over.")
    if action.type == "adjust_cp":
        return  # a referee's correction: the service has checked the sender
    seat = _seat(action)
    if action.type in SETUP_ACTIONS and state.step != "setup":
        _refuse("core/wrong-step",
                f"{action.type} is only open before the battle; it is now the {state.step} step.",
                step=state.step)
    if action.type in BATTLE_ACTIONS and state.step == "setup":
        _refuse("core/wrong-step", f"{action.type} needs the battle to have started "
                "(start_battle); the game is in the setup step.", step=state.step)
    if action.type in TURN_ACTIONS and seat != state.active:
        _refuse("core/not-your-turn", f"It is the {state.active}'s turn.", active=state.active)


def _check_start_battle(state: GameState, action: StartBattle) -> None:
    for seat in SEATS:
        if not any(u.side == seat and not u.destroyed for u in state.units.values()):
            _refuse("wh40k/armies-ready", f"The {seat} has no units yet.", side=seat)


def _check_next_phase(state: GameState, action: NextPhase) -> None:
    """Nothing beyond the common checks: the active player may always move on."""


def _check_unit_profile(name: str | None) -> None:
    if name is not None and not name.strip():
        _refuse("core/bad-input", "A unit needs a name.")


def _check_add_unit(state: GameState, action: AddUnit) -> None:
    _check_unit_profile(action.name)
    _point(state, action.x, action.y)


def _edited_fields(action: EditUnit) -> dict[str, Any]:
    skip = {"type", "seat", "unit"}
    return {k: v for k, v in action if k not in skip and v is not None}


def _check_edit_unit(state: GameState, action: EditUnit) -> None:
    unit = _own(state, _seat(action), action.unit)
    changes = _edited_fields(action)
    if not changes:
        _refuse("core/bad-input", "Name at least one field to change.")
    _check_unit_profile(action.name)
    keywords = action.keywords if action.keywords is not None else unit.keywords
    if unit.leads is not None and CHARACTER not in keywords:
        _refuse("wh40k/leader", f"{unit.name} leads a unit, so it must stay a CHARACTER.")
    if leader_of(state, unit) is not None and CHARACTER in keywords:
        _refuse("wh40k/leader", f"{unit.name} has a Leader, so it cannot be a CHARACTER.")


def _check_remove_unit(state: GameState, action: RemoveUnit) -> None:
    _own(state, _seat(action), action.unit)


def _check_roster_units(state: GameState, roster: Roster) -> None:
    by_key = {u.key: u for u in roster.units if u.key}
    led: set[str] = set()
    for unit in roster.units:
        _point(state, unit.x, unit.y)
        if not unit.leads:
            continue
        bodyguard = by_key[unit.leads]
        if CHARACTER not in unit.keywords:
            _refuse("wh40k/leader", f"{unit.name} is not a CHARACTER, so it cannot lead.")
        if bodyguard is unit or CHARACTER in bodyguard.keywords or unit.key in led:
            _refuse("wh40k/leader", f"{unit.name} cannot lead {bodyguard.name}.")
        if unit.leads in led:
            _refuse("wh40k/leader", f"{bodyguard.name} is given two Leaders.")
        led.add(unit.leads)


def _check_roster(state: GameState, action: LoadRoster) -> None:
    _check_roster_units(state, Roster(name=action.name, unit=action.units))


def _check_attach(state: GameState, action: Attach) -> None:
    seat = _seat(action)
    leader = _own(state, seat, action.leader)
    bodyguard = _own(state, seat, action.bodyguard)
    if not leader.character:
        _refuse("wh40k/leader", f"{leader.name} is not a CHARACTER, so it cannot lead.")
    if leader.leads is not None:
        _refuse("wh40k/leader", f"{leader.name} already leads {leader.leads}.")
    if bodyguard.character:
        _refuse("wh40k/leader", f"{bodyguard.name} is a CHARACTER and cannot be a Bodyguard.")
    found = leader_of(state, bodyguard)
    if found is not None:
        _refuse("wh40k/leader", f"{bodyguard.name} is already led by {found.name}.")


def _check_detach(state: GameState, action: Detach) -> None:
    leader = _own(state, _seat(action), action.leader)
    if leader.leads is None:
        _refuse("wh40k/leader", f"{leader.name} is not leading any unit.")


def _check_move(state: GameState, action: Move) -> None:
    unit = _own(state, _seat(action), action.unit)
    _in_play(unit)
    _point(state, action.x, action.y)


def _check_fall_back(state: GameState, action: FallBack) -> None:
    if state.step != "movement":
        _refuse("wh40k/fall-back", f"Units Fall Back in the Movement phase; it is now the "
                f"{state.step} step.", step=state.step)
    unit = _own(state, _seat(action), action.unit)
    _in_play(unit)
    if unit.reserves:
        _refuse("wh40k/fall-back", f"{unit.name} is in Reserves, not on the battlefield.")
    _point(state, action.x, action.y)


def _check_casualties(state: GameState, action: Casualties) -> None:
    unit = _find(state, action.unit)
    _in_play(unit)
    if action.models == 0 and action.wounds == 0:
        _refuse("core/bad-input", "Report at least one model or one wound lost.")
    if action.models > unit.models:
        _refuse("core/bad-input", f"{unit.name} has only {unit.models} models left.",
                models=unit.models)


def _check_restore(state: GameState, action: Restore) -> None:
    unit = _find(state, action.unit)
    if action.models == 0 and action.wounds == 0:
        _refuse("core/bad-input", "Report at least one model or one wound restored.")
    if unit.models + action.models > unit.starting_strength:
        _refuse("wh40k/starting-strength",
                f"{unit.name} started with {unit.starting_strength} models and cannot grow past "
                "that.", starting_strength=unit.starting_strength)


def _check_shock_test(state: GameState, action: ShockTest) -> None:
    if state.step != "command":
        _refuse("core/wrong-step", "A forced test is called for in the command step, before the "
                f"battle-shock step; it is now the {state.step} step.", step=state.step)
    unit = _find(state, action.unit)
    _in_play(unit)
    rule = "wh40k/below-starting-strength-test"
    if unit.side != state.active:
        _refuse(rule, f"Only the {state.active}'s units test in this Command phase.")
    if unit.reserves:
        _refuse(rule, f"{unit.name} is in Reserves, not on the battlefield.")
    if not below_starting_strength(state, unit):
        _refuse(rule, f"{label(state, unit)} has not lost any models.")
    if any(p.id in state.forced_tests for p in parts(state, unit)):
        _refuse(rule, f"{label(state, unit)} is already called on to test.")


def _when(strat: Stratagem) -> str:
    whose = {"own": "your", "opponent": "your opponent's", "either": "either player's"}[strat.turn]
    phases = " or ".join(p.capitalize() for p in strat.phases)
    step = f" ({strat.step} step)" if strat.step else ""
    return f"in {whose} {phases} phase{step}"


def _resolving_test(state: GameState, strat: Stratagem, unit: Unit) -> bool:
    """Say whether a Stratagem answers the test `unit` failed in this battle-shock step."""
    return (
        strat.id in RESOLVES_TESTS
        and state.step == "battle-shock"
        and any(p.id in state.failed_tests for p in parts(state, unit))
    )


def _stratagem(name: str) -> Stratagem:
    strat = catalogue.stratagems().get(name)
    if strat is None:
        known = ", ".join(sorted(catalogue.stratagems()))
        _refuse("core/bad-input", f"There is no Stratagem {name!r}; known: {known}.")
    return strat


def _check_stratagem_open(state: GameState, seat: Seat, strat: Stratagem) -> None:
    """Check a Stratagem's timing, its once-per limits and its cost, whatever the target."""
    own_turn = seat == state.active
    right_turn = strat.turn == "either" or (strat.turn == "own") == own_turn
    if (phase_of(state.step) not in strat.phases or not right_turn
            or (strat.step is not None and strat.step != state.step)):
        _refuse("wh40k/stratagem-timing",
                f"{strat.name} is used {_when(strat)}; it is now the {state.active}'s "
                f"{state.step} step.", stratagem=strat.id, step=state.step)
    key = f"{seat}:{strat.id}"
    if strat.once_per_battle and key in state.used_this_battle:
        _refuse("wh40k/stratagem-once-per-phase", f"{strat.name} may be used once per battle.",
                stratagem=strat.id)
    if key in state.used_this_phase:
        _refuse("wh40k/stratagem-once-per-phase",
                f"You have already used {strat.name} in this phase.", stratagem=strat.id)
    if state.cp[seat] < strat.cost:
        _refuse("wh40k/stratagem-cost",
                f"{strat.name} costs {strat.cost} CP and you have {state.cp[seat]}.",
                cost=strat.cost, cp=state.cp[seat])


def _check_stratagem(state: GameState, action: UseStratagem) -> None:
    seat = _seat(action)
    strat = _stratagem(action.name)
    _check_stratagem_open(state, seat, strat)
    if action.unit is None:
        if strat.target == "unit":
            _refuse("wh40k/stratagem-target", f"Name the unit {strat.name} is used on.")
        return
    if strat.target == "none":
        _refuse("wh40k/stratagem-target", f"{strat.name} is not used on a unit.")
    unit = _own(state, seat, action.unit)
    _in_play(unit)
    group = parts(state, unit)
    if strat.reserves and not unit.reserves:
        _refuse("wh40k/stratagem-target", f"{strat.name} needs a unit in Reserves.")
    if unit.reserves and not strat.reserves:
        _refuse("wh40k/stratagem-target", f"{unit.name} is in Reserves, not on the battlefield.")
    if strat.keyword and not any(strat.keyword in p.keywords for p in group):
        _refuse("wh40k/stratagem-target", f"{strat.name} needs a {strat.keyword} unit.",
                keyword=strat.keyword)
    resolving = _resolving_test(state, strat, unit)
    if strat.id == INSANE_BRAVERY and not resolving:
        _refuse("wh40k/insane-bravery",
                f"{label(state, unit)} has not failed a Battle-shock test in this step.")
    if any(p.shocked for p in group) and not resolving:
        _refuse("wh40k/shocked-no-stratagems",
                f"{label(state, unit)} is Battle-shocked: you cannot use Stratagems on it.",
                unit=unit.id)


def _check_gain_cp(state: GameState, action: GainCp) -> None:
    seat = _seat(action)
    gained = state.extra_cp[seat]
    if gained + action.amount > EXTRA_CP_PER_ROUND:
        _refuse("wh40k/cp-cap",
                f"Beyond the Command-phase CP a player gains at most {EXTRA_CP_PER_ROUND} CP per "
                f"battle round; you have already gained {gained} this round.",
                gained=gained, limit=EXTRA_CP_PER_ROUND)


def _check_adjust_cp(state: GameState, action: AdjustCp) -> None:
    """A referee's correction has no further conditions."""


def _round_score(state: GameState, seat: Seat) -> RoundScore:
    for entry in state.scores[seat]:
        if entry.round == state.round:
            return entry
    return RoundScore(round=state.round)


def _check_score(state: GameState, action: Score) -> None:
    seat = _seat(action)
    if action.primary == 0 and action.secondary == 0:
        _refuse("core/bad-input", "Report some primary or secondary points.")
    entry = _round_score(state, seat)
    if entry.primary + action.primary < 0 or entry.secondary + action.secondary < 0:
        _refuse("wh40k/victory-points", "A round's score cannot drop below zero.")
    primary = sum(r.primary for r in state.scores[seat]) + action.primary
    secondary = sum(r.secondary for r in state.scores[seat]) + action.secondary
    if primary > PRIMARY_CAP:
        _refuse("wh40k/victory-points", f"At most {PRIMARY_CAP} primary points can be scored.",
                primary=primary)
    if secondary > SECONDARY_CAP:
        _refuse("wh40k/victory-points",
                f"At most {SECONDARY_CAP} secondary points can be scored.", secondary=secondary)


def _check_concede(state: GameState, action: Concede) -> None:
    """Either player may concede at any time."""


# --- effects: change the working copy and report events ------------------------------------


def _new_unit(
    state: GameState,
    side: Seat,
    name: str,
    models: int,
    wounds: int,
    leadership: int,
    oc: int,
    keywords: tuple[str, ...],
    reserves: bool,
    position: Point | None,
) -> Unit:
    unit = Unit(
        id=f"U{state.next_unit}", side=side, name=name.strip(), starting_strength=models,
        models=models, wounds=wounds, leadership=leadership, oc=oc, keywords=keywords,
        reserves=reserves, position=None if reserves else position,
    )
    state.units[unit.id] = unit
    state.next_unit += 1
    return unit


def _join(leader: Unit, bodyguard: Unit) -> None:
    leader.leads = bodyguard.id
    leader.position = bodyguard.position
    leader.reserves = bodyguard.reserves


def _add_roster(state: GameState, seat: Seat, roster: Roster) -> list[str]:
    keyed: dict[str, Unit] = {}
    added: list[Unit] = []
    for entry in roster.units:
        position = None if entry.x is None or entry.y is None else Point(x=entry.x, y=entry.y)
        unit = _new_unit(state, seat, entry.name, entry.models, entry.wounds, entry.leadership,
                         entry.oc, entry.keywords, entry.reserves, position)
        added.append(unit)
        if entry.key:
            keyed[entry.key] = unit
    for entry, unit in zip(roster.units, added, strict=True):
        if entry.leads:
            _join(unit, keyed[entry.leads])
    return [u.id for u in added]


def _apply_start_battle(work: GameState, action: StartBattle, dice: Dice,
                        events: list[Event]) -> None:
    if action.first == "roll-off":
        rolls: list[tuple[int, int]] = []
        while not rolls or rolls[-1][0] == rolls[-1][1]:
            rolls.append((dice.roll(), dice.roll()))
        work.first = "attacker" if rolls[-1][0] > rolls[-1][1] else "defender"
        events.append(RollOff(rolls=tuple(rolls), winner=work.first))
    elif action.first is not None:
        work.first = action.first
    work.active = work.first
    work.round = 1
    events.append(BattleStarted(first=work.first))
    _recompute_control(work, events)
    _begin_command_phase(work, events)


def _begin_command_phase(work: GameState, events: list[Event]) -> None:
    work.step = "command"
    events.append(PhaseBegan(round=work.round, seat=work.active, phase="command", step="command"))
    for group in groups(work, work.active):
        if any(p.shocked for p in group):
            for p in group:
                p.shocked = False
            events.append(BattleShockEnded(unit=group[-1].id, name=label(work, group[-1])))
    for seat in SEATS:
        work.cp[seat] += 1
        events.append(CommandPointsGained(side=seat, amount=1, source="command-phase",
                                          cp=work.cp[seat]))


def _roll_test(work: GameState, group: list[Unit], cause: TestCause, dice: Dice,
               events: list[Event]) -> None:
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
        units=tuple(ids), name=label(work, unit), cause=cause,
        dice=rolled, leadership=leadership, passed=passed,
    ))


def _battle_shock_step(work: GameState, dice: Dice, events: list[Event]) -> None:
    for group in groups(work, work.active):
        unit = group[-1]
        if unit.reserves:
            continue
        forced = any(p.id in work.forced_tests for p in group)
        # A unit tested for being under Starting Strength is not tested again for Below Half.
        if forced and below_starting_strength(work, unit):
            _roll_test(work, group, "below-starting-strength", dice, events)
        elif below_half_strength(work, unit):
            _roll_test(work, group, "below-half-strength", dice, events)


def _recompute_control(work: GameState, events: list[Event]) -> None:
    for obj in _scenario(work).objectives:
        totals = objective_totals(work, Point(x=obj.x, y=obj.y))
        now = control_of(totals)
        was = work.control.get(obj.id, Control())
        if now != was:
            events.append(ObjectiveControlChanged(
                objective=obj.id, label=obj.label, holder=now.holder, contested=now.contested,
                was=was.holder, attacker_oc=totals["attacker"], defender_oc=totals["defender"],
            ))
        work.control[obj.id] = now


def _end_phase(work: GameState, events: list[Event]) -> None:
    _recompute_control(work, events)
    work.used_this_phase = []
    work.failed_tests = []
    work.forced_tests = []


def _finish(work: GameState, events: list[Event], reason: str) -> None:
    work.step = "over"
    result = _result(work, reason)
    events.append(BattleEnded(winner=result.winner, attacker_vp=vp_total(work, "attacker"),
                              defender_vp=vp_total(work, "defender"), reason=result.reason))


def _apply_next_phase(work: GameState, action: NextPhase, dice: Dice,
                      events: list[Event]) -> None:
    step = work.step
    if step == "command":
        work.step = "battle-shock"
        events.append(PhaseBegan(round=work.round, seat=work.active, phase="command",
                                 step="battle-shock"))
        _battle_shock_step(work, dice, events)
        if work.failed_tests:
            return  # wait: the player may answer a failed test with a Stratagem
        step = "battle-shock"
    _end_phase(work, events)
    if step != "fight":
        work.step = TURN_STEPS[TURN_STEPS.index(step) + 1]
        events.append(PhaseBegan(round=work.round, seat=work.active, phase=work.step,
                                 step=work.step))
    elif work.active == work.first:
        work.active = other(work.first)
        _begin_command_phase(work, events)
    elif work.round == LAST_ROUND:
        _finish(work, events, "")
    else:
        work.round += 1
        work.extra_cp = {seat: 0 for seat in SEATS}
        work.active = work.first
        _begin_command_phase(work, events)


def _apply_add_unit(work: GameState, action: AddUnit, dice: Dice, events: list[Event]) -> None:
    seat = _seat(action)
    unit = _new_unit(work, seat, action.name, action.models, action.wounds, action.leadership,
                     action.oc, action.keywords, action.reserves,
                     _point(work, action.x, action.y))
    events.append(UnitAdded(unit=unit.id, side=seat, name=unit.name, models=unit.models))


def _apply_edit_unit(work: GameState, action: EditUnit, dice: Dice, events: list[Event]) -> None:
    unit = _find(work, action.unit)
    changes = _edited_fields(action)
    for field, value in changes.items():
        if field == "reserves":
            for p in parts(work, unit):
                p.reserves = value
                p.position = None if value else p.position
        else:
            setattr(unit, field, value.strip() if field == "name" else value)
    if "models" in changes:
        unit.starting_strength = unit.models
    if "models" in changes or "wounds" in changes:
        unit.damage = 0
    events.append(UnitEdited(unit=unit.id, name=unit.name, fields=tuple(changes)))


def _apply_remove_unit(work: GameState, action: RemoveUnit, dice: Dice,
                       events: list[Event]) -> None:
    unit = _find(work, action.unit)
    leader = leader_of(work, unit)
    if leader is not None:
        leader.leads = None
    del work.units[unit.id]
    events.append(UnitRemoved(unit=unit.id, name=unit.name))


def _apply_roster(work: GameState, action: LoadRoster, dice: Dice, events: list[Event]) -> None:
    seat = _seat(action)
    roster = Roster(name=action.name, unit=action.units)
    for unit_id in [u.id for u in work.units.values() if u.side == seat]:
        del work.units[unit_id]
    ids = _add_roster(work, seat, roster)
    events.append(RosterLoaded(side=seat, name=roster.name, units=tuple(ids)))


def _apply_attach(work: GameState, action: Attach, dice: Dice, events: list[Event]) -> None:
    leader = _find(work, action.leader)
    bodyguard = _find(work, action.bodyguard)
    _join(leader, bodyguard)
    events.append(UnitAttached(leader=leader.id, bodyguard=bodyguard.id,
                               name=label(work, bodyguard)))


def _apply_detach(work: GameState, action: Detach, dice: Dice, events: list[Event]) -> None:
    leader = _find(work, action.leader)
    assert leader.leads is not None  # checked: it leads a unit
    bodyguard = work.units[leader.leads]
    events.append(UnitDetached(leader=leader.id, bodyguard=bodyguard.id,
                               name=label(work, bodyguard)))
    leader.leads = None


def _place(work: GameState, unit: Unit, point: Point, events: list[Event]) -> None:
    group = parts(work, unit)
    arrived = any(p.reserves for p in group) and work.step != "setup"
    for p in group:
        p.position = point
        p.reserves = False
    events.append(UnitMoved(units=tuple(p.id for p in group), name=label(work, unit),
                            x=point.x, y=point.y, arrived=arrived))


def _apply_move(work: GameState, action: Move, dice: Dice, events: list[Event]) -> None:
    point = _point(work, action.x, action.y)
    assert point is not None  # both coordinates are required fields
    _place(work, _find(work, action.unit), point, events)


def _destroyed(work: GameState, unit: Unit, events: list[Event]) -> None:
    """Close the books on a unit that lost its last model, splitting an attached unit."""
    partner: Unit | None = None
    if unit.leads is not None:
        partner = work.units[unit.leads]
        unit.leads = None
    else:
        partner = leader_of(work, unit)
        if partner is not None:
            partner.leads = None
    events.append(UnitDestroyed(unit=unit.id, name=unit.name, side=unit.side,
                                attached_to=partner.id if partner else None))
    if partner is not None:
        events.append(StartingStrengthChanged(
            unit=partner.id, name=partner.name,
            was=partner.starting_strength + unit.starting_strength,
            now=partner.starting_strength,
        ))


def _lose_models(work: GameState, unit: Unit, count: int, events: list[Event]) -> None:
    count = min(count, unit.models)
    if count == 0:
        return
    unit.models -= count
    unit.damage = 0  # a wounded model is always the first to go
    events.append(ModelsDestroyed(unit=unit.id, name=unit.name, models=count,
                                  remaining=unit.models))
    if unit.destroyed:
        _destroyed(work, unit, events)


def _lose_wounds(work: GameState, unit: Unit, wounds: int, events: list[Event]) -> None:
    total = unit.damage + wounds
    killed = min(unit.models, total // unit.wounds)
    unit.models -= killed
    unit.damage = 0 if unit.destroyed else total - killed * unit.wounds
    events.append(WoundsLost(unit=unit.id, name=unit.name, wounds=wounds, models=killed,
                             remaining=unit.models))
    if unit.destroyed:
        _destroyed(work, unit, events)


def _apply_fall_back(work: GameState, action: FallBack, dice: Dice,
                     events: list[Event]) -> None:
    unit = _find(work, action.unit)
    group = parts(work, unit)
    name = label(work, unit)
    events.append(FellBack(units=tuple(p.id for p in group), name=name))
    if any(p.shocked for p in group):
        rolls = tuple(dice.rolls(sum(p.models for p in group)))
        lost = sum(1 for r in rolls if r <= 2)
        events.append(DesperateEscapeRolled(units=tuple(p.id for p in group), name=name,
                                            dice=rolls, lost=lost))
        order = group if action.first == "leader" else list(reversed(group))
        for part in order:
            taken = min(lost, part.models)
            lost -= taken
            _lose_models(work, part, taken, events)
    point = _point(work, action.x, action.y)
    survivors = [p for p in group if not p.destroyed]
    if point is not None and survivors:
        _place(work, survivors[0], point, events)


def _apply_casualties(work: GameState, action: Casualties, dice: Dice,
                      events: list[Event]) -> None:
    unit = _find(work, action.unit)
    _lose_models(work, unit, action.models, events)
    if action.wounds and not unit.destroyed:
        _lose_wounds(work, unit, action.wounds, events)


def _apply_restore(work: GameState, action: Restore, dice: Dice, events: list[Event]) -> None:
    unit = _find(work, action.unit)
    healed = min(action.wounds, unit.damage)
    unit.models += action.models
    unit.damage -= healed
    events.append(ModelsRestored(unit=unit.id, name=unit.name, models=action.models,
                                 wounds=healed, remaining=unit.models))


def _apply_shock_test(work: GameState, action: ShockTest, dice: Dice,
                      events: list[Event]) -> None:
    unit = _find(work, action.unit)
    work.forced_tests.append(unit.id)
    events.append(BattleShockTestRequired(unit=unit.id, name=label(work, unit)))


def _apply_stratagem(work: GameState, action: UseStratagem, dice: Dice,
                     events: list[Event]) -> None:
    seat = _seat(action)
    strat = _stratagem(action.name)
    unit = _find(work, action.unit) if action.unit is not None else None
    resolving = unit is not None and _resolving_test(work, strat, unit)
    key = f"{seat}:{strat.id}"
    work.cp[seat] -= strat.cost
    work.used_this_phase.append(key)
    if strat.once_per_battle:
        work.used_this_battle.append(key)
    events.append(StratagemUsed(side=seat, stratagem=strat.id, name=strat.name,
                                unit=unit.id if unit else None, cost=strat.cost,
                                cp=work.cp[seat]))
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
        _roll_test(work, group, "re-roll", dice, events)


def _apply_gain_cp(work: GameState, action: GainCp, dice: Dice, events: list[Event]) -> None:
    seat = _seat(action)
    work.cp[seat] += action.amount
    work.extra_cp[seat] += action.amount
    events.append(CommandPointsGained(side=seat, amount=action.amount,
                                      source=action.source or "other rule", cp=work.cp[seat]))


def _apply_adjust_cp(work: GameState, action: AdjustCp, dice: Dice, events: list[Event]) -> None:
    work.cp[action.side] = action.cp
    events.append(CommandPointsSet(side=action.side, cp=action.cp))


def _apply_score(work: GameState, action: Score, dice: Dice, events: list[Event]) -> None:
    seat = _seat(action)
    entry = _round_score(work, seat)
    updated = RoundScore(round=work.round, primary=entry.primary + action.primary,
                         secondary=entry.secondary + action.secondary)
    work.scores[seat] = [r for r in work.scores[seat] if r.round != work.round] + [updated]
    events.append(VictoryPointsScored(side=seat, round=work.round, primary=action.primary,
                                      secondary=action.secondary, total=vp_total(work, seat)))


def _apply_concede(work: GameState, action: Concede, dice: Dice, events: list[Event]) -> None:
    seat = _seat(action)
    work.conceded = seat
    events.append(Conceded(side=seat))
    _finish(work, events, f"the {seat} conceded")


Check = Callable[[GameState, Any], None]
Effect = Callable[[GameState, Any, Dice, list[Event]], None]
_HANDLERS: dict[str, tuple[Check, Effect]] = {
    "start_battle": (_check_start_battle, _apply_start_battle),
    "next_phase": (_check_next_phase, _apply_next_phase),
    "add_unit": (_check_add_unit, _apply_add_unit),
    "edit_unit": (_check_edit_unit, _apply_edit_unit),
    "remove_unit": (_check_remove_unit, _apply_remove_unit),
    "roster": (_check_roster, _apply_roster),
    "attach": (_check_attach, _apply_attach),
    "detach": (_check_detach, _apply_detach),
    "move": (_check_move, _apply_move),
    "fall_back": (_check_fall_back, _apply_fall_back),
    "casualties": (_check_casualties, _apply_casualties),
    "restore": (_check_restore, _apply_restore),
    "shock_test": (_check_shock_test, _apply_shock_test),
    "stratagem": (_check_stratagem, _apply_stratagem),
    "gain_cp": (_check_gain_cp, _apply_gain_cp),
    "adjust_cp": (_check_adjust_cp, _apply_adjust_cp),
    "score": (_check_score, _apply_score),
    "concede": (_check_concede, _apply_concede),
}
_ACTION_CLASSES = (
    StartBattle, NextPhase, AddUnit, EditUnit, RemoveUnit, LoadRoster, Attach, Detach, Move,
    FallBack, Casualties, Restore, ShockTest, UseStratagem, GainCp, AdjustCp, Score, Concede,
)


def _check(state: GameState, action: Action) -> None:
    _check_common(state, action)
    _HANDLERS[action.type][0](state, action)


def _below_half_now(state: GameState) -> dict[str, bool]:
    return {u.id: below_half_strength(state, u) for u in state.units.values() if not u.destroyed}


def _strength_changes(before: dict[str, bool], work: GameState) -> list[Event]:
    """Report units that went Below Half-strength, or came back above it."""
    out: list[Event] = []
    for group in groups(work):
        unit = group[-1]
        now = below_half_strength(work, unit)
        if any(p.id in before and before[p.id] != now for p in group):
            out.append(BelowHalfStrengthChanged(units=tuple(p.id for p in group),
                                                name=label(work, unit), below=now))
    return out


def _result(state: GameState, reason: str) -> Outcome:
    attacker, defender = vp_total(state, "attacker"), vp_total(state, "defender")
    if state.conceded is not None:
        return Outcome(winner=other(state.conceded), reason=reason or
                       f"the {state.conceded} conceded")
    score = f"{attacker} VP to {defender} VP"
    if attacker == defender:
        return Outcome(winner=None, reason=f"a draw after {LAST_ROUND} battle rounds, {score}")
    winner: Seat = "attacker" if attacker > defender else "defender"
    return Outcome(winner=winner,
                   reason=f"the {winner} won after {LAST_ROUND} battle rounds, {score}")


@lru_cache(maxsize=4096)
def _natural(text: str) -> str:
    """Return text that sorts numbers by size ("U2" before "U10")."""
    return re.sub(r"\d+", lambda m: m.group().zfill(6), text)


def sort_key(action: Action) -> tuple[str, ...]:
    """Order actions by type, then field by field with numbers by size (U2 before U10)."""
    return tuple(_natural(str(value)) for _, value in action)


# --- the game system -------------------------------------------------------------------------


class Wh40kSystem:
    """Warhammer 40,000 (10th edition) as a battle tracker."""

    id = "wh40k"
    title = "Warhammer 40,000 battle tracker"
    version = ENGINE
    referee_actions: frozenset[str] = frozenset({"adjust_cp"})
    # Actions a seat may send while the prompt names the other seat; the engine checks the
    # sender itself (ownership of units, whose turn a Stratagem needs, and so on).
    out_of_turn_actions: frozenset[str] = frozenset(
        {"stratagem", "gain_cp", "casualties", "restore", "move", "score", "concede",
         "shock_test", "add_unit", "edit_unit", "remove_unit", "roster", "attach", "detach",
         "start_battle", "adjust_cp"}
    )

    def report_for(self, state: Any, action: Action) -> str | None:
        """Return the side whose unit a report (casualties, restore, a demanded test) is about."""
        ref = getattr(action, "unit", None)
        if action.type not in REPORTS or not isinstance(ref, str):
            return None
        try:
            return _find(state, ref).side
        except RuleViolation:
            return None

    def agreement_from(self, state: Any, action: Action) -> str | None:
        """Return the side that must agree to a report: the victim of a loss reported by its
        enemy, or the enemy of a side giving models back to its own unit."""
        side = self.report_for(state, action)
        if side not in SEATS:
            return None
        owner: Seat = "attacker" if side == "attacker" else "defender"
        if action.type == "restore":
            return other(owner) if action.seat == owner else None
        return owner if action.seat != owner else None

    def scenarios(self) -> list[ScenarioInfo]:
        """List the bundled scenarios, sorted by id."""
        return [
            ScenarioInfo(id=s.id, title=s.title, summary=s.summary, seats=SEATS)
            for s in catalogue.scenarios().values()
        ]

    def new_game(self, scenario_id: str, seed: str) -> GameState:
        """Set up a scenario with its sample armies deployed, in the setup step."""
        sc = catalogue.scenarios().get(scenario_id)
        if sc is None:
            _refuse("core/bad-input", f"There is no 40k scenario {scenario_id!r}.")
        state = GameState(
            scenario=sc.id, dice=DiceState(seed=seed), first=sc.first_turn,
            active=sc.first_turn, cp={s: sc.starting_cp for s in SEATS},
            extra_cp={s: 0 for s in SEATS}, scores={s: [] for s in SEATS},
            control={o.id: Control() for o in sc.objectives},
        )
        for seat in SEATS:
            roster = catalogue.bundled_roster(sc.sides[seat].roster)
            _check_roster_units(state, roster)
            _add_roster(state, seat, roster)
        return state

    def load_state(self, data: dict[str, Any]) -> GameState:
        """Rebuild a state from its JSON form."""
        return GameState.model_validate(data)

    def parse_action(self, data: dict[str, Any]) -> Action:
        """Validate an action from its JSON or command-option form.

        A roster arrives as the text of a file (`text`) and is read here, within the
        upload budgets, into the units the action stores.
        """
        raw = dict(data)
        kind = raw.get("type")
        if isinstance(kind, str):
            kind = kind.strip().lower().replace("-", "_").replace(" ", "_")
            raw["type"] = TYPE_ALIASES.get(kind, kind)
        if raw.get("type") == "roster" and "text" in raw:
            text = raw.pop("text")
            try:
                roster = catalogue.parse_roster(str(text))
            except ValueError as err:
                _refuse("core/bad-input", str(err))
            raw.update(name=roster.name, units=roster.units)
        return ACTIONS.validate_python(raw)

    def _action(self, action: Any) -> Action:
        if isinstance(action, _ACTION_CLASSES):
            return action
        data = action.model_dump() if isinstance(action, BaseModel) else action
        try:
            return self.parse_action(data)
        except ValidationError as err:
            first = err.errors()[0]
            where = ".".join(str(p) for p in first["loc"])
            raise RuleViolation("core/bad-input", f"Unreadable action ({where}): {first['msg']}",
                                {"field": where}) from err

    def apply(self, state: Any, action: Any) -> tuple[GameState, list[Event]]:
        """Apply one action after checking every rule; an illegal one raises and changes nothing."""
        current = state if isinstance(state, GameState) else self.load_state(state)
        act = self._action(action)
        _check(current, act)
        # A JSON round trip is the quickest deep copy of a pydantic state (and re-checks it).
        work = GameState.model_validate_json(current.model_dump_json())
        dice = Dice(work.dice)
        events: list[Event] = []
        before = _below_half_now(current)
        _HANDLERS[act.type][1](work, act, dice, events)
        work.dice = dice.state
        events.extend(_strength_changes(before, work))
        return work, events

    def is_legal(self, state: GameState, action: Action) -> bool:
        """Say whether an action would be accepted now."""
        try:
            _check(state, action)
        except RuleViolation:
            return False
        return True

    def _open(self, state: GameState, seat: Seat, strat: Stratagem) -> bool:
        try:
            _check_stratagem_open(state, seat, strat)
        except RuleViolation:
            return False
        return True

    def prompt(self, state: Any) -> Prompt:
        """Say who must act next: the first player in setup, the active player in battle."""
        if state.step == "over":
            return Prompt(seat=None, step="over", hint=HINTS["over"])
        hint = HINTS[state.step]
        if state.step == "fight" and state.round == LAST_ROUND and state.active != state.first:
            hint = "Last Fight phase: report final scores; next_phase ends the battle."
        return Prompt(seat=state.active, step=state.step, actions=OPEN_TYPES[state.step],
                      hint=hint)

    def legal_actions(self, state: Any, seat: str) -> list[Action]:
        """List a bounded, useful set of legal actions for a seat, sorted."""
        if seat not in SEATS or state.step == "over":
            return []
        alive = [u for u in state.units.values() if not u.destroyed]
        own = [u for u in alive if u.side == seat]
        found: list[Action] = []
        if state.step == "setup":
            found += [StartBattle(seat=seat), StartBattle(seat=seat, first="roll-off")]
            for leader in own:
                if leader.character:
                    found.append(Detach(seat=seat, leader=leader.id))
                    found += [Attach(seat=seat, leader=leader.id, bodyguard=b.id) for b in own]
        else:
            found += [NextPhase(seat=seat), GainCp(seat=seat, amount=1, source="ability"),
                      Score(seat=seat, primary=5), Score(seat=seat, secondary=3)]
            for strat in catalogue.stratagems().values():
                if self._open(state, seat, strat):
                    found.append(UseStratagem(seat=seat, name=strat.id))
                    found += [UseStratagem(seat=seat, name=strat.id, unit=u.id) for u in own]
            found += [FallBack(seat=seat, unit=u.id) for u in own]
            for u in alive:
                found += [ShockTest(seat=seat, unit=u.id), Casualties(seat=seat, unit=u.id,
                                                                      models=1)]
                if u.wounds > 1:
                    found.append(Casualties(seat=seat, unit=u.id, wounds=1))
        for obj in _scenario(state).objectives:
            found += [Move(seat=seat, unit=u.id, x=obj.x, y=obj.y) for u in own]
        return sorted((a for a in found if self.is_legal(state, a)), key=sort_key)

    def view(self, state: Any, seat: str | None) -> dict[str, Any]:
        """Return the whole battle (nothing in 40k is secret) except the dice seed."""
        out: dict[str, Any] = state.model_dump(mode="json")
        out["dice"] = {"seed_sha256": seed_hash(state.dice.seed), "drawn": state.dice.drawn}
        out["derived"] = {
            "phase": phase_of(state.step),
            "vp": {s: vp_total(state, s) for s in SEATS},
            "units": {
                u.id: {
                    "destroyed": u.destroyed,
                    "below_half_strength": below_half_strength(state, u),
                    "starting_strength": starting_strength(state, u),
                    "attached": [p.id for p in parts(state, u)] if u.leads or
                    leader_of(state, u) else [],
                }
                for u in state.units.values()
            },
        }
        return out

    def board(self, state: Any) -> TabletopView:
        """Return the table: objectives with holders, units with status tags, the battle panel."""
        sc = _scenario(state)
        # Deployment zones only matter while armies deploy; later they would read as terrain.
        features = tuple(
            TableFeature(kind="deployment", points=side.zone)
            for side in sc.sides.values() if side.zone
        ) if state.step == "setup" else ()
        objectives = tuple(
            TableObjective(x=o.x, y=o.y, label=o.id, holder=state.control[o.id].holder,
                           contested=state.control[o.id].contested)
            for o in sc.objectives
        )
        units: list[TableUnit] = []
        reserves: dict[Seat, list[str]] = {s: [] for s in SEATS}
        for group in groups(state):
            unit = group[-1]
            if unit.reserves:
                reserves[unit.side].append(f"{unit.id} {label(state, unit)}")
                continue
            if unit.position is None:
                continue
            status = []
            if unit.shocked:
                status.append("SHOCKED")
            if below_half_strength(state, unit):
                status.append("BELOW HALF")
            models = sum(p.models for p in group)
            units.append(TableUnit(
                x=unit.position.x, y=unit.position.y, side=unit.side,
                label=f"{unit.id} {models}/{starting_strength(state, unit)} {label(state, unit)}",
                radius=1.5 if any("VEHICLE" in p.keywords for p in group) else 1.0,
                status=tuple(status),
            ))
        return TabletopView(
            static_key=f"wh40k:{sc.id}", width=sc.width, height=sc.height, features=features,
            sides={seat: side.colour for seat, side in sc.sides.items()},
            objectives=objectives, units=tuple(units),
            panel=Panel(title=f"Warhammer 40,000: {sc.title}",
                        lines=self._panel_lines(state, reserves)),
        )

    def _panel_lines(self, state: GameState, reserves: dict[Seat, list[str]]) -> tuple[
            PanelLine, ...]:
        if state.step == "setup":
            lines = [PanelLine(text="Setup: armies are being mustered", bold=True)]
        elif state.step == "over":
            lines = [PanelLine(text=f"Battle over: {_result(state, '').reason}", bold=True)]
        else:
            lines = [
                PanelLine(text=f"Battle round {state.round} of {LAST_ROUND}", bold=True),
                PanelLine(text=f"{state.active.capitalize()}'s turn: {state.step} "
                          f"{'step' if state.step in ('command', 'battle-shock') else 'phase'}",
                          side=state.active),
            ]
        for seat in SEATS:
            primary = sum(r.primary for r in state.scores[seat])
            secondary = sum(r.secondary for r in state.scores[seat])
            lines.append(PanelLine(
                text=f"{seat.capitalize()}: {state.cp[seat]} CP, {vp_total(state, seat)} VP "
                f"(primary {primary}, secondary {secondary})", side=seat))
        for seat in SEATS:
            if reserves[seat]:
                lines.append(PanelLine(text=f"Reserves: {', '.join(reserves[seat])}", side=seat))
        return tuple(lines)

    def outcome(self, state: Any) -> Outcome | None:
        """Return the result once the battle is over."""
        if state.step != "over":
            return None
        return _result(state, "")

    def suggest(
        self,
        state: Any,
        seat: str | None,
        field: str,
        text: str,
        context: Mapping[str, Any] | None = None,
    ) -> list[tuple[str, str]]:
        """Offer completions for unit, leader, bodyguard and stratagem options."""
        needle = text.strip().lower()
        out: list[tuple[str, str]] = []
        if field == "stratagem":
            for strat in catalogue.stratagems().values():
                shown = f"{strat.name} ({strat.cost} CP)"
                if needle in shown.lower() or needle in strat.id:
                    out.append((shown, strat.id))
            return out[:25]
        if field not in ("unit", "leader", "bodyguard"):
            return []
        units = sorted(state.units.values(), key=lambda u: (u.side != seat, u.destroyed))
        for unit in units:
            if field == "leader" and not (unit.side == seat and unit.character):
                continue
            if field == "bodyguard" and not (unit.side == seat and not unit.character
                                             and leader_of(state, unit) is None):
                continue
            shown = (f"{unit.id} {unit.name} ({unit.side}, {unit.models}/"
                     f"{unit.starting_strength}{', destroyed' if unit.destroyed else ''})")
            if needle in shown.lower():
                out.append((shown[:100], unit.id))
        return out[:25]

    def describe(self, event: Any) -> str:
        """Say in one English line what an event means."""
        return _describe(event)


def _describe(e: Any) -> str:
    match e:
        case RollOff():
            rolls = "; ".join(f"{a} v {d}" for a, d in e.rolls)
            return f"Roll-off for the first turn ({rolls}): the {e.winner} goes first."
        case BattleStarted():
            return f"The battle begins; the {e.first} takes the first turn."
        case PhaseBegan():
            part = "step" if e.phase == "command" else "phase"
            return f"Round {e.round}: the {e.seat}'s {e.step} {part} begins."
        case CommandPointsGained():
            return f"The {e.side} gains {e.amount} CP ({e.source}) and now has {e.cp}."
        case CommandPointsSet():
            return f"The referee sets the {e.side}'s CP to {e.cp}."
        case BattleShockEnded():
            return f"{e.name} is no longer Battle-shocked."
        case BattleShockTestRequired():
            return f"{e.name} must test for being below its Starting Strength."
        case BattleShockTestRolled():
            verdict = "passes" if e.passed else "fails and is Battle-shocked"
            return (f"{e.name} Battle-shock test ({e.cause}): rolled {e.dice[0]}+{e.dice[1]}="
                    f"{sum(e.dice)} against Leadership {e.leadership}+, {verdict}.")
        case BattleShockTestOverturned():
            return f"Insane Bravery: {e.name} passes its Battle-shock test after all."
        case StratagemUsed():
            on = f" on {e.unit}" if e.unit else ""
            return f"The {e.side} uses {e.name}{on} for {e.cost} CP ({e.cp} left)."
        case FellBack():
            return f"{e.name} Falls Back."
        case DesperateEscapeRolled():
            return (f"Desperate Escape for {e.name}: rolled {', '.join(map(str, e.dice))}; "
                    f"{e.lost} model(s) lost.")
        case ModelsDestroyed():
            return f"{e.name} loses {e.models} model(s); {e.remaining} left."
        case WoundsLost():
            return (f"{e.name} loses {e.wounds} wound(s), destroying {e.models} model(s); "
                    f"{e.remaining} left.")
        case ModelsRestored():
            return (f"{e.name} regains {e.models} model(s) and {e.wounds} wound(s); "
                    f"{e.remaining} now.")
        case UnitDestroyed():
            part = f" (part of an attached unit with {e.attached_to})" if e.attached_to else ""
            return f"{e.name} ({e.side}) is destroyed{part}."
        case StartingStrengthChanged():
            return f"{e.name}'s Starting Strength returns from {e.was} to {e.now}."
        case BelowHalfStrengthChanged():
            return f"{e.name} is {'now' if e.below else 'no longer'} Below Half-strength."
        case UnitMoved():
            verb = "arrives from Reserves at" if e.arrived else "moves to"
            return f"{e.name} {verb} ({e.x:g}\", {e.y:g}\")."
        case ObjectiveControlChanged():
            now = e.holder or ("contested" if e.contested else "nobody")
            return (f"Objective {e.objective} ({e.label}): held by {now} "
                    f"(OC {e.attacker_oc} v {e.defender_oc}).")
        case VictoryPointsScored():
            return (f"The {e.side} scores {e.primary} primary and {e.secondary} secondary in round "
                    f"{e.round}; {e.total} VP in all.")
        case UnitAdded():
            return f"The {e.side} adds {e.unit} {e.name} ({e.models} models)."
        case UnitEdited():
            return f"{e.unit} {e.name} edited: {', '.join(e.fields)}."
        case UnitRemoved():
            return f"{e.unit} {e.name} is removed from the army."
        case RosterLoaded():
            return f"The {e.side} loads {e.name or 'a roster'} ({len(e.units)} units)."
        case UnitAttached():
            return f"{e.leader} joins {e.bodyguard} as its Leader: {e.name}."
        case UnitDetached():
            return f"{e.leader} leaves {e.bodyguard}."
        case Conceded():
            return f"The {e.side} concedes."
        case BattleEnded():
            return f"The battle is over: {e.reason}."
    return str(getattr(e, "type", e))


SYSTEM = Wh40kSystem()
