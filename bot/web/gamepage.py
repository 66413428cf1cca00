"""A game's page: its board, the position in words, whose turn or how it ended, its latest
moves (each linking to its position), the replay, the record and the dice seed.

Everything shown is what a spectator may see: the board drawn from `view(state, None)` (the
same picture and cache as the bot's public replies) and the public summary; never a hand, a
face-down piece or a sealed plan. A game is found by its marked reference, or by its number
alone when its server made its games public; anything else is "not found", the same page
whether the game exists or not.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from aiohttp import web

from bot.recent import Recent
from bot.service.context import Table
from bot.service.timeline import Timeline
from bot.store.rows import GameRow, LogEntry
from bot.store.transaction import Transaction
from bot.text import Words, seat_term
from bot.web.addresses import read_ref
from bot.web.companion import COMPANION, Companion
from bot.web.markup import Namer, all_marked_up, marked_up, plain
from bot.web.templating import page

GAME = "game"


# How many of the latest log entries a game's page shows (its log page has them all).
RECENT_STEPS = 8
# Verification results kept, by game and version (a whole replay each).
_VERIFIED: Recent[str] = Recent(256)


@dataclass(frozen=True)
class Shown:
    """A game as a page may show it, read in one transaction (its log when asked)."""

    game: GameRow
    names: dict[str, str]
    entries: list[LogEntry] = field(default_factory=list)

    def namer(self) -> Namer:
        """Return how a player is named on the page."""
        return lambda user_id: self.names.get(user_id) or f"…{user_id[-4:]}"

    def timeline(self) -> Timeline:
        """Return the game's log and positions."""
        return Timeline(self.game, self.entries)


def _shown(tx: Transaction, companion: Companion, text: str, with_log: bool) -> Shown | None:
    given = read_ref(text)
    if given is None:
        return None
    game = tx.game(given.number)
    if game is None:
        return None
    public = tx.web_server(game.guild_id).public if game.guild_id else False
    if not companion.opens(GAME, given, public):
        return None
    entries = tx.log(game.id) if with_log else []
    people = {uid for uid in game.seats.values() if uid}
    people |= {e.actor_id for e in entries} | {str(e.action.get(k) or "") for e in entries
                                               for k in ("in", "out", "by")}
    return Shown(game, tx.names(people), entries)


async def find(request: web.Request, with_log: bool = False) -> tuple[Companion, Shown]:
    """Return the game the address names (with its whole log), or answer "not found"."""
    companion = request.app[COMPANION]
    text = request.match_info["ref"]
    shown = await companion.read(lambda tx: _shown(tx, companion, text, with_log))
    if shown is None:
        raise web.HTTPNotFound()
    return companion, shown


def _status(table: Table) -> str:
    """Say how the game stands: whose turn, or how it ended."""
    if table.game.over:
        return table.result_line()
    if table.prompt.seat:
        return table.words("game-turn", seat=seat_term(table.prompt.seat), hint=table.hint())
    return ""


def _verified(companion: Companion, game: GameRow, words: Words) -> str:
    """Say whether a finished game's record replays exactly (kept per game version)."""
    key = (game.id, game.version, game.updated_at, game.language)
    return _VERIFIED.get(key, lambda: words.message(
        companion.service.records.verify_game(game.id)[1]))


async def game_page(request: web.Request) -> web.Response:
    """Show a game's page: board, position, latest moves, replay, record and dice."""
    companion, shown = await find(request, with_log=True)
    game, name = shown.game, shown.namer()
    timeline = shown.timeline()
    table = timeline.table
    words = table.words
    seats = [(table.seat_name(seat), name(uid) if uid else words("web-seat-open"))
             for seat, uid in game.seats.items()]
    status = _status(table)
    summary, details = table.summary(), table.summary(full=True)
    recent = [timeline.step(entry) for entry in shown.entries[-RECENT_STEPS:]]
    verified = ""
    if game.over and game.seed_revealed:
        verified = await companion.work(lambda: _verified(companion, game, words))
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
        steps=[(step, marked_up(step.line, name)) for step in recent],
        entries=len(shown.entries), latest=timeline.latest, verified=verified,
        export_about=marked_up(words("web-export-about"), name),
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


__all__ = ["GAME", "RECENT_STEPS", "Shown", "find", "game_board", "game_page"]
