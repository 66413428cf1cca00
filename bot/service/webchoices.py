"""What a server opens to the web companion, chosen by its moderators (`/web server`).

Nothing is open until a moderator says so: `public` serves the server's games (and its
leagues and players) at addresses made of their numbers, which anyone can walk, besides
the unguessable marked ones the bot posts; `listed` gives the server an index of its
running games and leagues (`/s/<server>`). Either is turned off the same way. The choice is
kept in the `web_servers` table (bot/store/webqueries.py), which every web process reads.
"""

from __future__ import annotations

from bot.errors import WebModeratorOnly
from bot.replies import Reply
from bot.service.context import Caller
from bot.store.gamestore import GameStore
from bot.store.webqueries import WebServer
from bot.text import Words, pick_language


def choose_web(store: GameStore, guild_id: str, caller: Caller, public: bool | None = None,
               listed: bool | None = None, index: str | None = None) -> Reply:
    """Show (anyone) or change (a moderator) what a server opens to the web; `index` is the
    address of the server's index when the web companion is configured."""
    lang = pick_language(caller.locale)
    words = Words.of(lang)
    changing = public is not None or listed is not None
    if changing and not caller.moderator:
        raise WebModeratorOnly().where(lang)
    with store.transaction() as tx:
        chosen = tx.web_server(guild_id)
        if changing:
            chosen = WebServer(guild_id, chosen.public if public is None else public,
                               chosen.listed if listed is None else listed)
            tx.set_web_server(chosen, by=caller.user_id)
    lines = [words("web-server-public", public=str(chosen.public).lower()),
             words("web-server-listed", listed=str(chosen.listed).lower())]
    if chosen.listed and index:
        lines.append(words("web-server-index-at", address=index))
    return Reply(text=words("web-server-changed" if changing else "web-server-shown"),
                 lines=lines)


__all__ = ["choose_web"]
