"""The /wh40k commands, declared once: names, options, bounds, autocomplete and actions.

Descriptions are catalogue messages: `command-wh40k-<name>` and `command-wh40k-<name>-<option>`.
"""

from __future__ import annotations

from rules.core.commands import Command, Option, action_command
from rules.wh40k import catalogue

GROUP = "wh40k"

UNIT = Option(name="unit", autocomplete="unit")
LEADER = Option(name="leader", autocomplete="leader")
MODELS = Option(name="models", kind="int", min_value=1, max_value=100)
WOUNDS = Option(name="wounds", kind="int", min_value=1, max_value=100)
OC = Option(name="oc", kind="int", min_value=0, max_value=20)
X = Option(name="x", kind="float", min_value=0, max_value=60)
Y = Option(name="y", kind="float", min_value=0, max_value=44)
# A datasheet's keywords, comma-separated (a unit has at most 30).
KEYWORDS = Option(name="keywords", required=False, max_length=500)


def _optional(option: Option) -> Option:
    return option.model_copy(update={"required": False})


COMMANDS: tuple[Command, ...] = (
    # Without `first:` the scenario's own first player (its `first_turn`, the attacker in
    # Take and Hold) takes the first turn and nothing is rolled; `first:roll-off` rolls off.
    # `mission:` and `deployment:` fight it on another primary mission and map of the pack.
    action_command(
        "start", "start_battle",
        Option(name="first", required=False, choices=("attacker", "defender", "roll-off")),
        Option(name="mission", required=False, choices=tuple(catalogue.primaries())),
        Option(name="deployment", required=False, choices=tuple(catalogue.deployments())),
    ),
    action_command("next", "next_phase"),
    # Shown first as a preview (units, points, models, W, Ld, OC, Leaders); applied on
    # Accept. `points:` is the game's points limit (wh40k/points-limit), not the list's.
    action_command("roster", "roster", Option(name="text", kind="file"),
                   Option(name="datasheets", kind="file", required=False),
                   Option(name="points", kind="int", required=False, min_value=100,
                          max_value=100_000)
                   ).model_copy(update={"preview": True}),
    action_command(
        "addunit", "add_unit",
        Option(name="name"), MODELS, WOUNDS, Option(name="leadership"), OC,
        KEYWORDS,
        Option(name="reserves", kind="bool", required=False),
    ),
    action_command(
        "editunit", "edit_unit",
        UNIT, Option(name="name", required=False), _optional(MODELS), _optional(WOUNDS),
        Option(name="leadership", required=False), _optional(OC),
        KEYWORDS,
        Option(name="reserves", kind="bool", required=False),
    ),
    action_command("removeunit", "remove_unit", UNIT),
    action_command("attach", "attach", LEADER, Option(name="bodyguard", autocomplete="bodyguard")),
    action_command("detach", "detach", LEADER),
    action_command("move", "move", UNIT, X, Y),
    action_command(
        "fallback", "fall_back",
        UNIT, _optional(X), _optional(Y),
        Option(name="first", required=False, choices=("bodyguard", "leader")),
    ),
    action_command(
        "casualties", "casualties",
        UNIT,
        Option(name="models", kind="int", required=False, min_value=0, max_value=100),
        Option(name="wounds", kind="int", required=False, min_value=0, max_value=1000),
    ),
    action_command(
        "restore", "restore",
        UNIT,
        Option(name="models", kind="int", required=False, min_value=0, max_value=100),
        Option(name="wounds", kind="int", required=False, min_value=0, max_value=1000),
    ),
    action_command("shocktest", "shock_test", UNIT,
                   Option(name="reason", required=False, max_length=100)),
    action_command(
        "stratagem", "stratagem",
        Option(name="name", autocomplete="stratagem"), _optional(UNIT),
    ),
    action_command(
        "gaincp", "gain_cp",
        Option(name="amount", kind="int", required=False, min_value=1, max_value=5),
        Option(name="source", required=False),
    ),
    action_command(
        "score", "score",
        Option(name="primary", kind="int", required=False, min_value=-50, max_value=50),
        Option(name="secondary", kind="int", required=False, min_value=-40, max_value=40),
    ),
    action_command(
        "adjustcp", "adjust_cp",
        Option(name="side", autocomplete="seat"),
        Option(name="cp", kind="int", min_value=0, max_value=99),
    ),
    action_command(
        "adjustshock", "adjust_shock",
        UNIT, Option(name="shocked", kind="bool"),
    ),
    action_command(
        "adjustscore", "adjust_score",
        Option(name="side", autocomplete="seat"),
        Option(name="primary", kind="int", required=False, min_value=-50, max_value=50),
        Option(name="secondary", kind="int", required=False, min_value=-40, max_value=40),
    ),
)
