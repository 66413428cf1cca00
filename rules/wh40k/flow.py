"""The turn as a step table, and one handler per action type.

A battle is set up, then played in 5 battle rounds; in each, both players take a turn of
five phases (the Command phase is two steps: command, then battle-shock). The player
whose turn it is moves the game on with next_phase and alone may Fall Back; everything
else a player reports (moves, losses, Stratagems, CP, scores) is open to either side at
any time in its step, and the handlers check the rest (whose unit, whose turn a
Stratagem needs, and so on).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

from rules.core.dice import Dice
from rules.core.engine import Handler, Step
from rules.core.errors import RuleViolation
from rules.core.model import Action, Event
from rules.core.text import Msg, Value, items, msg, term
from rules.wh40k import army, catalogue, command_phase, losses, movement, scoring, stratagems
from rules.wh40k.actions import (
    Attach,
    BattleStarted,
    Casualties,
    Detach,
    FallBack,
    GainCp,
    Move,
    NextPhase,
    PhaseBegan,
    RollOff,
    Score,
    ShockTest,
    StartBattle,
    UseStratagem,
)
from rules.wh40k.missions import check_choice, objectives
from rules.wh40k.objectives import recompute_control
from rules.wh40k.state import (
    LAST_ROUND,
    SEATS,
    TURN_STEPS,
    Control,
    Seat,
    Unit,
    Wh40kState,
    label,
    other,
)

# What may be sent in each step. Fall Back is open in every phase so that one sent out of
# the Movement phase is refused by its own rule (wh40k/fall-back), as the player expects.
SETUP_OPEN = ("add_unit", "adjust_cp", "attach", "concede", "detach", "edit_unit", "move",
              "remove_unit", "roster", "start_battle")
# A Battle-shock test a rule demands may come in any step of the battle (wh40k/demanded-test).
BATTLE_OPEN = ("adjust_cp", "adjust_score", "adjust_shock", "casualties", "concede",
               "fall_back", "gain_cp", "move", "next_phase", "restore", "score", "shock_test",
               "stratagem")

REFEREE_ACTIONS = frozenset({"adjust_cp", "adjust_shock", "adjust_score"})
# Everything but next_phase and fall_back may come from the seat the prompt does not name;
# the handlers check the sender (its own units, the turn a Stratagem needs, ...).
OUT_OF_TURN_ACTIONS = frozenset(
    {"stratagem", "gain_cp", "casualties", "restore", "move", "score", "concede",
     "shock_test", "add_unit", "edit_unit", "remove_unit", "roster", "attach", "detach",
     "start_battle"}
)


# --- the turn sequence -----------------------------------------------------------------------


def start_battle(work: Wh40kState, action: StartBattle, dice: Dice,
                 events: list[Event]) -> None:
    """Begin battle round 1 (rolling off for the first turn if asked), then its Command phase."""
    if action.first == "roll-off":
        rolls: list[tuple[int, int]] = []
        while not rolls or rolls[-1][0] == rolls[-1][1]:
            rolls.append((dice.roll(), dice.roll()))
        work.first = "attacker" if rolls[-1][0] > rolls[-1][1] else "defender"
        events.append(RollOff(attacker=tuple(a for a, _ in rolls),
                              defender=tuple(d for _, d in rolls), winner=work.first))
    elif action.first is not None:
        work.first = action.first
    if action.mission is not None or action.deployment is not None:
        work.mission = action.mission or work.mission
        work.deployment = action.deployment or work.deployment
        work.control = {o.id: Control() for o in objectives(work)}
    work.active = work.first
    work.round = 1
    events.append(BattleStarted(first=work.first))
    recompute_control(work, events)
    command_phase.begin_command_phase(work, events)


def check_start_battle(state: Wh40kState, action: StartBattle) -> None:
    """Both armies have a unit, and a mission or map chosen is one of the pack's."""
    army.check_start_battle(state, action)
    check_choice(state, action.mission, action.deployment)


def _end_phase(work: Wh40kState, events: list[Event]) -> None:
    recompute_control(work, events)
    work.used_this_phase = []
    work.failed_tests = []
    work.forced_tests = []
    work.tested = []


def next_phase(work: Wh40kState, action: NextPhase, dice: Dice, events: list[Event]) -> None:
    """End the step or phase: open or settle the Battle-shock tests, pass the turn, end the
    round or battle.

    Ruleset 2: going from the command step names the units that must test and waits, so
    their owner has the moment before the dice (wh40k/tests-named-before-rolling); the next
    next_phase rolls the tests still owed and goes on. Ruleset 1 rolled them at once and
    waited only on a failure, for Insane Bravery or Command Re-roll to answer it.
    """
    step = work.step
    if step == "command":
        work.step = "battle-shock"
        events.append(PhaseBegan(round=work.round, seat=work.active, step="battle-shock"))
        if work.ruleset == 1:
            command_phase.battle_shock_step(work, dice, events)
            if work.failed_tests:
                return  # wait: the player may answer a failed test with a Stratagem
        elif command_phase.announce_tests(work, events):
            return  # wait: the owner may use Insane Bravery before the dice
        step = "battle-shock"
    elif step == "battle-shock" and work.ruleset > 1:
        command_phase.battle_shock_step(work, dice, events)
    _end_phase(work, events)
    if step != "fight":
        work.step = TURN_STEPS[TURN_STEPS.index(step) + 1]
        events.append(PhaseBegan(round=work.round, seat=work.active, step=work.step))
    elif work.active == work.first:
        work.active = other(work.first)
        command_phase.begin_command_phase(work, events)
    elif work.round == LAST_ROUND:
        scoring.finish(work, events)
    else:
        work.round += 1
        work.extra_cp = {seat: 0 for seat in SEATS}
        work.active = work.first
        command_phase.begin_command_phase(work, events)


def next_phase_goes(state: Wh40kState) -> dict[str, Value]:
    """Say where moving on leads from a position, for its button: the next step, the tests
    owed, or the end of the turn, the round or the battle."""
    step = state.step
    due = bool(command_phase.tests_due(state))
    if step == "battle-shock" and state.ruleset > 1 and due:
        return {"to": "tests", "step": None}
    if step == "command" and state.ruleset == 1 and due:
        return {"to": "tests", "step": None}
    if step == "command" and not due:  # no test is owed: the step is passed over
        return {"to": "step", "step": term("step", "movement")}
    if step in TURN_STEPS and step != "fight":
        return {"to": "step", "step": term("step", TURN_STEPS[TURN_STEPS.index(step) + 1])}
    if step == "fight" and state.active == state.first:
        return {"to": "turn", "step": None}
    if step == "fight":
        return {"to": "battle" if state.round == LAST_ROUND else "round", "step": None}
    return {"to": "other", "step": None}


HANDLERS: dict[str, Handler[Wh40kState, Any]] = {
    "start_battle": Handler(start_battle, check_start_battle),
    # Nothing beyond the step table's checks: the player to act may always move on.
    "next_phase": Handler(next_phase),
    "add_unit": Handler(army.add_unit, army.check_add_unit),
    "edit_unit": Handler(army.edit_unit, army.check_edit_unit),
    "remove_unit": Handler(army.remove_unit, army.check_remove_unit),
    "roster": Handler(army.load_roster, army.check_roster),
    "attach": Handler(army.attach, army.check_attach),
    "detach": Handler(army.detach, army.check_detach),
    "move": Handler(movement.move, movement.check_move),
    "fall_back": Handler(movement.fall_back, movement.check_fall_back),
    "casualties": Handler(losses.casualties, losses.check_casualties),
    "restore": Handler(losses.restore, losses.check_restore),
    "shock_test": Handler(command_phase.shock_test, command_phase.check_shock_test),
    "stratagem": Handler(stratagems.use_stratagem, stratagems.check_stratagem),
    "gain_cp": Handler(command_phase.gain_cp, command_phase.check_gain_cp),
    # A referee's correction: the skeleton has checked the sender; nothing else to check.
    "adjust_cp": Handler(command_phase.adjust_cp),
    "adjust_shock": Handler(command_phase.adjust_shock, command_phase.check_adjust_shock),
    "adjust_score": Handler(scoring.adjust_score, scoring.check_adjust_score),
    "score": Handler(scoring.score, scoring.check_score),
    "concede": Handler(scoring.concede, scoring.check_concede),
}


# --- legal actions: a bounded, useful set for buttons and random playouts ---------------------


def _accepted(state: Wh40kState, found: Iterable[Action]) -> list[Action]:
    """Keep the candidates the skeleton's check accepts: open in this step, sent by the seat
    to act unless open out of turn, and passed by their handler's check."""
    return list(_accepting(state, found))


def _accepting(state: Wh40kState, found: Iterable[Action]) -> Iterator[Action]:
    """`_accepted`, one candidate at a time (checked only as they are asked for)."""
    step = STEPS[state.step]
    for action in found:
        if action.type not in step.actions:
            continue
        if action.type not in OUT_OF_TURN_ACTIONS and action.seat != state.active:
            continue
        check = HANDLERS[action.type].check
        try:
            if check is not None:
                check(state, action)
        except RuleViolation:
            continue
        yield action


def _own(state: Wh40kState, seat: str) -> list[Unit]:
    return [u for u in state.units.values() if not u.destroyed and u.side == seat]


def _moves(state: Wh40kState, seat: str, own: list[Unit]) -> list[Action]:
    """Offer a move of each own unit onto each objective marker."""
    out: list[Action] = []
    for obj in objectives(state):
        out += [Move(seat=seat, unit=u.id, x=obj.x, y=obj.y) for u in own]
    return out


def legal_setup(state: Wh40kState, seat: str) -> list[Action]:
    """Offer starting the battle, attaching and detaching Leaders, and deploying on markers."""
    if seat not in SEATS:
        return []
    own = _own(state, seat)
    found: list[Action] = [StartBattle(seat=seat), StartBattle(seat=seat, first="roll-off")]
    for leader in own:
        if leader.character:
            found.append(Detach(seat=seat, leader=leader.id))
            found += [Attach(seat=seat, leader=leader.id, bodyguard=b.id) for b in own]
    return _accepted(state, found + _moves(state, seat, own))


def legal_battle(state: Wh40kState, seat: str) -> list[Action]:
    """Offer moving on, CP, scores, Stratagems, Falling Back, tests, losses and moves."""
    if seat not in SEATS:
        return []
    return _accepted(state, _battle_offers(state, seat))


def _legal_battle_lazily(state: Wh40kState, seat: str) -> Iterator[Action]:
    """`legal_battle` worked out only as far as it is asked for: the option-less choices
    (next phase, 1 CP) come first, so the step is `simple_first` and buttons stop early."""
    if seat not in SEATS:
        return iter(())
    return _accepting(state, _battle_offers(state, seat))


def _battle_offers(state: Wh40kState, seat: str) -> Iterator[Action]:
    """The candidates of `legal_battle`, in its order; the option-less ones first."""
    side: Seat = "attacker" if seat == "attacker" else "defender"
    alive = [u for u in state.units.values() if not u.destroyed]
    own = _own(state, seat)
    yield from (NextPhase(seat=seat), GainCp(seat=seat, amount=1),
                Score(seat=seat, primary=5), Score(seat=seat, secondary=3))
    for strat in catalogue.stratagems().values():
        if stratagems.is_open(state, side, strat):
            yield UseStratagem(seat=seat, name=strat.id)
            yield from (UseStratagem(seat=seat, name=strat.id, unit=u.id) for u in own)
    yield from (FallBack(seat=seat, unit=u.id) for u in own)
    # Tests are offered where the turn calls for them; a test some ability demands in
    # another step is typed (shocktest), not offered on every unit in every phase.
    for u in alive:
        if state.step == "command" or (u.side == seat and command_phase.due_cause(state, u)):
            yield ShockTest(seat=seat, unit=u.id)
        yield Casualties(seat=seat, unit=u.id, models=1)
        if u.wounds > 1:
            yield Casualties(seat=seat, unit=u.id, wounds=1)
    yield from _moves(state, seat, own)


# --- the step table ----------------------------------------------------------------------------


def _active(state: Wh40kState) -> str | None:
    return state.active


def _nobody(state: Wh40kState) -> str | None:
    return None


def _hint(key: str) -> Callable[[Wh40kState], Msg]:
    def hint(state: Wh40kState) -> Msg:
        return msg(key)

    return hint


def _command_hint(state: Wh40kState) -> Msg:
    """Ruleset 2 names the tests before the dice; ruleset 1 rolled them on next_phase."""
    return msg("prompt-command-v1" if state.ruleset == 1 else "prompt-command")


def _battle_shock_hint(state: Wh40kState) -> Msg:
    """Name the units still to test and what their owner may do before the dice."""
    if state.ruleset == 1:
        return msg("prompt-battle-shock-v1")
    due = command_phase.tests_due(state)
    if not due:
        return msg("prompt-battle-shock-done")
    return msg("prompt-battle-shock", units=items(label(state, g[-1]) for g, _ in due))


def _fight_hint(state: Wh40kState) -> Msg:
    """The last Fight phase of the battle asks for the final scores."""
    if state.round == LAST_ROUND and state.active != state.first:
        return msg("prompt-fight-last")
    return msg("prompt-fight")


_HINTS: dict[str, Callable[[Wh40kState], Msg]] = {
    "command": _command_hint, "battle-shock": _battle_shock_hint, "fight": _fight_hint,
}


def _battle_step(step: str, actions: tuple[str, ...] = BATTLE_OPEN) -> Step[Wh40kState]:
    hint = _HINTS.get(step) or _hint(f"prompt-{step}")
    return Step(actions=actions, actor=_active, hint=hint, legal=_legal_battle_lazily,
                simple_first=True)


STEPS: dict[str, Step[Wh40kState]] = {
    "setup": Step(actions=SETUP_OPEN, actor=_active, hint=_hint("prompt-setup"),
                  legal=legal_setup),
    "command": _battle_step("command"),
    "battle-shock": _battle_step("battle-shock"),
    "movement": _battle_step("movement"),
    "shooting": _battle_step("shooting"),
    "charge": _battle_step("charge"),
    "fight": _battle_step("fight"),
    "over": Step(actions=(), actor=_nobody, hint=_hint("prompt-over")),
}
