"""The /samurai commands, declared once: names, options and the action each applies.

Descriptions are the catalogue's `command-samurai-<name>` and
`command-samurai-<name>-<option>` (data/locales/<language>/samurai.ftl).
"""

from __future__ import annotations

from rules.core.commands import Command, Option, action_command

# A referee's reason for an adjustment, shown in the log: a sentence or two.
_NOTE = Option(name="note", required=False, max_length=300)

_PILES = ("hand", "deck", "discard")

COMMANDS: tuple[Command, ...] = (
    action_command("play", "play", Option(name="card", autocomplete="card")),
    action_command("order", "order", Option(name="pieces", autocomplete="pieces")),
    action_command(
        "move",
        "move",
        Option(name="piece", autocomplete="piece"),
        Option(name="to", autocomplete="to"),
    ),
    action_command(
        "battle",
        "battle",
        Option(name="piece", autocomplete="piece"),
        Option(name="target", autocomplete="target"),
    ),
    action_command("retreat", "retreat", Option(name="to", autocomplete="to")),
    action_command("gain", "gain"),
    action_command("hold", "hold"),
    action_command("keep", "keep", Option(name="card", autocomplete="card")),
    action_command("endturn", "end_turn"),
    # Honor & Fortune and the Dragon cards (ruleset 3: rules.samurai.honor, .dragon).
    action_command(
        "dragon",
        "dragon",
        Option(name="card", autocomplete="dragon"),
        Option(name="piece", required=False, autocomplete="piece"),
        Option(name="target", required=False, autocomplete="target"),
    ),
    action_command("inspire", "inspire", Option(name="piece", autocomplete="piece")),
    action_command("decline", "decline"),
    action_command("seppuku", "seppuku"),
    action_command("reward", "reward", Option(name="choice", choices=("dragon", "tokens"))),
    action_command("discarddragon", "dragon_discard", Option(name="card", autocomplete="dragon")),
    action_command(
        "adjust",
        "adjust",
        Option(name="piece", required=False, autocomplete="piece"),
        Option(name="figures", kind="int", required=False, min_value=-10, max_value=10),
        Option(name="to", required=False, autocomplete="to"),
        Option(name="banner", required=False, autocomplete="seat"),
        Option(name="tokens", kind="int", required=False, min_value=-10, max_value=10),
        Option(name="order", required=False, choices=("add", "remove")),
        _NOTE,
    ),
    action_command(
        "adjustcards",
        "adjust_cards",
        Option(name="card", autocomplete="anycard"),
        Option(name="origin", choices=_PILES),
        Option(name="into", choices=_PILES),
        Option(name="side", required=False, autocomplete="seat"),
        _NOTE,
    ),
)
