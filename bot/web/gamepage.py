"""A game's page: its board, the position in words, whose turn or how it ended.

Everything shown is what a spectator may see: the board drawn from `view(state, None)` (the
same picture and cache as the bot's public replies) and the public summary; never a hand, a
face-down piece or a sealed plan. A game is found by its marked reference, or by its number
alone when its server made its games public; anything else is "not found", the same page
whether the game exists or not.
"""

from __future__ import annotations

from dataclasses import dataclass

from aiohttp import web

from bot.service.context import Table
from bot.store.rows import GameRow
from bot.store.transaction import Transaction
from bot.text import seat_term
from bot.web.addresses import read_ref
from bot.web.companion import COMPANION, Companion
from bot.web.markup import Namer, all_marked_up, plain
from bot.web.templating import page

GAME = "game"


@dataclass(frozen=True)
class Shown:
    """A game as a page may show it, read in one transaction."""

    game: GameRow
    names: dict[str, str]

    def namer(self) -> Namer:
        """Return how a player is named on the page."""
        return lambda user_id: self.names.get(user_id) or f"…{user_id[-4:]}"


def _shown(tx: Transaction, companion: Companion, text: str) -> Shown | None:
    given = read_ref(text)
    if given is None:
        return None
    game = tx.game(given.number)
    if game is None:
        return None
    public = tx.web_server(game.guild_id).public if game.guild_id else False
    if not companion.opens(GAME, given, public):
        return None
    return Shown(game, tx.names(uid for uid in game.seats.values() if uid))


async def find(request: web.Request) -> tuple[Companion, Shown]:
    """Return the game the address names, or answer "not found"."""
    companion = request.app[COMPANION]
    text = request.match_info["ref"]
    shown = await companion.read(lambda tx: _shown(tx, companion, text))
    if shown is None:
        raise web.HTTPNotFound()
    return companion, shown


async def game_page(request: web.Request) -> web.Response:
    """Show a game's page."""
    companion, shown = await find(request)
    game, name = shown.game, shown.namer()
    table = Table(game)
    words = table.words
    seats = [(table.seat_name(seat), name(uid) if uid else words("web-seat-open"))
             for seat, uid in game.seats.items()]
    if game.over:
        status = table.result_line()
    elif table.prompt.seat:
        status = words("game-turn", seat=seat_term(table.prompt.seat), hint=table.hint())
    else:
        status = ""
    summary, details = table.summary(), table.summary(full=True)
    ref = request.match_info["ref"]
    return page(
        "game.html", words,
        title=words("game-status-title", system=table.title(),
                    scenario=table.scenario_title()),
        ref=ref, game=game, seats=seats,
        turn_line=all_marked_up([status], name)[0] if status else "",
        board=f"/g/{ref}/board.png?v={game.version}",
        alt=" ".join(plain(line, name) for line in summary) or words("web-board-alt-empty"),
        details=all_marked_up(details, name),
    )


async def game_board(request: web.Request) -> web.Response:
    """Send a game's public board PNG (the one the bot posts, from the same cache)."""
    companion, shown = await find(request)
    table = Table(shown.game)
    png = await companion.work(lambda: companion.service.boards.draw(table))
    if png is None:
        raise web.HTTPNotFound()
    etag = f'"{shown.game.id}-{shown.game.version}-{shown.game.language}"'
    if request.headers.get("If-None-Match") == etag:
        return web.Response(status=304, headers={"ETag": etag})
    return web.Response(body=png, content_type="image/png",
                        headers={"ETag": etag, "Cache-Control": "no-cache"})


__all__ = ["GAME", "Shown", "find", "game_board", "game_page"]
