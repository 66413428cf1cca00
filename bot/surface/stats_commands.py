"""/stats: a player's record and a scenario's balance in this server's games."""

from __future__ import annotations

from bot.surface.entries import Add
from bot.surface.entries import opt as _o


def declare_stats(add: Add) -> None:
    """Declare /stats's commands."""
    add("stats", "player", lambda sv, c, o: sv.stats_player(c.guild_id, c.caller,
                                                            o.get("player")),
        _o("player", "user", False))
    add("stats", "scenario", lambda sv, c, o: sv.stats_scenario(
        c.guild_id, c.caller, o["system"], o["scenario"]),
        _o("system", autocomplete="system"), _o("scenario", autocomplete="scenario"))
