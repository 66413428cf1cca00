"""The bundled demo script (data/demo/wh40k.txt) still plays, command by command, to a winner.

It is read here with nothing but the rules and the command declarations: each `/wh40k`
line becomes the action its command declares, sent by the seat of the player who typed
it (the creator plays the first seat), with the dice seed `banneret demo` uses.
"""

from __future__ import annotations

import re
import shlex

from rules.core.data import data_dir
from rules.wh40k.commands import COMMANDS, GROUP
from rules.wh40k.engine import SYSTEM

LINE = re.compile(r"^@(\w+) /(\w+) (\w+)(.*)$")


def test_the_demo_script_plays_to_a_winner() -> None:
    text = (data_dir() / "demo" / "wh40k.txt").read_text(encoding="utf-8")
    creator = re.search(r"^@(\w+) /game new system:wh40k scenario:([\w-]+) opponent:@(\w+)",
                        text, re.MULTILINE)
    assert creator is not None
    seats = {creator[1]: "attacker", creator[3]: "defender"}
    state = SYSTEM.new_game(creator[2], "banneret-demo-wh40k")
    by_name = {c.name: c for c in COMMANDS}
    played = 0
    for line in text.splitlines():
        found = LINE.match(line)
        if found is None or found[2] != GROUP:
            continue
        command = by_name[found[3]]
        options = dict(word.split(":", 1) for word in shlex.split(found[4]))
        assert set(options) <= {o.name for o in command.options}, line
        action = SYSTEM.parse_action({"type": command.action, "seat": seats[found[1]], **options})
        state, _ = SYSTEM.apply(state, action)
        played += 1
    assert played > 100
    outcome = SYSTEM.outcome(state)
    assert outcome is not None and outcome.winner is not None
