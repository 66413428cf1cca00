"""/rules: questions in plain words, the rules reference, and rulings on an action."""

from __future__ import annotations

from typing import Any

from bot.replies import Reply
from bot.service.gameservice import GameService
from bot.service.rulesearch import QUESTION_MAX
from bot.surface.entries import Add, Context
from bot.surface.entries import opt as _o
from bot.surface.options import parse_action_text
from bot.surface.system_commands import system_surface

# The most characters of an action typed for a ruling (`order pieces:"U3 L1" ...`).
ACTION_TEXT_MAX = 300


def declare_rules(add: Add) -> None:
    """Declare /rules's commands."""
    add("rules", "search", lambda sv, c, o: sv.rules_search(
        c.channel_id, c.caller, o["keyword"], o.get("system"), o.get("public") is True),
        _o("keyword", autocomplete="rule", max_length=QUESTION_MAX),
        _o("system", required=False, autocomplete="system"),
        _o("public", "bool", False))
    add("rules", "ask", lambda sv, c, o: sv.rules_ask(
        c.channel_id, c.caller, o["question"], o.get("system"), o.get("public") is True),
        _o("question", max_length=QUESTION_MAX),
        _o("system", required=False, autocomplete="system"),
        _o("public", "bool", False))
    add("rules", "show", lambda sv, c, o: sv.rules_show(c.channel_id, c.caller, o["rule"]),
        _o("rule", autocomplete="rule"))
    add("rules", "ruling", _ruling, _o("action", max_length=ACTION_TEXT_MAX),
        _o("seat", required=False, autocomplete="seat"))


def _ruling(service: GameService, ctx: Context, o: dict[str, Any]) -> Reply:
    """Judge a typed action of the channel's game without applying it."""
    found = service.game_in(ctx.channel_id)
    if found is None:
        return service.status(ctx.channel_id, ctx.caller)  # refuses politely: no game
    system_id, language = found
    commands = system_surface(system_id)
    group = commands.groups.get(system_id, system_id)
    action = parse_action_text(commands, group, o["action"], language)
    return service.ruling(ctx.channel_id, ctx.caller, action, seat=o.get("seat"))
