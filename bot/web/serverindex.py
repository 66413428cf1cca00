"""A server's index: its running games and its leagues, each linked to its page.

Only a server whose moderators listed it (`/web server listed:True`, the `web_servers`
table) has one; any other server's index is "not found", the same page as a server that
does not exist. The page is in the visitor's language.
"""

from __future__ import annotations

from dataclasses import dataclass

from aiohttp import web

from bot.service.leagues.rounds import Season
from bot.store.transaction import Transaction
from bot.text import Words
from bot.web.companion import COMPANION, Companion
from bot.web.gamepage import GAME
from bot.web.leaguepage import league_path
from bot.web.playerpage import GUILD, Listed, what_game
from bot.web.templating import page, visitor_language


@dataclass(frozen=True)
class Indexed:
    """What a server's index lists, read in one transaction."""

    games: list[tuple[int, str, str, str, list[str]]]  # id, system, scenario, status, players
    leagues: list[tuple[int, str, str]]  # id, name, status
    names: dict[str, str]


def _indexed(tx: Transaction, guild_id: str) -> Indexed | None:
    if not GUILD.match(guild_id) or not tx.web_server(guild_id).listed:
        return None
    games = [(g.id, g.system, g.scenario, g.status, [u for u in g.seats.values() if u])
             for g in tx.running_games(guild_id)]
    leagues = []
    for name in tx.league_names(guild_id):
        league = tx.league_season(guild_id, name)
        if league is not None and Season.of(league).system is not None:
            leagues.append((league.id, league.name, league.status))
    return Indexed(games, leagues, tx.names(u for g in games for u in g[4]))


async def server_index(request: web.Request) -> web.Response:
    """Show a listed server's running games and leagues."""
    companion: Companion = request.app[COMPANION]
    guild_id = request.match_info["guild"]
    found = await companion.read(lambda tx: _indexed(tx, guild_id))
    if found is None:
        raise web.HTTPNotFound()
    words = Words.of(visitor_language(request))
    games = [Listed(f"/g/{companion.ref(GAME, gid)}", what_game(words, sid, scenario),
                    ", ".join(found.names.get(u) or f"…{u[-4:]}" for u in players),
                    words("web-game-status", status=status))
             for gid, sid, scenario, status, players in found.games]
    leagues = [(league_path(companion, lid), name, words("web-league-status", status=status))
               for lid, name, status in found.leagues]
    return page("server.html", words, title=words("web-server-title"), games=games,
                leagues=leagues)


__all__ = ["Indexed", "server_index"]
