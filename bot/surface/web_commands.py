"""/web: what a server opens to the web companion (its moderators choose)."""

from __future__ import annotations

from bot.service.webchoices import choose_web
from bot.surface.entries import Add
from bot.surface.entries import opt as _o


def declare_web(add: Add) -> None:
    """Declare /web's commands."""
    add("web", "server", lambda sv, c, o: choose_web(
        sv.store, c.guild_id, c.caller, o.get("public"), o.get("listed"),
        sv.pages.index(c.guild_id)),
        _o("public", "bool", False), _o("listed", "bool", False), private=True)
