"""A player's page on one server: results per game system, ratings, and their games linked.

The figures are `/stats player`'s (bot/service/stats.py): the same games over, counted by
`player_record`, the same rating history per system from the server's settled league
fixtures; the page adds the player's running games and their latest games over, each linked
to its page. A player is found per server by a marked reference (`/p/<server>/<user>-<mark>`,
the mark over both), or by the user's number alone on a server whose games are public;
anything else is "not found". The page is in the visitor's language.
"""

from __future__ import annotations

import hmac
import re
from dataclasses import dataclass

from aiohttp import web
from markupsafe import Markup

from bot.service.stats import (
    PlayerRecord,
    outcome,
    played_by_two,
    player_record,
    rated_games,
    rating_history,
)
from bot.store.rows import GameRow
from bot.store.statsqueries import GameOutline
from bot.store.transaction import Transaction
from bot.text import Words, scenario_title, system_title
from bot.web.addresses import mark, read_ref
from bot.web.companion import COMPANION, Companion
from bot.web.gamepage import GAME
from bot.web.markup import marked_up
from bot.web.templating import page, visitor_language
from bot.webmarks import PLAYER_KIND, player_key
from rules.core.system import available, system

PLAYER = PLAYER_KIND
# The most games over a page lists (the latest), and running games.
GAMES_SHOWN = 50
# A server id as an address carries it (Discord's are numbers; the console names its own).
GUILD = re.compile(r"^[0-9A-Za-z_-]{1,40}$")


def player_path(companion: Companion, guild_id: str, user_id: str) -> str:
    """Return a player's page path on one server (marked: it opens on any server)."""
    marked = mark(companion.secret, PLAYER, player_key(guild_id, user_id))
    return f"/p/{guild_id}/{user_id}-{marked}"


@dataclass(frozen=True)
class PlayerShown:
    """A player as the page shows them, read in one transaction."""

    guild_id: str
    user_id: str
    name: str
    record: PlayerRecord
    histories: dict[str, list[float]]
    over: list[GameOutline]
    running: list[GameRow]


def _opens(tx: Transaction, companion: Companion, guild_id: str, text: str) -> str | None:
    """Return the user id the address names on this server, if it opens."""
    given = read_ref(text)
    if given is None or not GUILD.match(guild_id):
        return None
    user_id = str(given.number)
    if given.mark is not None:
        right = mark(companion.secret, PLAYER, player_key(guild_id, user_id))
        opened = hmac.compare_digest(given.mark, right)
    else:
        opened = tx.web_server(guild_id).public
    return user_id if opened else None


def _shown(tx: Transaction, companion: Companion, guild_id: str, text: str
           ) -> PlayerShown | None:
    user_id = _opens(tx, companion, guild_id, text)
    if user_id is None:
        return None
    over = tx.player_games_over(guild_id, user_id)
    histories = {sid: rating_history(rated_games(tx.rated_fixtures(guild_id, sid)), user_id)
                 for sid in available()}
    running = [g for g in tx.running_games(guild_id) if user_id in g.seats.values()]
    if not over and not running and not any(histories.values()):
        return None  # nobody we know of: the same "not found" as a wrong mark
    name = tx.names([user_id]).get(user_id) or f"…{user_id[-4:]}"
    return PlayerShown(guild_id, user_id, name, player_record(over, user_id),
                       {sid: h for sid, h in histories.items() if h},
                       over[-GAMES_SHOWN:][::-1], running[:GAMES_SHOWN])


def _record_lines(words: Words, shown: PlayerShown) -> list[str]:
    """Word the player's record as `/stats player` does: totals, each system, ratings."""
    total = shown.record.total
    lines = [words("stats-games", games=total.games, won=total.won, drawn=total.drawn,
                   lost=total.lost, abandoned=total.abandoned)]
    for sid, tally in sorted(shown.record.systems.items()):
        title = system_title(system(sid), words.language) if sid in available() else sid
        lines.append(words("stats-system-line", system=title, games=tally.games,
                           won=tally.won, drawn=tally.drawn, lost=tally.lost,
                           abandoned=tally.abandoned))
    for sid, history in sorted(shown.histories.items()):
        lines.append(words("stats-rating-line",
                           system=system_title(system(sid), words.language),
                           rating=round(history[-1]), games=len(history) - 1,
                           best=round(max(history))))
    return lines


@dataclass(frozen=True)
class Listed:
    """One game in a list: its page, what it is, who else played, how it went."""

    path: str
    what: str
    others: str
    how: str


def what_game(words: Words, system_id: str, scenario: str) -> str:
    """Name a game's system and scenario (a system gone since by its id)."""
    if system_id not in available():
        return system_id
    sys = system(system_id)
    return words("web-game-what", system=system_title(sys, words.language),
                 scenario=scenario_title(sys, scenario, words.language))


def _listed(words: Words, companion: Companion, shown: PlayerShown, names: dict[str, str]
            ) -> tuple[list[Listed], list[Listed]]:
    """Return the player's running games and latest games over, as listed."""
    def others(seats: dict[str, str | None]) -> str:
        found = sorted({uid for uid in seats.values() if uid and uid != shown.user_id})
        return ", ".join(names.get(uid) or f"…{uid[-4:]}" for uid in found)

    running = [Listed(f"/g/{companion.ref(GAME, g.id)}",
                      what_game(words, g.system, g.scenario), others(g.seats),
                      words("web-game-status", status=g.status)) for g in shown.running]
    over = []
    for g in shown.over:
        mine = [seat for seat, uid in g.seats.items() if uid == shown.user_id]
        how = outcome(g, mine) if played_by_two(g) else "solo"
        over.append(Listed(f"/g/{companion.ref(GAME, g.id)}",
                           what_game(words, g.system, g.scenario), others(g.seats),
                           words("web-game-outcome", outcome=how)))
    return running, over


async def player_page(request: web.Request) -> web.Response:
    """Show a player's page on one server."""
    companion = request.app[COMPANION]
    guild_id, text = request.match_info["guild"], request.match_info["ref"]

    def read(tx: Transaction) -> tuple[PlayerShown, dict[str, str]] | None:
        shown = _shown(tx, companion, guild_id, text)
        if shown is None:
            return None
        seats = [g.seats for g in shown.over] + [g.seats for g in shown.running]
        seated = {uid for held in seats for uid in held.values() if uid}
        return shown, tx.names(seated)

    found = await companion.read(read)
    if found is None:
        raise web.HTTPNotFound()
    shown, names = found
    words = Words.of(visitor_language(request))
    running, over = _listed(words, companion, shown, names)
    lines: list[Markup] = [marked_up(line, lambda uid: names.get(uid, uid))
                           for line in _record_lines(words, shown)]
    return page("player.html", words, title=words("web-player-title", name=shown.name),
                lines=lines, running=running, over=over)


__all__ = ["GAMES_SHOWN", "GUILD", "PLAYER", "Listed", "PlayerShown", "player_page", "player_path",
           "what_game"]
