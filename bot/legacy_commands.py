"""The commands of game systems not yet declared next to their system (temporary).

Each system is moving its command declarations into rules/<system>/commands.py,
with their words in its catalogue; until it has, its commands are declared here,
once, with their English descriptions. This module goes when the last has moved.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rules.core.commands import Command, OptionKind
from rules.core.commands import Option as Declared

GROUPS = {"bushido": "bushido", "wh40k": "wh40k", "fantasy_warriors": "fw"}


@dataclass(frozen=True)
class Option:
    """An option with its English description."""

    name: str
    description: str
    kind: OptionKind = "str"
    required: bool = True
    choices: tuple[str, ...] = ()
    min_value: float | None = None
    max_value: float | None = None
    autocomplete: str | None = None


def _act(action: str) -> str:
    return action


def declarations(system_id: str) -> tuple[tuple[Command, ...], dict[str, str]]:
    """Return a system's commands and their English descriptions by key."""
    commands: list[Command] = []
    words: dict[str, str] = {}
    group = GROUPS[system_id]

    def add(path: str, description: str, handler: str, *options: Option, **kw: Any) -> None:
        name = path.split()[1]
        action = str(kw.get("action", handler))
        words[f"command-{group}-{name}"] = description
        for o in options:
            words[f"command-{group}-{name}-{o.name}"] = o.description
        commands.append(Command(
            name=name, action=action,
            options=tuple(Declared(name=o.name, kind=o.kind, required=o.required,
                                   choices=o.choices, min_value=o.min_value,
                                   max_value=o.max_value, autocomplete=o.autocomplete)
                          for o in options),
        ))

    BLOCKS[system_id](add)
    return tuple(commands), words


def _fantasy_warriors(add: Callable[..., None]) -> None:
    p = "fw"
    unit = Option("unit", "The unit (id or name)", autocomplete="unit")
    x = Option("x", "Inches from the left edge (0-72)", "float", min_value=0, max_value=72)
    y = Option("y", "Inches from the bottom edge (0-48)", "float", min_value=0, max_value=48)
    add(f"{p} order", "Give a command its orders (and its Objective or Target)", _act("order"),
        Option("command", "The command", autocomplete="command"),
        Option("order", "The order, e.g. storm or take and hold", autocomplete="order"),
        Option("objective", "Objective: an id, a feature, or a point like 40,12",
               required=False, autocomplete="objective"),
        Option("target", "Target: a unit, personality, command or troop type", required=False,
               autocomplete="target"),
        Option("target_side", "Whether the Target is enemy or friendly", required=False,
               choices=("enemy", "friendly")),
        Option("approach", "How to reach the Objective", required=False,
               choices=("contact", "enter", "stand over")),
        Option("passed_test", "A Battle Leader Test was passed (needed in battle)", "bool",
               required=False),
        action="order")
    add(f"{p} ready", "Seal your battle plan", _act("ready"), action="ready")
    add(f"{p} move", "Report where a unit now stands", _act("move"), unit, x, y,
        Option("make_room", "Moving aside to make room at the Objective", "bool",
               required=False),
        Option("forced", "A forced move (rout, push back): no order checks", "bool",
               required=False),
        action="move")
    add(f"{p} contact", "Report that a unit contacts an enemy unit", _act("contact"), unit,
        Option("enemy", "The enemy unit contacted", autocomplete="enemy"), action="contact")
    for name, what in (("engaged", "is engaged in combat"), ("disengaged", "is out of combat"),
                       ("destroyed", "is destroyed"), ("left", "left the battlefield")):
        add(f"{p} {name}", f"Report that a unit {what}", _act(name), unit, action=name)
    add(f"{p} sight", "Report whether a unit can be seen", _act("sight"), unit,
        Option("visible", "True if it can be seen", "bool"), action="sight")
    add(f"{p} combat", "Get a unit's Combat Test modifier and To Hit dice", _act("combat"), unit,
        Option("dice", "To Hit dice before orders", "int", required=False, min_value=1,
               max_value=200),
        Option("roll", "Roll them too", "bool", required=False), action="combat")
    add(f"{p} endturn", "End your turn", _act("end_turn"), action="end_turn")
    add(f"{p} adjust", "Referee: correct a unit or a command's orders", _act("adjust"),
        Option("unit", "The unit to change", required=False, autocomplete="unit"),
        Option(x.name, x.description, "float", False, min_value=0, max_value=72),
        Option(y.name, y.description, "float", False, min_value=0, max_value=48),
        Option("status", "The unit's status", required=False,
               choices=("in-play", "destroyed", "left")),
        Option("engaged", "Engaged in combat", "bool", required=False),
        Option("visible", "Can be seen", "bool", required=False),
        Option("command", "The command to change", required=False, autocomplete="command"),
        Option("order", "Its order", required=False, autocomplete="order"),
        Option("objective", "Its Objective", required=False, autocomplete="objective"),
        Option("target", "Its Target", required=False, autocomplete="target"),
        Option("stage", "Which part of the order governs", required=False,
               choices=("first", "second", "fallback")),
        action="adjust")


def _bushido(add: Callable[..., None]) -> None:
    p = "bushido"
    piece = Option("piece", "Your piece (or your commander)", autocomplete="piece")
    add(f"{p} move", "Move a piece one hex along its movement piece's arrows", _act("move"),
        piece, Option("to", "The hex to move to, e.g. D4", autocomplete="to"), action="move")
    add(f"{p} attack", "Attack an adjacent enemy piece or camp", _act("attack"), piece,
        Option("target", "The hex or camp attacked", autocomplete="target"), action="attack")
    add(f"{p} flee", "Your commander flees its camp to a border hex", _act("flee"),
        Option("to", "The hex to flee to", autocomplete="to"), action="flee")
    add(f"{p} counter", "Counter-attack the piece that attacked you", _act("counter"),
        action="counter")
    add(f"{p} hold", "Hold your ground this turn", _act("hold"), action="hold")
    add(f"{p} adjust", "Referee: move, remove or reveal a piece", _act("adjust"),
        Option("piece", "The piece to change", autocomplete="piece"),
        Option("to", "Put it on this hex or camp", required=False, autocomplete="to"),
        Option("remove", "Take the piece off the field", "bool", required=False),
        Option("reveal", "Turn its movement piece face up", "bool", required=False),
        Option("note", "Why (shown in the log)", required=False),
        action="adjust")


def _wh40k(add: Callable[..., None]) -> None:
    p = "wh40k"
    unit = Option("unit", "The unit (id or name)", autocomplete="unit")
    x = Option("x", "Inches from the left edge (0-60)", "float", min_value=0, max_value=60)
    y = Option("y", "Inches from the bottom edge (0-44)", "float", min_value=0, max_value=44)
    add(f"{p} start", "Finish setting up and start the battle", _act("start_battle"),
        Option("first", "Who takes the first turn (default: a roll-off)", required=False,
               choices=("attacker", "defender", "roll-off")), action="start_battle")
    add(f"{p} next", "End this phase and go on to the next", _act("next_phase"),
        action="next_phase")
    add(f"{p} roster", "Load your army from a roster file (TOML, see data/wh40k/rosters)",
        _act("roster"), Option("text", "The roster file", "file"), action="roster")
    add(f"{p} addunit", "Add a unit to your army before the battle", _act("add_unit"),
        Option("name", "The unit's name"),
        Option("models", "How many models", "int", min_value=1, max_value=100),
        Option("wounds", "Wounds per model", "int", min_value=1, max_value=100),
        Option("leadership", "Leadership, e.g. 6+"),
        Option("oc", "Objective Control per model", "int", min_value=0, max_value=20),
        Option("keywords", "Keywords, comma separated", required=False),
        Option("reserves", "Starts in Reserves", "bool", required=False),
        action="add_unit")
    add(f"{p} editunit", "Change a unit before the battle", _act("edit_unit"), unit,
        Option("name", "New name", required=False),
        Option("models", "How many models", "int", required=False, min_value=1, max_value=100),
        Option("wounds", "Wounds per model", "int", required=False, min_value=1, max_value=100),
        Option("leadership", "Leadership, e.g. 6+", required=False),
        Option("oc", "Objective Control per model", "int", required=False, min_value=0,
               max_value=20),
        Option("keywords", "Keywords, comma separated", required=False),
        Option("reserves", "Starts in Reserves", "bool", required=False),
        action="edit_unit")
    add(f"{p} removeunit", "Remove a unit before the battle", _act("remove_unit"), unit,
        action="remove_unit")
    add(f"{p} attach", "Attach a Leader to a Bodyguard unit", _act("attach"),
        Option("leader", "The Leader unit", autocomplete="leader"),
        Option("bodyguard", "The Bodyguard unit", autocomplete="bodyguard"), action="attach")
    add(f"{p} detach", "Detach a Leader before the battle", _act("detach"),
        Option("leader", "The Leader unit", autocomplete="leader"), action="detach")
    add(f"{p} move", "Report where a unit now stands", _act("move"), unit, x, y,
        action="move")
    add(f"{p} fallback", "Fall Back with a unit (Battle-shocked units test each model)",
        _act("fall_back"), unit,
        Option(x.name, x.description, "float", False, min_value=0, max_value=60),
        Option(y.name, y.description, "float", False, min_value=0, max_value=44),
        Option("first", "Which part loses models first", required=False,
               choices=("bodyguard", "leader")),
        action="fall_back")
    add(f"{p} casualties", "Report models lost or wounds taken", _act("casualties"), unit,
        Option("models", "Models destroyed", "int", required=False, min_value=0, max_value=100),
        Option("wounds", "Wounds taken (not destroying a model)", "int", required=False,
               min_value=0, max_value=1000),
        action="casualties")
    add(f"{p} restore", "Give back models or wounds reported by mistake", _act("restore"), unit,
        Option("models", "Models to return", "int", required=False, min_value=0, max_value=100),
        Option("wounds", "Wounds to heal", "int", required=False, min_value=0, max_value=1000),
        action="restore")
    add(f"{p} shocktest", "Take a Battle-shock test a rule demands", _act("shock_test"), unit,
        action="shock_test")
    add(f"{p} stratagem", "Use a Stratagem (costs CP)", _act("stratagem"),
        Option("name", "The Stratagem", autocomplete="stratagem"),
        Option("unit", "The unit it targets", required=False, autocomplete="unit"),
        action="stratagem")
    add(f"{p} gaincp", "Gain CP from another rule (at most 1 a battle round)", _act("gain_cp"),
        Option("amount", "How many CP", "int", required=False, min_value=1, max_value=5),
        Option("source", "Which rule grants it", required=False), action="gain_cp")
    add(f"{p} score", "Record victory points scored this round", _act("score"),
        Option("primary", "Primary VP", "int", required=False, min_value=-50, max_value=50),
        Option("secondary", "Secondary VP", "int", required=False, min_value=-40,
               max_value=40),
        action="score")
    add(f"{p} adjustcp", "Referee: set a side's CP", _act("adjust_cp"),
        Option("side", "The side", autocomplete="seat"),
        Option("cp", "Its CP", "int", min_value=0, max_value=99), action="adjust_cp")


BLOCKS: dict[str, Callable[[Callable[..., None]], None]] = {
    "bushido": _bushido,
    "wh40k": _wh40k,
    "fantasy_warriors": _fantasy_warriors,
}
